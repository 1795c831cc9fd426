import assert from "node:assert/strict";
import { test } from "node:test";
import { casesAlone } from "../../src/gate/clusters.ts";
import { evaluateGate } from "../../src/gate/evaluate.ts";
import { bootstrapChange } from "../../src/gate/noise.ts";
import { caseResult, gate, metric, results, suite } from "./fixtures.ts";

const row = (verdict: ReturnType<typeof evaluateGate>, suiteName: string, metricName: string) => {
  const found = verdict.suites.find((s) => s.suite === suiteName)?.rows.find((r) => r.metric === metricName);
  assert.ok(found, `row ${suiteName}/${metricName}`);
  return found;
};

test("a drop over max-drop fails with the relative drop as the reason; a smaller one passes", () => {
  const base = results({ bot: suite({ recall: metric(0.9), precision: metric(0.9) }) });
  const head = results({ bot: suite({ recall: metric(0.81), precision: metric(0.86) }) });
  const verdict = evaluateGate(head, base, gate());
  // recall: (0.9 - 0.81) / 0.9 = 10% > 5%; precision: 0.04 / 0.9 = 4.4% <= 5%
  const recall = row(verdict, "bot", "recall");
  assert.equal(recall.status, "fail");
  assert.ok(Math.abs(recall.delta! - -0.09) < 1e-12);
  assert.ok(Math.abs(recall.relDelta! - -0.1) < 1e-12);
  assert.equal(recall.reason, "dropped 10% (0.900 → 0.810), over max-drop 5%");
  assert.equal(row(verdict, "bot", "precision").status, "pass");
  assert.equal(verdict.verdict, "fail");
  assert.deepEqual(verdict.failures, ["bot: recall: dropped 10% (0.900 → 0.810), over max-drop 5%"]);
});

test("min-score fails a gated metric even without a drop; an ungated metric is info", () => {
  const base = results({ bot: suite({ recall: metric(0.75), latency: metric(900, { gated: false, direction: "lower", unit: "ms" }) }) });
  const head = results({ bot: suite({ recall: metric(0.76), latency: metric(5000, { gated: false, direction: "lower", unit: "ms" }) }) });
  const verdict = evaluateGate(head, base, gate());
  assert.equal(row(verdict, "bot", "recall").status, "fail");
  assert.equal(row(verdict, "bot", "recall").reason, "0.760 is under min-score 0.800");
  assert.equal(row(verdict, "bot", "latency").status, "info");
  assert.equal(row(verdict, "bot", "latency").failing, false);
});

test("a metric that breaks two rules gives both reasons: under min-score and dropped past max-drop", () => {
  const base = results({ bot: suite({ recall: metric(0.9) }) });
  const head = results({ bot: suite({ recall: metric(0.6) }) });
  const verdict = evaluateGate(head, base, gate());
  assert.equal(row(verdict, "bot", "recall").status, "fail");
  assert.equal(row(verdict, "bot", "recall").reason, "0.600 is under min-score 0.800; dropped 33.3% (0.900 → 0.600), over max-drop 5%");
  assert.deepEqual(verdict.failures, ["bot: recall: 0.600 is under min-score 0.800; dropped 33.3% (0.900 → 0.600), over max-drop 5%"]);
});

test("lower-is-better metrics use max-rise and max-score; overrides by suite/metric glob", () => {
  const cost = (v: number) => metric(v, { direction: "lower", unit: "usd", gated: false });
  const base = results({ bot: suite({ cost_usd: cost(0.1), p95: metric(100, { direction: "lower", unit: "ms" }) }) });
  const head = results({ bot: suite({ cost_usd: cost(0.125), p95: metric(104, { direction: "lower", unit: "ms" }) }) });
  const config = gate({ metrics: { "*/cost_usd": { gated: true, "max-rise": 0.2 }, "bot/p?5": { "max-score": 103 } } });
  const verdict = evaluateGate(head, base, config);
  // cost rose 25% > 20%
  assert.equal(row(verdict, "bot", "cost_usd").status, "fail");
  assert.equal(row(verdict, "bot", "cost_usd").reason, "rose 25% (0.100 → 0.125), over max-rise 20%");
  // p95 rose 4% (<= default max-rise 5%) but is over max-score 103
  assert.equal(row(verdict, "bot", "p95").reason, "104 is over max-score 103");
  // a direction override flips a metric reported as higher
  const flipped = evaluateGate(
    results({ s: suite({ errors: metric(0.1) }) }),
    results({ s: suite({ errors: metric(0.2) }) }),
    gate({ "min-score": 0, metrics: { "s/errors": { direction: "lower" } } }),
  );
  assert.equal(row(flipped, "s", "errors").status, "pass");
});

test("branch profiles pick stricter thresholds by glob", () => {
  const base = results({ bot: suite({ recall: metric(0.9) }) });
  const head = results({ bot: suite({ recall: metric(0.87) }) }); // dropped 3.3%, 0.87 >= 0.85
  const config = gate({ profiles: { "release/**": { "max-drop": 0.02, "min-score": 0.85 } } });
  assert.equal(evaluateGate(head, base, config, { branch: "main" }).verdict, "pass");
  const release = evaluateGate(head, base, config, { branch: "release/2.1" });
  assert.equal(release.profile, "release/**");
  assert.equal(release.verdict, "fail");
  assert.match(row(release, "bot", "recall").reason, /dropped 3.3% .* over max-drop 2%/);
  const stricter = evaluateGate(results({ bot: suite({ recall: metric(0.84) }) }), null, config, { branch: "release/2.1" });
  assert.equal(row(stricter, "bot", "recall").reason, "0.840 is under min-score 0.850");
});

test("max-error-rate per suite, and a suite with no scored case is an error (could not decide), never a pass", () => {
  const cases = [
    caseResult("bot", "c1", { recall: 1 }),
    caseResult("bot", "c2", { recall: 1 }),
    caseResult("bot", "c3", {}, { status: "error", error: { kind: "endpoint", message: "HTTP 503" } }),
  ];
  const head = results({ bot: suite({ recall: metric(1) }, cases) });
  const verdict = evaluateGate(head, null, gate({ "max-error-rate": 0.2 }));
  assert.deepEqual(verdict.suites[0]!.reasons, [
    "error rate 33.3% (1 of 3 cases: the system under test gave no usable answer) is over max-error-rate 20%",
  ]);
  assert.equal(evaluateGate(head, null, gate({ "max-error-rate": 0.5 })).verdict, "pass");

  const allErrors = [caseResult("bot", "c1", {}, { status: "error", error: { kind: "endpoint", message: "down" } })];
  const dead = results({ bot: suite({ recall: metric(null) }, allErrors) });
  const deadVerdict = evaluateGate(dead, null, gate({ "max-error-rate": 1 }));
  assert.equal(deadVerdict.verdict, "error");
  assert.equal(deadVerdict.suites[0]!.status, "error");
  assert.deepEqual(deadVerdict.suites[0]!.reasons, [], "nothing measured is not a regression");
  assert.equal(deadVerdict.errors[0], "bot: nothing measured: no case could be scored (1 of 1 failed)");
  assert.equal(row(deadVerdict, "bot", "recall").status, "error");
  // the case behind it is listed for annotations
  assert.equal(deadVerdict.suites[0]!.failingCases[0]!.caseId, "c1");
  assert.equal(deadVerdict.suites[0]!.failingCases[0]!.error, "down");
});

test("n = 0 is an error, never a pass; a metric without baseline is new but still under min-score", () => {
  const head = results({ bot: suite({ recall: metric(0.95, { n: 0 }), fresh: metric(0.9), weak: metric(0.5) }) });
  const base = results({ bot: suite({ recall: metric(0.95) }) });
  const verdict = evaluateGate(head, base, gate());
  assert.equal(row(verdict, "bot", "recall").status, "error");
  assert.equal(row(verdict, "bot", "recall").failing, true);
  assert.equal(row(verdict, "bot", "fresh").status, "new");
  assert.equal(row(verdict, "bot", "fresh").failing, false);
  assert.equal(row(verdict, "bot", "weak").status, "fail");
  assert.equal(verdict.verdict, "error", "a gated metric that measured nothing: the gate could not decide");
  assert.equal(evaluateGate(results({}), null, gate()).verdict, "error");
});

test("per-case comparison by case id and repeat: regressed, improved, appeared, disappeared, errored", () => {
  const base = results({
    bot: suite({ recall: metric(0.9) }, [
      caseResult("bot", "a", { recall: 1 }),
      caseResult("bot", "b", { recall: 0.5 }),
      caseResult("bot", "c", { recall: 1 }),
      caseResult("bot", "gone", { recall: 1 }),
    ]),
  });
  const head = results({
    bot: suite({ recall: metric(0.9) }, [
      caseResult("bot", "a", { recall: 0.25 }),
      caseResult("bot", "b", { recall: 1 }),
      caseResult("bot", "c", {}, { status: "error", error: { kind: "judge", message: "unparseable verdict" } }),
      caseResult("bot", "new", { recall: 1 }),
    ]),
  });
  const verdict = evaluateGate(head, base, gate({ "max-error-rate": 1 }));
  const changes = verdict.suites[0]!.changes.map((c) => `${c.kind}:${c.caseId}:${c.before}->${c.after}`);
  assert.deepEqual(changes, [
    "errored:c:1->null",
    "regressed:a:1->0.25",
    "disappeared:gone:1->null",
    "appeared:new:null->1",
    "improved:b:0.5->1",
  ]);
  // The suite passes (the mean held): its per-case jitter is listed, but only errors are annotated.
  assert.deepEqual(
    verdict.suites[0]!.failingCases.map((c) => c.caseId),
    ["c"],
  );
});

test("noise with repeats: a drop inside the bootstrap interval is marked noise; fail-inside-noise decides", () => {
  // Both runs: 6 cases x 3 repeats. Head per-case means shift a little up and down (mean change -0.05).
  const baseCases = [];
  const headCases = [];
  const baseValues = [0.9, 0.8, 1.0, 0.7, 0.9, 0.8];
  const shifts = [-0.3, 0.2, -0.3, 0.25, -0.2, 0.05];
  for (let repeat = 0; repeat < 3; repeat++) {
    for (let i = 0; i < baseValues.length; i++) {
      baseCases.push(caseResult("j", `c${i}`, { score: baseValues[i]! }, { repeat }));
      headCases.push(caseResult("j", `c${i}`, { score: Math.max(0, Math.min(1, baseValues[i]! + shifts[i]!)) }, { repeat }));
    }
  }
  const base = results({ j: suite({ score: metric(0.85, { n: 18, spread: 0 }) }, baseCases) });
  const head = results({ j: suite({ score: metric(0.8, { n: 18, spread: 0.01 }) }, headCases) });
  const config = { "min-score": 0.5 };
  const strict = evaluateGate(head, base, gate({ ...config, "fail-inside-noise": true }), { seed: 7 });
  const scoreRow = row(strict, "j", "score");
  assert.equal(strict.repeated, true);
  assert.equal(scoreRow.status, "fail", "failing the gate inside noise is a failing row; noise is the reason");
  assert.equal(scoreRow.noise!.paired, true);
  assert.equal(scoreRow.noise!.spread, 0.01);
  assert.ok(scoreRow.noise!.ciLow < 0 && scoreRow.noise!.ciHigh > 0);
  assert.match(
    scoreRow.reason,
    /, inside noise \(95% CI of the change −0\.\d+ … \+0\.\d+, clustered by case \(6 clusters\)\); fails anyway \(fail-inside-noise: true\)/,
  );
  assert.equal(strict.verdict, "fail");
  const lenient = evaluateGate(head, base, gate(config), { seed: 7 }); // fail-inside-noise defaults to false
  assert.equal(lenient.verdict, "pass");
  assert.equal(row(lenient, "j", "score").status, "noise");
  // deterministic: same seed, same interval
  assert.deepEqual(evaluateGate(head, base, gate(config), { seed: 7 }).suites[0]!.rows[0]!.noise, scoreRow.noise);

  // a consistent drop on every case is outside the noise
  const dropped = results({
    j: suite(
      { score: metric(0.7, { n: 18 }) },
      baseCases.map((c) => ({ ...c, metrics: { score: c.metrics.score! - 0.15 } })),
    ),
  });
  const real = evaluateGate(dropped, base, gate(config), { seed: 7 });
  assert.equal(row(real, "j", "score").status, "fail");
});

test("bootstrap: constant differences give a degenerate interval at that difference", () => {
  const interval = bootstrapChange(
    {
      clusters: casesAlone([
        [0.5, 0.4],
        [0.6, 0.5],
        [0.7, 0.6],
      ]),
    },
    { seed: 3 },
  );
  assert.ok(interval);
  assert.ok(Math.abs(interval.low - -0.1) < 1e-9 && Math.abs(interval.high - -0.1) < 1e-9);
  assert.equal(bootstrapChange({ clusters: casesAlone([[1, 0]]) }), null);
});

test("suites in the baseline that did not run are listed, not failed", () => {
  const base = results({ a: suite({ m: metric(0.9) }), b: suite({ m: metric(0.9) }) });
  const head = results({ a: suite({ m: metric(0.9) }) });
  const verdict = evaluateGate(head, base, gate());
  assert.deepEqual(verdict.notRun, ["b"]);
  assert.equal(verdict.verdict, "pass");
});

test("max-error-rate by side: the system's own errors fail the gate; the scorer's taking the rate past it are not measured (error)", () => {
  const scored = Array.from({ length: 18 }, (_, i) => caseResult("bot", `c${i}`, { recall: 1 }));
  const failing = (side: "system" | "scorer" | undefined, kind: "endpoint" | "judge" | "internal" = "endpoint") =>
    caseResult(
      "bot",
      `e-${side}-${kind}-${Math.random()}`,
      {},
      { status: "error", error: { kind, message: `${side} down`, ...(side ? { side } : {}) } },
    );
  const run = (errors: ReturnType<typeof failing>[]) =>
    evaluateGate(results({ bot: suite({ recall: metric(1) }, [...scored, ...errors]) }), null, gate({ "max-error-rate": 0.05 }));

  const judge = run([failing("scorer", "judge"), failing("scorer")]);
  assert.equal(judge.verdict, "error", "two judge refusals in 20 cases are not a measured failure");
  assert.deepEqual(judge.suites[0]!.reasons, []);
  assert.match(
    judge.errors[0]!,
    /^bot: 2 of 20 cases could not be scored .* error rate 10%, over max-error-rate 5%; those cases were not measured; first error: scorer down$/,
  );
  assert.deepEqual(judge.suites[0]!.errorSides, { system: 0, scorer: 2 });

  const system = run([failing("system"), failing("system")]);
  assert.equal(system.verdict, "fail");
  assert.match(system.suites[0]!.reasons[0]!, /^error rate 10% \(2 of 20 cases: the system under test gave no usable answer\)/);

  // Errors from files written before sides were kept count as the system's, as they did then.
  assert.equal(run([failing(undefined), failing(undefined)]).verdict, "fail");
  // Scoring that threw is the scorer's, whatever side it names.
  assert.equal(run([failing("system", "internal"), failing(undefined, "internal")]).verdict, "error");
  // One of each: neither side alone is past 5%, both together are: not measured, an error.
  const mixed = run([failing("system"), failing("scorer")]);
  assert.equal(mixed.verdict, "error");
  assert.match(mixed.errors[0]!, /1 of 20 cases could not be scored .* and 1 the system under test failed: error rate 10%/);
  assert.equal(mixed.suites[0]!.changes.find((c) => c.errorSide === "scorer")?.error, "scorer down");
});
