// The CLI's conventions through the real process: a typo gets a suggestion, no command is a usage
// error, colour follows FORCE_COLOR / NO_COLOR, and `validate` reports every kind of problem at once.
import assert from "node:assert/strict";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { runCli } from "../engine/helpers.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const RESULTS = path.join(ROOT, "test/fixtures/results");
const ANSI = /\u001b\[/;

test("a mistyped command or flag exits 2 with the nearest one suggested", async () => {
  const command = await runCli(["runn"], { cwd: ROOT });
  assert.equal(command.code, 2);
  assert.match(command.stderr, /unknown command "runn"; did you mean "run"\?/);

  const flag = await runCli(["run", "--concurency", "3"], { cwd: ROOT });
  assert.equal(flag.code, 2);
  assert.match(flag.stderr, /unknown option "--concurency"; did you mean "--concurrency"\?/);

  const unlike = await runCli(["validate", "--zzzzzz"], { cwd: ROOT });
  assert.equal(unlike.code, 2);
  assert.match(unlike.stderr, /unknown option "--zzzzzz"\n/);
});

test("evalgate with no command prints the help on stderr and exits 2", async () => {
  const bare = await runCli([], { cwd: ROOT });
  assert.equal(bare.code, 2);
  assert.equal(bare.stdout, "");
  assert.match(bare.stderr, /^evalgate .*\n\nUsage: evalgate <command> \[options\]/);

  const help = await runCli(["--help"], { cwd: ROOT });
  assert.equal(help.code, 0);
  assert.match(help.stdout, /Usage: evalgate <command>/);
});

test("colour: FORCE_COLOR turns it on without a terminal, FORCE_COLOR=0 and NO_COLOR turn it off", async () => {
  const report = (env: Record<string, string>) => runCli(["report", path.join(RESULTS, "demo.json")], { cwd: ROOT, env });
  const forced = await report({ FORCE_COLOR: "1" });
  assert.equal(forced.code, 0, forced.stderr);
  assert.match(forced.stdout, ANSI);
  assert.doesNotMatch((await report({})).stdout, ANSI, "a pipe is no terminal: no colour by default");
  assert.doesNotMatch((await report({ FORCE_COLOR: "0" })).stdout, ANSI);
  assert.doesNotMatch((await report({ NO_COLOR: "1" })).stdout, ANSI);
});

test("validate reports a missing file, a bad eval file and a missing secret in one run", async () => {
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-validate-all-"));
  await writeFile(path.join(dir, "bad.csv"), "question,answer\nwhat?,this\n");
  await writeFile(
    path.join(dir, "evalgate.yml"),
    `version: 1
models:
  agent: { provider: openai, base-url: "http://127.0.0.1:9/v1", model: a, api-key-env: EVALGATE_TEST_UNSET_KEY }
  judge: { provider: openai, base-url: "http://127.0.0.1:9/v1", model: j }
suites:
  missing: { kind: judged, prompts: nowhere.csv, agents: [agent], judge: judge }
  malformed: { kind: judged, prompts: bad.csv, agents: [agent], judge: judge }
`,
  );
  const result = await runCli(["validate", "-c", "evalgate.yml"], { cwd: dir, env: { EVALGATE_TEST_UNSET_KEY: "" } });
  assert.equal(result.code, 2, result.stderr);
  assert.match(result.stderr, /suites\.missing\.prompts: "nowhere\.csv" does not exist/);
  assert.match(result.stderr, /bad\.csv/);
  assert.match(result.stderr, /EVALGATE_TEST_UNSET_KEY/);
  assert.doesNotMatch(result.stderr, /\n\s+at /, "no stack trace");
});
