// Big baselines and big check-run summaries, as GitHub serves and refuses them. A data-branch baseline
// that keeps each answer passes 1 MB at a few hundred cases; GitHub's contents API then lists it with
// no content and its blob must be read through the git data API. A 5 MB baseline goes end to end
// through the real action (real engine, real git checkout, the scripted GitHub of test/servers/github.ts
// and a scripted OpenAI-compatible server on 127.0.0.1): stored on a push, read back and gated on a
// pull request. A file the data branch lists but whose blob cannot be read is an unreadable baseline
// (exit 3), never "no baseline". A check run's summary is cut to 65,535 bytes, as GitHub counts them.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { after, before, test } from "node:test";
import { readRepoFile } from "../../src/github/baseline-store.ts";
import { completeCheckRun, startCheckRun } from "../../src/github/checks.ts";
import { createClient } from "../../src/github/client.ts";
import { type ChangedRepo, createChangedRepo } from "../engine/changed-repo.ts";
import { questionOf } from "../engine/helpers.ts";
import { CHECK_OUTPUT_MAX_BYTES, CONTENTS_INLINE_MAX_BYTES, type FakeGitHub, startGitHubServer, TOO_LARGE } from "../servers/github.ts";
import { chatCompletion, type ScriptedServer, startScriptedServer } from "../servers/scripted.ts";
import { freshRunnerStep, pullRequestEvent } from "./action-step.ts";

/** Prompts whose stored answers (about 3.9 KB each, the data branch keeps up to 4 KiB) make a baseline of over 5 MB. */
const PROMPTS = 1300;
const ANSWER = "The answer, at length. ".repeat(170);

let models: ScriptedServer;
let github: FakeGitHub;
let repo: ChangedRepo;
/** The judge's score for odd questions; even ones always get 3. */
let oddScore = 3;

before(async () => {
  models = await startScriptedServer((request) => {
    const question = questionOf(request.body);
    if ((request.body as { model: string }).model === "agent-model") return { body: chatCompletion(`${question}: ${ANSWER}`) };
    const odd = Number(question.split(" ")[1]) % 2 === 1;
    return { body: chatCompletion(`Reasons.\nSCORE: ${odd ? oddScore : 3}`) };
  });
  github = await startGitHubServer();
  repo = await createChangedRepo(models.url, "{ store: branch }");
  const rows = Array.from({ length: PROMPTS }, (_, i) => `"Question ${i + 1}: what is ${i + 1} + 1?","The answer is ${i + 2}."`);
  const config = (await readFile(path.join(repo.dir, "evals/evalgate.yml"), "utf8")).replace("concurrency: 4", "concurrency: 32");
  await repo.commit({ "evals/qa.csv": `prompt,judge_prompt\n${rows.join("\n")}\n`, "evals/evalgate.yml": config }, "1,300 prompts");
});
after(async () => {
  await github.close();
  await models.close();
});

// `all`: the suite's `paths:` did not change, and it must run, not be carried from the baseline.
const step = (event: { name: string; payload: unknown }, sha: string) =>
  freshRunnerStep({ dir: repo.dir, githubUrl: github.url, token: "ghs_bigBaselineToken123", runId: "17" }, event, sha, { all: "true" });
const head = () => repo.git("rev-parse", "HEAD").trim();
const STORED = "baselines/main/results.json";

test("a 5 MB data-branch baseline: stored on a push, listed without content, read from its blob on a pull request and gated on", async () => {
  const base = head();
  oddScore = 3;
  const push = await step({ name: "push", payload: { after: base, repository: { default_branch: "main" } } }, base);
  assert.equal(push.code, 0, push.log);
  assert.match(push.outputs, /baseline-stored<<\S+\ntrue\n/, push.log);
  const stored = github.readFile("evalgate-baselines", STORED)!;
  assert.ok(Buffer.byteLength(stored) > 5 * 1024 * 1024, `the stored baseline is ${Buffer.byteLength(stored)} bytes`);

  // The same answers, but the judge now gives the odd half 1 of 3: a drop only the baseline can show
  // (the thresholds alone pass: a mean of 0.67 is over min-score 0.5).
  oddScore = 1;
  const from = github.requests.length;
  const pr = await step(pullRequestEvent(31, base, "big", base), base);
  assert.equal(pr.code, 1, pr.log);
  const reads = github.requests.slice(from).map((r) => `${r.method} ${r.path}`);
  assert.ok(reads.includes(`GET /repos/acme/bot/contents/${STORED}`), reads.join("\n"));
  assert.ok(
    reads.some((r) => /^GET \/repos\/acme\/bot\/git\/blobs\/[0-9a-f]{40}$/.test(r)),
    "read from its blob",
  );
  const comment = github.comments.get(31)?.at(-1)?.body ?? "";
  assert.match(comment, /gate failed/);
  assert.match(comment, /Baseline: `evalgate-baselines:baselines\/main\/results\.json`/);
  assert.match(comment, /score.*dropped/);
});

test("a baseline the data branch lists but whose blob cannot be read is unreadable (exit 3), never no baseline", async () => {
  const base = head();
  // Stored by the test before; when run alone, any file over 1 MB will do: its blob is never read.
  if (!github.readFile("evalgate-baselines", STORED)) github.commitFiles("evalgate-baselines", { [STORED]: " ".repeat(2 * 1024 * 1024) });
  github.fault("GET", /\/git\/blobs\//, { status: 404, body: { message: "Not Found" } }, Number.POSITIVE_INFINITY);
  try {
    const from = models.requests.length;
    const pr = await step(pullRequestEvent(32, base, "blob-gone", base), base);
    assert.equal(pr.code, 3, pr.log);
    assert.match(
      pr.log,
      /the baseline evalgate-baselines:baselines\/main\/results\.json is unreadable: .*listed \(blob [0-9a-f]{7}\) but its blob could not be read: HTTP 404/,
    );
    assert.doesNotMatch(pr.log, /none yet|thresholds only/);
    assert.equal(models.requests.length, from, "nothing is spent on a run that could not be compared");
  } finally {
    github.faults = [];
  }
});

test("the scripted GitHub serves files as GitHub does: inline up to 1 MB, listed without content from 1 to 100 MB, the blob up to 100 MB", async () => {
  const client = createClient("ghs_test_token", { GITHUB_API_URL: github.url }, { retryBaseMs: 1, spaceWrites: false });
  const repoRef = { owner: "acme", repo: "bot" };
  const small = "é".repeat(1000);
  const big = `${"ü".repeat(CONTENTS_INLINE_MAX_BYTES / 2)}!`; // just over 1 MB in bytes, under it in characters
  github.commitFiles("sizes", { "small.txt": small, "big.txt": big });
  const listed = async (file: string) =>
    (await client.rest.repos.getContent({ ...repoRef, path: file, ref: "sizes" })).data as {
      encoding: string;
      content: string;
      size: number;
    };
  assert.equal((await listed("small.txt")).encoding, "base64");
  const bigListing = await listed("big.txt");
  assert.deepEqual([bigListing.encoding, bigListing.content, bigListing.size], ["none", "", Buffer.byteLength(big)]);
  assert.equal(await readRepoFile(client, repoRef, "small.txt", "sizes"), small);
  assert.equal(await readRepoFile(client, repoRef, "big.txt", "sizes"), big);
  assert.equal(await readRepoFile(client, repoRef, "absent.txt", "sizes"), null, "only a file the contents API does not list is absent");
  // Past 100 MB GitHub sends neither (answered here as GitHub does, without holding 100 MB in the test).
  github.intercept = (request) => (request.path.endsWith("/contents/big.txt") ? TOO_LARGE : undefined);
  try {
    await assert.rejects(
      readRepoFile(client, repoRef, "big.txt", "sizes"),
      /big\.txt at sizes is over 100 MB: GitHub's API cannot send it \(HTTP 403/,
    );
  } finally {
    github.intercept = null;
  }
});

test("a check run's summary of multi-byte text is cut to 65,535 bytes, which GitHub takes (it refuses more with a 422)", async () => {
  const client = createClient("ghs_test_token", { GITHUB_API_URL: github.url }, { retryBaseMs: 1, spaceWrites: false });
  const repoRef = { owner: "acme", repo: "bot" };
  const id = await startCheckRun(client, repoRef, { name: "evalgate", headSha: "a".repeat(40) });
  // 40,000 characters (under 65,535) of 2- and 4-byte text: 110,000 bytes.
  const summary = `${"ä".repeat(25_000)}${"😀".repeat(15_000)}`;
  assert.ok(summary.length < CHECK_OUTPUT_MAX_BYTES && Buffer.byteLength(summary) > CHECK_OUTPUT_MAX_BYTES);
  // GitHub's own answer to such a summary, as the scripted GitHub gives it.
  await assert.rejects(
    client.rest.checks.update({ ...repoRef, check_run_id: id, output: { title: "t", summary } }),
    (error: { status?: number; message?: string }) =>
      error.status === 422 && /summary exceeds a maximum bytesize of 65535/.test(error.message ?? ""),
  );
  await completeCheckRun(client, repoRef, id, { conclusion: "failure", title: "evalgate", summary, annotations: [] });
  const run = github.checkRuns.find((c) => c.id === id)!;
  assert.equal(run.conclusion, "failure");
  const sent = run.output!.summary!;
  assert.ok(Buffer.byteLength(sent) <= CHECK_OUTPUT_MAX_BYTES, `${Buffer.byteLength(sent)} bytes`);
  assert.ok(Buffer.byteLength(sent) > CHECK_OUTPUT_MAX_BYTES - 8, "cut at the limit, not far under it");
  assert.ok(sent.endsWith("…") && !/[\ud800-\udbff]…$/.test(sent), "cut between characters, marked");
});
