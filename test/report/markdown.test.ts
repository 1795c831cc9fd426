import assert from "node:assert/strict";
import { test } from "node:test";
import { evaluateGate } from "../../src/gate/evaluate.ts";
import { renderJUnit } from "../../src/report/junit.ts";
import { COMMENT_MAX_CHARS, renderErrorReport, renderMarkdownReport, renderRunningReport } from "../../src/report/markdown.ts";
import { renderTextReport } from "../../src/report/text.ts";
import { escapeMarkdownText, escapeXml } from "../../src/util/escape.ts";
import { caseResult, gate, metric, results, suite } from "../gate/fixtures.ts";
import { HOSTILE, realisticPair } from "./fixture.ts";

/** Cells of a GFM table row: split on pipes that are not backslash-escaped. */
function cells(line: string): string[] {
  return line
    .replace(/^\|/, "")
    .replace(/\|$/, "")
    .split(/(?<!\\)\|/);
}

test("hostile model text cannot break the table, inject HTML, open code or mention anyone", () => {
  const { base, head } = realisticPair();
  const verdict = evaluateGate(head, base, gate());
  const markdown = renderMarkdownReport(head, verdict, { runUrl: "https://github.com/o/r/actions/runs/1" });
  assert.ok(!markdown.includes("<script>"));
  assert.ok(markdown.includes("&lt;script&gt;"));
  assert.ok(!/(^|[^\\])`rm/.test(markdown), "backtick escaped");
  assert.ok(!/@octocat/.test(markdown), "mention defused");
  assert.ok(markdown.includes("@&#8203;octocat"));
  assert.ok(!markdown.includes("\n## Heading"), "newline flattened");
  assert.ok(!markdown.includes("![x]"), "image syntax escaped");
  // every row of the worst-cases table has exactly the header's column count
  const start = markdown.indexOf("| Case");
  const table = markdown.slice(start, markdown.indexOf("</details>", start)).trim().split("\n");
  assert.ok(table.length >= 4);
  for (const line of table) assert.equal(cells(line).length, 5, line);
  assert.equal(escapeMarkdownText("x|y"), "x\\|y");
  assert.equal(escapeXml('<a b="c">&\u0001'), "&lt;a b=&quot;c&quot;&gt;&amp;");
});

test("the comment reads: verdict line, a line per suite, tables, worst cases, cost, duration and run link", () => {
  const { base, head } = realisticPair();
  const verdict = evaluateGate(head, base, gate());
  const markdown = renderMarkdownReport(head, verdict, { runUrl: "https://github.com/o/r/actions/runs/1", marker: "<!-- m -->" });
  assert.ok(markdown.startsWith("<!-- m -->\n### ❌ evalgate: gate failed — 1 of 3 suites failed"));
  assert.match(markdown, /Compared with `main` @ 9f8e7d6/);
  assert.match(markdown, /- ❌ \*\*support-bot\*\* — error rate 16\.7%/);
  assert.match(markdown, /- ✅ \*\*helpfulness\*\*/);
  // One of five matched cases dropped: the paired bootstrap calls it noise, so by default it is inconclusive, not failed.
  assert.match(
    markdown,
    /\| recall\\_fn +\| +0\.930 \| +0\.810 <sub>n=10<\/sub> \| +−0\.120 \(−12\.9%\) \| 〰️ inconclusive +\| CI −0\.300 … ±0 · Holm p=1 \(2 tests\) · not significant/,
  );
  assert.match(markdown, /- \*\*recall\\_fn\*\*: dropped 12\.9% .*: inconclusive, not failed \(fail-inside-noise: false\)/);
  // fail-inside-noise: true fails it: ❌, noise as the reason.
  const strict = renderMarkdownReport(head, evaluateGate(head, base, gate({ "fail-inside-noise": true })), {});
  assert.match(strict, /- ❌ \*\*support-bot\*\* — .*recall\\_fn: dropped 12\.9% \(0\.930 → 0\.810\), over max-drop 5%/);
  assert.match(strict, /\| recall\\_fn +\| +0\.930 \| +0\.810 <sub>n=10<\/sub> \| +−0\.120 \(−12\.9%\) \| ❌ fail +\|/);
  assert.match(markdown, /\| cost\\_usd ↓ +\| +\$0\.0412 \| +\$0\.0455 <sub>n=10<\/sub> \| +\+\$0\.0043 \(\+10\.4%\) \| · reported +\|/);
  assert.match(markdown, /<details><summary>Worst cases \(1 regressed, 1 errored\)<\/summary>/);
  assert.match(markdown, /💰 \$0\.4427 · ⏱️ 1m 23s · .*\[workflow run\]\(https:\/\/github\.com\/o\/r\/actions\/runs\/1\)/);
  const running = renderRunningReport({ suites: ["a_b"], commit: "0123456789", runUrl: "javascript:alert(1)", marker: "<!-- m -->" });
  assert.match(running, /running evals/);
  assert.ok(!running.includes("javascript:"));
  assert.match(renderErrorReport({ message: "evals/evalgate.yml:3 <bad>" }), /&lt;bad&gt;/);
});

test("a huge report is cut at a section boundary below 65,536 characters with a visible note", () => {
  const suites: Record<string, ReturnType<typeof suite>> = {};
  for (let s = 0; s < 120; s++) {
    const metrics: Record<string, ReturnType<typeof metric>> = {};
    for (let m = 0; m < 40; m++) metrics[`metric_${m}_${"x".repeat(20)}`] = metric(0.5);
    suites[`suite-${s}`] = suite(metrics, [
      caseResult(`suite-${s}`, "c1", {}, { status: "error", error: { kind: "endpoint", message: HOSTILE.repeat(5) } }),
    ]);
  }
  const head = results(suites);
  const verdict = evaluateGate(head, null, gate());
  const markdown = renderMarkdownReport(head, verdict, { marker: "<!-- evalgate -->" });
  assert.ok(markdown.length <= COMMENT_MAX_CHARS, `${markdown.length}`);
  assert.ok(markdown.length > COMMENT_MAX_CHARS * 0.8, `uses the budget: ${markdown.length}`);
  assert.match(markdown, /> \*\*Report truncated:\*\* \d+ suite sections left out/);
  assert.ok(markdown.includes("evalgate 0.1.0"), "footer kept");
  // cut between sections: the last kept section ends with its closed details block
  const beforeNote = markdown.slice(0, markdown.indexOf("> [!WARNING]")).trimEnd();
  assert.ok(beforeNote.endsWith("</details>"));
  const bytes = renderMarkdownReport(head, verdict, { maxLength: 20_000, measure: "bytes" });
  assert.ok(Buffer.byteLength(bytes) <= 20_000);
});

/** A minimal XML well-formedness check: balanced tags, quoted attributes, no stray < or &. */
function assertWellFormedXml(xml: string): void {
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, "");
  const stack: string[] = [];
  const token = /<(\/?)([A-Za-z_][\w.-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>|([^<]+)/gy;
  let consumed = 0;
  for (let match = token.exec(body); match !== null; match = token.exec(body)) {
    consumed = token.lastIndex;
    const [, closing, name, , selfClosing, text] = match;
    if (text !== undefined) {
      assert.ok(!/&(?!amp;|lt;|gt;|quot;|apos;)/.test(text), `bad entity in ${text}`);
      continue;
    }
    if (closing) assert.equal(stack.pop(), name);
    else if (!selfClosing) stack.push(name!);
  }
  assert.equal(consumed, body.length, `unparsed XML at ${body.slice(consumed, consumed + 80)}`);
  assert.deepEqual(stack, []);
}

test("JUnit XML is well-formed with hostile text and counts the failures", () => {
  const { base, head } = realisticPair();
  const verdict = evaluateGate(head, base, gate({ "fail-inside-noise": true }));
  const xml = renderJUnit(head, verdict);
  assertWellFormedXml(xml);
  assert.match(xml, /<testsuites name="evalgate" tests="\d+" failures="4"/);
  assert.match(
    xml,
    /file="evals\/function-calls\/cases.jsonl" line="4"><failure message="HTTP 500 from support-bot: a \| b&#10;## Heading &lt;script&gt;/,
  );
});

test("JUnit: the verdict's notes in the <system-out> of the suite they name, the others in the evalgate suite's", () => {
  const { base, head } = realisticPair();
  const verdict = evaluateGate(head, base, gate());
  const suiteName = verdict.suites[0]!.suite;
  const withNotes = {
    ...verdict,
    notes: ["the baseline is 9 days old", `${suiteName}: the judge judge agrees with people: weighted κ 0.91 <b>`],
  };
  const xml = renderJUnit(head, withNotes);
  assertWellFormedXml(xml);
  assert.match(
    xml,
    /<testsuite name="evalgate" tests="0" failures="0" errors="0" time="0.000">\n {4}<system-out>the baseline is 9 days old<\/system-out>/,
  );
  const own = xml.slice(xml.indexOf(`<testsuite name="${suiteName}"`));
  assert.match(
    own.slice(0, own.indexOf("</testsuite>")),
    /<system-out>[^<]*: the judge judge agrees with people: weighted κ 0\.91 &lt;b&gt;<\/system-out>\n {2}$/,
  );
  assert.doesNotMatch(xml, /evalgate.judge/, "no judge, no judge properties");
});

test("terminal text: aligned, no colour codes unless asked, control characters removed", () => {
  const { base, head } = realisticPair();
  const verdict = evaluateGate(head, base, gate());
  const plain = renderTextReport(head, verdict);
  assert.ok(!plain.includes("\u001b["));
  assert.match(plain, /^evalgate FAIL {2}1 of 3 suites failed\ncompared with the baseline stored for main at 9f8e7d6/);
  const lines = plain.split("\n");
  const header = lines.find((line) => line.includes("metric") && line.includes("baseline"))!;
  const recall = lines.find((line) => line.trim().startsWith("recall_fn"))!;
  assert.equal(recall.indexOf("0.930"), header.indexOf("baseline"));
  assert.ok(renderTextReport(head, verdict, { color: true }).includes("\u001b[31mFAIL"));
  const withEscape = results({
    s: suite({ m: metric(0.9) }, [caseResult("s", "c1", {}, { status: "error", error: { kind: "endpoint", message: "x\u001b[2Jy" } })]),
  });
  assert.ok(!renderTextReport(withEscape, evaluateGate(withEscape, null, gate({ "max-error-rate": 1 }))).includes("\u001b"));
});
