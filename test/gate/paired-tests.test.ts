// The paired run's tests (issue 41 item 4) against SciPy's own code: the exact McNemar test
// (scipy.stats.binomtest on the discordant pairs) and the paired sign-flip test
// (scipy.stats.permutation_test, permutation_type="samples", every sign pattern). The references and
// the script that made them: test/gate/fixtures/paired-references.json, make-paired-references.py.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { evaluateGate } from "../../src/gate/evaluate.ts";
import { clusterSignFlip, EXACT_SIGN_FLIP, mcnemarExact, pairedSignFlip } from "../../src/gate/significance.ts";
import type { PairedRun } from "../../src/results/types.ts";
import { caseResult, gate, metric, results, suite } from "./fixtures.ts";

const references = JSON.parse(readFileSync(path.join(import.meta.dirname, "fixtures/paired-references.json"), "utf8")) as {
  provenance: string;
  mcnemar: { worse: number; better: number; p: number }[];
  signFlip: { base: number[]; head: number[]; p: number }[];
};

const near = (actual: number, expected: number, what: string) =>
  assert.ok(Math.abs(actual - expected) <= 1e-12 * Math.max(1, expected), `${what}: ${actual} vs SciPy ${expected}`);

test(`McNemar equals SciPy's binomtest on ${references.mcnemar.length} discordant-pair counts (${references.provenance})`, () => {
  for (const { worse, better, p } of references.mcnemar) near(mcnemarExact(worse, better), p, `${worse} worse, ${better} better`);
});

test(`the paired sign-flip test equals SciPy's exact permutation_test on ${references.signFlip.length} paired samples`, () => {
  for (const { base, head, p } of references.signFlip) {
    const diffs = head.map((value, i) => value - base[i]!);
    assert.ok(diffs.filter((d) => d !== 0).length <= EXACT_SIGN_FLIP);
    near(pairedSignFlip(diffs), p, `${diffs.length} pairs`);
  }
});

test("past 16 pairs that moved the sign-flip test draws its patterns: within Monte Carlo error of the exact p on the same data", () => {
  for (const { base, head, p } of references.signFlip.filter((reference) => reference.base.length >= 12)) {
    const diffs = head.map((value, i) => value - base[i]!);
    const drawn = clusterSignFlip(diffs, { seed: 7 });
    const error = 4 * Math.sqrt((p * (1 - p)) / 2000) + 1 / 2001;
    assert.ok(Math.abs(drawn - p) <= error, `${drawn} vs exact ${p} (±${error.toFixed(4)})`);
  }
  const many = Array.from({ length: 40 }, (_, i) => (i % 3 === 0 ? 0.1 : -0.2));
  assert.equal(pairedSignFlip(many, 3), clusterSignFlip(many, { seed: 3 }));
});

/** Four scored cases, each 0.5 lower now than in the base half: the interval has no width, the exact test p = 2/16. */
function fourPairs(paired: PairedRun | undefined) {
  const ids = ["a", "b", "c", "d"];
  const base = results({
    bot: suite(
      { score: metric(0.9, { n: 4 }) },
      ids.map((id) => caseResult("bot", id, { score: 0.9 })),
    ),
  });
  const head = results({
    bot: suite(
      { score: metric(0.4, { n: 4 }) },
      ids.map((id) => caseResult("bot", id, { score: 0.4 })),
    ),
  });
  if (paired) head.run.paired = paired;
  return evaluateGate(head, base, gate({ "min-score": 0 }), paired ? { paired } : {}).suites[0]!.rows[0]!;
}

test("paired, the sign-flip test decides scores even when every pair moved alike: 4 pairs cannot tell a drop from noise (p = 0.125)", () => {
  const paired: PairedRun = {
    ref: "main",
    base: "1234567890abcdef",
    suites: ["bot"],
    stored: [],
    baseHalf: { costUsd: 0, durationMs: 10, requests: 8, cacheHits: 0, results: "base.json" },
  };
  const row = fourPairs(paired);
  assert.deepEqual(row.noise!.signFlip, { p: 0.125, paired: true });
  assert.equal(row.status, "noise");
  assert.equal(row.failing, false);
  // Unpaired, a zero-width interval counts as outside noise (every case moved the same way): it fails.
  const unpaired = fourPairs(undefined);
  assert.equal(unpaired.noise!.signFlip, undefined);
  assert.equal(unpaired.status, "fail");
});
