// The merge step's checks on real files: which sets of results files are shards 1..N of one run.
import assert from "node:assert/strict";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { test } from "node:test";
import { loadConfig } from "../../src/config/load.ts";
import { writeJsonFile } from "../../src/engine/results-file.ts";
import { mergeShards, readShardHeader, ShardSetError, shardSetProblems, splitPatterns } from "../../src/github/shards.ts";
import type { Results } from "../../src/results/types.ts";
import { runCli, startEvalServer, writeSuite } from "../engine/helpers.ts";

test("shards written by the CLI merge; a foreign, partial or unreadable set is refused with every reason", async () => {
  const models = await startEvalServer();
  try {
    const { dir, config } = await writeSuite(models.url, 6);
    for (const shard of ["1/3", "2/3", "3/3"]) {
      const run = await runCli(["run", "-c", config, "--quiet", "--no-cache", "--shard", shard, "-o", `shards/s${shard[0]}.json`], {
        cwd: dir,
      });
      assert.ok(run.code === 0 || run.code === 1, run.stderr);
    }
    const { config: loaded } = await loadConfig(config);
    const merged = await mergeShards({ patterns: ["shards/*.json"], cwd: dir, config: loaded, out: path.join(dir, "out/merged.json") });
    assert.equal(merged.files.length, 3);
    assert.equal(merged.results.suites.qa!.cases.length, 6);
    assert.equal(merged.results.run.selection.shard, undefined);

    // The streamed layout is recognised from its header; a pretty-printed file is parsed whole.
    const header = await readShardHeader(path.join(dir, "shards/s2.json"));
    assert.deepEqual(header.run.selection.shard, { index: 2, total: 3 });
    const shard2 = JSON.parse(await readFile(path.join(dir, "shards/s2.json"), "utf8")) as Results;
    await writeJsonFile(path.join(dir, "pretty/s2.json"), shard2);
    assert.deepEqual((await readShardHeader(path.join(dir, "pretty/s2.json"))).run, header.run);

    const refused = async (patterns: string[]) => {
      const error = await mergeShards({ patterns, cwd: dir, config: loaded, out: path.join(dir, "out/x.json") }).catch((e) => e);
      assert.ok(error instanceof ShardSetError, String(error));
      return error.problems.join("\n");
    };
    // Another config and another selection: each said, with the files' names.
    const other = structuredClone(shard2);
    other.run.configHash = "ffffffffffffffff";
    other.run.selection = { ...other.run.selection, sample: 2 };
    await writeJsonFile(path.join(dir, "foreign/s2.json"), other);
    const foreign = await refused(["shards/s1.json", "foreign/s2.json", "shards/s3.json"]);
    assert.match(foreign, /was made from another config \(hash \w+, not ffffffffffffffff\)/);
    assert.match(foreign, /selected other cases .* than s2\.json/);
    // Not a shard at all, and a file that is not JSON.
    await runCli(["run", "-c", config, "--quiet", "--no-cache", "-o", "whole/results.json"], { cwd: dir });
    await mkdir(path.join(dir, "broken"), { recursive: true });
    await writeFile(path.join(dir, "broken/s3.json"), "{ not json");
    const mixed = await refused(["shards/s1.json", "whole/results.json", "broken/s3.json"]);
    assert.match(mixed, /results\.json is not a shard's results/);
    assert.match(mixed, /broken\/s3\.json: not JSON/);
    assert.match(mixed, /shard 2\/3 is missing/);
    assert.match(await refused(["broken/*.json"]), /not JSON/);
  } finally {
    await models.close();
  }
});

test("shardSetProblems: another N, and nothing at all", () => {
  const header = (file: string, index: number, total: number) =>
    ({ file, run: { configHash: "c", selection: { repeat: 1, shard: { index, total } } } }) as Parameters<typeof shardSetProblems>[0][0];
  assert.deepEqual(shardSetProblems([header("a", 1, 2), header("b", 2, 2)]), []);
  const problems = shardSetProblems([header("a", 1, 2), header("b", 2, 3)]);
  assert.ok(problems.some((p) => /b is shard 2\/3, not one of 2/.test(p)));
  assert.ok(problems.some((p) => /shard 2\/2 is missing/.test(p)));
  assert.match(shardSetProblems([])[0]!, /no shard results file matched/);
  // Dealt by other costs (the baseline moved between the shard jobs): some cases may be in no shard.
  const dealt = (file: string, index: number, balancedBy?: string) => {
    const h = header(file, index, 2);
    h.run.selection.shard = { index, total: 2, ...(balancedBy ? { balancedBy } : {}) };
    return h;
  };
  assert.deepEqual(shardSetProblems([dealt("a", 1, "k1"), dealt("b", 2, "k1")]), []);
  assert.deepEqual(shardSetProblems([dealt("a", 1, "k1"), dealt("b", 2, "k2")]), [
    "b dealt its cases by the baseline durations k2, a by the baseline durations k1: run the shards again from one baseline",
  ]);
  assert.match(
    shardSetProblems([dealt("a", 1, "k1"), dealt("b", 2)])[0]!,
    /b dealt its cases by their hash, a by the baseline durations k1/,
  );
  assert.deepEqual(splitPatterns(" a/*.json,\nb.json \n\n"), ["a/*.json", "b.json"]);
});
