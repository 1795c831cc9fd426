// `evalgate validate` (and `run`, and the action) sees everything in one pass: a newcomer fixing one
// problem at a time is the failure mode. One config with a problem of every kind, each in its own
// place — a value the schema refuses, a model nobody defined, a prompts file that does not exist, a
// dataset glob that matches nothing, a secret that is not set, an http body placeholder no request
// fills — is refused with all of them listed, file:line and field each, exit 2, nothing sent. A suite
// with a refused value is still read without it (suite qa's template use is checked too).
import assert from "node:assert/strict";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { runCli } from "../engine/helpers.ts";
import { runActionStep } from "../github/action-step.ts";
import { startScriptedServer } from "../servers/scripted.ts";

async function brokenProject(url: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-one-pass-"));
  await writeFile(path.join(dir, "prompts.csv"), 'prompt,judge_prompt\n"Hi?","Greets back."\n');
  await writeFile(
    path.join(dir, "evalgate.yml"),
    `version: 1
models:
  bot: { provider: http, url: "${url}/chat", body: { q: "{{prompt}}", session: "{{vars.nope}}" }, reply-path: reply }
  judge: { provider: openai, base-url: "${url}/v1", model: gpt-4o-mini, api-key-env: EVALGATE_ONE_PASS_KEY }
suites:
  qa: { kind: judged, prompts: prompts.csv, agents: [bot], judge: judge, judge-runs: "three" }
  other: { kind: judged, prompts: missing.csv, agents: [bot, ghost], judge: judge }
  threads: { kind: conversations, dataset: "threads/*.jsonl", metrics: { function: [{ name: string_length, level: Message }] } }
`,
  );
  await import("node:fs/promises").then((fs) => fs.mkdir(path.join(dir, "threads")));
  return dir;
}

/** Each problem, as the CLI prints it: `error: file:line[:col]: field: message`. */
const EXPECTED: [string, RegExp][] = [
  ["schema", /error: evalgate\.yml:6:\d+: suites\.qa\.judge-runs: expected number, got "three"/],
  ["unknown model", /error: evalgate\.yml:7:\d+: suites\.other\.agents\[1\]: unknown model "ghost"/],
  ["missing file", /error: evalgate\.yml:7: suites\.other\.prompts: "missing\.csv" does not exist/],
  ["glob matching nothing", /error: evalgate\.yml:8: suites\.threads\.dataset: no file matches threads\/\*\.jsonl/],
  ["unset secret", /error: evalgate\.yml:4: models\.judge: model "judge" needs the environment variable EVALGATE_ONE_PASS_KEY/],
  [
    "unfillable placeholder",
    /error: evalgate\.yml:3: models\.bot\.body\.session: \{\{vars\.nope\}\} is filled by no request to model "bot": suite "qa" sends its agent the vars prompt, run; suite "other" sends its agent the vars prompt, run/,
  ],
];

function assertEveryProblem(output: string) {
  for (const [what, pattern] of EXPECTED) assert.match(output, pattern, `${what} is listed\n${output}`);
}

test("validate: every problem of the config, its files, its secrets and its templates in one pass, exit 2", async () => {
  const server = await startScriptedServer(() => ({ status: 500 }));
  try {
    const dir = await brokenProject(server.url);
    const env = { EVALGATE_ONE_PASS_KEY: "" };
    // --strict: an unset key is an error, as it is for `run`; plain validate lists it among the rest as a warning.
    const validated = await runCli(["validate", "--strict", "-c", "evalgate.yml"], { cwd: dir, env });
    assert.equal(validated.code, 2, validated.stdout + validated.stderr);
    assertEveryProblem(validated.stderr);
    const plain = await runCli(["validate", "-c", "evalgate.yml"], { cwd: dir, env });
    assert.equal(plain.code, 2, plain.stdout + plain.stderr);
    assert.match(
      plain.stderr,
      /warning: evalgate\.yml:4: models\.judge: model "judge" needs the environment variable EVALGATE_ONE_PASS_KEY/,
    );
    assert.doesNotMatch(validated.stderr, / {4}at |Error:/, "no stack trace");

    // run: the same problems, before any request.
    const run = await runCli(["run", "-c", "evalgate.yml"], { cwd: dir, env });
    assert.equal(run.code, 2, run.stdout + run.stderr);
    assertEveryProblem(run.stderr);
    assert.equal(server.requests.length, 0, "nothing was sent");
  } finally {
    await server.close();
  }
});

test("the action: the same problems in one pass, exit 2, nothing sent", async () => {
  const server = await startScriptedServer(() => ({ status: 500 }));
  try {
    const dir = await brokenProject(server.url);
    const step = await runActionStep({
      cwd: dir,
      githubUrl: server.url,
      event: { name: "push", payload: { after: "a".repeat(40), repository: { default_branch: "main" } } },
      inputs: { config: "evalgate.yml", "github-token": "", "response-cache": "false", comment: "false", "check-run": "false" },
      env: { GITHUB_ACTIONS: "true", GITHUB_WORKSPACE: dir, GITHUB_SHA: "a".repeat(40), GITHUB_REF_NAME: "main" },
    });
    assert.equal(step.code, 2, step.log);
    for (const [what, pattern] of EXPECTED)
      assert.match(step.log, new RegExp(pattern.source.replace("error: ", "")), `${what}\n${step.log}`);
    assert.equal(server.requests.length, 0, "nothing was sent");
  } finally {
    await server.close();
  }
});
