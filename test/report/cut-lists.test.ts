// A list cut to its first few entries says how many it left out: the console's regressed cases
// (5 shown of 9: "+4 more") and the comment's worst cases.
import assert from "node:assert/strict";
import { test } from "node:test";
import { evaluateGate } from "../../src/gate/evaluate.ts";
import { renderMarkdownReport } from "../../src/report/markdown.ts";
import { renderTextReport } from "../../src/report/text.ts";
import { caseResult, gate, metric, results, suite } from "../gate/fixtures.ts";

/** Nine cases that scored 1 in the baseline and 0 now. */
function nineRegressed() {
  const cases = (score: number) =>
    Array.from({ length: 9 }, (_, i) =>
      caseResult("qa", `case-${i + 1}`, { score }, { title: `Question ${i + 1}`, source: { file: "qa.csv", line: i + 2 } }),
    );
  const base = results({ qa: suite({ score: metric(1) }, cases(1), { kind: "judged" }) });
  const head = results({ qa: suite({ score: metric(0) }, cases(0), { kind: "judged" }) });
  return { head, verdict: evaluateGate(head, base, gate()) };
}

test("the console lists 5 of 9 regressed cases and says +4 more", () => {
  const { head, verdict } = nineRegressed();
  const lines = renderTextReport(head, verdict).split("\n");
  assert.equal(lines.filter((line) => /^ {4}↓ Question \d/.test(line)).length, 5);
  assert.ok(lines.includes("    +4 more (every case: --html report.html)"), lines.join("\n"));
  const all = renderTextReport(head, verdict, { worstCases: 9 });
  assert.doesNotMatch(all, /more \(every case/, "nothing left out, nothing said");
});

test("the comment's worst cases, cut at its limit, say how many more", () => {
  const { head, verdict } = nineRegressed();
  assert.match(renderMarkdownReport(head, verdict, { worstCases: 5 }), /\+4 more: every case is in the HTML report and results\.json\./);
  assert.doesNotMatch(renderMarkdownReport(head, verdict), /more: every case is in the HTML report/);
});
