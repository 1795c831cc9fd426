// The HTML report, CSV and trends rendered from recorded results (test/fixtures/results: real demo
// runs) and checked for their content; the data branch's history read back from the fake GitHub.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { baselineConfig, type EvalgateConfig } from "../../src/config/schema.ts";
import { readHistoryFiles } from "../../src/engine/history-files.ts";
import { readResultsFile } from "../../src/engine/results-file.ts";
import { evaluateGate } from "../../src/gate/evaluate.ts";
import { storedVerdict } from "../../src/gate/stored-verdict.ts";
import { writeBranchBaseline } from "../../src/github/baseline-store.ts";
import { createClient } from "../../src/github/client.ts";
import { readBranchHistory } from "../../src/github/history.ts";
import { actionReportExtras } from "../../src/github/report-extras.ts";
import { casesCsv, csvCell, metricsCsv } from "../../src/report/csv.ts";
import { DETAILS_BUDGET_CHARS, renderHtmlReport } from "../../src/report/html/page.ts";
import { writeHtmlReport } from "../../src/report/html/write.ts";
import { renderMarkdownReport } from "../../src/report/markdown.ts";
import { inputFromResults, writeReportOutputs } from "../../src/report/outputs.ts";
import { sparkline, sparklines, trendSeries } from "../../src/report/trends.ts";
import { registerSecret } from "../../src/util/redact.ts";
import { caseResult, gate } from "../gate/fixtures.ts";
import { startGitHubServer } from "../servers/github.ts";
import { HOSTILE, realisticPair } from "./fixture.ts";

const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/results");
const demo = () => readResultsFile(path.join(FIXTURES, "demo.json"));

/** A minimal RFC 4180 reader, to check the CSV as a spreadsheet would read it. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      row.push(cell);
      cell = "";
    } else if (char === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += char;
  }
  return rows;
}

test("HTML report of the demo run: verdict, cards, a section per suite, per-kind views, every case with its details", async () => {
  const results = await demo();
  const verdict = storedVerdict(results)!;
  const html = renderHtmlReport(results, verdict);
  assert.match(html, /<h1>✓ Gate passed: 3 of 3 suites passed<\/h1>/);
  assert.match(html, /Compared with the baseline stored for main at a6304e8/);
  for (const label of ["Verdict", "Suites passed", "Cases scored", "Regressed cases", "Errors", "Cost", "Duration"]) {
    assert.ok(html.includes(`<div class="label">${label}</div>`), label);
  }
  assert.match(html, /<div class="value">68 \/ 68<\/div>/);
  for (const suite of ["uml-feedback", "support-bot", "helpfulness"]) assert.ok(html.includes(`id="suite-${suite}"`));
  // judged: agent comparison and score distribution; function calls: per scenario type; SGI: per criterion
  assert.match(html, /Agent comparison/);
  assert.match(html, /Score distribution \(scale 0-3\)/);
  assert.match(html, /Precision and recall per scenario type[\s\S]*create_ticket[\s\S]*ticket_lookup/);
  assert.match(html, /Detection per criterion[\s\S]*connectivity/);
  // reported-only metrics say so, and the timing change is not a failure
  assert.match(html, /avg_request_time_ms.*reported only/);
  assert.equal([...html.matchAll(/data-state="unchanged"/g)].length, 68, "the demo is deterministic: no case changed");
  // the details the dialog shows travel in the inert JSON block
  const data = JSON.parse(/<script type="application\/json" id="evalgate-data">(.*?)<\/script>/s.exec(html)![1]!);
  const judged = data.cases.find((c: { title: string; kind: string }) => c.kind === "judged" && c.title === "What is 2 + 2?");
  assert.equal(judged.details.votes.length, 3);
  // nothing refers to the network
  assert.ok(!/\b(src|href)="(https?:)?\/\//.test(html));
});

test("HTML report of a run that regressed: the failing suite, its regressed cases first, listed in the suite and the case table", async () => {
  const results = await readResultsFile(path.join(FIXTURES, "demo-regressed.json"));
  const html = renderHtmlReport(results, storedVerdict(results)!);
  assert.match(html, /<h1>✗ Gate failed: 1 of 3 suites failed<\/h1>/);
  assert.match(html, /<li>helpfulness: demo-agent-good\/score: 0\.394 is under min-score 0\.800<\/li>/);
  assert.match(html, /<section class="suite fail" id="suite-helpfulness">[\s\S]*Cases that need a look[\s\S]*open-case/);
  assert.ok(html.indexOf('id="suite-helpfulness"') < html.indexOf('id="suite-uml-feedback"'), "the failing suite first");
  const states = [...html.matchAll(/data-state="([a-z]+)"/g)].map((m) => m[1]);
  assert.equal(states.length, 68);
  assert.equal(states[0], "regressed");
  assert.ok(states.indexOf("unchanged") > states.lastIndexOf("regressed"), "regressions first");
  const regressed = states.filter((state) => state === "regressed").length;
  assert.equal(regressed, storedVerdict(results)!.suites.find((s) => s.suite === "helpfulness")!.changeCounts.regressed);
});

test("HTML report of a run with huge details: the page keeps within its budget, cases that need a look keep theirs", async () => {
  const results = await readResultsFile(path.join(FIXTURES, "demo-regressed.json"));
  const verdict = storedVerdict(results)!;
  // Every case's answer grows to 1 MB: 68 MB of details, far over the default 24 MiB budget.
  const huge = "an answer that goes on and on ".repeat(35_000);
  for (const suite of Object.values(results.suites)) for (const c of suite.cases) c.details = { ...(c.details as object), response: huge };
  const html = renderHtmlReport(results, verdict);
  assert.ok(html.length < DETAILS_BUDGET_CHARS + 2_000_000, `the page is ${html.length} characters`);
  const data = JSON.parse(/<script type="application\/json" id="evalgate-data">(.*?)<\/script>/s.exec(html)![1]!) as {
    cases: { state: string; details?: unknown; detailsLeftOut?: boolean }[];
  };
  const kept = data.cases.filter((c) => c.details !== undefined);
  const leftOut = data.cases.filter((c) => c.detailsLeftOut);
  assert.equal(kept.length + leftOut.length, 68);
  assert.ok(kept.length >= 20 && leftOut.length > 0, `${kept.length} kept, ${leftOut.length} left out`);
  // the cases that need a look come first and keep their details; only the ones listed last lose theirs
  assert.equal(data.cases[0]!.state, "regressed");
  assert.ok(data.cases.findIndex((c) => c.detailsLeftOut) > data.cases.findLastIndex((c) => c.state === "regressed"));
  assert.match(html, new RegExp(`The prompts, answers and transcripts of ${leftOut.length} of the cases listed last are left out`));
  // a page within its budget says nothing
  assert.doesNotMatch(renderHtmlReport(await readResultsFile(path.join(FIXTURES, "demo-regressed.json")), verdict), /details-left-out/);
});

test("HTML report: a strict CSP whose hashes are exactly the inline script and style", async () => {
  const results = await demo();
  const html = renderHtmlReport(results, storedVerdict(results)!);
  const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)![1]!.replace(/&#39;/g, "'");
  assert.match(csp, /default-src 'none'/);
  const inlineScripts = [...html.matchAll(/<script>(.*?)<\/script>/gs)].map((m) => m[1]!);
  const styles = [...html.matchAll(/<style>(.*?)<\/style>/gs)].map((m) => m[1]!);
  assert.equal(inlineScripts.length, 1);
  assert.equal(styles.length, 1);
  const hash = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
  assert.ok(csp.includes(`script-src ${hash(inlineScripts[0]!)}`));
  assert.ok(csp.includes(`style-src ${hash(styles[0]!)}`));
  assert.ok(!csp.includes("unsafe-inline"));
  assert.ok(!/ style="/.test(html), "no style attribute (the CSP would block it)");
});

test("HTML report: hostile model text is escaped everywhere, and cannot close the JSON block", () => {
  const { base, head } = realisticPair();
  head.suites["support-bot"]!.cases.push(
    caseResult(
      "support-bot",
      "x9",
      { recall_fn: 1 },
      { title: `<img src=x onerror=alert(1)> ${HOSTILE}`, details: { prompt: "</script><script>alert(2)</script>" } },
    ),
  );
  const html = renderHtmlReport(head, evaluateGate(head, base, gate()));
  assert.ok(!html.includes("<script>alert"));
  assert.ok(!html.includes("<img src=x"));
  assert.ok(html.includes("&lt;img src=x onerror=alert(1)&gt;"));
  assert.equal([...html.matchAll(/<\/script>/g)].length, 2, "only the two script elements end");
});

test("a registered secret that reached a case's details is masked in the HTML and CSV files", async () => {
  const secret = "sk-live-report-secret-42";
  registerSecret(secret);
  const { base, head } = realisticPair();
  head.suites["support-bot"]!.cases[0]!.details = { response: `the key is ${secret}` };
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-secret-"));
  const verdict = evaluateGate(head, base, gate());
  await writeHtmlReport(path.join(dir, "r.html"), head, verdict);
  await writeReportOutputs({ csv: dir }, inputFromResults(head, verdict));
  for (const file of ["r.html", "cases.csv"]) {
    const text = await readFile(path.join(dir, file), "utf8");
    assert.ok(!text.includes(secret), file);
    assert.ok(text.includes("the key is ***"), file);
  }
});

test("CSV: every case of every kind with its metrics and tags, and the suite metrics with baseline and status", async () => {
  const results = await demo();
  const verdict = storedVerdict(results)!;
  const cases = parseCsv(casesCsv(results, verdict));
  const header = cases[0]!;
  assert.equal(cases.length, 1 + 68);
  for (const column of [
    "suite",
    "kind",
    "case_id",
    "score",
    "prompt",
    "response",
    "tag:agent",
    "tag:scenarioType",
    "metric:recall_fn",
    "metric:detected",
  ]) {
    assert.ok(header.includes(column), column);
  }
  const row = (predicate: (cells: Record<string, string>) => boolean) =>
    cases
      .slice(1)
      .map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i]!])))
      .find(predicate)!;
  const judged = row((c) => c.kind === "judged" && c.prompt === "What is 2 + 2?");
  assert.match(judged.response!, /4/);
  assert.ok(["demo-agent-good", "demo-agent-sloppy"].includes(judged["tag:agent"]!));
  assert.equal(row((c) => c.case_id === "create_ticket-1")["metric:recall_fn"], "1");
  assert.equal(new Set(cases.slice(1).map((c) => c[1])).size, 3, "three kinds");

  const metrics = parseCsv(metricsCsv(results, verdict));
  assert.deepEqual(metrics[0]!.slice(0, 4), ["suite", "kind", "metric", "gated"]);
  const timing = metrics.find((m) => m[2] === "avg_request_time_ms")!;
  assert.equal(timing[3], "false");
  assert.equal(timing[11], "info");
  // a formula-looking cell stays text in a spreadsheet
  assert.equal(csvCell("=HYPERLINK(1)"), "'=HYPERLINK(1)");
  assert.equal(csvCell('a "b", c'), '"a ""b"", c"');
});

test("trends from recorded history files: a chart per gated metric in HTML, a sparkline column in the comment", async () => {
  const results = await demo();
  const history = await readHistoryFiles([path.join(FIXTURES, "history")]);
  assert.equal(history.length, 2);
  assert.ok(history[0]!.finishedAt < history[1]!.finishedAt);
  const series = trendSeries(history, results);
  const score = series.find((s) => s.suite === "uml-feedback" && s.metric === "score")!;
  assert.equal(score.points.length, 3);
  assert.equal(score.points.at(-1)!.label, "this run");
  assert.ok(
    series.every((s) => results.suites[s.suite]!.metrics[s.metric]!.gated),
    "gated metrics only",
  );
  const html = renderHtmlReport(results, storedVerdict(results)!, { trends: series });
  assert.match(html, /Trend over the last 2 baselines/);
  assert.equal([...html.matchAll(/<svg class="chart trend"/g)].length, series.length);
  const markdown = renderMarkdownReport(results, storedVerdict(results)!, { trends: sparklines(series) });
  assert.match(markdown, /\| Status +\| Trend +\|/);
  assert.match(markdown, /\| score +\|.*`[▁-█]{3}` *\|/);
  assert.equal(sparkline([0.5, null, 1]), "▁ █");
  assert.equal(sparkline([0.7, 0.7]), "▄▄");
});

test("the data branch's history, read back through the GitHub API, newest N oldest first", async () => {
  const github = await startGitHubServer();
  try {
    const client = createClient("ghs_test_token", { GITHUB_API_URL: github.url });
    const repo = { owner: "acme", repo: "bot" };
    const files = [path.join(FIXTURES, "history/run-a.json"), path.join(FIXTURES, "history/run-b.json"), path.join(FIXTURES, "demo.json")];
    for (const [i, file] of files.entries()) {
      const run = await readResultsFile(file);
      run.run.commit = `${i + 1}`.repeat(40);
      await writeBranchBaseline(client, repo, { dataBranch: "evalgate-baselines", branch: "main", results: run, historySize: 10 });
    }
    const { runs, warnings } = await readBranchHistory(client, repo, { dataBranch: "evalgate-baselines", branch: "main", limit: 2 });
    assert.deepEqual(warnings, []);
    // the newest two by finish time (the file names start with it), oldest first
    assert.deepEqual(
      runs.map((r) => r.commit?.[0]),
      ["2", "3"],
    );
    assert.ok(typeof runs[1]!.values["uml-feedback/score"] === "number");
    const none = await readBranchHistory(client, repo, { dataBranch: "evalgate-baselines", branch: "release/9", limit: 5 });
    assert.deepEqual(none, { runs: [], warnings: [] });
    const missingBranch = await readBranchHistory(client, repo, { dataBranch: "nope", branch: "main", limit: 5 });
    assert.deepEqual(missingBranch.runs, []);
  } finally {
    await github.close();
  }
});

test("the action's extras: the trend column from the data branch and the HTML report at the html input's path", async () => {
  const github = await startGitHubServer();
  try {
    const client = createClient("ghs_test_token", { GITHUB_API_URL: github.url });
    const repo = { owner: "acme", repo: "bot" };
    for (const file of ["history/run-a.json", "history/run-b.json"]) {
      await writeBranchBaseline(client, repo, {
        dataBranch: "evalgate-baselines",
        branch: "main",
        results: await readResultsFile(path.join(FIXTURES, file)),
        historySize: 10,
      });
    }
    const resultsPath = path.join(FIXTURES, "demo-regressed.json");
    const results = await readResultsFile(resultsPath);
    const dir = await mkdtemp(path.join(tmpdir(), "evalgate-extras-"));
    const config = { baseline: baselineConfig.parse({ store: "branch" }) } as EvalgateConfig;
    const extras = await actionReportExtras({
      client,
      repo,
      config,
      branch: "main",
      results,
      resultsPath,
      verdict: storedVerdict(results)!,
      htmlPath: path.join(dir, "report.html"),
    });
    assert.deepEqual(extras.warnings, []);
    assert.match(extras.trends["helpfulness/demo-agent-good/score"]!, /^[▁-█]{3}$/);
    assert.equal(extras.htmlPath, path.join(dir, "report.html"));
    assert.match(await readFile(extras.htmlPath!, "utf8"), /Trend over the last 2 baselines/);
    const markdown = renderMarkdownReport(results, storedVerdict(results)!, {
      trends: extras.trends,
      runUrl: "https://github.com/acme/bot/actions/runs/7",
      htmlReport: true,
    });
    assert.match(markdown, /\[HTML report in the artifacts\]\(https:\/\/github\.com\/acme\/bot\/actions\/runs\/7#artifacts\)/);
  } finally {
    await github.close();
  }
});

test("HTML report: a partial cost total reads as in the console, and an empty breakdown shows no table", async () => {
  const results = await demo();
  const sgi = results.suites["uml-feedback"]!;
  sgi.unpricedCases = 49;
  sgi.breakdowns = { ...sgi.breakdowns, cost_per_model: {} };
  const verdict = evaluateGate(results, results, gate());
  const html = renderHtmlReport(results, verdict);
  assert.match(html, /<div class="label">Cost<\/div><div class="value">≥ \$[\d.]+, 49 cases unpriced<\/div>/);
  assert.match(html, /id="suite-uml-feedback">[\s\S]*?≥ \$[\d.]+, 49 cases unpriced/, "and the suite's own line");
  assert.doesNotMatch(html, /cost per model/);
  // the status column is in each row twice: first for narrow screens, last for wide ones (the stylesheet shows one)
  assert.match(
    html,
    /<tr class="row-pass"><td class="status narrow-only"[^>]*>✓ pass<\/td>.*<td class="status wide-only"[^>]*>✓ pass<\/td><\/tr>/,
  );
});
