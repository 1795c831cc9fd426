// `rejudge-baseline: true` in the action: the baseline a push stored on the data branch keeps each
// judged answer, and a pull request that swaps in a stricter judge has those answers re-judged by it
// before gating. The real entry (src/action.ts), the real engine, a real git checkout, the scripted
// GitHub API and a scripted OpenAI-compatible server on 127.0.0.1.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { after, before, test } from "node:test";
import { type ChangedRepo, createChangedRepo } from "../engine/changed-repo.ts";
import { questionOf } from "../engine/helpers.ts";
import { type FakeGitHub, startGitHubServer } from "../servers/github.ts";
import { chatCompletion, type ScriptedServer, startScriptedServer } from "../servers/scripted.ts";
import { freshRunnerStep, pullRequestEvent } from "./action-step.ts";

const PROMPTS = 4;
const VOTES = 3;

let models: ScriptedServer;
let github: FakeGitHub;
let repo: ChangedRepo;

before(async () => {
  // The agent never changes; the old judge gives every answer 3 of 3, the strict one 2 of 3.
  models = await startScriptedServer((request) => {
    const model = (request.body as { model: string }).model;
    if (model === "agent-model") return { body: chatCompletion(`Answer to ${questionOf(request.body)}`) };
    return { body: chatCompletion(`Reasons.\nSCORE: ${model === "strict-judge" ? 2 : 3}`) };
  });
  github = await startGitHubServer();
  repo = await createChangedRepo(models.url, "{ store: branch }");
});
after(async () => {
  await github.close();
  await models.close();
});

const sentTo = (from: number, model: string) =>
  models.requests.slice(from).filter((request) => (request.body as { model: string }).model === model).length;

const step = (event: { name: string; payload: unknown }, sha: string, inputs: Record<string, string> = {}) =>
  freshRunnerStep({ dir: repo.dir, githubUrl: github.url, token: "ghs_rejudgeTestToken123", runId: "11" }, event, sha, inputs);

const pullRequest = (number: number, baseSha: string, headSha: string) => pullRequestEvent(number, headSha, `judge-${number}`, baseSha);

async function withConfig(edit: (text: string) => string, message: string): Promise<string> {
  const file = path.join(repo.dir, "evals/evalgate.yml");
  return repo.commit({ "evals/evalgate.yml": edit(await readFile(file, "utf8")) }, message);
}

test("an unchanged agent and a stricter judge: with rejudge-baseline the action re-judges the stored answers and passes", async () => {
  const base = await withConfig((text) => text.replace("judge-runs: 1", `judge-runs: ${VOTES}`), "three votes");
  const push = await step({ name: "push", payload: { after: base, repository: { default_branch: "main" } } }, base);
  assert.equal(push.code, 0, push.log);
  assert.match(push.outputs, /baseline-stored<<\S+\ntrue\n/, push.log);

  const strict = await withConfig((text) => text.replace("model: judge-model", "model: strict-judge"), "a stricter judge");
  const from = models.requests.length;
  const rejudged = await step(pullRequest(21, base, strict), strict, { "rejudge-baseline": "true" });
  assert.equal(rejudged.code, 0, rejudged.log);
  assert.equal(sentTo(from, "agent-model"), PROMPTS, "the agent is asked once per prompt: the baseline's answers are not asked again");
  assert.equal(sentTo(from, "strict-judge"), 2 * PROMPTS * VOTES, "the new judge grades this run's answers and the baseline's");
  assert.equal(sentTo(from, "judge-model"), 0);
  const comment = github.comments.get(21)?.at(-1)?.body ?? "";
  assert.match(comment, /gate passed/);
  assert.match(comment, /qa: the baseline's 4 stored answers were re-judged by the current judge \(judge calls only, no agent calls\)/);
  assert.doesNotMatch(comment, /the judge changed since the baseline/);
  const requests = PROMPTS + 2 * PROMPTS * VOTES;
  assert.match(comment, new RegExp(`${requests} requests \\(${PROMPTS * VOTES} re-judging ${PROMPTS} baseline answers\\)`));

  // Without it, the same pull request compares the strict judge with the lenient judge's scores, and says so.
  const mixedFrom = models.requests.length;
  const mixed = await step(pullRequest(22, base, strict), strict);
  assert.equal(sentTo(mixedFrom, "strict-judge"), PROMPTS * VOTES, "no re-judging unless asked");
  const mixedComment = github.comments.get(22)?.at(-1)?.body ?? "";
  assert.match(mixedComment, /the judge changed since the baseline \(model judge-model → strict-judge/, mixed.log);
  assert.doesNotMatch(mixedComment, /re-judged/);
});
