// Paired significance on matched cases, even with one repeat: the exact McNemar test for pass/fail
// values (checked against hand-computed binomial tails) and the paired bootstrap for the rest.
import assert from "node:assert/strict";
import { test } from "node:test";
import { evaluateGate } from "../../src/gate/evaluate.ts";
import { mcnemarExact } from "../../src/gate/significance.ts";
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
    /dropped 25% .*but not significant \(McNemar p = 0\.063: 5 cases worse, 0 better\); not failing \(fail-inside-noise: false\)/,
  );
  assert.equal(lenient.verdict, "pass");
  const strict = evaluateGate(head, base, gate({ "min-score": 0 }));
  assert.match(strict.suites[0]!.rows[0]!.reason, /fails anyway \(fail-inside-noise: true\)/);
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
