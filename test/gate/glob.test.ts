// Branch and metric globs read as GitHub reads branch filters (README, "Branch and metric globs").
import assert from "node:assert/strict";
import { test } from "node:test";
import { gateConfig } from "../../src/config/schema.ts";
import { evaluateGate } from "../../src/gate/evaluate.ts";
import { matchFilters, matchGlob } from "../../src/gate/glob.ts";
import type { Results } from "../../src/results/types.ts";

test("glob: * stays in a segment, ** crosses, ? is one character", () => {
  assert.equal(matchGlob("release/**", "release/2.1"), true);
  assert.equal(matchGlob("release/**", "release/2/hotfix"), true);
  assert.equal(matchGlob("release/**", "main"), false);
  assert.equal(matchGlob("release/*", "release/2/hotfix"), false);
  assert.equal(matchGlob("*/cost_usd", "support-bot/cost_usd"), true);
  assert.equal(matchGlob("*/cost_usd", "a/b/cost_usd"), false);
  assert.equal(matchGlob("**/cost_usd", "cost_usd"), true);
  assert.equal(matchGlob("bot/p?5", "bot/p95"), true);
  assert.equal(matchGlob("bot/p?5", "bot/p/5"), false);
  assert.equal(matchGlob("v1.0", "v1x0"), false);
  assert.equal(matchGlob("main", "main"), true);
});

test("glob: braces, character ranges and a leading dot", () => {
  assert.equal(matchGlob("{main,master}", "main"), true);
  assert.equal(matchGlob("{main,master}", "master"), true);
  assert.equal(matchGlob("{main,master}", "maintenance"), false);
  assert.equal(matchGlob("[0-9]*", "2.x"), true);
  assert.equal(matchGlob("[0-9]*", "v2"), false);
  assert.equal(matchGlob("[0-9]*", "2/hotfix"), false, "* after the range still stays in one segment");
  assert.equal(matchGlob("release/v[12].*", "release/v1.4"), true);
  assert.equal(matchGlob("release/v[12].*", "release/v3.0"), false);
  assert.equal(matchGlob("*", ".hidden"), true);
  assert.equal(matchGlob("fix+(a)", "fix+(a)"), true, "no extglobs: GitHub has none, so the text is literal");
});

test("glob: a single ! pattern matches every other branch", () => {
  assert.equal(matchGlob("!release/old", "release/new"), true);
  assert.equal(matchGlob("!release/old", "release/old"), false);
});

test("filter list: a ! pattern after positive ones excludes, and order matters", () => {
  const patterns = ["release/**", "!release/old"];
  assert.equal(matchFilters(patterns, "release/2.0"), true);
  assert.equal(matchFilters(patterns, "release/old"), false);
  assert.equal(matchFilters(patterns, "main"), false);
  // A later positive pattern adds a branch back (GitHub: "releases/10" in its example).
  const readded = ["release/**", "!release/old*", "release/old-lts"];
  assert.equal(matchFilters(readded, "release/old-lts"), true);
  assert.equal(matchFilters(readded, "release/old-2"), false);
  // The same patterns in the other order: the exclusion comes last and wins.
  assert.equal(matchFilters(["!release/old", "release/**"], "release/old"), true);
  assert.equal(matchFilters(["{main,master}", "[0-9]*"], "master"), true);
  assert.equal(matchFilters(["{main,master}", "[0-9]*"], "24.04"), true);
  assert.equal(matchFilters(["!main"], "main"), false);
  assert.equal(matchFilters([], "main"), false);
});

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
