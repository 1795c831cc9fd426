// Shards balanced by cost, with the real CLI against a scripted model server whose slow questions
// really are slow: the baseline's per-case durations deal the cases longest first, every case lands
// in exactly one shard, the merged verdict is the one hash-dealt shards give, and shards dealt by
// different costs are never merged as one run.
import assert from "node:assert/strict";
import { mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import { test } from "node:test";
import { inShard } from "../../src/engine/select.ts";
import { dealByCost, type ShardCosts, shardCostsOf, shardMembership } from "../../src/engine/shard-balance.ts";
import type { GateVerdict } from "../../src/gate/types.ts";
import type { Results } from "../../src/results/types.ts";
import { chatCompletion, startScriptedServer } from "../servers/scripted.ts";
import { isJudgeRequest, questionOf, runCli, writeSuite } from "./helpers.ts";

const costs = (entries: [string, number][]): ShardCosts => ({ costs: new Map(entries.map(([id, ms]) => [`qa\u0000${id}`, ms])), key: "k" });

test("the deal: longest first to the least-loaded shard, the same whatever the order, new cases by their hash", () => {
  const entries: [string, number][] = Array.from({ length: 200 }, (_, i) => [`case-${i}`, i % 10 === 0 ? 500 : 50 + (i % 7)]);
  const dealt = dealByCost(costs(entries), 4);
  assert.deepEqual(dealByCost(costs([...entries].reverse()), 4), dealt, "the deal does not depend on the baseline's case order");
  const loads = [0, 0, 0, 0];
  for (const [id, ms] of entries) loads[dealt.get(`qa\u0000${id}`)! - 1]! += ms;
  const mean = loads.reduce((a, b) => a + b) / 4;
  // The greedy bound: no shard ends more than the longest case past the mean.
  assert.ok(Math.max(...loads) <= mean + 500, `loads ${loads.join(", ")}`);
  assert.ok(Math.max(...loads) / mean < 1.05, `loads ${loads.join(", ")}`);
  // A case the baseline never measured goes where its hash puts it, in every shard's view.
  for (let index = 1; index <= 4; index++) {
    const member = shardMembership({ index, total: 4 }, costs(entries));
    assert.equal(member("qa", "brand-new"), inShard("qa", "brand-new", { index, total: 4 }));
    assert.equal(member("qa", "case-3"), dealt.get("qa\u0000case-3") === index);
  }
  // No durations in the baseline: no costs, so the hash.
  assert.equal(shardCostsOf(null, ["qa"]), null);
});

/** Every fifth question is ten times slower, at the agent and at the judge. */
async function skewedServer() {
  return startScriptedServer((request) => {
    const n = Number(questionOf(request.body).split(" ")[1]);
    const content = isJudgeRequest(request.body) ? `Fine.\nSCORE: ${n % 2 === 0 ? 3 : 1}` : `Answer to Question ${n}`;
    return { body: chatCompletion(content), delayMs: n % 5 === 0 ? 60 : 6 };
  });
}

async function runShards(dir: string, config: string, name: string, extra: string[]): Promise<Results[]> {
  const shards: Results[] = [];
  for (let index = 1; index <= 4; index++) {
    const file = `${name}/${index}.json`;
    const run = await runCli(["run", "-c", config, "--quiet", "--no-cache", "--shard", `${index}/4`, "-o", file, ...extra], { cwd: dir });
    assert.ok(run.code === 0 || run.code === 1, run.stderr);
    shards.push(JSON.parse(await readFile(path.join(dir, file), "utf8")) as Results);
  }
  return shards;
}

/** The gate's verdict without what differs between any two runs (timings). */
function verdictOf(results: Results) {
  const verdict = results.verdict as GateVerdict;
  return {
    verdict: verdict.verdict,
    failures: verdict.failures,
    suites: verdict.suites.map((suite) => ({
      status: suite.status,
      rows: suite.rows.filter((row) => row.unit !== "ms").map(({ metric, now, baseline, status }) => ({ metric, now, baseline, status })),
      changes: suite.changes.map((change) => `${change.caseId} ${change.kind}`),
    })),
  };
}

test("shards balanced by the baseline's durations: each case once, the slowest shard near the mean, the merged verdict unchanged", async () => {
  const server = await skewedServer();
  try {
    const { dir, config } = await writeSuite(server.url, 40);
    await mkdir(path.join(dir, "hash"));
    await mkdir(path.join(dir, "cost"));
    const base = await runCli(["run", "-c", config, "--quiet", "--no-cache", "-o", "base.json"], { cwd: dir });
    assert.equal(base.code, 0, base.stderr);
    const baseline = JSON.parse(await readFile(path.join(dir, "base.json"), "utf8")) as Results;
    const durations = new Map(baseline.suites.qa!.cases.map((c) => [c.caseId, c.latencyMs]));

    const hashed = await runShards(dir, config, "hash", []);
    const balanced = await runShards(dir, config, "cost", ["--baseline", "base.json"]);
    assert.ok(hashed.every((shard) => shard.run.selection.shard!.balancedBy === undefined));
    const keys = new Set(balanced.map((shard) => shard.run.selection.shard!.balancedBy));
    assert.equal(keys.size, 1, "every shard was dealt by the same costs");
    assert.match([...keys][0]!, /^[0-9a-f]{16}$/);
    assert.match(balanced[0]!.run.partial!.join(";"), /^shard 1\/4 \(balanced by the baseline's case durations\): \d+ of 40 cases$/);

    const ids = balanced.flatMap((shard) => shard.suites.qa?.cases ?? []).map((c) => c.caseId);
    assert.equal(ids.length, 40);
    assert.equal(new Set(ids).size, 40, "every case in exactly one shard");
    // Each shard's share of the baseline's time: within the longest case of the mean.
    const load = (shard: Results) => (shard.suites.qa?.cases ?? []).reduce((sum, c) => sum + durations.get(c.caseId)!, 0);
    const loads = balanced.map(load);
    const mean = loads.reduce((a, b) => a + b) / 4;
    assert.ok(Math.max(...loads) <= mean + Math.max(...durations.values()), `balanced loads ${loads.join(", ")}`);

    // Merged and gated against the baseline: the same verdict, dealt either way, as the unsharded run's.
    const files = (name: string) => [1, 2, 3, 4].map((index) => `${name}/${index}.json`);
    for (const name of ["hash", "cost"]) {
      const merged = await runCli(["merge", "-c", config, "-o", `${name}/merged.json`, ...files(name)], { cwd: dir });
      assert.equal(merged.code, 0, merged.stderr);
    }
    const gated = async (file: string) => {
      const run = await runCli(["compare", "-c", config, "--json", "base.json", file], { cwd: dir });
      assert.ok(run.code === 0 || run.code === 1, run.stderr);
      return verdictOf({ verdict: JSON.parse(run.stdout) } as Results);
    };
    const byCost = await gated("cost/merged.json");
    assert.deepEqual(byCost, await gated("hash/merged.json"));
    const whole = await runCli(["run", "-c", config, "--quiet", "--no-cache", "--baseline", "base.json", "-o", "whole.json"], { cwd: dir });
    assert.ok(whole.code === 0 || whole.code === 1, whole.stderr);
    assert.deepEqual(byCost, verdictOf(JSON.parse(await readFile(path.join(dir, "whole.json"), "utf8")) as Results));

    // Shards dealt by different costs split the cases differently: never one run.
    const mixed = await runCli(["merge", "-c", config, "-o", "mixed.json", "cost/1.json", "hash/2.json", "hash/3.json", "hash/4.json"], {
      cwd: dir,
    });
    assert.equal(mixed.code, 3, mixed.stderr);
    assert.match(mixed.stderr, /dealt its cases by their hash, cost\/1\.json by [0-9a-f]{16}.*run them again from one baseline/);
  } finally {
    await server.close();
  }
});
