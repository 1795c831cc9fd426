// The programmatic API (src/index.ts, built into dist/api.js): the CLI's commands as functions that
// return data, against a scripted OpenAI-compatible server on 127.0.0.1.
import assert from "node:assert/strict";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { test } from "node:test";
import { gateConfig } from "../src/config/schema.ts";
import { ConfigError, compare, merge, run, validate } from "../src/index.ts";
import { startEvalServer, writeSuite } from "./engine/helpers.ts";

test("api: validate reads the suite without a request; a bad config throws ConfigError with line and field", async () => {
  const server = await startEvalServer();
  try {
    const { config } = await writeSuite(server.url, 4);
    const report = await validate(config, {});
    assert.deepEqual(report.suites, [{ name: "qa", kind: "judged", cases: 4, warnings: [] }]);
    assert.equal(server.requests.length, 0);

    await writeFile(config, (await readFile(config, "utf8")).replace("judge-runs: 1", "judge-runs: 0"));
    const error = await validate(config, {}).then(
      () => assert.fail("validate accepted judge-runs: 0"),
      (thrown: unknown) => thrown,
    );
    assert.ok(error instanceof ConfigError);
    assert.equal(error.problems[0]!.line, 8);
    assert.equal(error.problems[0]!.field, "suites.qa.judge-runs");
  } finally {
    await server.close();
  }
});

test("api: run, then merge two shards into the unsharded run's metrics, then compare", async () => {
  const server = await startEvalServer();
  try {
    const { dir, config } = await writeSuite(server.url, 6);
    // outDir: the journal and cache stay in the temp folder (outside a git repository the root is the cwd).
    const options = { configPath: config, env: {}, progress: "none" as const, outDir: path.join(dir, "out") };
    const whole = await run({ ...options, selection: { repeat: 1 }, resultsPath: path.join(dir, "whole.json") });
    assert.deepEqual(whole.results.suites.qa!.counts, { cases: 6, scored: 6, errors: 0 });
    // Even questions score 3/3, odd ones 1/3: (3 x 1 + 3 x 1/3) / 6 = 2/3.
    assert.ok(Math.abs(whole.results.suites.qa!.metrics.score!.value! - 2 / 3) < 1e-9);

    const shards = [];
    for (const index of [1, 2]) {
      const resultsPath = path.join(dir, `shard-${index}.json`);
      await run({ ...options, selection: { repeat: 1, shard: { index, total: 2 } }, resultsPath });
      shards.push(resultsPath);
    }
    const { results: merged } = await merge(shards, { configPath: config });
    assert.equal(merged.suites.qa!.cases.length, 6);
    assert.equal(merged.suites.qa!.metrics.score!.value, whole.results.suites.qa!.metrics.score!.value);

    // The merged file against the whole run: nothing moved, so the suite's gate (min-score 0.5) passes.
    const same = await compare(path.join(dir, "whole.json"), merged, { configPath: config });
    assert.equal(same.verdict, "pass");
    // A stricter gate given directly fails on the same numbers, naming the metric.
    const strict = await compare(whole.results, merged, { configPath: config, gate: gateConfig.parse({ "min-score": 0.9 }) });
    assert.equal(strict.verdict, "fail");
    assert.ok(
      strict.failures.some((line) => line.startsWith("qa: score")),
      strict.failures.join("\n"),
    );
  } finally {
    await server.close();
  }
});
