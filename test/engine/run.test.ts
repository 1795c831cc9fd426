import assert from "node:assert/strict";
import { mkdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { test } from "node:test";
import type { Results } from "../../src/results/types.ts";
import { isJudgeRequest, questionOf, runCli, startEvalServer, writeSuite } from "./helpers.ts";

test("run: results.json has every case in file order, metrics and counts; exit code follows the gate", async () => {
  const server = await startEvalServer();
  try {
    const { dir, config } = await writeSuite(server.url, 6);
    const result = await runCli(["run", "-c", config, "--quiet"], { cwd: dir });
    assert.equal(result.code, 0, result.stderr);
    const results = JSON.parse(await readFile(path.join(dir, "out", "results.json"), "utf8")) as Results;
    const suite = results.suites.qa!;
    assert.deepEqual(suite.counts, { cases: 6, scored: 6, errors: 0 });
    // Even questions score 3/3, odd ones 1/3: mean normalized score (3 x 1 + 3 x 1/3) / 6 = 2/3.
    assert.ok(Math.abs(suite.metrics.score!.value! - 2 / 3) < 1e-9);
    assert.equal(suite.metrics.score!.n, 6);
    assert.deepEqual(
      suite.cases.map((c) => c.source.line),
      [2, 3, 4, 5, 6, 7],
    );
    assert.equal(server.requests.length, 12);
    assert.equal(results.run.requests, 12);
    assert.equal(results.verdict !== undefined, true);
    assert.match(result.stdout, /results: /);

    // The same run gated with a min-score it cannot reach fails with exit code 1.
    const strict = await readFile(config, "utf8");
    await writeFile(config, strict.replace("min-score: 0.5", "min-score: 0.9"));
    const failed = await runCli(["run", "-c", config, "--quiet"], { cwd: dir });
    assert.equal(failed.code, 1, failed.stderr);
  } finally {
    await server.close();
  }
});

test("run: --dry-run sends nothing; a bad config exits 2 naming file, line and field", async () => {
  const server = await startEvalServer();
  try {
    const { dir, config } = await writeSuite(server.url, 3);
    const dry = await runCli(["run", "-c", config, "--dry-run"], { cwd: dir });
    assert.equal(dry.code, 0, dry.stderr);
    assert.match(dry.stdout, /qa \(judged\): 3 cases/);
    assert.equal(server.requests.length, 0);

    await writeFile(config, (await readFile(config, "utf8")).replace("judge-runs: 1", "judge-runs: 0"));
    const bad = await runCli(["run", "-c", config], { cwd: dir });
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /evalgate\.yml:8:88: suites\.qa\.judge-runs: value must be at least 1, got 0/);
    assert.equal(server.requests.length, 0);
  } finally {
    await server.close();
  }
});

test("run: a missing API key variable fails before any request", async () => {
  const server = await startEvalServer();
  try {
    const { dir, config } = await writeSuite(server.url, 2);
    await writeFile(
      config,
      (await readFile(config, "utf8")).replace("model: judge-model,", "model: judge-model, api-key-env: EVALGATE_TEST_MISSING_KEY,"),
    );
    const result = await runCli(["run", "-c", config], { cwd: dir });
    assert.equal(result.code, 2);
    assert.match(result.stderr, /EVALGATE_TEST_MISSING_KEY/);
    assert.equal(server.requests.length, 0);
  } finally {
    await server.close();
  }
});

test("resume: a killed run loses no finished case and the rerun does not repeat them", async () => {
  const server = await startEvalServer({ delayMs: 40 });
  try {
    const { dir, config } = await writeSuite(server.url, 12);
    await writeFile(config, (await readFile(config, "utf8")).replace("concurrency: 4", "concurrency: 1"));
    const first = runCli(["run", "-c", config, "--quiet"], { cwd: dir });
    // Wait until the journal holds at least 4 finished cases, then kill the process outright.
    const journalDir = path.join(dir, "out", "runs");
    let journal = "";
    for (let i = 0; i < 400; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      const file = await findJournal(journalDir);
      if (!file) continue;
      journal = file;
      const lines = (await readFile(file, "utf8")).split("\n").filter(Boolean);
      if (lines.length >= 5) break;
    }
    first.child.kill("SIGKILL");
    await first;
    const finishedBefore = (await readFile(journal, "utf8")).split("\n").filter(Boolean).length - 1;
    assert.ok(finishedBefore >= 4 && finishedBefore < 12, `finished before the kill: ${finishedBefore}`);
    const answeredBefore = new Set(
      JSON.parse(`[${(await readFile(journal, "utf8")).split("\n").filter(Boolean).slice(1).join(",")}]`).map(
        (c: { title: string }) => /Question \d+/.exec(c.title)?.[0],
      ),
    );

    const requestsBefore = server.requests.length;
    const second = await runCli(["run", "-c", config, "--quiet", "--resume"], { cwd: dir });
    assert.equal(second.code, 0, second.stderr);
    const agentQuestionsAfter = server.requests
      .slice(requestsBefore)
      .filter((r) => !isJudgeRequest(r.body))
      .map((r) => questionOf(r.body));
    for (const question of agentQuestionsAfter) assert.ok(!answeredBefore.has(question), `${question} was answered again`);
    assert.equal(agentQuestionsAfter.length, 12 - finishedBefore);

    const results = JSON.parse(await readFile(path.join(dir, "out", "results.json"), "utf8")) as Results;
    assert.equal(results.suites.qa!.counts.scored, 12);
    assert.equal(results.run.resumedCases, finishedBefore);
  } finally {
    await server.close();
  }
});

test("shards: --shard 1/3, 2/3 and 3/3 cover every case once; merged they equal the unsharded run", async () => {
  const server = await startEvalServer();
  try {
    const { dir, config } = await writeSuite(server.url, 12);
    await mkdir(path.join(dir, "shards"));
    const whole = await runCli(["run", "-c", config, "--quiet", "--no-cache", "-o", "shards/whole.json"], { cwd: dir });
    assert.equal(whole.code, 0, whole.stderr);
    const shardFiles = ["shards/1.json", "shards/2.json", "shards/3.json"];
    for (const [index, file] of shardFiles.entries()) {
      const result = await runCli(["run", "-c", config, "--quiet", "--no-cache", "--shard", `${index + 1}/3`, "-o", file], { cwd: dir });
      assert.ok(result.code === 0 || result.code === 1, result.stderr);
    }
    const shards = await Promise.all(shardFiles.map(async (file) => JSON.parse(await readFile(path.join(dir, file), "utf8")) as Results));
    const ids = shards.flatMap((shard) => shard.suites.qa?.cases ?? []).map((c) => c.caseId);
    assert.equal(ids.length, 12);
    assert.equal(new Set(ids).size, 12);
    assert.ok(shards.every((shard) => (shard.suites.qa?.cases.length ?? 0) > 0));

    const merged = await runCli(["merge", "-c", config, "-o", "shards/merged.json", ...shardFiles], { cwd: dir });
    assert.equal(merged.code, 0, merged.stderr);
    const mergedResults = JSON.parse(await readFile(path.join(dir, "shards", "merged.json"), "utf8")) as Results;
    const wholeResults = JSON.parse(await readFile(path.join(dir, "shards", "whole.json"), "utf8")) as Results;
    assert.equal(mergedResults.run.mergedFrom, 3);
    // Each shard is a partial run; all shards merged are the whole run again.
    assert.match(shards[0]!.run.partial!.join(";"), /^shard 1\/3: \d+ of 12 cases$/);
    assert.equal(mergedResults.run.partial, undefined);
    // The same file apart from what differs between any two runs (ids, times, durations), and the
    // verdict, which `run` adds and `merge` leaves to the gate that follows.
    const { mergedFrom: _mergedFrom, ...mergedRun } = mergedResults.run;
    const { verdict: _verdict, ...wholeWithoutVerdict } = wholeResults;
    assert.deepEqual(withoutTimes({ ...mergedResults, run: mergedRun }), withoutTimes(wholeWithoutVerdict));
    assert.ok((mergedResults.run.tokens?.byModel["judge"]?.input ?? 0) > 0, "each model's tokens, summed over the shards");

    // Merging a shard twice is refused: the cases would count double.
    const twice = await runCli(["merge", "-c", config, "-o", "shards/bad.json", "shards/1.json", "shards/1.json"], { cwd: dir });
    assert.equal(twice.code, 3);
    assert.match(twice.stderr, /is in both/);
  } finally {
    await server.close();
  }
});

/** A results file with its run id, times and durations (timing metrics included) masked. */
function withoutTimes(results: Results): unknown {
  return JSON.parse(
    JSON.stringify(results, (key, value) =>
      /^(id|startedAt|finishedAt)$/.test(key) || /duration|latency/i.test(key) ? "(masked)" : value,
    ),
  );
}

async function findJournal(dir: string): Promise<string | undefined> {
  const { readdir } = await import("node:fs/promises");
  try {
    for (const run of await readdir(dir)) {
      const file = path.join(dir, run, "journal.jsonl");
      if (
        await stat(file).then(
          () => true,
          () => false,
        )
      )
        return file;
    }
  } catch {
    return undefined;
  }
  return undefined;
}
