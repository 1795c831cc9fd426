// The run as a whole (issue 34): Holm's correction across the gated comparisons, repeats and their
// pass^k / pass@k, the spread split into between- and within-case parts, and flaky cases from history.
import assert from "node:assert/strict";
import { test } from "node:test";
import { evaluateGate } from "../../src/gate/evaluate.ts";
import { findFlakyCases, historyCases } from "../../src/gate/flaky.ts";
import { spreadParts } from "../../src/gate/spread.ts";
import type { HistoryRun } from "../../src/gate/types.ts";
import type { CaseResult } from "../../src/results/types.ts";
import { repeatPassMetrics } from "../../src/suites/repeat-metrics.ts";
import { caseResult, gate, metric, results, suite } from "./fixtures.ts";

/** `suites` suites of 20 pass/fail cases each, all passing in the baseline; `worse` of each fail now (6: McNemar p = 0.031). */
function manySuites(suites: number, worse: number) {
  const make = (now: boolean) =>
    results(
      Object.fromEntries(
        Array.from({ length: suites }, (_, s) => {
          const cases = Array.from({ length: 20 }, (_, i) => caseResult(`s${s}`, `c${i}`, { pass: now && i < worse ? 0 : 1 }));
          return [`s${s}`, suite({ pass: metric(now ? (20 - worse) / 20 : 1, { n: 20 }) }, cases)];
        }),
      ),
    );
  return { base: make(false), head: make(true) };
}

test("Holm: three drops each significant alone (p = 0.031) are noise across three comparisons (adjusted 0.094)", () => {
  const { base, head } = manySuites(3, 6);
  const lenient = evaluateGate(head, base, gate({ "min-score": 0, "fail-inside-noise": false }));
  for (const verdict of lenient.suites) {
    const row = verdict.rows[0]!;
    assert.ok(Math.abs(row.noise!.p! - 0.03125) < 1e-12);
    assert.ok(Math.abs(row.noise!.adjusted!.p - 0.09375) < 1e-12);
    assert.deepEqual([row.noise!.adjusted!.method, row.noise!.adjusted!.comparisons], ["holm", 3]);
    assert.equal(row.status, "noise");
    assert.match(row.reason, /McNemar p = 0\.031, Holm-adjusted p = 0\.094 over 3 gated comparisons: 6 cases worse, 0 better/);
  }
  assert.equal(lenient.verdict, "pass");
  // gate.correction: none tests each at 5% on its own, as before.
  const uncorrected = evaluateGate(head, base, gate({ "min-score": 0, "fail-inside-noise": false, correction: "none" }));
  assert.equal(uncorrected.verdict, "fail");
  assert.equal(uncorrected.suites[0]!.rows[0]!.noise!.adjusted, undefined);
  // fail-inside-noise: true fails the drops all the same; the reason names the adjusted p.
  const strict = evaluateGate(head, base, gate({ "min-score": 0, "fail-inside-noise": true }));
  assert.equal(strict.verdict, "fail");
  assert.match(strict.suites[0]!.rows[0]!.reason, /Holm-adjusted p = 0\.094 over 3 gated comparisons.*fails anyway/);
});

test("Holm: one comparison is not corrected; a clear drop survives the correction", () => {
  const single = manySuites(1, 6);
  const row = evaluateGate(single.head, single.base, gate({ "min-score": 0, "fail-inside-noise": false })).suites[0]!.rows[0]!;
  assert.equal(row.status, "fail");
  assert.doesNotMatch(row.reason, /Holm/);
  const clear = manySuites(3, 10); // p = 2/1024 each: adjusted 0.0059
  const verdict = evaluateGate(clear.head, clear.base, gate({ "min-score": 0, "fail-inside-noise": false }));
  assert.deepEqual(
    verdict.suites.map((s) => s.rows[0]!.status),
    ["fail", "fail", "fail"],
  );
});

/** A case with `repeats` values of `metric`, one per repeat. */
function repeated(suiteName: string, id: string, values: number[], metricName = "pass", extra: Partial<CaseResult> = {}): CaseResult[] {
  return values.map((value, repeat) => caseResult(suiteName, id, { [metricName]: value }, { repeat, ...extra }));
}

test("pass^k and pass@k: all k repeats pass, at least one does; a case with an unscored repeat is left out", () => {
  const cases = [
    ...repeated("s", "a", [1, 1, 1]),
    ...repeated("s", "b", [1, 0, 1]),
    ...repeated("s", "c", [0, 0, 0]),
    ...repeated("s", "d", [1, 1]).concat([caseResult("s", "d", {}, { repeat: 2, status: "error" })]),
  ];
  const metrics = repeatPassMetrics(cases, "pass", true);
  assert.deepEqual(Object.keys(metrics), ["pass^3", "pass@3"]);
  assert.equal(metrics["pass^3"]!.value, 1 / 3);
  assert.equal(metrics["pass@3"]!.value, 2 / 3);
  assert.equal(metrics["pass^3"]!.n, 3);
  assert.deepEqual(metrics["pass^3"]!.ofRepeats, { metric: "pass", need: "all", k: 3 });
  assert.deepEqual(repeatPassMetrics(repeated("s", "a", [1]), "pass", true), {}, "one repeat: no pass^k");
});

test("pass^k is gated like any metric: a case that stops passing all its repeats is a McNemar discordant case", () => {
  const run = (flaky: number[]) => {
    const cases = Array.from({ length: 12 }, (_, i) => repeated("bot", `c${i}`, i < 6 ? flaky : [1, 1, 1])).flat();
    return results({ bot: suite({ ...repeatPassMetrics(cases, "pass", true) }, cases) });
  };
  const base = run([1, 1, 1]);
  const head = run([1, 0, 1]);
  // Holm over pass_rate, pass^3 and pass@3 leaves p = 0.031 inside noise; fail-inside-noise: true fails it.
  const verdict = evaluateGate(head, base, gate({ "min-score": 0, "fail-inside-noise": true }));
  const passAll = verdict.suites[0]!.rows.find((row) => row.metric === "pass^3")!;
  assert.equal(passAll.baseline, 1);
  assert.equal(passAll.now, 0.5);
  assert.deepEqual([passAll.noise!.mcnemar!.worse, passAll.noise!.mcnemar!.better], [6, 0]);
  assert.ok(Math.abs(passAll.noise!.mcnemar!.p - 0.03125) < 1e-12);
  assert.equal(passAll.status, "fail");
  const passAny = verdict.suites[0]!.rows.find((row) => row.metric === "pass@3")!;
  assert.equal(passAny.status, "pass", "every case still passes at least once");
});

test("the spread of a repeated metric splits into between-case and within-case parts, by hand", () => {
  // Case a: 1, 1, 1; b: 0, 1, 0; c: 0.5, 0.5, 0.5.
  const cases = [
    ...repeated("s", "a", [1, 1, 1], "score"),
    ...repeated("s", "b", [0, 1, 0], "score"),
    ...repeated("s", "c", [0.5, 0.5, 0.5], "score"),
  ];
  // Within: only b varies: Σ(x − 1/3)² = 1/9 + 4/9 + 1/9 = 2/3 over 2 + 2 + 2 = 6 degrees of freedom → σ²w = 1/9.
  // Case means 1, 1/3, 1/2 (centre 11/18): their variance (n − 1) minus σ²w/k is σ²b. Var(mean) = σ²b/n + σ²w/(n·k).
  const parts = spreadParts(cases, "score")!;
  const within = 1 / 9 / 3 / 3;
  const means = [1, 1 / 3, 1 / 2];
  const centre = 11 / 18;
  const between = (means.reduce((sum, v) => sum + (v - centre) ** 2, 0) / 2 - 1 / 9 / 3) / 3;
  assert.ok(Math.abs(parts.withinShare - within / (within + between)) < 1e-12);
  assert.ok(Math.abs(parts.standardError - Math.sqrt(within + between)) < 1e-12);
  assert.equal(parts.repeats, 3);
  assert.equal(parts.cases, 3);
  assert.equal(parts.shrinkWith, "cases");
  // A case that flips on every repeat and cases alike: the model's own randomness dominates.
  const noisy = ["a", "b", "c", "d"].flatMap((id) => repeated("s", id, [0, 1, 0, 1], "score"));
  assert.equal(spreadParts(noisy, "score")!.shrinkWith, "repeats");
  assert.equal(spreadParts(repeated("s", "a", [1], "score"), "score"), undefined);
});

test("a repeated gated metric's row carries its spread parts; the run notes that every repeat was asked afresh", () => {
  const cases = ["a", "b", "c"].flatMap((id, i) => repeated("bot", id, [i / 2, 1 - i / 4, 0.5], "score"));
  const head = results({
    bot: suite({ score: metric(0.5, { n: 9 }) }, cases, { repeats: { count: 3, fresh: true } }),
  });
  const verdict = evaluateGate(head, null, gate({ "min-score": 0 }));
  assert.ok(verdict.suites[0]!.rows[0]!.spreadParts);
  assert.ok(
    verdict.notes.includes(
      "bot: 3 repeats per case, each a fresh request to the system under test and to the judge (never a cached answer of another repeat)",
    ),
  );
});

/** An earlier baseline: case `flaky` passes or fails as `passed` says, the others always pass. */
function baselineRun(at: number, passed: boolean, fingerprint = "f1"): HistoryRun {
  const cases = Array.from({ length: 5 }, (_, i) =>
    caseResult("bot", `c${i}`, { score: i === 0 && !passed ? 0 : 1 }, { fingerprint: i === 0 ? fingerprint : `f-${i}` }),
  );
  const run = results({ bot: suite({ score: metric(passed ? 1 : 0.8, { n: 5 }) }, cases) }, { finishedAt: `2026-08-0${at}T10:00:00.000Z` });
  return { finishedAt: run.run.finishedAt, cases: historyCases(run) };
}

function headRun(firstScore: number, fingerprint = "f1") {
  const cases = Array.from({ length: 5 }, (_, i) =>
    caseResult("bot", `c${i}`, { score: i === 0 ? firstScore : 1 }, { fingerprint: i === 0 ? fingerprint : `f-${i}` }),
  );
  return results({ bot: suite({ score: metric((4 + firstScore) / 5, { n: 5 }) }, cases) });
}

test("flaky cases: flipped at least min-flips times over the history with the same inputs; never from this run alone", () => {
  const history = [baselineRun(1, true), baselineRun(2, false), baselineRun(3, true), baselineRun(4, true), baselineRun(5, false)];
  const found = findFlakyCases(headRun(1), history, gate(), null)!;
  assert.deepEqual(found.cases, [{ suite: "bot", caseId: "c0", title: "case c0", flips: 3, runs: 5 }]);
  assert.equal(found.mode, "report");
  assert.equal(found.runs, 5);
  // The same case with other inputs now: its history is another case's.
  assert.deepEqual(findFlakyCases(headRun(1, "f2"), history, gate(), null)!.cases, []);
  // min-flips 4: three flips are not enough; history 2: only the last two baselines are read (one flip).
  assert.deepEqual(findFlakyCases(headRun(1), history, gate({ flaky: { "min-flips": 4 } }), null)!.cases, []);
  assert.deepEqual(findFlakyCases(headRun(1), history, gate({ flaky: { history: 2 } }), null)!.cases, []);
  // A stable history: this run's own failure does not make the case flaky.
  const stable = [1, 2, 3, 4, 5].map((at) => baselineRun(at, true));
  assert.deepEqual(findFlakyCases(headRun(0), stable, gate(), null)!.cases, []);
  assert.equal(findFlakyCases(headRun(1), [], gate(), null), undefined, "no history, nothing said");
});

test("flaky cases: report lists them and fails the drop; exclude leaves them out of the comparison and says so", () => {
  const history = [baselineRun(1, true), baselineRun(2, false), baselineRun(3, true), baselineRun(4, false), baselineRun(5, true)];
  const base = headRun(1);
  const head = headRun(0);
  const aggregate = (_suite: string, _kind: string, cases: CaseResult[]) => {
    const scores = cases.map((c) => c.metrics.score!);
    return { score: metric(scores.reduce((a, b) => a + b, 0) / scores.length, { n: scores.length }) };
  };
  const reported = evaluateGate(head, base, gate({ "max-drop": 0.05, "min-score": 0, "fail-inside-noise": true }), { history, aggregate });
  assert.equal(reported.verdict, "fail");
  assert.equal(reported.flaky!.cases[0]!.caseId, "c0");
  assert.ok(
    reported.notes.some((note) => /listed only \(gate\.flaky\.mode: report\): 1 flaky case .*bot\/c0 \(4 flips in 5 runs\)/.test(note)),
  );
  const excluded = evaluateGate(head, base, gate({ "max-drop": 0.05, "min-score": 0, flaky: { mode: "exclude" } }), { history, aggregate });
  assert.equal(excluded.verdict, "pass");
  assert.match(excluded.suites[0]!.comparedOn!, /1 flaky left out \(gate\.flaky: exclude\)/);
  assert.ok(
    excluded.notes.some((note) => /left out of the compared means and tests \(gate\.flaky\.mode: exclude\): 1 flaky case/.test(note)),
  );
  const row = excluded.suites[0]!.rows[0]!;
  assert.deepEqual([row.baseline, row.now], [1, 1], "compared without the flaky case");
  assert.deepEqual(row.whole, { baseline: 1, now: 0.8 }, "the whole-suite means are still shown");
});
