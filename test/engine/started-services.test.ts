// Services under `start:` through the real CLI, with real child processes (test/fixtures/commands/
// service.mjs): started once before the model's first request and shared by every suite, on a free
// port given as {{port}} and PORT; a service that never gets ready, or exits first, stops the run
// (exit 3, within its timeout and 2 s, its log's end shown); `validate` starts nothing; and no
// process of its group outlives the run.
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { test } from "node:test";
import type { Results } from "../../src/results/types.ts";
import { commandProject, startedGroups, survivors, until, workerCommand } from "./command-project.ts";
import { runCli } from "./helpers.ts";

const SERVICE = path.resolve(import.meta.dirname, "../fixtures/commands/service.mjs");
const judge = `  judge: { provider: command, command: ${workerCommand("--judge")} }`;

/** The agent as an OpenAI-compatible model on the service `start:` runs with `flags`. */
function serviceAgent(flags: string[], start = "timeout: 10s"): string {
  const command = JSON.stringify([process.execPath, SERVICE, ...flags]);
  return `  agent:
    provider: openai
    base-url: http://127.0.0.1:{{port}}/v1
    model: agent-model
    retry-backoff: 1ms
    start: { command: ${command}, ready: "http://127.0.0.1:{{port}}/health", ${start} }`;
}

test("start: a service is started once, on a free port, for every suite that calls its model, and stopped with the run", async () => {
  const project = await commandProject(6, "");
  const started = path.join(project.dir, "started.txt");
  const text = await readFile(project.config, "utf8");
  await writeFile(
    project.config,
    text
      .replace("models:\n", `models:\n${serviceAgent(["--unready-probes", "2", "--started-file", started])}\n${judge}\n`)
      .replace(
        /( {2}qa: .*)\n/,
        "$1\n  qa-again: { kind: judged, prompts: prompts.csv, agents: [agent], judge: judge, judge-runs: 1, scale: 0-3 }\n",
      ),
  );
  const run = await runCli(["run", "-c", project.config, "--quiet"], { cwd: project.dir });
  assert.equal(run.code, 0, run.stdout + run.stderr);
  const results = JSON.parse(await readFile(path.join(project.dir, "out", "results.json"), "utf8")) as Results;
  assert.equal(results.suites.qa!.counts.scored, 6);
  assert.equal(results.suites["qa-again"]!.counts.scored, 6);
  const starts = (await readFile(started, "utf8")).trim().split("\n");
  assert.equal(starts.length, 1, "one start for both suites");
  assert.match(starts[0]!, /^started on \d+$/, "the port came as PORT");
  const log = await project.log("agent");
  assert.match(log, /\[service\] health: booting\.\.\.\n[\s\S]*\[service\] health: ready/, "ready was polled until it answered 2xx");
  assert.match(log, /\[evalgate\] service \(pid \d+\) was killed by SIGTERM/);
  assert.deepEqual(await survivors(startedGroups(log)), []);
});

for (const [how, flags] of [
  ["", ["--never-ready"]],
  // Probes of 400 ms: the last one is usually cut short by the timeout, and says nothing of the service.
  [", its health answering slowly", ["--never-ready", "--health-delay", "400"]],
] as const)
  test(`start: a service that never gets ready${how} stops the run with exit 3 within its timeout and 2 s, its log's end shown`, async () => {
    const project = await commandProject(3, `${serviceAgent([...flags], "timeout: 2s")}\n${judge}`);
    const run = runCli(["run", "-c", project.config], { cwd: project.dir });
    await until(async () => (await project.log("agent").catch(() => "")).includes("started"), 30_000, "the service's start");
    const startedAt = Date.now();
    const result = await run;
    const tookMs = Date.now() - startedAt;
    assert.equal(result.code, 3, result.stdout + result.stderr);
    assert.ok(tookMs < 2000 + 2000, `exit ${tookMs} ms after the service started`);
    const output = result.stdout + result.stderr;
    assert.match(
      output,
      /model "agent" stopped: service `.+` was not ready within 2s \(http:\/\/127\.0\.0\.1:\d+\/health: answered HTTP 503\)/,
    );
    assert.match(output, /out\/logs\/agent\.log ends: .*"health: booting\.\.\."/);
    assert.deepEqual(await survivors(startedGroups(await project.log("agent"))), []);
  });

test("start: a service that exits before it is ready fails at once with its exit code and its log's end", async () => {
  const project = await commandProject(3, `${serviceAgent(["--exit-code", "4"], "timeout: 60s")}\n${judge}`);
  const result = await runCli(["run", "-c", project.config], { cwd: project.dir });
  assert.equal(result.code, 3, result.stdout + result.stderr);
  assert.match(
    result.stdout,
    /service `.+` exited with code 4 before it was ready .*; out\/logs\/agent\.log ends: "Error: address already in use 127\.0\.0\.1:8000"/,
  );
  assert.match(result.stdout, /\d+ ms|\d+(\.\d+)?s/);
});

test("start: validate checks the keys and starts nothing; {{port}} without start: is bad input", async () => {
  const project = await commandProject(3, "");
  const marker = path.join(project.dir, "marker");
  const text = await readFile(project.config, "utf8");
  const startWould = `  agent: { provider: openai, base-url: "http://127.0.0.1:{{port}}/v1", model: a, start: { command: "touch ${marker}", ready: "http://127.0.0.1:{{port}}/h" } }`;
  await writeFile(project.config, text.replace("models:\n", `models:\n${startWould}\n${judge}\n`));
  const valid = await runCli(["validate", "-c", project.config], { cwd: project.dir });
  assert.equal(valid.code, 0, valid.stdout + valid.stderr);
  assert.ok(!existsSync(marker), "validate started nothing");

  await writeFile(
    project.config,
    text.replace(
      "models:\n",
      `models:\n  agent: { provider: openai, base-url: "http://127.0.0.1:{{port}}/v1", model: a, start: { command: x, ready: "localhost/health", timeout: soon } }\n  judge: { provider: http, url: "http://127.0.0.1:{{port}}/judge" }\n`,
    ),
  );
  const invalid = await runCli(["validate", "-c", project.config], { cwd: project.dir });
  assert.equal(invalid.code, 2, invalid.stdout + invalid.stderr);
  assert.match(invalid.stderr, /evalgate\.yml:5:\d+: models\.agent\.start\.ready: .*http:\/\/ or https:\/\/ URL/);
  assert.match(invalid.stderr, /evalgate\.yml:5:\d+: models\.agent\.start\.timeout: /);
  assert.match(invalid.stderr, /evalgate\.yml:6:\d+: models\.judge\.url: uses \{\{port\}\}, the port of a service the model starts/);
});
