// Paired significance on matched cases, even with one repeat: the exact McNemar test for pass/fail
// values (checked against hand-computed binomial tails) and the paired bootstrap for the rest.
import assert from "node:assert/strict";
import { test } from "node:test";
import { casesAlone } from "../../src/gate/clusters.ts";
import { evaluateGate } from "../../src/gate/evaluate.ts";
import { detectableChange } from "../../src/gate/power.ts";
import { mcnemarExact } from "../../src/gate/significance.ts";
import { normalQuantile } from "../../src/util/stats.ts";
import { caseResult, gate, metric, results, suite } from "./fixtures.ts";

const near = (actual: number, expected: number) => assert.ok(Math.abs(actual - expected) < 1e-12, `${actual} ≈ ${expected}`);

test("McNemar exact: two-sided binomial tail of the discordant cases", () => {
  // 5 worse, 0 better: 2 · C(5,0)/2^5 = 2/32.
  near(mcnemarExact(5, 0), 0.0625);
  // 6 worse, 0 better: 2/64.
  near(mcnemarExact(6, 0), 0.03125);
  // 8 worse, 2 better: 2 · (C(10,0) + C(10,1) + C(10,2)) / 2^10 = 2 · 56/1024.
  near(mcnemarExact(8, 2), 0.109375);
  near(mcnemarExact(3, 3), 1);
  assert.equal(mcnemarExact(0, 0), 1);
});

/** 20 cases passing (1) in the baseline; in the head the first `worse` fail (0). One repeat each. */
function passFailPair(worse: number) {
  const ids = Array.from({ length: 20 }, (_, i) => `c${i + 1}`);
  const baseCases = ids.map((id) => caseResult("bot", id, { pass: 1 }));
  const headCases = ids.map((id, i) => caseResult("bot", id, { pass: i < worse ? 0 : 1 }));
  const base = results({ bot: suite({ pass: metric(1, { n: 20 }) }, baseCases) });
  const head = results({ bot: suite({ pass: metric((20 - worse) / 20, { n: 20 }) }, headCases) });
  return { base, head };
}

test("pass/fail metric, one repeat: 6 of 20 cases lost is significant (p = 0.031) and fails", () => {
  const { base, head } = passFailPair(6);
  const verdict = evaluateGate(head, base, gate({ "min-score": 0, "fail-inside-noise": false }));
  const row = verdict.suites[0]!.rows[0]!;
  assert.equal(row.noise!.mcnemar!.worse, 6);
  assert.equal(row.noise!.mcnemar!.better, 0);
  near(row.noise!.mcnemar!.p, 0.03125);
  assert.equal(row.noise!.paired, true);
  assert.equal(row.status, "fail");
  assert.equal(verdict.verdict, "fail");
});

test("pass/fail metric: 5 of 20 lost is not significant (p = 0.0625); fail-inside-noise says what happens", () => {
  const { base, head } = passFailPair(5);
  const lenient = evaluateGate(head, base, gate({ "min-score": 0, "fail-inside-noise": false }));
  const row = lenient.suites[0]!.rows[0]!;
  assert.equal(row.status, "noise");
  assert.match(
    row.reason,
    /dropped 25% .*but inside noise \(McNemar p = 0\.063: 5 cases worse, 0 better\): inconclusive, not failed \(fail-inside-noise: false\)/,
  );
  assert.equal(lenient.verdict, "pass");
  const strict = evaluateGate(head, base, gate({ "min-score": 0, "fail-inside-noise": true }));
  assert.match(strict.suites[0]!.rows[0]!.reason, /inside noise \(McNemar p = 0\.063.*\); fails anyway \(fail-inside-noise: true\)/);
  assert.equal(strict.verdict, "fail");
});

test("continuous scores, one repeat: a paired bootstrap interval; a uniform drop (zero-width interval) is never noise", () => {
  const values = [0.9, 0.5, 0.8, 0.6, 0.95, 0.7, 0.85, 0.75];
  const baseCases = values.map((value, i) => caseResult("j", `c${i}`, { score: value }));
  const mixedShifts = [-0.4, 0.3, -0.35, 0.25, -0.3, 0.2, -0.1, 0.0];
  const mixedCases = values.map((value, i) => caseResult("j", `c${i}`, { score: value + mixedShifts[i]! }));
  const base = results({ j: suite({ score: metric(0.7625, { n: 8 }) }, baseCases) });
  const mixed = results({ j: suite({ score: metric(0.7125, { n: 8 }) }, mixedCases) });
  const noisy = evaluateGate(mixed, base, gate({ "min-score": 0, "fail-inside-noise": false }), { seed: 3 });
  const noisyRow = noisy.suites[0]!.rows[0]!;
  assert.equal(noisyRow.noise!.paired, true);
  assert.equal(noisyRow.noise!.mcnemar, undefined, "not a 0/1 metric");
  assert.ok(noisyRow.noise!.ciLow < 0 && noisyRow.noise!.ciHigh > 0);
  assert.equal(noisyRow.status, "noise");
  // Same seed, same interval.
  assert.deepEqual(evaluateGate(mixed, base, gate({ "min-score": 0 }), { seed: 3 }).suites[0]!.rows[0]!.noise, noisyRow.noise);

  const uniformCases = values.map((value, i) => caseResult("j", `c${i}`, { score: value - 0.1 }));
  const uniform = results({ j: suite({ score: metric(0.6625, { n: 8 }) }, uniformCases) });
  const row = evaluateGate(uniform, base, gate({ "min-score": 0, "fail-inside-noise": false })).suites[0]!.rows[0]!;
  assert.ok(Math.abs(row.noise!.ciLow - row.noise!.ciHigh) < 1e-12, "every case moved by the same amount");
  assert.equal(row.noise!.insideNoise, false);
  assert.equal(row.status, "fail");
  assert.doesNotMatch(row.reason, /noise|not significant/);
});

test("the verdict names the baseline's age and notes an old baseline or one made with another config", () => {
  const { base, head } = passFailPair(0);
  base.run.finishedAt = "2026-08-01T00:00:00.000Z";
  base.run.configHash = "other";
  const verdict = evaluateGate(head, base, gate(), { now: new Date("2026-08-21T00:00:00.000Z"), maxBaselineAgeMs: 14 * 86_400_000 });
  assert.equal(verdict.baseline.ageMs, 20 * 86_400_000);
  assert.deepEqual(verdict.notes, [
    "the baseline is 20 days old, older than baseline.max-age (14 days)",
    "the baseline was made with a different evalgate.yml: thresholds, models or suites may differ",
  ]);
  assert.equal(verdict.verdict, "pass", "notes never fail the gate");
});

test("infrastructure errors of the run or the baseline make the verdict 'error', even over a regression", () => {
  const { base, head } = passFailPair(10);
  head.run.errors = ['model "bot" stopped: POST http://127.0.0.1/v1 answered HTTP 401'];
  const verdict = evaluateGate(head, base, gate(), { errors: ["baseline could not be read: HTTP 502"] });
  assert.equal(verdict.verdict, "error");
  assert.deepEqual(verdict.errors, [
    "baseline could not be read: HTTP 502",
    'model "bot" stopped: POST http://127.0.0.1/v1 answered HTTP 401',
  ]);
  assert.equal(verdict.failures.length, 1, "the measured drop is still listed");
});

test("what a run could detect, continuous scores: MDE and cases needed by hand", () => {
  const close = (actual: number | null | undefined, expected: number) =>
    assert.ok(Math.abs(actual! - expected) < 1e-5, `${actual} ≈ ${expected}`);
  close(normalQuantile(0.975), 1.959964);
  close(normalQuantile(0.8), 0.841621);
  // d = −0.2, 0, 0, +0.2: sd (as the bootstrap sees it) = √0.02 = 0.141421; baseline mean 0.75; k = 2.801585.
  // MDE = k · sd / √4 / 0.75 = 0.198102 / 0.75 = 0.264136; cases for 5 % (Δ = 0.0375): (k · sd / Δ)² = 111.63 → 112.
  const d = detectableChange(
    casesAlone([
      [1, 0.8],
      [1, 1],
      [0.5, 0.5],
      [0.5, 0.7],
    ]),
    false,
    0.05,
  );
  close(d.mde, 0.264136);
  assert.equal(d.casesNeeded, 112);
  assert.equal(d.cases, 4);
  // No matched case moved: no spread to size a change against, so no figure rather than "any change".
  const still = detectableChange(
    casesAlone([
      [1, 1],
      [0.5, 0.5],
    ]),
    false,
    0.05,
  );
  assert.equal(still.mde, null);
  assert.equal(still.casesNeeded, null);
});

test("what a run could detect, pass/fail: 6 of 20 lost gives McNemar's MDE and the gate row carries it", () => {
  const { base, head } = passFailPair(6);
  const row = evaluateGate(head, base, gate({ "min-score": 0 })).suites[0]!.rows[0]!;
  // ψ = 6/20 = 0.3: MDE = max(k · √(0.3/20), k²/20) = max(0.343118, 0.392444) = 0.392444 of a baseline of 1.
  // Cases for 5 %: max(k² · 0.3 / 0.0025, k² / 0.05) = max(941.87, 156.98) → 942.
  assert.ok(Math.abs(row.noise!.mde! - 0.392444) < 1e-5, String(row.noise!.mde));
  assert.equal(row.noise!.casesNeeded, 942);
});

test("a rate is paired on the per-case value it is the mean of (Metric.perCase): pass_rate on each case's pass, an agent's check on its cases", () => {
  const ids = Array.from({ length: 20 }, (_, i) => `c${i + 1}`);
  const tags = { agent: "bot" };
  const run = (failing: number) =>
    results({
      qa: suite(
        {
          pass_rate: metric((20 - failing) / 20, { n: 20, perCase: "pass" }),
          "bot/check/cites": metric((20 - failing) / 20, { n: 20 }),
        },
        ids.map((id, i) => caseResult("qa", id, { pass: i < failing ? 0 : 1, "check/cites": i < failing ? 0 : 1 }, { tags })),
        { kind: "judged" },
      ),
    });
  // Two comparisons at p = 0.031: Holm-adjusted 0.063, so fail-inside-noise: true is what fails them.
  const rows = evaluateGate(run(6), run(0), gate({ "min-score": 0, "fail-inside-noise": true })).suites[0]!.rows;
  for (const name of ["pass_rate", "bot/check/cites"]) {
    const row = rows.find((r) => r.metric === name)!;
    assert.deepEqual(
      row.noise?.mcnemar && { worse: row.noise.mcnemar.worse, better: row.noise.mcnemar.better },
      { worse: 6, better: 0 },
      name,
    );
    near(row.noise!.mcnemar!.p, 0.03125);
    assert.equal(row.status, "fail");
  }
});
