// The action end to end against a scripted GitHub REST API on 127.0.0.1: real process, real env,
// real event payloads, GITHUB_STEP_SUMMARY and GITHUB_OUTPUT files; the exact requests checked.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, afterEach, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { COMMENT_MARKER } from "../../src/github/comment.ts";
import type { Results } from "../../src/results/types.ts";
import { caseResult, metric, results, suite } from "../gate/fixtures.ts";
import { BAD_GATEWAY, type FakeGitHub, FORBIDDEN, HANG, SECONDARY_RATE_LIMIT, startGitHubServer } from "../servers/github.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const HARNESS = path.join(root, "test/github/harness.ts");
const NODE = path.join(root, "node_modules/.bin/node");
const TOKEN = "ghs_secretTokenValue123";
const MAIN_SHA = "1111111111111111111111111111111111111111";
const PR_HEAD = "2222222222222222222222222222222222222222";

let server: FakeGitHub;
let work: string;

before(async () => {
  server = await startGitHubServer({ pageSize: 30 });
  work = await mkdtemp(path.join(os.tmpdir(), "evalgate-action-"));
  await mkdir(path.join(work, "evals"), { recursive: true });
  await writeFile(
    path.join(work, "evals/evalgate.yml"),
    [
      "version: 1",
      "models: {}",
      "suites: {}",
      "gate:",
      "  max-drop: 0.05",
      // The regressions these tests plant are not all significant: they are meant to fail the gate.
      "  fail-inside-noise: true",
      "  profiles:",
      '    "release/**": { min-score: 0.95 }',
      "baseline:",
      "  store: branch",
      "",
    ].join("\n"),
  );
});
after(() => server.close());
afterEach(() => {
  server.faults = [];
  server.intercept = null;
});

function botResults(recall: number, options: { failing?: number; branch?: string; commit?: string; partial?: string[] } = {}): Results {
  const cases = Array.from({ length: 130 }, (_, i) =>
    caseResult(
      "bot",
      `case-${i + 1}`,
      { recall: i < (options.failing ?? 0) ? 0 : 1 },
      {
        source: { file: "evals/bot/cases.jsonl", line: i + 1 },
        // the answer the comment quotes for a regressed case, beside the one the stored baseline kept
        details: { response: i < (options.failing ?? 0) ? "I cannot help with <that> | ask @octocat" : "Ticket TCK-1 is open." },
      },
    ),
  );
  return results(
    {
      bot: suite({ recall: metric(recall, { n: 130 }), cost_usd: metric(0.02, { gated: false, direction: "lower", unit: "usd" }) }, cases),
    },
    {
      branch: options.branch ?? "main",
      commit: options.commit ?? MAIN_SHA,
      ...(options.partial ? { partial: options.partial } : {}),
    },
  );
}

interface ActionRun {
  code: number;
  stdout: string;
  summary: string;
  outputs: string;
  engine: { selection?: Record<string, unknown>; git?: Record<string, unknown>; deadlineMs?: number; budgetUsd?: number };
}

/** A step output as written to GITHUB_OUTPUT (name<<delimiter, value, delimiter). */
function output(run: ActionRun, name: string): string | undefined {
  return new RegExp(`^${name}<<(\\S+)\n([\\s\\S]*?)\n\\1$`, "m").exec(run.outputs)?.[2];
}

async function runAction(
  name: string,
  event: string,
  payload: unknown,
  head: Results,
  env: Record<string, string> = {},
): Promise<ActionRun> {
  const dir = await mkdtemp(path.join(work, `${name}-`));
  const files = {
    event: path.join(dir, "event.json"),
    head: path.join(dir, "head.json"),
    summary: path.join(dir, "summary.md"),
    output: path.join(dir, "output.txt"),
  };
  await writeFile(files.event, JSON.stringify(payload));
  await writeFile(files.head, JSON.stringify(head));
  await writeFile(files.summary, "");
  await writeFile(files.output, "");
  const child = spawn(NODE, [HARNESS], {
    cwd: work,
    env: {
      PATH: process.env.PATH ?? "",
      GITHUB_ACTIONS: "true",
      GITHUB_API_URL: server.url,
      GITHUB_SERVER_URL: "https://github.com",
      GITHUB_REPOSITORY: "acme/bot",
      GITHUB_RUN_ID: "42",
      GITHUB_EVENT_NAME: event,
      GITHUB_EVENT_PATH: files.event,
      GITHUB_STEP_SUMMARY: files.summary,
      GITHUB_OUTPUT: files.output,
      GITHUB_SHA: MAIN_SHA,
      GITHUB_REF_NAME: "main",
      "INPUT_GITHUB-TOKEN": TOKEN,
      INPUT_CONFIG: "evals/evalgate.yml",
      EVALGATE_TEST_HEAD: files.head,
      EVALGATE_TEST_OUT: dir,
      ...env,
    },
  });
  let stdout = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stdout += chunk));
  const code = await new Promise<number>((resolve) => child.on("close", (value) => resolve(value ?? -1)));
  // "::add-mask::" is how the runner learns to mask it; no other line may carry it.
  assert.ok(
    !stdout.split("\n").some((line) => line.includes(TOKEN) && !line.startsWith("::add-mask::")),
    "the token never appears in the log",
  );
  const summary = await readFile(files.summary, "utf8");
  assert.ok(!/<!DOCTYPE|<html/i.test(stdout + summary), "an HTML error page never reaches the log or the summary");
  assert.ok(!summary.includes(COMMENT_MARKER), "the comment's marker stays in the comment");
  return {
    code,
    stdout,
    summary,
    outputs: await readFile(files.output, "utf8"),
    engine: JSON.parse(await readFile(path.join(dir, "engine-options.json"), "utf8").catch(() => "{}")),
  };
}

const calls = (from: number) => server.requests.slice(from).map((r) => `${r.method} ${r.path.replace(/[0-9a-f]{40}/g, "<sha>")}`);
const repository = { full_name: "acme/bot", default_branch: "main" };
const pushPayload = { after: MAIN_SHA, repository };
const prPayload = (number: number, headRepo = "acme/bot") => ({
  repository,
  pull_request: {
    number,
    head: { sha: PR_HEAD, ref: "feature/x", repo: { full_name: headRepo } },
    base: { sha: MAIN_SHA, ref: "main", repo: { full_name: "acme/bot" } },
  },
});

const ourComment = (issue: number) => server.comments.get(issue)?.find((c) => c.user.login === "github-actions[bot]");
const lastCheck = () => server.checkRuns.at(-1)!;
const storedRecall = (branch: string) =>
  JSON.parse(server.readFile("evalgate-baselines", `baselines/${branch}/results.json`) ?? "null")?.suites.bot.metrics.recall.value;

test("push to main: a check run on the pushed commit and the baseline stored on the data branch", async () => {
  const start = server.requests.length;
  const result = await runAction("push-main", "push", pushPayload, botResults(0.9));
  assert.equal(result.code, 0, result.stdout);
  assert.deepEqual(calls(start), [
    "POST /repos/acme/bot/check-runs",
    "GET /repos/acme/bot/contents/baselines/main/results.json",
    // The history of main (its flaky cases, the trend column) is read before the run: no data branch yet.
    "GET /repos/acme/bot/git/ref/heads/evalgate-baselines",
    "GET /repos/acme/bot/git/ref/heads/evalgate-baselines",
    "POST /repos/acme/bot/git/trees",
    "POST /repos/acme/bot/git/commits",
    "POST /repos/acme/bot/git/refs",
    `PATCH /repos/acme/bot/check-runs/${lastCheck().id}`,
  ]);
  assert.equal(lastCheck().head_sha, MAIN_SHA);
  assert.equal(lastCheck().conclusion, "success");
  assert.equal(storedRecall("main"), 0.9);
  assert.equal(server.listFiles("evalgate-baselines").filter((f) => f.startsWith("history/main/")).length, 1);
  assert.match(result.summary, /### ✅ evalgate: gate passed/);
  assert.match(result.summary, /Baseline stored: the results become the baseline of `main` \(`evalgate-baselines` @ [0-9a-f]{7}\)/);
  assert.match(lastCheck().output!.summary!, /Baseline stored/, "the check run says so too");
  assert.equal(output(result, "verdict"), "pass");
  assert.equal(output(result, "baseline-stored"), "true");
  assert.match(output(result, "results-path")!, /results\.json$/);
});

test("pull request: baseline of the base branch read, comment created then updated, annotations in batches of 50", async () => {
  // 35 unrelated comments push ours to page 2; another author's comment carries the marker too.
  for (let i = 0; i < 34; i++) server.addComment(7, `chatter ${i}`, "alice");
  const foreign = server.addComment(7, `${COMMENT_MARKER}\nquoted by a human`, "mallory");
  const start = server.requests.length;
  const result = await runAction(
    "pr",
    "pull_request",
    prPayload(7),
    botResults(0.8, { failing: 120, branch: "feature/x", commit: PR_HEAD }),
  );
  assert.equal(result.code, 1, "the gate failed, so the job fails");
  const checkId = lastCheck().id;
  const ours = server.comments.get(7)!.filter((c) => c.user.login === "github-actions[bot]");
  assert.equal(ours.length, 1, "one comment, never duplicated");
  assert.deepEqual(calls(start), [
    "GET /user",
    "GET /repos/acme/bot/issues/7/comments",
    "GET /repos/acme/bot/issues/7/comments",
    "POST /repos/acme/bot/issues/7/comments",
    // Re-listed after creating: a racing run's younger duplicate would be removed.
    "GET /repos/acme/bot/issues/7/comments",
    "GET /repos/acme/bot/issues/7/comments",
    "POST /repos/acme/bot/check-runs",
    "GET /repos/acme/bot/contents/baselines/main/results.json",
    // The history of main (its flaky cases, the trend column), read before the run.
    "GET /repos/acme/bot/git/ref/heads/evalgate-baselines",
    "GET /repos/acme/bot/git/commits/<sha>",
    "GET /repos/acme/bot/git/trees/<sha>",
    "GET /repos/acme/bot/contents/history/main/2026-08-01T10-01-23-000Z-1111111.json",
    // An acceptance given for this head commit would apply to a rerun (none yet). Nothing is written on
    // the data branch: the run's record for `/evalgate accept` goes into its check run (output.text).
    "GET /repos/acme/bot/contents/pulls/7/acceptance.json",
    // Listed again before the edit: a newer run's comment is never overwritten.
    "GET /repos/acme/bot/issues/7/comments",
    "GET /repos/acme/bot/issues/7/comments",
    `PATCH /repos/acme/bot/issues/comments/${ours[0]!.id}`,
    `PATCH /repos/acme/bot/check-runs/${checkId}`,
    `PATCH /repos/acme/bot/check-runs/${checkId}`,
    `PATCH /repos/acme/bot/check-runs/${checkId}`,
  ]);
  const contentsRead = server.requests.slice(start).find((r) => r.path.includes("/contents/"))!;
  assert.equal(contentsRead.query.get("ref"), "evalgate-baselines");
  assert.equal(
    server.requests.slice(start).find((r) => r.path.endsWith("/check-runs"))!.body.head_sha,
    PR_HEAD,
    "the PR head, not the merge commit",
  );
  assert.equal(foreign.body, `${COMMENT_MARKER}\nquoted by a human`, "another author's comment is untouched");
  assert.match(ours[0]!.body, /### ❌ evalgate: gate failed/);
  assert.match(ours[0]!.body, /recall.*dropped 11\.1%/);
  assert.match(ours[0]!.body, /Baseline: `evalgate-baselines:baselines\/main\/results\.json`\./);
  assert.match(ours[0]!.body, /Baseline not stored: a pull request never stores a baseline\./);
  // the worst regressed cases' answers, the baseline's from the data branch, folded and escaped
  assert.match(
    ours[0]!.body,
    /<details><summary>Answers of the 3 worst regressed cases, baseline and now<\/summary>\n\n\*\*case case-1\*\*\n\n- \*\*Baseline\*\* \(1\): Ticket TCK-1 is open\.\n- \*\*Now\*\* \(0\): I cannot help with &lt;that&gt; \\\| ask @&#8203;octocat\n/,
  );
  // 120 failing cases + 1 on evalgate.yml = 121 annotations: 50 + 50 + 21
  const patches = server.requests.slice(start).filter((r) => r.method === "PATCH" && r.path.includes("check-runs"));
  assert.deepEqual(
    patches.map((p) => p.body.output.annotations.length),
    [50, 50, 21],
  );
  assert.equal(patches[0]!.body.conclusion, "failure");
  // Every output sent carries the run's record, so that no update drops it.
  assert.match(patches[0]!.body.output.text, /^<!-- evalgate:record v1 [A-Za-z0-9+/=]+ -->$/);
  assert.deepEqual(new Set(patches.map((p) => p.body.output.text)).size, 1);
  assert.equal(lastCheck().annotations[0]?.path, "evals/evalgate.yml");
  assert.ok(
    lastCheck().annotations.some((a) => a.path === "evals/bot/cases.jsonl" && a.start_line === 120 && a.annotation_level === "failure"),
  );
  assert.match(result.summary, /gate failed/);
  assert.match(result.stdout, /::error::evalgate: the gate failed/);
  assert.equal(output(result, "verdict"), "fail");
  assert.equal(output(result, "baseline-stored"), "false");

  // an unchanged rerun edits the same comment in place: found on page 2 by marker and author
  const rerunStart = server.requests.length;
  const rerun = await runAction("pr-rerun", "pull_request", prPayload(7), botResults(0.9, { branch: "feature/x", commit: PR_HEAD }));
  assert.equal(rerun.code, 0, rerun.stdout);
  assert.equal(server.comments.get(7)!.filter((c) => c.user.login === "github-actions[bot]").length, 1);
  assert.equal(calls(rerunStart).filter((c) => c === "POST /repos/acme/bot/issues/7/comments").length, 0);
  assert.equal(calls(rerunStart).filter((c) => c.startsWith("PATCH /repos/acme/bot/issues/comments/")).length, 2, "running, then verdict");
  assert.match(ourComment(7)!.body, /gate passed/);
  assert.match(ourComment(7)!.body, /Compared with `main`/);
  assert.equal(lastCheck().conclusion, "success");
});

test("the baseline read: one 502 is retried and the regression still fails", async () => {
  const fault = server.fault("GET", /\/contents\/baselines\/main\/results\.json$/, BAD_GATEWAY);
  const result = await runAction("read-502-once", "pull_request", prPayload(11), botResults(0.8, { branch: "feature/x", commit: PR_HEAD }));
  assert.equal(fault.hits, 1);
  assert.equal(result.code, 1, result.stdout);
  assert.equal(output(result, "verdict"), "fail");
  assert.match(ourComment(11)!.body, /recall.*dropped 11\.1%/);
  assert.doesNotMatch(ourComment(11)!.body, /No baseline yet/);
  assert.equal(lastCheck().conclusion, "failure");
});

test("the baseline read: a 502 that persists is an infrastructure error, never 'no baseline', and nothing runs", async () => {
  const fault = server.fault("GET", /\/contents\/baselines\/main\/results\.json$/, BAD_GATEWAY, Number.POSITIVE_INFINITY);
  const result = await runAction(
    "read-502-always",
    "pull_request",
    prPayload(12),
    botResults(0.8, { branch: "feature/x", commit: PR_HEAD }),
  );
  assert.equal(fault.hits, 4, "the first attempt and 3 retries");
  assert.equal(result.code, 3, result.stdout);
  assert.equal(output(result, "verdict"), "error");
  assert.equal(output(result, "baseline-stored"), "false");
  assert.deepEqual(result.engine, {}, "the engine never ran: nothing was spent");
  const message = "could not read the baseline evalgate-baselines:baselines/main/results.json: HTTP 502";
  assert.ok(result.stdout.includes(`::error::evalgate: infrastructure error, no verdict%0A  ${message}`), result.stdout);
  const comment = ourComment(12)!.body;
  assert.match(comment, /the run failed before a verdict/);
  assert.ok(comment.includes(message));
  assert.doesNotMatch(comment, /No baseline yet|gate passed/);
  assert.equal(lastCheck().conclusion, "failure");
  assert.equal(lastCheck().output?.title, "evalgate: infrastructure error, no verdict");
  assert.ok(!lastCheck().output!.summary!.includes(COMMENT_MARKER), "the marker is not in the check run");

  // on-error: neutral softens the check run, not the job
  const neutral = await runAction(
    "read-502-neutral",
    "pull_request",
    prPayload(12),
    botResults(0.8, { branch: "feature/x", commit: PR_HEAD }),
    {
      "INPUT_ON-ERROR": "neutral",
    },
  );
  assert.equal(neutral.code, 3);
  assert.equal(lastCheck().conclusion, "neutral");
});

test("a secondary rate limit on the check-run create and the comment update is waited out, not taken for a read-only token", async () => {
  const onCheck = server.fault("POST", /\/check-runs$/, SECONDARY_RATE_LIMIT);
  const onComment = server.fault("PATCH", /\/issues\/comments\/\d+$/, SECONDARY_RATE_LIMIT);
  const result = await runAction("secondary", "pull_request", prPayload(13), botResults(0.9, { branch: "feature/x", commit: PR_HEAD }));
  assert.equal(result.code, 0, result.stdout);
  assert.deepEqual([onCheck.hits, onComment.hits], [1, 1]);
  assert.doesNotMatch(result.stdout, /::warning::/, "no warning: both writes went through on the retry");
  assert.match(ourComment(13)!.body, /gate passed/);
  assert.equal(lastCheck().head_sha, PR_HEAD);
  assert.equal(lastCheck().conclusion, "success");
});

test("fork PR with a read-only token: 403s become warnings naming the permission, the job summary is still written", async () => {
  server.intercept = (request) => (request.method !== "GET" && !request.path.includes("/git/") ? FORBIDDEN : undefined);
  const start = server.requests.length;
  const result = await runAction(
    "fork",
    "pull_request",
    prPayload(9, "stranger/bot"),
    botResults(0.9, { branch: "feature/x", commit: PR_HEAD }),
  );
  assert.equal(result.code, 0, result.stdout);
  assert.match(result.stdout, /::warning::evalgate could not post the PR comment: HTTP 403: .*`pull-requests: write`.*fork/);
  assert.match(result.stdout, /::warning::evalgate could not create the check run: HTTP 403: .*`checks: write`.*fork/);
  assert.match(result.summary, /### ✅ evalgate: gate passed/);
  assert.equal(output(result, "verdict"), "pass");
  // after a 403 the action does not hammer the API with the same writes
  assert.equal(calls(start).filter((c) => c.startsWith("POST /repos/acme/bot/issues/9/comments")).length, 1);
  assert.equal(calls(start).filter((c) => c.startsWith("POST /repos/acme/bot/check-runs")).length, 1);
  assert.equal(server.comments.get(9), undefined);
});

test("a new release branch is gated against the default branch's baseline, then stores its own through 5xx and a 409 race", async () => {
  assert.equal(server.readFile("evalgate-baselines", "baselines/release/x/results.json"), undefined);
  let raced = false;
  server.intercept = (request, github) => {
    if (!raced && request.method === "PATCH" && request.path.includes("/git/refs/heads/evalgate-baselines")) {
      raced = true;
      github.commitFiles("evalgate-baselines", { "baselines/other/results.json": "{}" }, "a concurrent run");
      return { status: 409, body: { message: "Reference cannot be updated" } };
    }
    return undefined;
  };
  const faults = [
    server.fault("POST", /\/git\/trees$/, BAD_GATEWAY),
    server.fault("POST", /\/git\/commits$/, { status: 503, body: { message: "Service Unavailable" } }),
    server.fault("PATCH", /\/git\/refs\/heads\/evalgate-baselines$/, { status: 500, body: { message: "Server Error" } }),
  ];
  const result = await runAction("release", "push", pushPayload, botResults(0.96, { branch: "release/x" }), {
    GITHUB_REF_NAME: "release/x",
  });
  assert.equal(result.code, 0, result.stdout);
  assert.deepEqual(
    faults.map((f) => f.hits),
    [1, 1, 1],
  );
  assert.ok(raced);
  assert.match(result.summary, /profile `release\/\*\*`/);
  assert.match(
    result.summary,
    /Baseline: `evalgate-baselines:baselines\/main\/results\.json`, the default branch's: `release\/x` has none yet\./,
  );
  assert.match(result.summary, /Compared with `main`/);
  assert.match(result.summary, /Baseline stored: .*`release\/x` .*2 attempts\)/);
  assert.equal(output(result, "baseline-stored"), "true");
  assert.equal(storedRecall("release/x"), 0.96);
  const files = server.listFiles("evalgate-baselines");
  assert.ok(files.includes("baselines/other/results.json"), "the concurrent run's commit is kept");
  assert.ok(files.includes("baselines/main/results.json"));
});

test("a push whose gate failed is not stored unless baseline.store-failed says so", async () => {
  const before = server.refSha("evalgate-baselines");
  const result = await runAction("release-fail", "push", pushPayload, botResults(0.9, { branch: "release/x" }), {
    GITHUB_REF_NAME: "release/x",
  });
  assert.equal(result.code, 1, "0.9 is under the release profile's min-score 0.95");
  assert.match(result.summary, /Baseline not stored: the gate failed \(set `baseline.store-failed: true`/);
  assert.equal(output(result, "baseline-stored"), "false");
  assert.equal(server.refSha("evalgate-baselines"), before, "the data branch did not move");
  assert.equal(storedRecall("release/x"), 0.96);
});

test("workflow_dispatch: the event's inputs are read (no action default shadows them) and a whole run is stored", async () => {
  const payload = { repository, inputs: { suites: "bot", repeat: "3", "store-baseline": true, deadline: "20m", "budget-usd": "2.5" } };
  const before = server.refSha("evalgate-baselines");
  const notFastForward = { status: 422, body: { message: "Update is not a fast forward" } };
  const race = server.fault("POST", /\/git\/refs$/, { status: 422, body: { message: "Reference already exists" } });
  server.fault("PATCH", /\/git\/refs\/heads\/evalgate-baselines$/, notFastForward);
  const result = await runAction("dispatch", "workflow_dispatch", payload, botResults(0.91, { branch: "dev" }), { GITHUB_REF_NAME: "dev" });
  assert.equal(race.hits, 0, "the data branch exists: its ref is updated, not created");
  assert.match(
    result.summary,
    /Baseline stored: the results become the baseline of `dev` \(`evalgate-baselines` @ [0-9a-f]{7}, 2 attempts\)/,
  );
  assert.equal(result.code, 0, result.stdout);
  assert.deepEqual(result.engine.selection, { repeat: 3, suites: ["bot"] });
  assert.deepEqual(result.engine.git, { commit: MAIN_SHA, branch: "dev", event: "workflow_dispatch" });
  assert.equal(result.engine.deadlineMs, 20 * 60_000);
  assert.equal(result.engine.budgetUsd, 2.5);
  assert.notEqual(server.refSha("evalgate-baselines"), before);
  assert.equal(storedRecall("dev"), 0.91);
  assert.equal(output(result, "baseline-stored"), "true");
});

test("a sampled dispatch is compared but never stored: a partial run is not a baseline", async () => {
  const payload = { repository, inputs: { sample: "5", "store-baseline": "true" } };
  const before = server.refSha("evalgate-baselines");
  const head = botResults(0.5, { branch: "dev", partial: ["sample of 5 cases per suite"] });
  const result = await runAction("dispatch-sample", "workflow_dispatch", payload, head, { GITHUB_REF_NAME: "dev" });
  // No repeat input: each suite runs its own `repeat:` (none here, so once).
  assert.deepEqual(result.engine.selection, { sample: 5 });
  assert.equal(result.code, 1, "compared with dev's baseline: recall dropped");
  assert.match(result.summary, /Baseline not stored: a partial run \(sample of 5 cases per suite\) is never a baseline\./);
  assert.equal(output(result, "baseline-stored"), "false");
  assert.equal(server.refSha("evalgate-baselines"), before);
  assert.equal(storedRecall("dev"), 0.91, "dev's baseline is still the whole run");
});

test("missing `contents: write`: the store's 403 names the permission and the push job is not green", async () => {
  const before = server.refSha("evalgate-baselines");
  server.fault("POST", /\/git\/trees$/, FORBIDDEN);
  const result = await runAction("no-contents-write", "push", pushPayload, botResults(0.92));
  assert.equal(result.code, 3, result.stdout);
  assert.equal(output(result, "verdict"), "error");
  assert.equal(output(result, "baseline-stored"), "false");
  const message =
    "could not store the baseline on evalgate-baselines: HTTP 403: Resource not accessible by integration (the token needs `contents: write`)";
  const needs = /could not store the baseline on evalgate-baselines: HTTP 403: .*\(the token needs \\?`contents: write\\?`\)/;
  assert.match(result.summary, new RegExp(`Baseline not stored: ${needs.source}\\.`));
  assert.match(result.summary, new RegExp(`### ⚠️ evalgate: could not decide: ${needs.source}`));
  assert.ok(result.stdout.includes(`::error::evalgate: infrastructure error, no verdict%0A  ${message}`), result.stdout);
  assert.equal(lastCheck().conclusion, "failure");
  assert.equal(server.refSha("evalgate-baselines"), before);
  assert.equal(storedRecall("main"), 0.9);
});

test("a data-branch ref update failing with 502 every time loses nothing silently: exit 3, the HTML page summarised", async () => {
  const fault = server.fault("PATCH", /\/git\/refs\/heads\/evalgate-baselines$/, BAD_GATEWAY, Number.POSITIVE_INFINITY);
  const result = await runAction("ref-502", "push", pushPayload, botResults(0.93));
  assert.equal(fault.hits, 4);
  assert.equal(result.code, 3, result.stdout);
  assert.match(result.summary, /Baseline not stored: could not store the baseline on evalgate-baselines: HTTP 502\./);
  assert.equal(storedRecall("main"), 0.9);
});

test("a bad config exits 2 with a file:line annotation on the check run, and the summary has no comment marker", async () => {
  await writeFile(path.join(work, "evals/bad.yml"), "version: 1\nmodels: {}\nsuites: {}\ngate:\n  max-drop: 7\n");
  const result = await runAction("bad-config", "push", pushPayload, botResults(0.9), {
    INPUT_CONFIG: "evals/bad.yml",
    "INPUT_ON-ERROR": "neutral",
  });
  assert.equal(result.code, 2);
  assert.match(result.stdout, /::error title=evalgate config,file=evals\/bad.yml,line=5,col=13::gate.max-drop: value must be at most 1/);
  assert.match(result.summary, /the run failed before a verdict/);
  assert.equal(output(result, "verdict"), "error");
  assert.equal(lastCheck().conclusion, "failure", "bad input is never softened by on-error");
  // Every problem in one pass: the value the schema refuses, and the suites the config lacks.
  assert.match(result.stdout, /::error title=evalgate config,file=evals\/bad.yml,line=3::suites: no suites defined/);
  assert.deepEqual(
    lastCheck()
      .annotations.map((a) => [a.path, a.start_line, a.annotation_level])
      .sort(),
    [
      ["evals/bad.yml", 3, "failure"],
      ["evals/bad.yml", 5, "failure"],
    ],
  );
  assert.ok(lastCheck().annotations.some((a) => /gate.max-drop: value must be at most 1/.test(a.message)));
});

test("a bad input value exits 2", async () => {
  const result = await runAction("bad-input", "push", pushPayload, botResults(0.9), { "INPUT_ON-ERROR": "maybe" });
  assert.equal(result.code, 2);
  assert.match(result.stdout, /::error::evalgate: bad config or input%0A {2}input on-error: expected fail, neutral, got "maybe"/);
});

test("without a token the file store is read from the repository root, as the CLI reads it", async () => {
  const config = [
    "version: 1",
    "models: {}",
    "suites: {}",
    "gate: { fail-inside-noise: true }",
    "baseline:",
    "  store: file",
    "  path: evals/baseline.json",
    "",
  ];
  await writeFile(path.join(work, "evals/file-store.yml"), config.join("\n"));
  await writeFile(path.join(work, "evals/baseline.json"), JSON.stringify(botResults(0.9)));
  const start = server.requests.length;
  const env = { INPUT_CONFIG: "evals/file-store.yml", "INPUT_GITHUB-TOKEN": "" };
  const result = await runAction("file-no-token", "pull_request", prPayload(14), botResults(0.8, { branch: "feature/x" }), env);
  assert.equal(result.code, 1, result.stdout);
  assert.match(result.summary, /Baseline: `evals\/baseline\.json` from the checkout\./);
  assert.match(result.summary, /recall.*dropped 11\.1%/);
  assert.match(result.summary, /Baseline not stored: `baseline.store` is `file`/);
  assert.equal(server.requests.length, start, "no token, no API call");

  // the branch store cannot be read without a token: bad input, never "no baseline"
  const branch = await runAction("branch-no-token", "push", pushPayload, botResults(0.8), { "INPUT_GITHUB-TOKEN": "" });
  assert.equal(branch.code, 2);
  assert.match(branch.stdout, /baseline.store is branch, but there is no github-token/);
});

test("a secondary rate limit that outlasts the retries is a warning, not a read-only token: the next write is still tried", async () => {
  const limit = server.fault("POST", /\/check-runs$/, SECONDARY_RATE_LIMIT, 4);
  const result = await runAction("secondary-exhausted", "push", pushPayload, botResults(0.9), { "INPUT_STORE-BASELINE": "false" });
  assert.equal(result.code, 0, result.stdout);
  assert.equal(limit.hits, 4, "the first attempt and 3 retries");
  assert.match(result.stdout, /::warning::evalgate could not create the check run: HTTP 403: You have exceeded a secondary rate limit/);
  assert.doesNotMatch(result.stdout, /checks: write|fork/, "not blamed on permissions");
  assert.equal(lastCheck().head_sha, MAIN_SHA, "the check run is created when the verdict is ready");
  assert.equal(lastCheck().conclusion, "success");
  assert.match(result.summary, /Baseline not stored: `store-baseline` is `false`\./);
});

test("an infrastructure error from the run (a deadline) exits 3, is never stored, and on-error picks the check's conclusion", async () => {
  const before = server.refSha("evalgate-baselines");
  const env = { EVALGATE_TEST_GATE_ERRORS: "deadline 30m reached: 40 of 130 cases not run", "INPUT_ON-ERROR": "neutral" };
  const result = await runAction("deadline", "push", pushPayload, botResults(0.95), env);
  assert.equal(result.code, 3, result.stdout);
  assert.equal(output(result, "verdict"), "error");
  assert.equal(output(result, "baseline-stored"), "false");
  assert.match(result.summary, /### ⚠️ evalgate: could not decide: deadline 30m reached: 40 of 130 cases not run/);
  assert.match(result.summary, /Baseline not stored: the run had infrastructure errors \(deadline 30m reached/);
  assert.equal(server.refSha("evalgate-baselines"), before);
  assert.equal(lastCheck().conclusion, "neutral");
  assert.equal(lastCheck().output?.title, "Infrastructure error: deadline 30m reached: 40 of 130 cases not run");
  assert.ok(result.stdout.includes("::error::evalgate: infrastructure error, no verdict%0A  deadline 30m reached"), result.stdout);
});

test("a sticky comment deleted while the evals run is written again, not lost", async () => {
  const old = server.addComment(16, `${COMMENT_MARKER}\nan earlier run`, "github-actions[bot]");
  server.intercept = (request, github) => {
    if (request.method === "PATCH" && request.path.endsWith(`/issues/comments/${old.id}`)) {
      github.comments.set(16, []);
      return { status: 404, body: { message: "Not Found" } };
    }
    return undefined;
  };
  const result = await runAction(
    "deleted-comment",
    "pull_request",
    prPayload(16),
    botResults(0.9, { branch: "feature/x", commit: PR_HEAD }),
  );
  assert.equal(result.code, 0, result.stdout);
  assert.doesNotMatch(result.stdout, /::warning::/);
  assert.equal(server.comments.get(16)!.length, 1);
  assert.notEqual(ourComment(16)!.id, old.id);
  assert.match(ourComment(16)!.body, /gate passed/);
});

test("a GitHub call that never answers is timed out and retried, not waited on forever", async () => {
  const hung = server.fault("GET", /\/contents\/baselines\/main\/results\.json$/, HANG);
  const start = server.requests.length;
  const result = await runAction("hung-read", "pull_request", prPayload(17), botResults(0.9, { branch: "feature/x", commit: PR_HEAD }));
  assert.equal(hung.hits, 1);
  const baselineReads = calls(start).filter((c) => c.includes("/contents/baselines/"));
  assert.equal(baselineReads.length, 2, "timed out once, then answered");
  assert.equal(result.code, 0, result.stdout);
  assert.equal(output(result, "verdict"), "pass");
  assert.match(ourComment(17)!.body, /gate passed/);
});
