// The streamed merge against the in-memory merge on the same shard files: same cases (details
// included), same order, same metrics; and pretty-printed or CRLF results files still merge.
import assert from "node:assert/strict";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { test } from "node:test";
import { loadConfig } from "../../src/config/load.ts";
import { kindsOfShards, mergeResults } from "../../src/engine/merge.ts";
import { mergeFiles } from "../../src/engine/merge-stream.ts";
import { readResultsFile } from "../../src/engine/results-file.ts";
import type { Results } from "../../src/results/types.ts";
import { runCli, startEvalServer, writeSuite } from "./helpers.ts";

test("merge: streaming the shard files gives what merging them in memory gives", async () => {
  const server = await startEvalServer();
  try {
    const { dir, config } = await writeSuite(server.url, 14);
    await mkdir(path.join(dir, "shards"));
    const files: string[] = [];
    for (const shard of ["1/3", "2/3", "3/3"]) {
      const file = path.join(dir, "shards", `${shard[0]}.json`);
      const result = await runCli(["run", "-c", config, "--quiet", "--no-cache", "--shard", shard, "-o", file], { cwd: dir });
      assert.ok(result.code === 0 || result.code === 1, result.stderr);
      files.push(file);
    }
    // One shard pretty-printed, as an older evalgate or a person might leave it: read whole.
    const pretty = JSON.parse(await readFile(files[2]!, "utf8")) as Results;
    await writeFile(files[2]!, JSON.stringify(pretty, null, 2));
    // One with Windows line ends (git autocrlf): byte offsets would be off, so it is read whole too.
    await writeFile(files[1]!, (await readFile(files[1]!, "utf8")).replaceAll("\n", "\r\n"));

    const { config: parsed } = await loadConfig(config);
    const shards = await Promise.all(files.map(async (file) => ({ file, results: await readResultsFile(file) })));
    const inMemory = mergeResults(shards, parsed, await kindsOfShards(shards));
    const out = path.join(dir, "merged.json");
    const streamed = await mergeFiles(files, parsed, out);
    const written = JSON.parse(await readFile(out, "utf8")) as Results;

    assert.equal(streamed.cases, 14);
    assert.deepEqual(written, JSON.parse(JSON.stringify(inMemory.results)));
    assert.ok(
      written.suites.qa!.cases.every((c) => c.details !== undefined),
      "details copied from the shards",
    );
    assert.deepEqual(streamed.warnings, inMemory.warnings);

    // The merged file is itself in the streamed layout: merging it again reads it line by line.
    const again = await mergeFiles([out], parsed, path.join(dir, "again.json"));
    assert.equal(again.cases, 14);
    assert.deepEqual(JSON.parse(await readFile(path.join(dir, "again.json"), "utf8")).suites, written.suites);
  } finally {
    await server.close();
  }
});
