// The quiet default (issue 41): with default settings, an unchanged pull request fails the gate at most
// 5% of the time and a real drop still fails. Seeded simulation through the real gate (evaluateGate):
// a 30-question suite whose model gets each question wrong 10% of the time, independently in every run
// (the baseline's run and the pull request's); 1,000 unchanged pull requests, and 1,000 whose model gets
// each question wrong 30% of the time (a 20-point drop). The figures are printed.
import assert from "node:assert/strict";
import { test } from "node:test";
import { evaluateGate } from "../../src/gate/evaluate.ts";
import type { GateVerdict } from "../../src/gate/types.ts";
import { seededRandom } from "../../src/util/random.ts";
import { caseResult, gate, metric, results, suite } from "./fixtures.ts";

const CASES = 30;
const RUNS = 1000;

/** One run of the suite: each of the 30 questions answered wrongly with chance `wrong`. */
function simulatedRun(random: () => number, wrong: number) {
  const cases = Array.from({ length: CASES }, (_, i) => caseResult("qa", `q${i + 1}`, { pass: random() < wrong ? 0 : 1 }));
  const passed = cases.reduce((sum, result) => sum + (result.metrics.pass ?? 0), 0);
  return results({ qa: suite({ pass_rate: metric(passed / CASES, { n: CASES, perCase: "pass" }) }, cases) });
}

interface Tally {
  failed: number;
  /** Failing runs whose reasons include min-score, and those that include a drop past max-drop. */
  byMinScore: number;
  byDrop: number;
  /** Rows over max-drop but inside noise: reported, not failed. */
  inconclusive: number;
}

function tally(verdicts: GateVerdict[]): Tally {
  const rows = verdicts.map((verdict) => verdict.suites[0]!.rows[0]!);
  return {
    failed: verdicts.filter((verdict) => verdict.verdict === "fail").length,
    byMinScore: rows.filter((row) => row.failing && row.reason.includes("min-score")).length,
    byDrop: rows.filter((row) => row.failing && row.reason.includes("over max-drop")).length,
    inconclusive: rows.filter((row) => row.status === "noise").length,
  };
}

/** RUNS pull requests through the default gate: the baseline's model wrong 10% of the time, the head's `headWrong`. */
function simulate(seed: number, headWrong: number): Tally {
  const random = seededRandom(seed);
  const defaults = gate();
  const verdicts: GateVerdict[] = [];
  for (let run = 0; run < RUNS; run++) {
    const baseline = simulatedRun(random, 0.1);
    verdicts.push(evaluateGate(simulatedRun(random, headWrong), baseline, defaults, { seed: run + 1 }));
  }
  return tally(verdicts);
}

const percent = (count: number) => `${((count / RUNS) * 100).toFixed(1)}%`;

function print(what: string, found: Tally): void {
  process.stdout.write(
    `# ${what}: ${found.failed} of ${RUNS} failed (${percent(found.failed)}): ${found.byMinScore} under min-score, ` +
      `${found.byDrop} a drop past max-drop told from noise; ${found.inconclusive} inconclusive (over max-drop, inside noise, not failed)\n`,
  );
}

test("default gate, unchanged pull request (30 cases, 10% per-case noise): at most 5% of 1,000 runs fail", () => {
  const found = simulate(41, 0.1);
  print("unchanged PR", found);
  assert.ok(found.failed / RUNS <= 0.05, `false failures ${percent(found.failed)}`);
  assert.ok(found.inconclusive > 0, "drops inside the noise are reported as inconclusive");
});

test("default gate, a 20-point drop on the same suite (wrong 30% of the time): at least 80% of 1,000 runs fail", () => {
  const found = simulate(42, 0.3);
  print("20-point drop", found);
  assert.ok(found.failed / RUNS >= 0.8, `detected ${percent(found.failed)}`);
});
