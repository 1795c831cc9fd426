// Nothing outlives the run, not even what leaves its process group: a worker that starts `setsid
// sleep` and a python3 double fork (a new session: no group kill reaches them), and a service that
// runs `setsid sleep`, through the real CLI. Whatever ends the run (a pass, a failed gate, exit 3,
// Ctrl-C, SIGTERM), no such process is left, and the model's log names each one it ended. Linux only
// (evalgate finds them by the mark in their environment, read from /proc).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { commandProject, until, workerCommand } from "../engine/command-project.ts";
import { runCli } from "../engine/helpers.ts";

const linux = process.platform === "linux";
const SERVICE = path.resolve(import.meta.dirname, "../fixtures/commands/service.mjs");
let serial = 0;

/** A sleep length no other test uses (`sleep 301.4042...`): how the escaped processes are recognised in `ps`. */
function uniqueSeconds(): string {
  return `${300 + (process.pid % 1000) / 1000}${String(++serial).padStart(3, "0")}`;
}

/** The processes still running whose command line holds `marker` (zombies left out: they have ended). */
function running(marker: string): string[] {
  const table = execFileSync("ps", ["-eo", "stat=,args="], { encoding: "utf8" });
  return table
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.includes(marker) && !line.startsWith("Z") && !line.includes("ps -eo"));
}

async function noneLeft(marker: string): Promise<string[]> {
  for (let tries = 0; tries < 20 && running(marker).length; tries++) await sleep(100);
  return running(marker);
}

const judge = (score = "3") => `  judge: { provider: command, command: ${workerCommand("--judge", "--score", score)} }`;

const cases: { name: string; code: number; agent: (seconds: string) => string; score?: string; signal?: NodeJS.Signals }[] = [
  { name: "a passing run (exit 0)", code: 0, agent: (s) => workerCommand("--escape", s) },
  { name: "a failed gate (exit 1)", code: 1, agent: (s) => workerCommand("--escape", s), score: "0" },
  { name: "a program that crashes on every request (exit 3)", code: 3, agent: (s) => workerCommand("--escape", s, "--crash-every", "1") },
  {
    name: "Ctrl-C (exit 130)",
    code: 130,
    agent: (s) => workerCommand("--escape", s, "--hang-on", "Question", "--requests-file", "requests.jsonl"),
    signal: "SIGINT",
  },
  {
    name: "SIGTERM (exit 130)",
    code: 130,
    agent: (s) => workerCommand("--escape", s, "--hang-on", "Question", "--requests-file", "requests.jsonl"),
    signal: "SIGTERM",
  },
];

for (const { name, code, agent, score, signal } of cases) {
  test(`escaped processes: after ${name}, no process that left a worker's group (setsid, a double fork) is left`, {
    skip: !linux && "Linux only",
  }, async () => {
    const seconds = uniqueSeconds();
    const project = await commandProject(
      4,
      `  agent: { provider: command, command: ${agent(seconds)}, retry-backoff: 1ms }\n${judge(score)}`,
    );
    const run = runCli(["run", "-c", project.config, "--quiet"], { cwd: project.dir });
    if (signal) {
      // Every worker escaped (a worker reads its first request once its double fork is done) before the run is interrupted.
      const requests = () => readFile(path.join(project.dir, "requests.jsonl"), "utf8").catch(() => "");
      await until(async () => (await requests()).split("\n").length > 4, 20_000, "a request at each worker");
      run.child.kill(signal);
    }
    const result = await run;
    assert.equal(result.code, code, result.stdout + result.stderr);
    assert.deepEqual(await noneLeft(seconds), [], "nothing the worker started outlives the run");
    const log = await project.log("agent");
    assert.match(log, new RegExp(`worker \\d+: pid \\d+ \\(sleep ${seconds.replace(".", "\\.")}\\) left its process group`), log);
    assert.match(log, /worker \d+: pid \d+ \(\S*python3 -c .*\) left its process group and still ran when the run ended: ended/, log);
  });
}

test("escaped processes: a service that starts `setsid sleep` leaves nothing behind, and its log names it", {
  skip: !linux && "Linux only",
}, async () => {
  const seconds = uniqueSeconds();
  const command = JSON.stringify([process.execPath, SERVICE, "--escape", seconds]);
  const agent = `  agent:
    provider: openai
    base-url: http://127.0.0.1:{{port}}/v1
    model: agent-model
    start: { command: ${command}, ready: "http://127.0.0.1:{{port}}/health", timeout: 10s }`;
  const project = await commandProject(2, `${agent}\n${judge()}`);
  const result = await runCli(["run", "-c", project.config, "--quiet"], { cwd: project.dir });
  assert.equal(result.code, 0, result.stdout + result.stderr);
  assert.deepEqual(await noneLeft(seconds), []);
  assert.match(
    await project.log("agent"),
    /service: pid \d+ \(sleep [\d.]+\) left its process group and still ran when the run ended: ended/,
  );
});
