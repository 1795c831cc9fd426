// The action on a pull request skips the suites the PR did not touch: the real entry (src/action.ts),
// the real engine, a real git checkout, the scripted GitHub API. A push runs (and stores) everything.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { type ChangedRepo, createChangedRepo, FULL_RUN_REQUESTS } from "../engine/changed-repo.ts";
import { startEvalServer } from "../engine/helpers.ts";
import { type FakeGitHub, startGitHubServer } from "../servers/github.ts";
import type { ScriptedServer } from "../servers/scripted.ts";
import { type ActionStepRun, freshRunnerStep, pullRequestEvent } from "./action-step.ts";

let models: ScriptedServer;
let github: FakeGitHub;
let repo: ChangedRepo;
let base: string;

before(async () => {
  models = await startEvalServer();
  github = await startGitHubServer();
  repo = await createChangedRepo(models.url, "{ store: branch }");
  base = repo.git("rev-parse", "HEAD").trim();
});
after(async () => {
  await github.close();
  await models.close();
});

function output(run: ActionStepRun, name: string): string | undefined {
  return new RegExp(`^${name}<<(\\S+)\n([\\s\\S]*?)\n\\1$`, "m").exec(run.outputs)?.[2];
}

const step = (event: { name: string; payload: unknown }, sha: string, inputs: Record<string, string> = {}) =>
  freshRunnerStep({ dir: repo.dir, githubUrl: github.url, token: "ghs_pathsTestToken123", runId: "9" }, event, sha, inputs);

const pullRequest = (number: number, baseSha: string, headSha: string) => pullRequestEvent(number, headSha, `feature-${number}`, baseSha);

test("a push runs every suite and stores it; a pull request touching only docs/ runs none and says why; one touching prompts/ runs it", async () => {
  const push = await step({ name: "push", payload: { after: base, repository: { default_branch: "main" } } }, base);
  assert.equal(push.code, 0, push.log);
  assert.equal(models.requests.length, FULL_RUN_REQUESTS, "a push always runs everything");
  assert.equal(output(push, "baseline-stored"), "true", push.log);

  const docs = await repo.commit({ "docs/guide.md": "# Guide\n\nMore.\n" }, "docs only");
  let sent = models.requests.length;
  const skipped = await step(pullRequest(5, base, docs), docs);
  assert.equal(skipped.code, 0, skipped.log);
  assert.equal(models.requests.length - sent, 0, "an untouched suite sends nothing");
  assert.equal(output(skipped, "baseline-stored"), "false");
  const comment = github.comments.get(5)?.at(-1)?.body ?? "";
  assert.match(comment, /gate passed — no suite measured, 1 carried from the baseline \(not run\)/);
  assert.match(
    comment,
    /⏭️ \*\*qa\*\* — not run: nothing under prompts\/\\\*\\\*, evals\/qa\.csv or its block in evals\/evalgate\.yml changed since [0-9a-f]{40}/,
  );

  const prompts = await repo.commit({ "prompts/system.md": "Answer briefly.\n" }, "prompt change");
  sent = models.requests.length;
  const measured = await step(pullRequest(6, base, prompts), prompts);
  assert.equal(measured.code, 0, measured.log);
  assert.equal(models.requests.length - sent, FULL_RUN_REQUESTS);
  assert.match(github.comments.get(6)?.at(-1)?.body ?? "", /gate passed — 1 of 1 suite passed/);

  // all: true runs the untouched suite; a base commit the checkout lacks runs it too, with a notice.
  sent = models.requests.length;
  const all = await step(pullRequest(7, docs, docs), docs, { all: "true" });
  assert.equal(all.code, 0, all.log);
  assert.equal(models.requests.length - sent, FULL_RUN_REQUESTS);
  sent = models.requests.length;
  const shallow = await step(pullRequest(8, "9".repeat(40), prompts), prompts);
  assert.equal(shallow.code, 0, shallow.log);
  assert.equal(models.requests.length - sent, FULL_RUN_REQUESTS, "an unknown base never skips");
  assert.match(shallow.log, /::notice::evalgate: the files changed since 9{40} could not be listed: .*every suite ran/);
  assert.match(github.comments.get(8)?.at(-1)?.body ?? "", /could not be listed: .*every suite ran/);
});

test("pair: base on a pull request runs the base commit's system in the same job and the comment says so, with both halves", async () => {
  const head = await repo.commit({ "prompts/system.md": "Answer in one line.\n" }, "another prompt change");
  const sent = models.requests.length;
  const paired = await step(pullRequest(9, base, head), head, { pair: "base" });
  assert.equal(paired.code, 0, paired.log);
  // Both halves ask the agent; the same answers' votes are the judge's once (the response cache, same policy for both halves).
  assert.equal(models.requests.length - sent, FULL_RUN_REQUESTS + FULL_RUN_REQUESTS / 2, "the base half whole, then head's agent calls");
  const comment = github.comments.get(9)?.at(-1)?.body ?? "";
  assert.match(comment, new RegExp(`paired with base ${base.slice(0, 7)} \\(the merge base with ${base.slice(0, 7)}\\), run now: qa;`));
  assert.match(comment, /Base half .*, \d+ requests; head half .*, \d+ requests/);
  assert.match(comment, /\| Metric +\| Base \(run now\) \| +Now \|/);
  assert.match(comment, /sign-flip p=1/);
  assert.equal(repo.git("worktree", "list").trim().split("\n").length, 1, "the base worktree is gone");
});
