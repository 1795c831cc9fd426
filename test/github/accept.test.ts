// Accepting a regression, end to end against the scripted GitHub: the action's real entry in its own
// process, real event payloads (pull_request labeled, issue_comment, push), the collaborator
// permission API, the pull request's record on the data branch and the merge commit's push run.
// The accept path never runs the engine: the harness's engine records every call it gets.
import assert from "node:assert/strict";
import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, afterEach, before, test } from "node:test";
import type { GateVerdict } from "../../src/gate/types.ts";
import type { Results } from "../../src/results/types.ts";
import { caseResult, metric, results, suite } from "../gate/fixtures.ts";
import { BAD_GATEWAY, type FakeGitHub, FORBIDDEN, startGitHubServer } from "../servers/github.ts";
import { type HarnessRun, outputOf, runHarness } from "./harness-run.ts";

const TOKEN = "ghs_acceptTestToken456";
const MAIN = "1111111111111111111111111111111111111111";
const sha = (digit: string) => digit.repeat(40);

let server: FakeGitHub;
let work: string;

before(async () => {
  server = await startGitHubServer();
  work = await mkdtemp(path.join(os.tmpdir(), "evalgate-accept-"));
  await mkdir(path.join(work, "evals"), { recursive: true });
  await writeFile(path.join(work, "evals/evalgate.yml"), "version: 1\nmodels: {}\nsuites: {}\nbaseline:\n  store: branch\n");
  server.commitFiles("evalgate-baselines", { "baselines/main/results.json": JSON.stringify(botResults(0.9, 0.9, MAIN, "main")) });
  server.roles.set("wendy", "write");
  server.roles.set("mia", "maintain");
  server.roles.set("ada", "admin");
  server.roles.set("tara", "triage");
});
after(() => server.close());
afterEach(() => {
  server.faults = [];
  server.intercept = null;
});

/** A bot suite of 20 cases with two gated metrics, recall and precision. */
function botResults(recall: number, precision: number, commit: string, branch: string): Results {
  const cases = Array.from({ length: 20 }, (_, i) =>
    caseResult("bot", `case-${i + 1}`, { recall: i < (1 - recall) * 20 ? 0 : 1, precision: i < (1 - precision) * 20 ? 0 : 1 }),
  );
  return results(
    { bot: suite({ recall: metric(recall, { n: 20 }), precision: metric(precision, { n: 20 }) }, cases) },
    { commit, branch, event: "pull_request" },
  );
}

const repository = { full_name: "acme/bot", default_branch: "main" };
const pullRequest = (number: number, head: string) => ({
  number,
  head: { sha: head, ref: `feature-${number}`, repo: { full_name: "acme/bot" } },
  base: { sha: MAIN, ref: "main", repo: { full_name: "acme/bot" } },
});

function step(
  name: string,
  event: string,
  payload: unknown,
  head: Results = botResults(0.8, 0.8, MAIN, "main"),
  env: Record<string, string> = {},
) {
  return runHarness({ work, githubUrl: server.url, token: TOKEN, name, event, payload, head, env: { GITHUB_SHA: MAIN, ...env } });
}

/** The pull request's evals run at `head`: recall and precision both dropped. */
async function evalsRun(number: number, head: string, name = `pr-${number}`, value = 0.8): Promise<HarnessRun> {
  server.addPull({ number, head: { sha: head, ref: `feature-${number}` } });
  const run = await step(
    name,
    "pull_request",
    { action: "synchronize", repository, pull_request: pullRequest(number, head) },
    botResults(value, value, head, `feature-${number}`),
  );
  assert.equal(run.code, 1, run.log);
  return run;
}

const labeled = (number: number, head: string, login: string, label = "evalgate: accept") => ({
  action: "labeled",
  label: { name: label },
  sender: { login },
  repository,
  pull_request: pullRequest(number, head),
});
const commented = (number: number, login: string, body: string) => ({
  action: "created",
  issue: { number, pull_request: { url: `https://api.github.com/repos/acme/bot/pulls/${number}` } },
  comment: { body, user: { login } },
  sender: { login },
  repository,
});

const ourComment = (issue: number) => server.comments.get(issue)!.find((c) => c.user.login === "github-actions[bot]")!.body;
const checksOf = (head: string) => server.checkRuns.filter((run) => run.head_sha === head);
const record = (number: number) =>
  JSON.parse(server.readFile("evalgate-baselines", `pulls/${number}/results.json`) ?? "null") as Results | null;
const verdictOf = (results: Results | null) => results?.verdict as GateVerdict;

test("a label from a writer flips the failed check to success, with the acceptance in the title, the comment and results.json", async () => {
  const head = sha("3");
  await evalsRun(21, head);
  assert.equal(checksOf(head).length, 1);
  const check = checksOf(head)[0]!;
  assert.equal(check.conclusion, "failure");
  const annotations = check.annotations.length;
  assert.equal(record(21)!.run.commit, head, "the run is recorded for its head commit");

  // A reader's label (triage can label, not accept): ignored, one line in the comment, the check unchanged.
  const reader = await step("label-triage", "pull_request", labeled(21, head, "tara"));
  assert.equal(reader.code, 0, reader.log);
  assert.equal(reader.engine, null, "the accept path never runs the engine");
  assert.equal(outputOf(reader, "accepted"), "false");
  assert.match(
    ourComment(21),
    /@&#8203;tara asked to accept a regression but has triage permission on acme\/bot; accepting takes write, maintain or admin: ignored\./,
  );
  assert.match(ourComment(21), /### ❌ evalgate: gate failed/);
  assert.equal(check.conclusion, "failure");
  assert.equal(verdictOf(record(21)).acceptance, undefined);

  const writer = await step("label-write", "pull_request", labeled(21, head, "wendy"));
  assert.equal(writer.code, 0, writer.log);
  assert.equal(writer.engine, null);
  assert.equal(outputOf(writer, "verdict"), "pass");
  assert.equal(outputOf(writer, "accepted"), "true");
  assert.equal(checksOf(head).length, 1, "the evals run's check run is updated, not doubled");
  assert.equal(check.conclusion, "success");
  assert.equal(check.output!.title, "Gate passed: 2 regressions accepted by @wendy");
  assert.match(check.output!.summary!, /Accepted on the record\*\* for commit 3333333/);
  assert.equal(check.annotations.length, annotations, "the annotations are not sent again");
  const comment = ourComment(21);
  assert.match(comment, /### ✅ evalgate: gate passed with 2 accepted regressions/);
  assert.match(comment, /recall: dropped 11\.1% .* — accepted in \\#21 by @&#8203;wendy: label evalgate: accept/);
  assert.doesNotMatch(comment, /tara/, "the earlier note was for the earlier request");
  const written = JSON.parse(await readFile(outputOf(writer, "results-path")!, "utf8")) as Results;
  const acceptance = verdictOf(written).acceptance!;
  assert.equal(acceptance.headSha, head);
  assert.deepEqual(
    acceptance.entries.map(({ metrics, by, via }) => ({ metrics, by, via })),
    [{ metrics: ["bot/recall", "bot/precision"], by: "wendy", via: "label" }],
  );
  assert.deepEqual(verdictOf(record(21)).acceptance, acceptance, "and the data branch's record holds it");
  assert.doesNotMatch(JSON.stringify(acceptance), new RegExp(TOKEN));

  // A rerun of the evals at the same head keeps the acceptance.
  const rerun = await step(
    "pr-21-rerun",
    "pull_request",
    { action: "synchronize", repository, pull_request: pullRequest(21, head) },
    botResults(0.8, 0.8, head, "feature-21"),
  );
  assert.equal(rerun.code, 0, rerun.log);
  assert.equal(checksOf(head).at(-1)!.conclusion, "success");
});

test("a comment naming one of two failing metrics leaves the gate failed on the other; a new push voids the acceptance", async () => {
  const head = sha("4");
  await evalsRun(22, head);
  const check = checksOf(head)[0]!;
  const accepted = await step(
    "comment-one",
    "issue_comment",
    commented(22, "mia", "/evalgate accept bot/recall <b>cheaper</b> model, @team ::warning::x"),
  );
  assert.equal(accepted.code, 1, accepted.log);
  assert.equal(accepted.engine, null);
  assert.equal(outputOf(accepted, "verdict"), "fail");
  assert.equal(check.conclusion, "failure");
  assert.equal(check.output!.title, "Gate failed: 1 failure (1 accepted by @mia)");
  const comment = ourComment(22);
  assert.match(comment, /### ❌ evalgate: gate failed/);
  assert.match(comment, /\| recall +\|.*☑️ accepted/);
  assert.match(comment, /\| precision +\|.*❌ fail/);
  // The reason is the maintainer's words: escaped as data in the comment, never a workflow command in the log.
  assert.match(comment, /accepted in \\#22 by @&#8203;mia: &lt;b&gt;cheaper&lt;\/b&gt; model, @&#8203;team :&#58;warning::x/);
  assert.doesNotMatch(accepted.log, /^::warning::x/m);
  const entry = verdictOf(record(22)).acceptance!.entries[0]!;
  assert.deepEqual(entry.metrics, ["bot/recall"]);
  assert.equal(entry.reason, "<b>cheaper</b> model, @team ::warning::x", "kept as written, escaped where shown");

  // The other metric by an admin, then a new push: the gate runs again and the acceptances are void.
  const both = await step("comment-two", "issue_comment", commented(22, "ada", "/evalgate accept bot/precision stricter refusals"));
  assert.equal(both.code, 0, both.log);
  assert.equal(check.conclusion, "success");
  assert.equal(check.output!.title, "Gate passed: 2 regressions accepted by @mia, @ada");
  const next = sha("5");
  await evalsRun(22, next, "pr-22-push");
  assert.equal(checksOf(next)[0]!.conclusion, "failure");
  assert.match(ourComment(22), /### ❌ evalgate: gate failed/);
  assert.match(ourComment(22), /An acceptance by @&#8203;mia, @&#8203;ada was given for 4444444; this run is of 5555555/);
  assert.equal(verdictOf(record(22)).acceptance, undefined, "the new head's record starts without one");
  // An acceptance given now is for the new head only.
  const again = await step("comment-again", "issue_comment", commented(22, "mia", "/evalgate accept all still cheaper"));
  assert.equal(again.code, 0, again.log);
  assert.equal(checksOf(next)[0]!.conclusion, "success");
  assert.equal(check.conclusion, "success", "the old head's check is left as it was");
});

test("commands that accept nothing: another comment, a name that is not failing, a reader, another label", async () => {
  const head = sha("6");
  await evalsRun(23, head);
  const before = server.requests.length;
  const chatter = await step("chatter", "issue_comment", commented(23, "wendy", "LGTM, but see /evalgate accept in the docs"));
  assert.equal(chatter.code, 0, chatter.log);
  assert.equal(server.requests.length, before, "a comment that is no command costs no API call");
  const typo = await step("typo", "issue_comment", commented(23, "wendy", "/evalgate accept bot/recal oops"));
  assert.equal(typo.code, 0, typo.log);
  assert.match(ourComment(23), /@&#8203;wendy: there is no suite or metric bot\/recal at 6666666\. Nothing accepted\./);
  const noReason = await step("no-reason", "issue_comment", commented(23, "wendy", "/evalgate accept bot"));
  assert.equal(noReason.code, 0, noReason.log);
  assert.match(ourComment(23), /give a reason after bot/);
  const reader = await step("reader", "issue_comment", commented(23, "rick", "/evalgate accept all because"));
  assert.equal(reader.code, 0, reader.log);
  assert.match(ourComment(23), /@&#8203;rick asked to accept a regression but has read permission/);
  assert.equal(checksOf(head)[0]!.conclusion, "failure");
  assert.equal(verdictOf(record(23)).acceptance, undefined);
  // Another label on a pull_request workflow: the evals run as on any pull request event.
  const other = await step(
    "other-label",
    "pull_request",
    labeled(23, head, "wendy", "needs review"),
    botResults(0.8, 0.8, head, "feature-23"),
  );
  assert.equal(other.code, 1, other.log);
  assert.notEqual(other.engine, null, "another label runs the evals");
});

test("permission API faults never accept: a 502 that persists and a 403 are exit 3, the check stays failed", async () => {
  const head = sha("7");
  await evalsRun(24, head);
  for (const [name, reply, hits] of [
    ["502", BAD_GATEWAY, 4],
    ["403", FORBIDDEN, 1],
  ] as const) {
    const fault = server.fault("GET", /\/collaborators\/wendy\/permission$/, reply, Number.POSITIVE_INFINITY);
    const run = await step(`permission-${name}`, "pull_request", labeled(24, head, "wendy"));
    assert.equal(run.code, 3, run.log);
    assert.equal(fault.hits, hits, "a 5xx is retried, a 403 is not");
    assert.equal(outputOf(run, "verdict"), "error");
    assert.match(run.log, new RegExp(`could not check @wendy's permission on acme/bot: HTTP ${name}.*not applied`));
    assert.match(
      ourComment(24),
      new RegExp(`@&#8203;wendy asked to accept a regression, but could not check .*HTTP ${name}.*: not accepted\\.`),
    );
    assert.equal(checksOf(head)[0]!.conclusion, "failure");
    assert.equal(verdictOf(record(24)).acceptance, undefined);
    server.faults = [];
  }
});

test("the merge commit's push stores the accepted results as main's baseline, and the history names the pull request", async () => {
  // #21 was accepted at 3333333 (the first test) and merges as a squash commit.
  const merge = sha("8");
  server.addPull({
    number: 21,
    state: "closed",
    head: { sha: sha("3"), ref: "feature-21" },
    merged_at: "2026-08-03T10:00:00Z",
    merge_commit_sha: merge,
  });
  const pushed = botResults(0.8, 0.8, merge, "main");
  const push = await step("merge-push", "push", { after: merge, repository }, pushed, { GITHUB_SHA: merge });
  assert.equal(push.code, 0, push.log);
  assert.equal(outputOf(push, "baseline-stored"), "true");
  assert.match(push.summary, /### ✅ evalgate: gate passed with 2 accepted regressions/);
  assert.match(
    push.summary,
    /Baseline stored: the results become the baseline of `main`, accepted in \\#21 by @&#8203;wendy: label evalgate: accept/,
  );
  const stored = JSON.parse(server.readFile("evalgate-baselines", "baselines/main/results.json")!) as Results;
  assert.equal(stored.suites.bot!.metrics.recall!.value, 0.8, "the accepted results are the new bar");
  const files = server.listFiles("evalgate-baselines");
  const entry = files.filter((file) => file.startsWith("history/main/") && file.includes("8888888"));
  assert.equal(entry.length, 1);
  const history = JSON.parse(server.readFile("evalgate-baselines", entry[0]!)!) as Results;
  assert.equal(verdictOf(history).acceptance!.pullRequest, 21);
  assert.ok(verdictOf(history).accepted!.every((line) => line.endsWith("accepted in #21 by @wendy: label evalgate: accept")));
  assert.ok(!files.some((file) => file.startsWith("pulls/21/")), "the merged pull request's record is done with");
  const commit = server.requests.filter((r) => r.method === "POST" && r.path.endsWith("/git/commits")).at(-1)!.body.message as string;
  assert.equal(commit, "evalgate: baseline for main at 8888888 (accepted in #21 by @wendy: label evalgate: accept)");
  const lookup = server.requests.find((r) => r.path === `/repos/acme/bot/commits/${merge}/pulls`);
  assert.ok(lookup, "the pull request was found through the commit");
});

test("without an acceptance for the head it merged at, a failing push is not stored", async () => {
  // #23 was never accepted; #24's acceptance (below) is for a head it did not merge at.
  server.addPull({
    number: 23,
    state: "closed",
    head: { sha: sha("6"), ref: "feature-23" },
    merged_at: "2026-08-03T11:00:00Z",
    merge_commit_sha: sha("9"),
  });
  const plain = await step("merge-plain", "push", { after: sha("9"), repository }, botResults(0.7, 0.7, sha("9"), "main"), {
    GITHUB_SHA: sha("9"),
  });
  assert.equal(plain.code, 1, plain.log);
  assert.match(plain.summary, /#23 was merged without an accepted regression: the baseline policy applies as it is\./);
  assert.match(plain.summary, /Baseline not stored: the gate failed/);

  const accepted = await step("accept-24", "issue_comment", commented(24, "ada", "/evalgate accept all known"));
  assert.equal(accepted.code, 0, accepted.log);
  server.addPull({
    number: 24,
    state: "closed",
    head: { sha: sha("a"), ref: "feature-24" },
    merged_at: "2026-08-03T12:00:00Z",
    merge_commit_sha: sha("b"),
  });
  const moved = await step("merge-moved", "push", { after: sha("b"), repository }, botResults(0.7, 0.7, sha("b"), "main"), {
    GITHUB_SHA: sha("b"),
  });
  assert.equal(moved.code, 1, moved.log);
  assert.match(moved.summary, /#24's acceptance was given for 7777777, but it merged at aaaaaaa .*: not applied\./);
  assert.match(moved.summary, /Baseline not stored: the gate failed/);
  const baseline = JSON.parse(server.readFile("evalgate-baselines", "baselines/main/results.json")!) as Results;
  assert.equal(baseline.suites.bot!.metrics.recall!.value, 0.8, "main's baseline is still the accepted one");

  // The lookup failing is not "no acceptance": whether the failure was accepted is unknown (exit 3).
  server.fault("GET", /\/commits\/[0-9a-f]{40}\/pulls$/, BAD_GATEWAY, Number.POSITIVE_INFINITY);
  const unknown = await step("merge-502", "push", { after: sha("c"), repository }, botResults(0.7, 0.7, sha("c"), "main"), {
    GITHUB_SHA: sha("c"),
  });
  assert.equal(unknown.code, 3, unknown.log);
  assert.match(
    unknown.summary,
    /could not look up the pull request merged as ccccccc: HTTP 502 \(whether this regression was accepted is unknown\)/,
  );
});

test("an acceptance recorded while a rerun of the evals was going on is kept by the rerun's record", async () => {
  // (main's baseline is the accepted 0.8 by now: this pull request drops to 0.7)
  const head = sha("d");
  await evalsRun(25, head, "pr-25", 0.7);
  const accepted = await step("label-25", "pull_request", labeled(25, head, "wendy"));
  assert.equal(accepted.code, 0, accepted.log);
  // The rerun read the record before the acceptance landed: it gates without it...
  let hidden = false;
  server.intercept = (request) => {
    if (hidden || request.method !== "GET" || !request.path.endsWith("/contents/pulls/25/results.json")) return undefined;
    hidden = true;
    return { status: 404, body: { message: "Not Found" } };
  };
  const rerun = await step(
    "pr-25-rerun",
    "pull_request",
    { action: "synchronize", repository, pull_request: pullRequest(25, head) },
    botResults(0.7, 0.7, head, "feature-25"),
  );
  assert.ok(hidden);
  assert.equal(rerun.code, 1, rerun.log);
  // ...and its record keeps the acceptance, so the merge still finds it.
  const kept = verdictOf(record(25));
  assert.equal(kept.verdict, "pass");
  assert.deepEqual(
    kept.acceptance!.entries.map((entry) => entry.by),
    ["wendy"],
  );
});
