// Two runs of the action's real entry on one PR (a push while the previous run still goes), against
// the scripted GitHub API: one sticky comment stays, and it holds the newer run's verdict.
import assert from "node:assert/strict";
import { readFile, writeFile } from "node:fs/promises";
import { test } from "node:test";
import { stampOf } from "../../src/github/comment.ts";
import { isJudgeRequest, writeSuite } from "../engine/helpers.ts";
import { startGitHubServer } from "../servers/github.ts";
import { chatCompletion, startScriptedServer } from "../servers/scripted.ts";
import { pullRequestEvent, runActionStep } from "./action-step.ts";

const PR = 7;
const SHA = "7777777777777777777777777777777777777777";

/** The judge passes answers from agent-model and fails those from agent-bad-model (a regression under min-score 0.5). */
async function startEvals() {
  return startScriptedServer((request) => {
    const text = (request.body as { messages: { content: string }[] }).messages.map((m) => m.content).join("\n");
    if (!isJudgeRequest(request.body)) return { body: chatCompletion((request.body as { model: string }).model) };
    return { body: chatCompletion(`SCORE: ${text.includes("agent-bad-model") ? 0 : 3}`) };
  });
}

async function setUp() {
  const evals = await startEvals();
  const github = await startGitHubServer();
  const { dir, config } = await writeSuite(evals.url, 2);
  // The newer run's commit made the agent worse: its own config, so each run has its own answers.
  const bad = config.replace(/\.yml$/, "-bad.yml");
  await writeFile(bad, (await readFile(config, "utf8")).replace("model: agent-model", "model: agent-bad-model"));
  const step = (runId: number, configFile: string, attempt = 1) =>
    runActionStep({
      cwd: dir,
      githubUrl: github.url,
      event: pullRequestEvent(PR, SHA),
      inputs: { "github-token": "ghs_fakeToken12345", config: configFile, "check-run": "false" },
      env: { GITHUB_RUN_ID: String(runId), GITHUB_RUN_ATTEMPT: String(attempt) },
    });
  const close = async () => {
    await github.close();
    await evals.close();
  };
  return { github, step, config, bad, close };
}

test("two runs racing on one PR leave one comment, with the newer run's verdict", async () => {
  const { github, step, config, bad, close } = await setUp();
  try {
    // Both runs list the comments before either has written one, so both create one.
    const waiting: (() => void)[] = [];
    github.intercept = async (request) => {
      if (request.method !== "GET" || !request.path.endsWith(`/issues/${PR}/comments`)) return undefined;
      await new Promise<void>((release) => {
        waiting.push(release);
        if (waiting.length === 2) for (const go of waiting.splice(0)) go();
      });
      github.intercept = null;
      return undefined;
    };
    const [older, newer] = await Promise.all([step(100, config), step(101, bad)]);
    assert.equal(older.code, 0, older.log);
    assert.equal(newer.code, 1, newer.log);
    const created = github.requests.filter((r) => r.method === "POST" && r.path.endsWith(`/issues/${PR}/comments`));
    assert.equal(created.length, 2, "both runs created a comment");
    const comments = github.comments.get(PR) ?? [];
    assert.equal(comments.length, 1, comments.map((c) => c.body).join("\n----\n"));
    assert.deepEqual(stampOf(comments[0]!.body), { id: 101, attempt: 1 });
    assert.match(comments[0]!.body, /gate failed/);
  } finally {
    await close();
  }
});

test("a run that ends after a newer one never overwrites the newer run's comment", async () => {
  const { github, step, config, bad, close } = await setUp();
  try {
    const newer = await step(101, bad);
    assert.equal(newer.code, 1, newer.log);
    const older = await step(100, config);
    assert.equal(older.code, 0, older.log);
    assert.match(older.log, /PR comment left to a newer run/);
    const comments = github.comments.get(PR) ?? [];
    assert.equal(comments.length, 1);
    assert.match(comments[0]!.body, /gate failed/);
    assert.deepEqual(stampOf(comments[0]!.body), { id: 101, attempt: 1 });

    // A re-run of the newer run (attempt 2) is newer still: it updates the comment.
    const rerun = await step(101, bad, 2);
    assert.equal(rerun.code, 1, rerun.log);
    assert.deepEqual(stampOf((github.comments.get(PR) ?? [])[0]!.body), { id: 101, attempt: 2 });
  } finally {
    await close();
  }
});
