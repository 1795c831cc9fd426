// The system under test never sees the judge's or another model's key, nor the runner's tokens: a
// command target and a service under `start:` print the variables they were given, through the real
// CLI. They get evalgate's environment less the other models' secret variables and the runner's
// ACTIONS_*, INPUT_* and GitHub tokens, plus their `env:`; `pass-env` passes one back; results.json
// and the console name what was withheld (names only).
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${VAR} references in configs under test
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { test } from "node:test";
import { commandProject } from "../engine/command-project.ts";
import { runCli } from "../engine/helpers.ts";

const PRINTER = path.resolve(import.meta.dirname, "../fixtures/commands/env-printer.mjs");

const ENV = {
  JUDGE_KEY: "judge-key-4f9a7c21",
  SIM_KEY: "simulator-key-88d1e0",
  ACTIONS_RUNTIME_TOKEN: "runtime-token-51c2",
  ACTIONS_ID_TOKEN_REQUEST_TOKEN: "oidc-token-7e19",
  "INPUT_GITHUB-TOKEN": "ghs_inputtoken0001",
  GITHUB_TOKEN: "ghs_workflowtoken02",
  GH_TOKEN: "ghs_passedtoken0003",
  PLAIN_SETTING: "plain-value",
};
const PRINT_ENV = [...Object.keys(ENV), "AGENT_TOKEN", "JUDGE_TOKEN"].join(",");
const WITHHELD = ["ACTIONS_ID_TOKEN_REQUEST_TOKEN", "ACTIONS_RUNTIME_TOKEN", "GITHUB_TOKEN", "INPUT_GITHUB-TOKEN", "JUDGE_KEY", "SIM_KEY"];

const judge = `  judge: { provider: command, command: ${JSON.stringify([process.execPath, PRINTER, "worker.mjs", "--judge"])}, env: { JUDGE_TOKEN: "\${JUDGE_KEY}" } }`;
// A model of the config that this run does not call: its key is withheld all the same.
const simulator = "  simulator: { provider: openai, base-url: http://127.0.0.1:9/v1, model: sim, api-key-env: SIM_KEY }";

async function runAndRead(agent: string) {
  const project = await commandProject(2, `${agent}\n${judge}\n${simulator}`);
  const run = await runCli(["run", "-c", project.config], { cwd: project.dir, env: { ...ENV, PRINT_ENV } });
  assert.ok(run.code === 0 || run.code === 1, run.stdout + run.stderr);
  const results = JSON.parse(await readFile(path.join(project.dir, "out", "results.json"), "utf8"));
  return { run, results, agentLog: await project.log("agent"), judgeLog: await project.log("judge") };
}

function assertWithheld(log: string, withheld: string[]): void {
  for (const name of withheld) assert.match(log, new RegExp(`env ${name} unset`), `${name} was withheld:\n${log}`);
  for (const value of Object.values(ENV).filter((_, i) => withheld.includes(Object.keys(ENV)[i]!)))
    assert.ok(!log.includes(value), `the value of a withheld variable is not in the log:\n${log}`);
}

test("environment: a command target gets neither the judge's nor another model's key nor the runner's tokens; pass-env passes one", async () => {
  const command = JSON.stringify([process.execPath, PRINTER, "worker.mjs"]);
  const agent = `  agent: { provider: command, command: ${command}, env: { AGENT_TOKEN: "own-value" }, pass-env: [GH_TOKEN] }`;
  const { run, results, agentLog, judgeLog } = await runAndRead(agent);
  assertWithheld(agentLog, WITHHELD);
  assert.match(agentLog, /env GH_TOKEN=ghs_passedtoken0003/, "pass-env passes a runner token on");
  assert.match(agentLog, /env PLAIN_SETTING=plain-value/, "an ordinary variable is inherited");
  assert.match(agentLog, /env AGENT_TOKEN=own-value/, "its own env: is added");
  // The judge keeps its own key (through its env:), and sees neither the simulator's nor the runner's.
  assert.match(judgeLog, /env JUDGE_TOKEN=\*\*\*/);
  assertWithheld(judgeLog, ["SIM_KEY", "GITHUB_TOKEN", "GH_TOKEN", "ACTIONS_RUNTIME_TOKEN"]);
  const notes: string[] = results.run.notes ?? [];
  const agentNote = notes.find((note) => note.startsWith('model "agent"'));
  assert.ok(agentNote, `results.json names what the agent was not given: ${JSON.stringify(notes)}`);
  for (const name of WITHHELD) assert.ok(agentNote.includes(name), `${name} in ${agentNote}`);
  assert.ok(!agentNote.includes("GH_TOKEN"), "a passed variable is not named as withheld");
  assert.match(run.stdout + run.stderr, /model "agent"'s processes were not given/, "the console says it too");
});

test("environment: a service under start: gets neither the judge's key nor the runner's tokens", async () => {
  const command = JSON.stringify([process.execPath, PRINTER, "service.mjs"]);
  const agent = `  agent:
    provider: openai
    base-url: http://127.0.0.1:{{port}}/v1
    model: agent-model
    start: { command: ${command}, ready: "http://127.0.0.1:{{port}}/health", timeout: 10s }`;
  const { results, agentLog } = await runAndRead(agent);
  assertWithheld(agentLog, [...WITHHELD, "GH_TOKEN"]);
  assert.match(agentLog, /env PLAIN_SETTING=plain-value/);
  assert.ok((results.run.notes ?? []).some((note: string) => note.startsWith('model "agent"') && note.includes("JUDGE_KEY")));
});
