// Weighted Cohen's kappa against scikit-learn: 20 pairs of ratings on evalgate's judge scales, with
// cohen_kappa_score(weights='quadratic', labels=the scale's points) recorded by
// test/util/fixtures/make-kappa-fixture.py (versions in the fixture's provenance).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { exactAgreement, kappaInterval, weightedKappa } from "../../src/util/kappa.ts";

interface KappaSet {
  scale: string;
  labels: number[];
  judge: number[];
  human: number[];
  kappa: number;
  exact: number;
}

const fixture = JSON.parse(readFileSync(new URL("fixtures/kappa-sklearn.json", import.meta.url), "utf8")) as {
  provenance: Record<string, string>;
  sets: KappaSet[];
};

test("weighted kappa (quadratic) and exact agreement equal scikit-learn's on 20 label sets", () => {
  assert.equal(fixture.sets.length, 20);
  assert.match(fixture.provenance["scikit-learn"]!, /^\d+\.\d+/);
  for (const [i, set] of fixture.sets.entries()) {
    const position = (value: number) => set.labels.indexOf(value);
    const judge = set.judge.map(position);
    const human = set.human.map(position);
    const kappa = weightedKappa(judge, human, set.labels.length, "quadratic");
    assert.ok(Math.abs(kappa! - set.kappa) < 1e-12, `set ${i} (${set.scale}): ${kappa} vs scikit-learn ${set.kappa}`);
    assert.ok(Math.abs(exactAgreement(judge, human)! - set.exact) < 1e-12, `set ${i}: exact agreement`);
  }
});

test("kappa is undefined (null) when nothing varies; its bootstrap interval holds the estimate and is seeded", () => {
  assert.equal(weightedKappa([1, 1, 1], [1, 1, 1], 4), null);
  assert.equal(weightedKappa([], [], 4), null);
  const set = fixture.sets.find((s) => s.kappa > 0.5 && s.kappa < 0.9)!;
  const judge = set.judge.map((v) => set.labels.indexOf(v));
  const human = set.human.map((v) => set.labels.indexOf(v));
  const interval = kappaInterval(judge, human, set.labels.length, { seed: 3 })!;
  assert.ok(interval.low < set.kappa && set.kappa < interval.high, `${interval.low} < ${set.kappa} < ${interval.high}`);
  assert.deepEqual(kappaInterval(judge, human, set.labels.length, { seed: 3 }), interval);
});
