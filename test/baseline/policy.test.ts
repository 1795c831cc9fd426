// The baseline policy: which runs are stored (and the reason the report gives), which baseline a
// branch is compared with.
import assert from "node:assert/strict";
import { test } from "node:test";
import { baselineCandidates, decideStore, type StoreQuestion } from "../../src/baseline/policy.ts";
import { baselineConfig } from "../../src/config/schema.ts";

const measured = { verdict: "pass" as const, errors: [], suites: [{ suite: "bot", counts: { scored: 10 } }] };
const push = (overrides: Partial<StoreQuestion> = {}): StoreQuestion => ({
  event: "push",
  branch: "main",
  isPullRequest: false,
  request: "auto",
  config: baselineConfig.parse({ store: "branch" }),
  verdict: measured,
  ...overrides,
});

test("a whole, measured, passing push to a gated branch is stored", () => {
  assert.deepEqual(decideStore(push()), { store: true, reason: "the results become the baseline of `main`" });
  assert.equal(decideStore(push({ branch: "release/2.0" })).store, true, "release/** is gated by default");
});

test("what is never stored, and the reason the summary gives", () => {
  const cases: Array<[Partial<StoreQuestion>, string]> = [
    [{ isPullRequest: true, event: "pull_request" }, "a pull request never stores a baseline"],
    [{ request: "false" }, "`store-baseline` is `false`"],
    [{ branch: "feature/x" }, "`feature/x` is not in `baseline.gated-branches`"],
    [{ event: "workflow_dispatch" }, "a manual run stores only with `store-baseline: true`"],
    [{ event: "schedule" }, "a `schedule` run never stores a baseline"],
    [{ config: baselineConfig.parse({ store: "file" }) }, "`baseline.store` is `file`: commit a new results file to update it"],
    [{ config: baselineConfig.parse({}) }, "`baseline.store` is `none`"],
    [
      { verdict: { ...measured, verdict: "error", errors: ["deadline reached after 30m"] } },
      "the run had infrastructure errors (deadline reached after 30m)",
    ],
    [{ partial: ["sample of 5 cases per suite"] }, "a partial run (sample of 5 cases per suite) is never a baseline"],
    [{ verdict: { ...measured, suites: [{ suite: "bot", counts: { scored: 0 } }] } }, "no case was scored in bot"],
    [{ verdict: { ...measured, verdict: "fail" } }, "the gate failed (set `baseline.store-failed: true` to store failed runs too)"],
  ];
  for (const [overrides, reason] of cases) assert.deepEqual(decideStore(push(overrides)), { store: false, reason });
});

test("store-baseline true also stores a dispatch and an ungated push; store-failed stores a failed gate, never an error", () => {
  assert.equal(decideStore(push({ event: "workflow_dispatch", branch: "dev", request: "true" })).store, true);
  assert.equal(decideStore(push({ branch: "dev", request: "true" })).store, true);
  const storeFailed = baselineConfig.parse({ store: "branch", "store-failed": true });
  assert.equal(decideStore(push({ config: storeFailed, verdict: { ...measured, verdict: "fail" } })).store, true);
  assert.equal(decideStore(push({ config: storeFailed, verdict: { ...measured, verdict: "error" } })).store, false);
  assert.equal(decideStore(push({ config: storeFailed, partial: ["filter 1-3"] })).store, false);
});

test("a branch name with backticks cannot break the markdown it is quoted in", () => {
  assert.equal(decideStore(push({ branch: "x`y" })).reason, "`xy` is not in `baseline.gated-branches`");
});

test("a branch is compared with its own baseline, then the default branch's", () => {
  assert.deepEqual(baselineCandidates("release/2", "main"), ["release/2", "main"]);
  assert.deepEqual(baselineCandidates("main", "main"), ["main"]);
  assert.deepEqual(baselineCandidates(undefined, "main"), ["main"]);
  assert.deepEqual(baselineCandidates("dev", undefined), ["dev"]);
});
