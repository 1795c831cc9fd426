// Every problem of a config in one pass, through the real CLI: an unknown key in a suite no longer
// hides the suite's missing dataset, its models' unset key variables or a percentage where a 0..1
// value belongs; `validate` and `run` both name them all, each with file:line, and exit 2 before any
// request. A score or rate written as a percentage is refused with the value to write.
import assert from "node:assert/strict";
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { runCli } from "../engine/helpers.ts";

/** A config folder with evalgate.yml holding `text`. */
async function configFolder(text: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-one-pass-"));
  await mkdir(path.join(dir, ".git"));
  await writeFile(path.join(dir, "evalgate.yml"), text);
  return dir;
}

const THREE_PROBLEMS = `version: 1
models:
  assistant: { provider: openai, model: gpt-4.1-mini, api-key-env: EVALGATE_TEST_UNSET_KEY }
  judge: { provider: openai, model: gpt-4.1, api-key-env: EVALGATE_TEST_UNSET_KEY }
suites:
  helpfulness:
    kind: judged
    prompts: missing.csv
    agents: [assistant]
    judge: judge
    scael: "0-3"
gate:
  min-score: 80
`;

test("validate: an unknown key, a missing dataset, a percentage and an unset key variable, all named with file:line, exit 2", async () => {
  const dir = await configFolder(THREE_PROBLEMS);
  const result = await runCli(["validate", "-c", "evalgate.yml"], { cwd: dir, env: { EVALGATE_TEST_UNSET_KEY: "" } });
  assert.equal(result.code, 2, result.stderr);
  assert.match(result.stderr, /^error: evalgate\.yml:11:5: suites\.helpfulness\.scael: unknown key \(did you mean "scale"\?\)$/m);
  assert.match(result.stderr, /^error: evalgate\.yml:8: suites\.helpfulness\.prompts: "missing\.csv" does not exist/m);
  assert.match(result.stderr, /^error: evalgate\.yml:13:14: gate\.min-score: value must be at most 1, got 80 \(.*write 0\.8 for 80%\)$/m);
  assert.match(
    result.stderr,
    /^warning: evalgate\.yml:3: models\.assistant: .*EVALGATE_TEST_UNSET_KEY \(api-key-env\), which is not set$/m,
  );
});

test("run: the same problems together, the unset key variable an error, and nothing sent", async () => {
  const dir = await configFolder(THREE_PROBLEMS);
  const result = await runCli(["run", "-c", "evalgate.yml", "--no-cache"], { cwd: dir, env: { EVALGATE_TEST_UNSET_KEY: "" } });
  assert.equal(result.code, 2, result.stderr);
  for (const problem of [
    /scael: unknown key/,
    /"missing\.csv" does not exist/,
    /gate\.min-score: .*write 0\.8/,
    /^error: .*EVALGATE_TEST_UNSET_KEY/m,
  ])
    assert.match(result.stderr, problem);
});

test("a score or rate written as a percentage: each refused with the 0..1 value to write", async () => {
  const dir = await configFolder(`version: 1
models:
  judge: { provider: openai, model: gpt-4.1, api-key-env: EVALGATE_TEST_KEY }
suites: {}
gate:
  max-drop: 5
  max-error-rate: 2.5
  profiles:
    "release/*": { min-score: 75 }
`);
  const result = await runCli(["validate", "-c", "evalgate.yml"], { cwd: dir, env: { EVALGATE_TEST_KEY: "set" } });
  assert.equal(result.code, 2, result.stderr);
  assert.match(result.stderr, /evalgate\.yml:6:\d+: gate\.max-drop: value must be at most 1, got 5 \(.*write 0\.05 for 5%\)/);
  assert.match(result.stderr, /evalgate\.yml:7:\d+: gate\.max-error-rate: .*write 0\.025 for 2\.5%\)/);
  assert.match(result.stderr, /evalgate\.yml:9:\d+: gate\.profiles\.release\/\*\.min-score: .*write 0\.75 for 75%\)/);
});
