// The fork pattern of docs/github.md, end to end: a read-only workflow runs the PR's code with the
// action itself (a token that can only read: it gates, warns that it cannot comment) and uploads
// results.json; the trusted workflow_run job gives that file to the action
// (`results:` + `pull-request:`), which gates it under its own config and baseline and reports on the
// PR through the scripted GitHub API, without a model request and without storing anything.
import assert from "node:assert/strict";
import { copyFile, mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { test } from "node:test";
import { parseRecordText } from "../../src/github/run-record.ts";
import { isJudgeRequest, questionOf, runCli, startEvalServer, writeSuite } from "../engine/helpers.ts";
import { FORBIDDEN, startGitHubServer } from "../servers/github.ts";
import { chatCompletion, startScriptedServer } from "../servers/scripted.ts";
import { pullRequestEvent, runActionStep } from "./action-step.ts";

const HEAD = "5555555555555555555555555555555555555555";

/** The workflow_run event of a fork's finished `evals` run: GitHub lists no pull request for a fork. */
const forkRunEvent = {
  name: "workflow_run",
  payload: {
    workflow_run: { head_sha: HEAD, head_branch: "patch-1", head_repository: { full_name: "someone/bot" }, pull_requests: [] },
    repository: { full_name: "acme/bot", default_branch: "main" },
  },
};

test("workflow_run with results: the fork's run is gated under the trusted config and baseline, reported on its PR, never stored", async () => {
  const allGood = await startScriptedServer((request) => ({
    body: chatCompletion(isJudgeRequest(request.body) ? "Fine.\nSCORE: 3" : `Answer to ${questionOf(request.body)}`),
  }));
  const halfGood = await startEvalServer();
  const github = await startGitHubServer();
  try {
    // The default branch's baseline, measured on a system that answers everything well.
    const { dir, config: configPath } = await writeSuite(allGood.url, 6, "baseline: { store: branch }\n");
    // Six cases, three of them worse, is a drop the statistics cannot tell from noise: this gate fails it anyway.
    const strict = (await readFile(configPath, "utf8")).replace(
      "gate: { min-score: 0.5 }",
      "gate: { min-score: 0.5, fail-inside-noise: true }",
    );
    await writeFile(configPath, strict);
    const base = await runCli(["run", "--config", "evalgate.yml", "--quiet", "--out", "base.json"], { cwd: dir });
    assert.ok(base.code === 0, base.stderr);
    const dataBranch = github.commitFiles("evalgate-baselines", {
      "baselines/main/results.json": await readFile(path.join(dir, "base.json"), "utf8"),
    });
    // The fork's read-only run, the action itself on pull_request: the PR's system (half its answers now
    // fail), a token that may only read. It gates (a red check), cannot comment, and leaves results.json
    // for the artifact upload.
    const config = (await readFile(path.join(dir, "evalgate.yml"), "utf8")).replaceAll(allGood.url, halfGood.url);
    await writeFile(path.join(dir, "evalgate.yml"), config);
    github.intercept = (request) => (request.method !== "GET" ? FORBIDDEN : undefined);
    const forkRun = await runActionStep({
      cwd: dir,
      githubUrl: github.url,
      event: pullRequestEvent(7, HEAD, "patch-1"),
      inputs: { "github-token": "ghs_readOnlyToken12", config: "evalgate.yml", "response-cache": "false" },
    });
    assert.equal(forkRun.code, 1, forkRun.log);
    assert.match(forkRun.log, /::warning::evalgate could not post the PR comment: HTTP 403/);
    const resultsPath = /results-path<<(\S+)\n(.*)\n\1/.exec(forkRun.outputs)?.[2];
    assert.ok(resultsPath, forkRun.outputs);
    await mkdir(path.join(dir, "pr"), { recursive: true });
    await copyFile(resultsPath, path.join(dir, "pr", "results.json")); // upload-artifact, then download-artifact
    const requestsBefore = halfGood.requests.length + allGood.requests.length;
    github.intercept = (request) =>
      request.method === "GET" && request.path === "/repos/acme/bot/pulls/7"
        ? { status: 200, body: { number: 7, head: { sha: HEAD }, base: { ref: "main", sha: "b".repeat(40) } } }
        : undefined;

    const step = await runActionStep({
      cwd: dir,
      githubUrl: github.url,
      event: forkRunEvent,
      inputs: { "github-token": "ghs_trustedToken123", config: "evalgate.yml", results: "pr/results.json", "pull-request": "7" },
    });
    assert.equal(step.code, 1, step.log);
    const comments = github.comments.get(7) ?? [];
    assert.equal(comments.length, 1, step.log);
    assert.match(comments[0]!.body, /❌ evalgate: gate failed/);
    assert.match(comments[0]!.body, /never stored|not stored/i);
    assert.equal(github.checkRuns.length, 1);
    assert.equal(github.checkRuns[0]!.head_sha, HEAD);
    assert.equal(github.checkRuns[0]!.conclusion, "failure");
    assert.equal(halfGood.requests.length + allGood.requests.length, requestsBefore, "the trusted job sends no model request");
    assert.notEqual(dataBranch, undefined);
    assert.equal(
      github.readFile("evalgate-baselines", "baselines/main/results.json"),
      await readFile(path.join(dir, "base.json"), "utf8"),
      "a fork's run is never stored as a baseline",
    );
    // It is recorded for /evalgate accept in the check run the trusted step publishes, for the head the
    // workflow run ran on; nothing but the baseline is on the data branch.
    const parsed = parseRecordText(github.checkRuns[0]!.output?.text);
    assert.ok("record" in parsed, "problem" in parsed ? parsed.problem : "");
    assert.equal(parsed.record.head, HEAD);
    assert.equal(parsed.record.pullRequest, 7);
    assert.equal(parsed.record.verdict.verdict, "fail");
    assert.deepEqual(
      github.listFiles("evalgate-baselines").filter((file) => !file.startsWith("baselines/")),
      [],
    );
    assert.match(step.outputs, /baseline-stored<<.*\nfalse\n/);
  } finally {
    await github.close();
    await allGood.close();
    await halfGood.close();
  }
});

test("workflow_run with results: a PR number whose head is another commit, or a file whose numbers contradict its cases, is exit 2 and posts no verdict", async () => {
  const server = await startEvalServer();
  const github = await startGitHubServer();
  try {
    const { dir } = await writeSuite(server.url, 4);
    const pr = await runCli(["run", "--config", "evalgate.yml", "--quiet", "--out", "pr/results.json"], { cwd: dir });
    assert.ok(pr.code === 0 || pr.code === 1, pr.stderr);
    github.intercept = (request) =>
      request.method === "GET" && /^\/repos\/acme\/bot\/pulls\/\d+$/.test(request.path)
        ? {
            status: 200,
            body: { head: { sha: request.path.endsWith("/8") ? "9".repeat(40) : HEAD }, base: { ref: "main", sha: "b".repeat(40) } },
          }
        : undefined;
    const inputs = { "github-token": "ghs_trustedToken123", config: "evalgate.yml", results: "pr/results.json" };

    const otherPr = await runActionStep({
      cwd: dir,
      githubUrl: github.url,
      event: forkRunEvent,
      inputs: { ...inputs, "pull-request": "8" },
    });
    assert.equal(otherPr.code, 2, otherPr.log);
    assert.match(otherPr.log, /#8's head is 9999999, but the results are of 5555555/);
    assert.equal(github.comments.get(8), undefined, "nothing posted on another commit's PR");

    // The artifact claims a perfect score its cases do not hold: the config's suite kind recomputes it.
    const results = JSON.parse(await readFile(path.join(dir, "pr/results.json"), "utf8"));
    results.suites.qa.metrics.pass_rate.value = 1;
    results.verdict = { verdict: "pass" };
    await writeFile(path.join(dir, "pr/results.json"), JSON.stringify(results));
    const tampered = await runActionStep({
      cwd: dir,
      githubUrl: github.url,
      event: forkRunEvent,
      inputs: { ...inputs, "pull-request": "7" },
    });
    assert.equal(tampered.code, 2, tampered.log);
    assert.match(tampered.log, /pass_rate/);
    assert.doesNotMatch((github.comments.get(7) ?? []).map((c) => c.body).join("\n"), /gate passed/);
  } finally {
    await github.close();
    await server.close();
  }
});
