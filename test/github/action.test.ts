// The action end to end against a scripted GitHub REST API on 127.0.0.1: real process, real env,
// real event payloads, GITHUB_STEP_SUMMARY and GITHUB_OUTPUT files; the exact requests checked.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import type { Results } from "../../src/engine/types.ts";
import { COMMENT_MARKER } from "../../src/github/comment.ts";
import { caseResult, metric, results, suite } from "../gate/fixtures.ts";
import { type FakeGitHub, startGitHubServer } from "../servers/github.ts";

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
      "  profiles:",
      '    "release/**": { min-score: 0.95 }',
      "baseline:",
      "  store: branch",
      "",
    ].join("\n"),
  );
});
after(() => server.close());

function botResults(recall: number, options: { failing?: number; branch?: string; commit?: string } = {}): Results {
  const cases = Array.from({ length: 130 }, (_, i) =>
    caseResult(
      "bot",
      `case-${i + 1}`,
      { recall: i < (options.failing ?? 0) ? 0 : 1 },
      { source: { file: "evals/bot/cases.jsonl", line: i + 1 } },
    ),
  );
  return results(
    {
      bot: suite({ recall: metric(recall, { n: 130 }), cost_usd: metric(0.02, { gated: false, direction: "lower", unit: "usd" }) }, cases),
    },
    {
      branch: options.branch ?? "main",
      commit: options.commit ?? MAIN_SHA,
    },
  );
}

interface ActionRun {
  code: number;
  stdout: string;
  summary: string;
  outputs: string;
  engine: { selection: Record<string, unknown>; git: Record<string, unknown> };
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
  return {
    code,
    stdout,
    summary: await readFile(files.summary, "utf8"),
    outputs: await readFile(files.output, "utf8"),
    engine: JSON.parse(await readFile(path.join(dir, "engine-options.json"), "utf8").catch(() => "{}")),
  };
}

const calls = (from: number) => server.requests.slice(from).map((r) => `${r.method} ${r.path.replace(/[0-9a-f]{40}/g, "<sha>")}`);
const prPayload = (number: number, headRepo = "acme/bot") => ({
  pull_request: {
    number,
    head: { sha: PR_HEAD, ref: "feature/x", repo: { full_name: headRepo } },
    base: { sha: MAIN_SHA, ref: "main", repo: { full_name: "acme/bot" } },
  },
});

test("push to main: a check run on the pushed commit and the baseline stored on the data branch", async () => {
  const start = server.requests.length;
  const result = await runAction("push-main", "push", { after: MAIN_SHA }, botResults(0.9));
  assert.equal(result.code, 0, result.stdout);
  assert.deepEqual(calls(start), [
    "POST /repos/acme/bot/check-runs",
    "GET /repos/acme/bot/contents/baselines/main/results.json",
    "PATCH /repos/acme/bot/check-runs/<id>".replace("<id>", String(server.checkRuns.at(-1)!.id)),
    "GET /repos/acme/bot/git/ref/heads/evalgate-baselines",
    "POST /repos/acme/bot/git/trees",
    "POST /repos/acme/bot/git/commits",
    "POST /repos/acme/bot/git/refs",
  ]);
  assert.equal(server.checkRuns.at(-1)!.head_sha, MAIN_SHA);
  assert.equal(server.checkRuns.at(-1)!.conclusion, "success");
  const stored = JSON.parse(server.readFile("evalgate-baselines", "baselines/main/results.json")!);
  assert.equal(stored.suites.bot.metrics.recall.value, 0.9);
  assert.equal(server.listFiles("evalgate-baselines").filter((f) => f.startsWith("history/main/")).length, 1);
  assert.match(result.summary, /### ✅ evalgate: gate passed/);
  assert.match(result.outputs, /verdict<<.*\npass\n/);
  assert.match(result.outputs, /results-path<<.*\n.*results\.json\n/);
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
  const made = calls(start);
  const checkId = server.checkRuns.at(-1)!.id;
  const ours = server.comments.get(7)!.filter((c) => c.user.login === "github-actions[bot]");
  assert.equal(ours.length, 1, "one comment, never duplicated");
  assert.deepEqual(made, [
    "GET /user",
    "GET /repos/acme/bot/issues/7/comments",
    "GET /repos/acme/bot/issues/7/comments",
    "POST /repos/acme/bot/issues/7/comments",
    "POST /repos/acme/bot/check-runs",
    "GET /repos/acme/bot/contents/baselines/main/results.json",
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
  // 120 failing cases + 1 on evalgate.yml = 121 annotations: 50 + 50 + 21
  const patches = server.requests.slice(start).filter((r) => r.method === "PATCH" && r.path.includes("check-runs"));
  assert.deepEqual(
    patches.map((p) => p.body.output.annotations.length),
    [50, 50, 21],
  );
  assert.equal(patches[0]!.body.conclusion, "failure");
  const run = server.checkRuns.at(-1)!;
  assert.equal(run.annotations[0]?.path, "evals/evalgate.yml");
  assert.ok(run.annotations.some((a) => a.path === "evals/bot/cases.jsonl" && a.start_line === 120 && a.annotation_level === "failure"));
  assert.match(result.summary, /gate failed/);
  assert.match(result.stdout, /::error::evalgate: the gate failed/);

  // a rerun edits the same comment in place: found on page 2 by marker and author
  const rerunStart = server.requests.length;
  const rerun = await runAction("pr-rerun", "pull_request", prPayload(7), botResults(0.9, { branch: "feature/x", commit: PR_HEAD }));
  assert.equal(rerun.code, 0, rerun.stdout);
  assert.equal(server.comments.get(7)!.filter((c) => c.user.login === "github-actions[bot]").length, 1);
  assert.equal(calls(rerunStart).filter((c) => c === "POST /repos/acme/bot/issues/7/comments").length, 0);
  assert.equal(calls(rerunStart).filter((c) => c.startsWith("PATCH /repos/acme/bot/issues/comments/")).length, 2, "running, then verdict");
  assert.match(server.comments.get(7)!.find((c) => c.user.login === "github-actions[bot]")!.body, /gate passed/);
});

test("fork PR with a read-only token: 403s become warnings, the job summary is still written", async () => {
  server.intercept = (request) =>
    request.method !== "GET" && !request.path.includes("/git/")
      ? { status: 403, body: { message: "Resource not accessible by integration" } }
      : undefined;
  try {
    const start = server.requests.length;
    const result = await runAction(
      "fork",
      "pull_request",
      prPayload(9, "stranger/bot"),
      botResults(0.9, { branch: "feature/x", commit: PR_HEAD }),
    );
    assert.equal(result.code, 0, result.stdout);
    assert.match(result.stdout, /::warning::This pull request comes from a fork/);
    assert.match(result.stdout, /::warning::evalgate could not post the PR comment: HTTP 403/);
    assert.match(result.stdout, /::warning::evalgate could not create the check run: HTTP 403/);
    assert.match(result.summary, /### ✅ evalgate: gate passed/);
    assert.match(result.outputs, /verdict<<.*\npass\n/);
    // after a 403 the action does not hammer the API with the same writes
    assert.equal(calls(start).filter((c) => c.startsWith("POST /repos/acme/bot/issues/9/comments")).length, 1);
    assert.equal(calls(start).filter((c) => c.startsWith("POST /repos/acme/bot/check-runs")).length, 1);
  } finally {
    server.intercept = null;
  }
});

test("push to release/x: the stricter profile applies, and a 409 race on the data branch is retried", async () => {
  let raced = false;
  server.intercept = (request, github) => {
    if (!raced && request.method === "PATCH" && request.path.includes("/git/refs/heads/evalgate-baselines")) {
      raced = true;
      github.commitFiles("evalgate-baselines", { "baselines/other/results.json": "{}" }, "a concurrent run");
      return { status: 409, body: { message: "Reference cannot be updated" } };
    }
    return undefined;
  };
  try {
    const result = await runAction("release", "push", { after: MAIN_SHA }, botResults(0.9, { branch: "release/x" }), {
      GITHUB_REF_NAME: "release/x",
    });
    assert.equal(result.code, 1, "0.9 is under the release profile's min-score 0.95");
    assert.match(result.summary, /profile `release\/\*\*`/);
    assert.match(result.stdout, /stored the baseline for release\/x on evalgate-baselines \(\w+, 2 attempts\)/);
    const files = server.listFiles("evalgate-baselines");
    assert.ok(files.includes("baselines/release/x/results.json"));
    assert.ok(files.includes("baselines/other/results.json"), "the concurrent run's commit is kept");
    assert.ok(files.includes("baselines/main/results.json"));
  } finally {
    server.intercept = null;
  }
});

test("workflow_dispatch: event inputs select suites, sample, repeat and store the baseline", async () => {
  const payload = { inputs: { suites: "bot", sample: "5", repeat: "3", "store-baseline": "true" } };
  const before = server.refSha("evalgate-baselines");
  const result = await runAction("dispatch", "workflow_dispatch", payload, botResults(0.91, { branch: "dev" }), { GITHUB_REF_NAME: "dev" });
  assert.equal(result.code, 0, result.stdout);
  assert.deepEqual(result.engine.selection, { repeat: 3, suites: ["bot"], sample: 5 });
  assert.deepEqual(result.engine.git, { commit: MAIN_SHA, branch: "dev", event: "workflow_dispatch" });
  assert.notEqual(server.refSha("evalgate-baselines"), before);
  assert.equal(JSON.parse(server.readFile("evalgate-baselines", "baselines/dev/results.json")!).suites.bot.metrics.recall.value, 0.91);
});

test("a bad config fails the job with a file:line annotation, and still writes the summary", async () => {
  await writeFile(path.join(work, "evals/bad.yml"), "version: 1\nmodels: {}\nsuites: {}\ngate:\n  max-drop: 7\n");
  const result = await runAction("bad-config", "push", { after: MAIN_SHA }, botResults(0.9), { INPUT_CONFIG: "evals/bad.yml" });
  assert.equal(result.code, 1);
  assert.match(result.stdout, /::error title=evalgate config,file=evals\/bad.yml,line=5,col=13::gate.max-drop: value must be at most 1/);
  assert.match(result.summary, /the run failed before a verdict/);
  assert.match(result.outputs, /verdict<<.*\nerror\n/);
});
