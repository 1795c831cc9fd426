// A gate profile is picked by its branch glob (docs/configuration.md, "Branch and metric globs").
import assert from "node:assert/strict";
import { test } from "node:test";
import { gateConfig } from "../../src/config/schema.ts";
import { evaluateGate } from "../../src/gate/evaluate.ts";
import type { Results } from "../../src/results/types.ts";

/** Two runs of one suite whose score fell from 0.9 to 0.8: a 0.1 drop. */
function runs(): { base: Results; head: Results } {
  const make = (score: number, branch: string): Results => ({
    schema: "evalgate/results@1",
    run: {
      id: `run-${score}`,
      startedAt: "2026-01-01T00:00:00.000Z",
      finishedAt: "2026-01-01T00:00:01.000Z",
      durationMs: 1000,
      evalgateVersion: "0.1.0",
      configHash: "h",
      branch,
      selection: { repeat: 1 },
      requests: 1,
      cacheHits: 0,
      costUsd: null,
    },
    suites: {
      qa: {
        kind: "judged",
        metrics: { score: { value: score, n: 1, direction: "higher", unit: "ratio", gated: true } },
        counts: { cases: 1, scored: 1, errors: 0 },
        costUsd: null,
        requests: 1,
        durationMs: 1000,
        warnings: [],
        cases: [],
      },
    },
  });
  return { base: make(0.9, "main"), head: make(0.8, "feature") };
}

test("gate profiles are picked by the branch glob, first match in config order", () => {
  const { base, head } = runs();
  const gate = {
    "max-drop": 0.05,
    profiles: {
      "!release/old": { "max-drop": 0.2 },
      "{main,master}": { "max-drop": 0.5 },
    },
  };
  const parsed = gateConfig.parse(gate);
  // "main" matches the negated pattern first (it is not release/old): a 0.2 allowance, so 0.1 passes.
  const onMain = evaluateGate(head, base, parsed, { branch: "main" });
  assert.equal(onMain.profile, "!release/old");
  assert.equal(onMain.verdict, "pass");
  // release/old matches no profile: the default 0.05 allowance fails the 0.1 drop.
  const onOld = evaluateGate(head, base, parsed, { branch: "release/old" });
  assert.equal(onOld.profile, null);
  assert.equal(onOld.verdict, "fail");
});
