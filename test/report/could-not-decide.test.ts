// An infrastructure error reads as "could not decide: <why>" in every report, never as "gate failed".
import assert from "node:assert/strict";
import { test } from "node:test";
import { evaluateGate } from "../../src/gate/evaluate.ts";
import { renderJUnit } from "../../src/report/junit.ts";
import { renderMarkdownReport } from "../../src/report/markdown.ts";
import { renderTextReport } from "../../src/report/text.ts";
import { caseResult, gate, metric, results, suite } from "../gate/fixtures.ts";

function stoppedRun() {
  const cases = [caseResult("bot", "c1", {}, { status: "error", error: { kind: "endpoint", message: "not sent, the run stopped" } })];
  const head = results(
    { bot: suite({ recall: metric(null) }, cases) },
    {
      errors: ["budget reached: spent $0.0300 of $0.0350, and the next call could exceed it: 5 of 6 cases not run"],
      partial: ["budget reached: spent $0.0300 of $0.0350, and the next call could exceed it: 5 of 6 cases not run"],
      limits: { budgetUsd: 0.035, spentUsd: 0.03 },
      costUsd: 0.03,
    },
  );
  return { head, verdict: evaluateGate(head, null, gate()) };
}

test("markdown: a could-not-decide headline, the reasons, the spend against the budget; no 'gate failed'", () => {
  const { head, verdict } = stoppedRun();
  assert.equal(verdict.verdict, "error");
  const markdown = renderMarkdownReport(head, verdict, {});
  assert.match(markdown, /^### ⚠️ evalgate: could not decide: budget reached/);
  assert.match(markdown, /> - could not decide: budget reached: spent \$0\.0300 of \$0\.0350/);
  assert.match(markdown, /> - could not decide: bot: nothing measured: no case could be scored \(1 of 1 failed\)/);
  assert.match(markdown, /💰 Spent \$0\.0300 of the \$0\.0350 budget/);
  assert.match(markdown, /- ⚠️ \*\*bot\*\* — could not decide: nothing measured/);
  assert.doesNotMatch(markdown, /gate failed|❌/);
});

test("text and JUnit: could not decide, as errors rather than failures", () => {
  const { head, verdict } = stoppedRun();
  const text = renderTextReport(head, verdict);
  assert.match(text, /^evalgate COULD NOT DECIDE/);
  assert.match(text, /could not decide: budget reached/);
  assert.match(text, /spent \$0\.0300 of the \$0\.0350 budget/);
  assert.doesNotMatch(text, /FAIL/);
  const junit = renderJUnit(head, verdict);
  assert.match(junit, /<testsuites name="evalgate" tests="\d+" failures="\d+" errors="[1-9]\d*"/);
  assert.match(junit, /<error message="could not decide: budget reached/);
  // The unmeasured metric is an <error>, not a <failure>; only the case that errored is listed as one.
  assert.match(junit, /name="bot\/recall"><error message="could not decide: nothing measured/);
  assert.deepEqual(junit.match(/<failure message="[^"]*"/g), ['<failure message="not sent, the run stopped"']);
});
