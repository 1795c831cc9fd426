// The HTML report in a real browser (headless Chromium driven by playwright-core): search, filter,
// sort and opening a case work; no request leaves the page; the CSP blocks nothing of our own; hostile
// model text stays text. Skips only when no Chromium is installed (CI installs Debian's package).
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";
import { readHistoryFiles } from "../../src/engine/history-files.ts";
import { readResultsFile } from "../../src/engine/results-file.ts";
import { evaluateGate } from "../../src/gate/evaluate.ts";
import { storedVerdict } from "../../src/gate/stored-verdict.ts";
import { writeHtmlReport } from "../../src/report/html/write.ts";
import { caseResult, gate } from "../gate/fixtures.ts";
import { HOSTILE, realisticPair } from "./fixture.ts";

const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/results");
const CHROMIUM = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].find(
  (candidate): candidate is string => Boolean(candidate && existsSync(candidate)),
);
const skip = CHROMIUM ? false : "no Chromium found (apt-get install chromium, or set CHROMIUM_PATH); CI installs it";

async function openReport(file: string) {
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({ executablePath: CHROMIUM!, args: ["--no-sandbox", "--disable-gpu"] });
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const requests: string[] = [];
  const problems: string[] = [];
  page.on("request", (request) => requests.push(request.url()));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("dialog", (dialog) => {
    problems.push(`a script opened a ${dialog.type()} dialog`);
    void dialog.dismiss();
  });
  const url = pathToFileURL(file).href;
  await page.goto(url);
  return { browser, page, requests, problems, url };
}

test("the report in Chromium: search, filter, sort, open a case, nothing from the network, a screenshot", { skip }, async () => {
  const results = await readResultsFile(path.join(FIXTURES, "demo-regressed.json"));
  const history = await readHistoryFiles([path.join(FIXTURES, "history")]);
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-browser-"));
  const file = await writeHtmlReport(path.join(dir, "report.html"), results, storedVerdict(results)!, { history });
  const { browser, page, requests, problems, url } = await openReport(file);
  try {
    const visible = () => page.locator("#case-table tbody tr:visible");
    assert.equal(await visible().count(), 68);
    // the inline style passed the CSP (its hash matches): the cards have their rounded border
    assert.equal(await page.evaluate("getComputedStyle(document.querySelector('.card')).borderTopLeftRadius"), "8px");

    // search: by prompt text, case-insensitive
    await page.fill("#case-search", "WHAT IS 2 + 2");
    assert.equal(await visible().count(), 2, "one prompt, two agents");
    assert.equal(await page.textContent("#case-count"), "2 of 68 cases");
    for (const text of await visible().locator("td:nth-child(2)").allTextContents()) assert.match(text, /What is 2 \+ 2\?/);

    // filter: suite, then state
    await page.fill("#case-search", "");
    await page.selectOption("#case-suite", "support-bot");
    assert.equal(await visible().count(), 9);
    await page.selectOption("#case-suite", "");
    await page.selectOption("#case-state", "regressed");
    const regressed = await visible().count();
    assert.ok(regressed > 0);
    for (const state of await visible().locator("td:nth-child(5)").allTextContents()) assert.equal(state, "regressed");
    await page.selectOption("#case-state", "");

    // sort by score, ascending then descending
    await page.click('button.sort[data-sort="score"]');
    const ascending = (await visible().evaluateAll((rows) => rows.map((row) => Number(row.getAttribute("data-score"))))) as number[];
    assert.deepEqual(
      ascending,
      [...ascending].sort((a, b) => a - b),
    );
    assert.equal(await page.getAttribute('th:has(button[data-sort="score"])', "aria-sort"), "ascending");
    await page.click('button.sort[data-sort="score"]');
    const descending = (await visible().evaluateAll((rows) => rows.map((row) => Number(row.getAttribute("data-score"))))) as number[];
    assert.deepEqual(
      descending,
      [...descending].sort((a, b) => b - a),
    );

    // open a judged case: prompt, answer, votes with their reasoning
    await page.fill("#case-search", "what is 2 + 2");
    await page.selectOption("#case-suite", "helpfulness");
    await visible().first().click();
    const dialog = page.locator("#case-dialog");
    assert.ok(await dialog.isVisible());
    const judged = await dialog.innerText();
    assert.match(judged, /Prompt\s+What is 2 \+ 2\?/);
    assert.match(judged, /Answer of demo-agent-/);
    assert.match(judged, /Judge votes/);
    assert.match(judged, /SCORE: \d/);
    await page.screenshot({ path: process.env.EVALGATE_SCREENSHOT?.replace(/\.png$/, "-case.png") ?? path.join(dir, "case.png") });
    await page.click("#case-close");
    assert.ok(!(await dialog.isVisible()));

    // open a function-call case: expected vs returned calls and the transcript
    await page.fill("#case-search", "create_ticket-1");
    await page.selectOption("#case-suite", "support-bot");
    await visible().first().press("Enter");
    const calls = await dialog.innerText();
    assert.match(calls, /Expected vs returned calls/);
    assert.match(calls, /create_support_ticket/);
    assert.match(calls, /Transcript/);
    await page.click("#case-close");

    // an SGI case: expected vs returned instructions, from the "cases that need a look" list too
    await page.selectOption("#case-suite", "uml-feedback");
    await page.fill("#case-search", "");
    await visible().first().click();
    const sgi = await dialog.innerText();
    assert.match(sgi, /Expected vs returned instructions/);
    assert.match(sgi, /Feedback returned/);
    await page.click("#case-close");

    // trend charts from the history: one per gated metric
    assert.ok((await page.locator("svg.trend").count()) >= 10);

    const screenshot = process.env.EVALGATE_SCREENSHOT ?? path.join(dir, "report.png");
    await page.selectOption("#case-suite", "");
    await page.evaluate("window.scrollTo(0, 0)");
    await page.screenshot({ path: screenshot, fullPage: false });
    assert.ok(existsSync(screenshot));

    assert.deepEqual(
      requests.filter((request) => request !== url),
      [],
      "nothing but the file itself is requested",
    );
    assert.deepEqual(problems, [], "no script error, no CSP violation");
  } finally {
    await browser.close();
  }
});

test("a report over its details budget opens, says which cases lost their details, and still opens them", { skip }, async () => {
  const results = await readResultsFile(path.join(FIXTURES, "demo-regressed.json"));
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-browser-"));
  // A budget of 20,000 characters: the first cases (those that need a look) keep their details.
  const file = await writeHtmlReport(path.join(dir, "report.html"), results, storedVerdict(results)!, { detailsBudgetChars: 20_000 });
  const { browser, page, problems } = await openReport(file);
  try {
    assert.match(
      (await page.textContent("#details-left-out")) ?? "",
      /of the cases listed last are left out to keep this page small; results\.json has them/,
    );
    const rows = page.locator("#case-table tbody tr");
    const dialog = page.locator("#case-dialog");
    await rows.first().click();
    assert.match(await dialog.innerText(), /Prompt\n[\s\S]*Judge votes/);
    assert.doesNotMatch(await dialog.innerText(), /left out of this page/);
    await page.click("#case-close");
    await rows.last().click();
    const last = await dialog.innerText();
    assert.match(last, /This case's prompt, answer and transcript are left out of this page to keep it small; results\.json has them\./);
    assert.doesNotMatch(last, /All details \(JSON\)/);
    assert.deepEqual(problems, [], "no script error, no CSP violation");
  } finally {
    await browser.close();
  }
});

test("hostile model text stays text in the browser: no script runs, nothing is fetched", { skip }, async () => {
  const { base, head } = realisticPair();
  const bot = head.suites["support-bot"]!;
  bot.cases.push(
    caseResult(
      "support-bot",
      "x9",
      { recall_fn: 1, precision_fn: 1 },
      {
        title: `<img src=x onerror=alert(1)> ${HOSTILE}`,
        details: {
          prompt: "</script><script>alert(2)</script>",
          response: '<iframe src="https://evil.example"></iframe>',
          transcript: [{ role: "user", content: "<b>bold?</b>" }],
          checks: [
            { name: "no-ai", passed: false, reason: 'contains "As an AI" at character 1: "As an AI <img src=y onerror=alert(3)>"' },
            { name: "short", passed: true },
            {
              name: "slow",
              error: "check slow could not be evaluated: the regular expression ran over 1 s on this answer and was stopped",
            },
          ],
        },
        failedChecks: [{ name: "no-ai", reason: 'contains "As an AI" at character 1: "As an AI <img src=y onerror=alert(3)>"' }],
      },
    ),
  );
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-browser-"));
  const file = await writeHtmlReport(path.join(dir, "hostile.html"), head, evaluateGate(head, base, gate()));
  const { browser, page, requests, problems, url } = await openReport(file);
  try {
    await page.fill("#case-search", "onerror");
    await page.locator("#case-table tbody tr:visible").first().click();
    const text = await page.locator("#case-dialog").innerText();
    assert.ok(text.includes("</script><script>alert(2)</script>"), "the prompt is shown as text");
    assert.ok(text.includes('<iframe src="https://evil.example"></iframe>'));
    // Each check on the answer, the failing one's reason (model text) as text.
    assert.match(
      text,
      /Checks\s+check\s+result\s+reason\s+no-ai\s+failed\s+contains "As an AI" at character 1: "As an AI <img src=y onerror=alert\(3\)>"/,
    );
    assert.match(text, /short\s+passed/);
    assert.match(text, /slow\s+not evaluated\s+check slow could not be evaluated/);
    assert.equal(await page.locator("#case-dialog iframe, #case-dialog b, img").count(), 0);
    assert.deepEqual(
      requests.filter((request) => request !== url),
      [],
    );
    assert.deepEqual(problems, []);
  } finally {
    await browser.close();
  }
});

test("at 390 px and 1280 px the page never scrolls sideways and each table's status column is in view", { skip }, async () => {
  const results = await readResultsFile(path.join(FIXTURES, "demo-regressed.json"));
  // a long warning with an unbroken path, as a manifest problem reads: it must wrap, not widen the page
  results.suites["uml-feedback"]!.warnings.push(`evals/sgi/${"very_long_directory_name/".repeat(12)}manifest.yml:213: no file here`);
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-browser-"));
  // with the baseline run beside it: the side-by-side views must fit a phone too
  const baseline = await readResultsFile(path.join(FIXTURES, "demo.json"));
  const file = await writeHtmlReport(path.join(dir, "report.html"), results, storedVerdict(results)!, { baseline });
  const { browser, page, problems } = await openReport(file);
  try {
    assert.ok((await page.locator("details.pair[open] del").count()) > 0, "the worst regressions open, their changed words marked");
    // a regressed case opened from the case table: the baseline's answer beside the new one in its dialog
    await page.selectOption("#case-state", "regressed");
    await page.locator("#case-table tbody tr:visible").first().click();
    const dialog = page.locator("#case-dialog");
    assert.match(await dialog.innerText(), /Baseline and now \(score [\d.]+ → [\d.]+\)\s+Baseline\s+[\s\S]+\sNow\s/);
    assert.ok((await dialog.locator(".side.before del").count()) > 0 && (await dialog.locator(".side.after ins").count()) > 0);
    await page.click("#case-close");
    await page.selectOption("#case-state", "");
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      const { scrollWidth, innerWidth } = (await page.evaluate(
        "({ scrollWidth: document.scrollingElement.scrollWidth, innerWidth: window.innerWidth })",
      )) as { scrollWidth: number; innerWidth: number };
      assert.ok(scrollWidth <= innerWidth, `${width} px: the page is ${scrollWidth} px wide`);
      // the first metrics table's and the case table's status cells: shown, and inside the viewport
      for (const table of ["table.metrics", "#case-table"]) {
        const selector = `${table} tbody tr:first-child td.status`;
        const boxes = (await page
          .locator(table)
          .first()
          .locator("tbody tr:first-child td.status")
          .evaluateAll((cells) =>
            cells
              .map((cell) => cell.getBoundingClientRect())
              .filter((box) => box.width > 0)
              .map((box) => ({ left: box.left, right: box.right })),
          )) as { left: number; right: number }[];
        assert.equal(boxes.length, 1, `${width} px: one status cell shown in ${selector}`);
        assert.ok(
          boxes[0]!.left >= 0 && boxes[0]!.right <= innerWidth,
          `${width} px: ${selector} is in view (${JSON.stringify(boxes[0])})`,
        );
      }
      await page.screenshot({ path: path.join(process.env.EVALGATE_SCREENSHOT_DIR ?? dir, `report-${width}.png`) });
    }
    assert.deepEqual(problems, []);
  } finally {
    await browser.close();
  }
});
