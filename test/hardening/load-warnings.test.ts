// What loading the suites notes about the input, through the real CLI and the action's real entry:
// one line format for every problem and warning ("file:line: message", as compilers write it),
// whether the load succeeds (validate, exit 0) or fails (exit 2); and when it fails, every warning
// found so far (a suite's own, those of the suites loaded before) printed and annotated before the
// errors.
import assert from "node:assert/strict";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { runCli } from "../engine/helpers.ts";
import { runActionStep } from "../github/action-step.ts";
import { startGitHubServer } from "../servers/github.ts";

const MODELS = `models:
  agent: { provider: openai, base-url: "http://127.0.0.1:9/v1", model: a }
  judge: { provider: openai, base-url: "http://127.0.0.1:9/v1", model: j }
`;

/** A project in a temp folder: evalgate.yml and the files it names (bytes as latin1). */
async function project(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-load-warnings-"));
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, name), Buffer.from(text, "latin1"));
  return dir;
}

const JUDGED_FORMAT =
  "note: the format of prompts.csv is written down in schemas/judged-csv.schema.json (evalgate schema --dataset judged-csv)";

const JUDGED = `version: 1
${MODELS}suites:
  qa: { kind: judged, prompts: prompts.csv, agents: [agent], judge: judge }
`;

test("a warning reads the same, file:line: message, when the load succeeds and when it fails (real CLI)", async () => {
  const rows = 'prompt,judge_prompt\n"Bad \xff byte","c1"\n"Fine","c2"\n';
  const valid = await runCli(["validate", "-c", "evalgate.yml"], { cwd: await project({ "evalgate.yml": JUDGED, "prompts.csv": rows }) });
  assert.equal(valid.code, 0, valid.stdout + valid.stderr);
  const warning = "prompts.csv:2: invalid UTF-8 (replaced by U+FFFD)";
  assert.deepEqual(
    valid.stdout.split("\n").filter((line) => line.includes("warning:")),
    [`    warning: ${warning}`],
  );

  const broken = await project({ "evalgate.yml": JUDGED, "prompts.csv": `${rows}"Three","fields","here"\n` });
  for (const command of [["validate"], ["run", "--quiet"]]) {
    const failed = await runCli([...command, "-c", "evalgate.yml"], { cwd: broken, env: { EVALGATE_DEBUG: "" } });
    assert.equal(failed.code, 2, failed.stdout + failed.stderr);
    // The error ends with where the line's format is written down.
    assert.equal(
      failed.stderr,
      `warning: ${warning}\nerror: prompts.csv:4: row: expected 2 fields (prompt, judge_prompt), found 3\n${JUDGED_FORMAT}\n`,
    );
  }
});

/** A recorded function-call case (no model is called); `extra` adds fields to the JSON object. */
function recordedCase(id: string, extra = ""): string {
  return `{"id":"${id}","scenarioType":"lookup","expected_function_calls":[{"functionName":"f","arguments":{}}],"actual_function_calls":[{"functionName":"f","arguments":{}}]${extra}}`;
}

const CALLS_WITH_WARNING = `${recordedCase("one", ',"note":"kept for later"')}\n${recordedCase("two")}\n`;

test("a suite that fails to load keeps its own warnings, printed before its errors (validate and run, real CLI)", async () => {
  const dir = await project({
    "evalgate.yml": `version: 1\n${MODELS}suites:\n  calls: { kind: function-calls, dataset: cases.jsonl }\n`,
    "cases.jsonl": `${recordedCase("one", ',"note":"kept for later"')}\n${recordedCase("two").replace('"scenarioType":"lookup",', "")}\n`,
  });
  for (const command of [["validate"], ["run", "--quiet"]]) {
    const result = await runCli([...command, "-c", "evalgate.yml"], { cwd: dir, env: { EVALGATE_DEBUG: "" } });
    assert.equal(result.code, 2, result.stdout + result.stderr);
    assert.equal(
      result.stderr,
      [
        "warning: cases.jsonl:1: unknown fields ignored: note",
        "error: cases.jsonl:2: scenarioType: a non-empty string naming the scenario type is required",
        `note: the format of cases.jsonl is written down in schemas/function-calls.schema.json (evalgate schema --dataset function-calls)`,
        "",
      ].join("\n"),
    );
  }
});

/** Two suites: `calls` loads with a warning; the judged suite `qa` after it has a broken row. */
const TWO_SUITES = {
  "evalgate.yml": `version: 1
${MODELS}suites:
  calls: { kind: function-calls, dataset: cases.jsonl }
  qa: { kind: judged, prompts: prompts.csv, agents: [agent], judge: judge }
`,
  "cases.jsonl": CALLS_WITH_WARNING,
  "prompts.csv": 'prompt,judge_prompt\n"Fine","c1"\n"Three","fields","here"\n',
};

test("the warnings of the suites that loaded are printed before another suite's errors (validate and run, real CLI)", async () => {
  const dir = await project(TWO_SUITES);
  for (const command of [["validate"], ["run", "--quiet"], ["run", "--dry-run"]]) {
    const result = await runCli([...command, "-c", "evalgate.yml"], { cwd: dir, env: { EVALGATE_DEBUG: "" } });
    assert.equal(result.code, 2, result.stdout + result.stderr);
    assert.equal(result.stdout, "");
    assert.equal(
      result.stderr,
      [
        "warning: cases.jsonl:1: unknown fields ignored: note",
        "error: prompts.csv:3: row: expected 2 fields (prompt, judge_prompt), found 3",
        JUDGED_FORMAT,
        "",
      ].join("\n"),
    );
  }
});

test("the suites' warnings are printed before a problem found once every suite has loaded: a missing secret (real CLI)", async () => {
  const dir = await project({
    "evalgate.yml": `version: 1
models:
  agent: { provider: openai, base-url: "\${EVALGATE_TEST_UNSET_URL}/v1", model: a }
suites:
  calls: { kind: function-calls, dataset: cases.jsonl, target: agent }
`,
    "cases.jsonl": CALLS_WITH_WARNING,
  });
  // --strict: the unset variable is an error, as a run has it (plain validate lists it as a warning).
  const result = await runCli(["validate", "--strict", "-c", "evalgate.yml"], { cwd: dir, env: { EVALGATE_DEBUG: "" } });
  assert.equal(result.code, 2, result.stdout + result.stderr);
  const lines = result.stderr.trimEnd().split("\n");
  assert.equal(lines.length, 2, result.stderr);
  assert.equal(lines[0], "warning: cases.jsonl:1: unknown fields ignored: note");
  assert.match(lines[1]!, /^error: evalgate\.yml:3: models\.agent: model "agent" needs the environment variable EVALGATE_TEST_UNSET_URL/);
});

test("the action annotates them as the CLI prints them: the loaded suite's warning, then the failure (real entry, exit 2)", async () => {
  const dir = await project(TWO_SUITES);
  const github = await startGitHubServer();
  try {
    const sha = "5555555555555555555555555555555555555555";
    const step = await runActionStep({
      cwd: dir,
      githubUrl: github.url,
      event: { name: "push", payload: { after: sha, repository: { default_branch: "main" } } },
      inputs: { "github-token": "ghs_loadWarningsToken1", config: "evalgate.yml" },
      env: { GITHUB_SHA: sha, GITHUB_REF_NAME: "main", GITHUB_WORKSPACE: dir },
    });
    assert.equal(step.code, 2, step.log);
    assert.deepEqual(
      step.log.split("\n").filter((line) => line.includes("title=evalgate config")),
      [
        "::warning title=evalgate config,file=cases.jsonl,line=1::unknown fields ignored: note",
        "::error title=evalgate config,file=prompts.csv,line=3::row: expected 2 fields (prompt, judge_prompt), found 3",
      ],
    );
    assert.equal(github.checkRuns.length, 1);
    assert.deepEqual(
      github.checkRuns[0]!.annotations.map((a) => [a.path, a.start_line, a.annotation_level, a.message]),
      [
        ["cases.jsonl", 1, "warning", "unknown fields ignored: note"],
        ["prompts.csv", 3, "failure", "row: expected 2 fields (prompt, judge_prompt), found 3"],
      ],
    );
  } finally {
    await github.close();
  }
});
