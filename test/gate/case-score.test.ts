// A judged case's score is its normalized score, found through the per-agent gated metric's last
// part ("agent/score" -> "score"): a slower answer with the same score is not a regression.
import assert from "node:assert/strict";
import { test } from "node:test";
import { evaluateGate } from "../../src/gate/evaluate.ts";
import { caseResult, gate, metric, results, suite } from "./fixtures.ts";

test("judged cases are compared on their score, not on the mean of every metric (timings)", () => {
  const run = (answers: Record<string, { score: number; duration_ms: number }>) =>
    results({
      qa: suite(
        { "agent/score": metric(0.9), "agent/duration_ms": metric(100, { gated: false, direction: "lower", unit: "ms" }) },
        Object.entries(answers).map(([id, m]) => caseResult("qa", id, { ...m, raw_score: m.score * 3 }, { tags: { agent: "agent" } })),
        { kind: "judged" },
      ),
    });
  const base = run({ c1: { score: 1, duration_ms: 500 }, c2: { score: 1, duration_ms: 500 } });
  const head = run({ c1: { score: 1, duration_ms: 50 }, c2: { score: 1 / 3, duration_ms: 500 } });
  const verdict = evaluateGate(head, base, gate());
  const changes = verdict.suites[0]!.changes;
  assert.deepEqual(
    changes.map((c) => [c.caseId, c.kind, c.before, c.after]),
    [["c2", "regressed", 1, 1 / 3]],
  );
});
