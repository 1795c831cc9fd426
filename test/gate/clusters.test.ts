// Clusters (issue 34): cases that come in groups are compared by group. With one case per cluster
// the gate's numbers are exactly what they were before clusters (a fixture computed then); with
// clusters, the tests and figures match references computed outside evalgate (inspect_ai's
// clustered standard error, scipy's exact permutation test).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { clusterPairs } from "../../src/gate/clusters.ts";
import { holmAdjust } from "../../src/gate/correction.ts";
import { evaluateGate } from "../../src/gate/evaluate.ts";
import { estimateNoise } from "../../src/gate/noise.ts";
import { detectableChange } from "../../src/gate/power.ts";
import { clusteredMcNemar, clusterSignFlip, mcnemarExact } from "../../src/gate/significance.ts";
import { normalQuantile } from "../../src/util/stats.ts";
import { caseResult, gate, metric, results, suite } from "./fixtures.ts";
import { noiseScenarios } from "./noise-scenarios.ts";

const fixture = (name: string) => JSON.parse(readFileSync(path.join(import.meta.dirname, "fixtures", name), "utf8"));

test("one case per cluster: every noise figure is exactly what the gate computed before clusters", () => {
  const before = fixture("noise-before-clusters.json") as Array<{ name: string; noise: Record<string, unknown> | null }>;
  const scenarios = noiseScenarios();
  assert.equal(scenarios.length, before.length);
  const variants = {
    "no cluster key": (id: string) => id,
    "each case its own cluster key": (id: string) => `group-${id}`,
  };
  for (const [variant, keyOf] of Object.entries(variants)) {
    scenarios.forEach((s, i) => {
      const withKeys = (cases: typeof s.head.cases) =>
        variant === "no cluster key" ? cases : cases.map((c) => ({ ...c, cluster: keyOf(c.caseId) }));
      const noise = estimateNoise(
        { ...s.head, cases: withKeys(s.head.cases) },
        { ...s.base, cases: withKeys(s.base.cases) },
        {
          metricName: s.metricName,
          metric: s.metric,
          direction: s.direction,
          limit: s.limit,
          scope: { base: s.base.metrics, head: s.head.metrics, ids: s.ids ? new Set(s.ids) : null, changed: new Set(s.changed) },
          repeated: s.repeated,
          seed: s.seed,
          clustering: { by: "group", unitsOf: () => 1 },
        },
      );
      const expected = before[i]!;
      if (expected.noise === null) {
        assert.equal(noise, undefined, `${variant}: ${s.name}`);
        return;
      }
      assert.ok(noise, `${variant}: ${s.name}`);
      // Every figure the gate had, to the last bit; the new ones (p, clusters) are additions.
      for (const [key, value] of Object.entries(expected.noise)) {
        assert.deepEqual((noise as unknown as Record<string, unknown>)[key], value, `${variant}: ${s.name}: ${key}`);
      }
      assert.equal(noise.signFlip, undefined, "lone cases are tested as before, not by the sign-flip test");
      assert.ok(!noise.clusters || noise.clusters.by === "case", `${variant}: lone cases are not said to be clustered`);
    });
  }
});

test("the clustered McNemar test: exact McNemar on lone cases, scipy's exact sign-flip test on cluster totals", () => {
  for (const [worse, better] of [
    [5, 0],
    [8, 2],
    [3, 3],
    [12, 4],
  ] as const) {
    const totals = [...Array(worse).fill(-1), ...Array(better).fill(1), 0, 0];
    assert.ok(Math.abs(clusteredMcNemar(totals)! - mcnemarExact(worse, better)) < 1e-12, `${worse} worse, ${better} better`);
  }
  for (const reference of fixture("cluster-references.json").signFlip as Array<{ totals: number[]; p: number }>) {
    const p = clusteredMcNemar(reference.totals)!;
    assert.ok(Math.abs(p - reference.p) < 1e-12, `${reference.totals.join(",")}: ${p} vs scipy ${reference.p}`);
    // The Monte Carlo version (for scores) lands near the exact p.
    assert.ok(Math.abs(clusterSignFlip(reference.totals, { draws: 20_000, seed: 3 }) - reference.p) < 0.015);
  }
  assert.equal(clusteredMcNemar([0.5, -1]), null, "not whole totals: not a McNemar test");
  assert.equal(clusteredMcNemar([0, 0]), 1);
});

test("what a clustered run can detect: the cluster-robust standard error of inspect_ai's stderr(cluster=), in clusters", () => {
  const k = normalQuantile(0.975) + normalQuantile(0.8);
  for (const reference of fixture("cluster-references.json").stderr as Array<{ values: number[]; clusters: string[]; stderr: number }>) {
    const pairs = reference.values.map((d, i) => ({ id: `c${i}`, cluster: reference.clusters[i]!, weight: 1, base: 1, head: 1 + d }));
    const clusters = clusterPairs(pairs);
    const m = clusters.length;
    const detectable = detectableChange(clusters, false, 0.05);
    // inspect_ai multiplies the variance by m/(m − 1); the gate's MDE keeps the plain sandwich (as it did for lone cases).
    const standardError = (detectable.mde! * 1) / k;
    assert.ok(Math.abs(standardError * Math.sqrt(m / (m - 1)) - reference.stderr) < 1e-9, `${standardError} vs ${reference.stderr}`);
    assert.equal(detectable.cases, reference.values.length);
  }
});

test("Holm's step-down adjustment: by hand on Holm's own kind of example", () => {
  // p = 0.01, 0.04, 0.03, 0.005 → sorted 0.005, 0.01, 0.03, 0.04 × 4, 3, 2, 1 = 0.02, 0.03, 0.06, 0.04 → running max 0.02, 0.03, 0.06, 0.06.
  const adjusted = holmAdjust([0.01, 0.04, 0.03, 0.005]);
  const expected = [0.03, 0.06, 0.06, 0.02];
  for (const [i, p] of adjusted.entries()) assert.ok(Math.abs(p - expected[i]!) < 1e-12, `${p} vs ${expected[i]}`);
  assert.deepEqual(holmAdjust([0.5, 0.9]), [1, 1]);
  assert.deepEqual(holmAdjust([]), []);
});

/** Cases in `groups` groups of `size`; a group's cases all fail in the head when it is among `dropped`. */
function groupedSuites(groups: number, size: number, dropped: number[]) {
  const baseCases = [];
  const headCases = [];
  for (let g = 0; g < groups; g++)
    for (let i = 0; i < size; i++) {
      const id = `g${g}-c${i}`;
      baseCases.push(caseResult("bot", id, { pass: 1 }, { cluster: `doc-${g}` }));
      headCases.push(caseResult("bot", id, { pass: dropped.includes(g) ? 0 : 1 }, { cluster: `doc-${g}` }));
    }
  const n = groups * size;
  const headValue = (n - dropped.length * size) / n;
  return {
    base: results({ bot: suite({ pass: metric(1, { n }) }, baseCases) }),
    head: results({ bot: suite({ pass: metric(headValue, { n }) }, headCases) }),
  };
}

test("grouped cases: 6 cases of one document failing together are one cluster's evidence, not six cases'", () => {
  // 10 documents of 6 questions; one document's 6 questions all fail now.
  const { base, head } = groupedSuites(10, 6, [0]);
  const clustered = evaluateGate(head, base, gate({ "min-score": 0, "fail-inside-noise": false }), {
    clustering: () => ({ by: "document" }),
  });
  const row = clustered.suites[0]!.rows[0]!;
  // McNemar on the cases: 6 worse, 0 better, p = 2/64 = 0.031 (significant). By document: one cluster moved, p = 1.
  assert.ok(Math.abs(mcnemarExact(6, 0) - 0.03125) < 1e-12);
  assert.equal(row.noise!.mcnemar!.p, 1);
  assert.deepEqual(row.noise!.clusters, { by: "document", count: 10, needed: row.noise!.casesNeeded });
  assert.equal(row.status, "noise");
  assert.match(row.reason, /McNemar p = 1, clustered by document \(10 clusters\): 6 cases worse, 0 better/);
  assert.equal(clustered.verdict, "pass");
  // Without a clustering hook the cluster keys still group the cases; only the name is generic.
  const generic = evaluateGate(head, base, gate({ "min-score": 0, "fail-inside-noise": false }));
  assert.match(generic.suites[0]!.rows[0]!.reason, /clustered by group \(10 clusters\)/);
});

test("grouped cases: a drop spread over many documents is still significant", () => {
  const { base, head } = groupedSuites(12, 3, [0, 1, 2, 3, 4, 5, 6]);
  const row = evaluateGate(head, base, gate({ "min-score": 0, "fail-inside-noise": false })).suites[0]!.rows[0]!;
  // 7 of 12 clusters moved, all the same way (totals −3): p = 2 / 2^7 = 0.0156.
  assert.ok(Math.abs(row.noise!.mcnemar!.p - 2 / 128) < 1e-12, String(row.noise!.mcnemar!.p));
  assert.equal(row.status, "fail");
});

test("scores in clusters: the sign-flip test decides, on the clusters it counts", () => {
  const baseCases = [];
  const headCases = [];
  for (let g = 0; g < 8; g++)
    for (let i = 0; i < 4; i++) {
      const id = `g${g}-c${i}`;
      baseCases.push(caseResult("j", id, { score: 0.8 }, { cluster: `t${g}` }));
      // Every case of a thread moves with its thread: ±0.2, half up and half down, one a little more down.
      headCases.push(caseResult("j", id, { score: 0.8 + (g % 2 === 0 ? -0.2 : 0.2) - (g === 0 ? 0.05 : 0) }, { cluster: `t${g}` }));
    }
  const base = results({ j: suite({ score: metric(0.8, { n: 32 }) }, baseCases) });
  const head = results({ j: suite({ score: metric(0.79375, { n: 32 }) }, headCases) });
  const row = evaluateGate(head, base, gate({ "min-score": 0, "max-drop": 0 }), { clustering: () => ({ by: "thread" }) }).suites[0]!
    .rows[0]!;
  assert.ok(row.noise!.signFlip!.p > 0.5, `8 threads half up, half down: no evidence (p = ${row.noise!.signFlip!.p})`);
  assert.equal(row.noise!.insideNoise, true);
  assert.equal(row.noise!.p, row.noise!.signFlip!.p);
  assert.equal(row.noise!.clusters!.count, 8);
  assert.equal(row.noise!.cases, 32);
  assert.match(row.reason, /cluster sign-flip p = [\d.]+, clustered by thread \(8 clusters\); 95% CI of the change/);
});

test("conversations: a Turn-level metric weighs each thread by its turns and says it is clustered by thread", async () => {
  const { conversationsSuite } = await import("../../src/suites/conversations/index.ts");
  const thread = (id: string, turns: number[], extra: Record<string, number> = {}) =>
    caseResult("chats", id, {
      "helpful@turn": turns.reduce((a, b) => a + b, 0) / turns.length,
      "helpful@turn|assistant|n": turns.length,
      "helpful@turn|assistant|sum": turns.reduce((a, b) => a + b, 0),
      "helpful@thread": turns[0]!,
      "helpful@thread|assistant|n": 1,
      ...extra,
    });
  const before = [thread("t1", [1, 1, 1, 1]), thread("t2", [1, 0]), thread("t3", [0.5, 0.5, 1]), thread("t4", [1])];
  const after = [thread("t1", [0, 0, 1, 1]), thread("t2", [1, 0]), thread("t3", [0.5, 1, 1]), thread("t4", [0.5])];
  // The suite pools the 10 turns: 8 of 10 before, 6 of 10 now.
  const pooled = (cases: typeof before, n: number) => cases.reduce((sum, c) => sum + c.metrics["helpful@turn|assistant|sum"]!, 0) / n;
  const make = (cases: typeof before) =>
    results({
      chats: suite({ "helpful@turn": metric(pooled(cases, 10), { n: 10 }), "helpful@thread": metric(0.875, { n: 4 }) }, cases, {
        kind: "conversations",
      }),
    });
  const verdict = evaluateGate(make(after), make(before), gate({ "min-score": 0 }), {
    clustering: (_suite, kind) => (kind === "conversations" ? conversationsSuite.clusters! : null),
  });
  const turnRow = verdict.suites[0]!.rows.find((row) => row.metric === "helpful@turn")!;
  assert.deepEqual(turnRow.noise!.clusters, { by: "thread", count: 4, needed: turnRow.noise!.casesNeeded });
  assert.ok(turnRow.noise!.signFlip, "scores in clusters of several turns: the sign-flip test");
  // Threads weigh by their turns, so the interval is of the pooled change the row shows (−0.2).
  assert.ok(turnRow.noise!.ciLow <= -0.2 + 1e-9 && turnRow.noise!.ciHigh >= -0.2 - 1e-9);
  assert.equal(Math.round(turnRow.delta! * 1e9) / 1e9, -0.2);
  // A Thread-level metric has one object per thread: its cases stand alone, as before.
  const threadRow = verdict.suites[0]!.rows.find((row) => row.metric === "helpful@thread")!;
  assert.equal(threadRow.noise?.clusters, undefined);
});
