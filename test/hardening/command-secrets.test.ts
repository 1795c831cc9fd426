// Secrets of command targets never leave: a value passed to a worker through `env: { X: "${X}" }`
// that the program prints on stderr (its log), puts in its answers, in a reply's error and in a
// stdout line that is not JSON appears in no form in the model's log, results.json, the journal,
// the reports, stdout and stderr, nor, through the action, in the comment, check run and summary.
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${VAR} references in configs under test
import assert from "node:assert/strict";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { test } from "node:test";
import { commandProject, workerCommand } from "../engine/command-project.ts";
import { runCli } from "../engine/helpers.ts";
import { pullRequestEvent, runActionStep } from "../github/action-step.ts";
import { startGitHubServer } from "../servers/github.ts";

const SECRET = 'wk-"tok\\en/+=9Zq';

/** Every way the value can appear in an output, computed without the redactor. */
function forms(secret: string): string[] {
  const json = JSON.stringify(secret).slice(1, -1);
  return [
    ...new Set([secret, json, JSON.stringify(json).slice(1, -1), encodeURIComponent(secret), Buffer.from(secret).toString("base64")]),
  ];
}

async function outputsUnder(dir: string): Promise<[string, string][]> {
  const outputs: [string, string][] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || entry.name === "evalgate.yml") continue;
    const file = path.join(entry.parentPath, entry.name);
    outputs.push([path.relative(dir, file), await readFile(file, "utf8")]);
  }
  return outputs;
}

function assertNoSecret(outputs: [string, string][]): void {
  for (const [name, text] of outputs) {
    for (const form of forms(SECRET)) assert.ok(!text.includes(form), `the secret leaked into ${name} as ${JSON.stringify(form)}`);
  }
}

async function leakyProject() {
  const flags = ["--log-env", "AGENT_TOKEN", "--error-on", "Question 2:", "--noise-on", "Question 3:"];
  const agent = `  agent: { provider: command, command: ${workerCommand(...flags)}, env: { AGENT_TOKEN: "\${AGENT_TOKEN}" }, max-retries: 0 }`;
  const judge = `  judge: { provider: command, command: ${workerCommand("--judge", "--log-env", "AGENT_TOKEN")}, env: { AGENT_TOKEN: "\${AGENT_TOKEN}" } }`;
  return commandProject(30, `${agent}\n${judge}`);
}

test("command secrets: a worker's env value reaches no log, result or report, in any form", async () => {
  const project = await leakyProject();
  const run = await runCli(["run", "-c", project.config, "--markdown", "report.md", "--junit", "junit.xml", "--html", "report.html"], {
    cwd: project.dir,
    env: { AGENT_TOKEN: SECRET },
  });
  assert.ok(run.code === 0 || run.code === 1, run.stdout + run.stderr);
  const outputs: [string, string][] = [["stdout", run.stdout], ["stderr", run.stderr], ...(await outputsUnder(project.dir))];
  // The run really happened: the programs printed the value, and its redaction is visible.
  const log = await project.log("agent");
  assert.match(log, /starting with AGENT_TOKEN=\*\*\*/);
  const results = outputs.find(([name]) => name.endsWith("results.json"))![1];
  assert.match(results, /Answer to Question 1 \(key \*\*\*\)/);
  assert.match(results, /answered with an error: cannot answer that \(key \*\*\*\)/);
  assert.match(results, /not a JSON reply: debug: looking at Question 3.*\(key \*\*\*\)/);
  for (const name of [
    "report.md",
    "junit.xml",
    "report.html",
    path.join("out", "logs", "agent.log"),
    path.join("out", "logs", "judge.log"),
  ])
    assert.ok(
      outputs.some(([file]) => file === name),
      `${name} was written`,
    );
  assertNoSecret(outputs);
});

test("command secrets: through the action, the comment, check run, summary and log hold no form of it", async () => {
  const project = await leakyProject();
  const github = await startGitHubServer();
  try {
    const { code, log } = await runActionStep({
      cwd: project.dir,
      githubUrl: github.url,
      event: pullRequestEvent(8, "5555555555555555555555555555555555555555"),
      inputs: { "github-token": "ghs_fakeToken12345", config: project.config },
      env: { AGENT_TOKEN: SECRET },
    });
    assert.ok(code === 0 || code === 1, `exit ${code}\n${log}`);
    assert.equal(github.comments.get(8)?.length, 1, log);
    const sent = github.requests.map((request, i): [string, string] => [
      `GitHub request ${i} ${request.method} ${request.path}`,
      JSON.stringify(request.body ?? ""),
    ]);
    assertNoSecret([["action log", log], ...sent, ...(await outputsUnder(project.dir))]);
    assert.match(await project.log("agent"), /starting with AGENT_TOKEN=\*\*\*/);
  } finally {
    await github.close();
  }
});
