// Accepting a regression, end to end against the scripted GitHub: the action's real entry in its own
// process, real event payloads (pull_request labeled, issue_comment, push), the collaborator
// permission API, the record each pull request's run leaves in its check run, the acceptances on the
// data branch and the merge commit's push run. The pull request's runs have the token the workflow
// gives them, `contents: read`: the scripted GitHub refuses them any data-branch write (403).
// The accept path never runs the engine: the harness's engine records every call it gets.
import assert from "node:assert/strict";
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, afterEach, before, test } from "node:test";
import { gzipSync } from "node:zlib";
import type { Acceptance, GateVerdict } from "../../src/gate/types.ts";
import { parseRecordText, type RunRecord } from "../../src/github/run-record.ts";
import type { Results } from "../../src/results/types.ts";
import { caseResult, metric, results, suite } from "../gate/fixtures.ts";
import { BAD_GATEWAY, type FakeGitHub, FORBIDDEN, startGitHubServer } from "../servers/github.ts";
import { type HarnessRun, outputOf, runHarness } from "./harness-run.ts";

/** The accept job's and the push job's token (`contents: write`). */
const TOKEN = "ghs_acceptTestToken456";
/** The pull request job's token: `contents: read`, `checks: write`, `pull-requests: write`. */
const PR_TOKEN = "ghs_pullRequestToken789";
/** Another GitHub App's token on the same repository (a CI bot): its check runs are never read. */
const OTHER_APP_TOKEN = "ghs_otherAppToken321";
const MAIN = "1111111111111111111111111111111111111111";
const sha = (digit: string) => digit.repeat(40);

let server: FakeGitHub;
let work: string;

before(async () => {
  server = await startGitHubServer();
  work = await mkdtemp(path.join(os.tmpdir(), "evalgate-accept-"));
  await mkdir(path.join(work, "evals"), { recursive: true });
  // The regressions here (0.9 → 0.8 over 20 cases) are inside noise: the gate is told to fail them, so there is something to accept.
  await writeFile(
    path.join(work, "evals/evalgate.yml"),
    "version: 1\nmodels: {}\nsuites: {}\nbaseline:\n  store: branch\ngate:\n  fail-inside-noise: true\n",
  );
  server.commitFiles("evalgate-baselines", { "baselines/main/results.json": JSON.stringify(botResults(0.9, 0.9, MAIN, "main")) });
  server.roles.set("wendy", "write");
  server.roles.set("mia", "maintain");
  server.roles.set("ada", "admin");
  server.roles.set("tara", "triage");
  server.tokens.set(PR_TOKEN, { contents: "read" });
  server.tokens.set(OTHER_APP_TOKEN, { app: { id: 666, slug: "mallory-ci", name: "Mallory CI" } });
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
  token = TOKEN,
) {
  return runHarness({ work, githubUrl: server.url, token, name, event, payload, head, env: { GITHUB_SHA: MAIN, ...env } });
}

/** A pull request's evals run at `head`, with the pull request job's token (`contents: read`). */
function prRun(name: string, number: number, head: string, measured: Results) {
  return step(name, "pull_request", { action: "synchronize", repository, pull_request: pullRequest(number, head) }, measured, {}, PR_TOKEN);
}

/** The pull request's evals run at `head`: recall and precision both dropped. */
async function evalsRun(number: number, head: string, name = `pr-${number}`, value = 0.8): Promise<HarnessRun> {
  server.addPull({ number, head: { sha: head, ref: `feature-${number}` } });
  const run = await prRun(name, number, head, botResults(value, value, head, `feature-${number}`));
  assert.equal(run.code, 1, run.log);
  return run;
}

/** Writes the pull request job's token attempted on the data branch (the git data API): there are none. */
const dataBranchWrites = () => server.requests.filter((r) => r.token === PR_TOKEN && r.method !== "GET" && r.path.includes("/git/"));

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
const checksOf = (head: string) => server.checkRuns.filter((run) => run.head_sha === head && run.name === "evalgate");
/** The acceptances the accept job keeps on the data branch. */
const acceptanceOf = (number: number) =>
  JSON.parse(server.readFile("evalgate-baselines", `pulls/${number}/acceptance.json`) ?? "null") as
    | (Acceptance & { schema: string })
    | null;
/** The record a pull request's run left in its check run's output.text. */
function recordIn(check: { output?: { text?: string } }): RunRecord {
  const parsed = parseRecordText(check.output?.text);
  assert.ok("record" in parsed, "problem" in parsed ? parsed.problem : "");
  return parsed.record;
}
const verdictOf = (results: Results | null) => results?.verdict as GateVerdict;

test("a label from a writer flips the failed check to success, with the acceptance in the title, the comment and on the data branch", async () => {
  const head = sha("3");
  await evalsRun(21, head);
  assert.equal(checksOf(head).length, 1);
  const check = checksOf(head)[0]!;
  assert.equal(check.conclusion, "failure");
  const annotations = check.annotations.length;
  // The run's record is in its check run, for its head commit; the pull request's job wrote nothing on the data branch.
  const recorded = recordIn(check);
  assert.equal(recorded.head, head);
  assert.equal(recorded.pullRequest, 21);
  assert.deepEqual(recorded.verdict.failures.length, 2);
  const recordText = check.output!.text;
  assert.deepEqual(dataBranchWrites(), []);
  assert.ok(!server.listFiles("evalgate-baselines").some((file) => file.startsWith("pulls/")));

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
  assert.equal(acceptanceOf(21), null);

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
  assert.match(comment, /Decided again from the record the evals run at 3333333 left in its check run, without any model call/);
  assert.match(check.output!.summary!, /\| recall +\|.*☑️ accepted/);
  assert.equal(check.output!.text, recordText, "the record is sent back as the run left it");
  // The acceptance is on the data branch, bound to the head commit: who, which metrics, how.
  const acceptance = acceptanceOf(21)!;
  assert.equal(acceptance.schema, "evalgate/acceptance@1");
  assert.equal(acceptance.headSha, head);
  assert.deepEqual(
    acceptance.entries.map(({ metrics, by, via }) => ({ metrics, by, via })),
    [{ metrics: ["bot/recall", "bot/precision"], by: "wendy", via: "label" }],
  );
  assert.doesNotMatch(JSON.stringify(acceptance), new RegExp(TOKEN));
  assert.equal(outputOf(writer, "results-path"), undefined, "the accept job has no results file: the record has no cases");

  // A rerun of the evals at the same head reads the acceptance (contents: read) and keeps it.
  const rerun = await prRun("pr-21-rerun", 21, head, botResults(0.8, 0.8, head, "feature-21"));
  assert.equal(rerun.code, 0, rerun.log);
  assert.equal(checksOf(head).length, 2);
  assert.equal(checksOf(head).at(-1)!.conclusion, "success");
  assert.equal(checksOf(head).at(-1)!.output!.title, "Gate passed: 2 regressions accepted by @wendy");
  assert.deepEqual(dataBranchWrites(), []);
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
  const entry = acceptanceOf(22)!.entries[0]!;
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
  assert.equal(recordIn(checksOf(next)[0]!).verdict.acceptance, undefined, "the new head's record starts without one");
  // An acceptance given now is for the new head only: it replaces the old head's.
  const again = await step("comment-again", "issue_comment", commented(22, "mia", "/evalgate accept all still cheaper"));
  assert.equal(again.code, 0, again.log);
  assert.equal(checksOf(next)[0]!.conclusion, "success");
  assert.equal(check.conclusion, "success", "the old head's check is left as it was");
  assert.equal(acceptanceOf(22)!.headSha, next);
  assert.deepEqual(
    acceptanceOf(22)!.entries.map((given) => given.by),
    ["mia"],
  );
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
  assert.equal(acceptanceOf(23), null);
  // Another label on a pull_request workflow: the evals run as on any pull request event.
  const other = await step(
    "other-label",
    "pull_request",
    labeled(23, head, "wendy", "needs review"),
    botResults(0.8, 0.8, head, "feature-23"),
    {},
    PR_TOKEN,
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
    assert.equal(acceptanceOf(24), null);
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
  assert.ok(!files.some((file) => file.startsWith("pulls/21/")), "the merged pull request's acceptance is done with");
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

test("an acceptance recorded while a rerun of the evals was going on stays on the data branch, and the next request brings the rerun's check up to it", async () => {
  // (main's baseline is the accepted 0.8 by now: this pull request drops to 0.7)
  const head = sha("d");
  await evalsRun(25, head, "pr-25", 0.7);
  const accepted = await step("label-25", "pull_request", labeled(25, head, "wendy"));
  assert.equal(accepted.code, 0, accepted.log);
  // The rerun read the acceptances before this one landed: it gates without it...
  let hidden = false;
  server.intercept = (request) => {
    if (hidden || request.method !== "GET" || !request.path.endsWith("/contents/pulls/25/acceptance.json")) return undefined;
    hidden = true;
    return { status: 404, body: { message: "Not Found" } };
  };
  const rerun = await prRun("pr-25-rerun", 25, head, botResults(0.7, 0.7, head, "feature-25"));
  assert.ok(hidden);
  assert.equal(rerun.code, 1, rerun.log);
  assert.equal(checksOf(head).at(-1)!.conclusion, "failure");
  // ...but it writes nothing on the data branch, so the acceptance is kept for the merge,
  assert.deepEqual(dataBranchWrites(), []);
  assert.deepEqual(
    acceptanceOf(25)!.entries.map((entry) => entry.by),
    ["wendy"],
  );
  // and the next request reads the newest run's record: nothing is left to accept, but its check run
  // is brought up to the acceptance already given.
  const again = await step("comment-25", "issue_comment", commented(25, "ada", "/evalgate accept all confirmed"));
  assert.equal(again.code, 0, again.log);
  assert.equal(outputOf(again, "accepted"), "false");
  const [first, newest] = checksOf(head);
  assert.equal(newest!.conclusion, "success");
  assert.equal(newest!.output!.title, "Gate passed: 2 regressions accepted by @wendy");
  assert.equal(first!.conclusion, "success", "the first run's check, accepted before, is left as it was");
  assert.match(ourComment(25), /@&#8203;ada: the gate at ddddddd passed; nothing to accept\./);
  assert.deepEqual(
    acceptanceOf(25)!.entries.map((entry) => entry.by),
    ["wendy"],
  );
});

test("a pull request job whose token cannot write contents gets its acceptance end to end: label, rerun, merge", async () => {
  const head = sha("e");
  const run = await evalsRun(26, head, "pr-26", 0.7);
  assert.doesNotMatch(run.log, /cannot be accepted|contents: write/, "nothing warns: the pull request job needs no write");
  const labeledRun = await step("label-26", "pull_request", labeled(26, head, "ada"));
  assert.equal(labeledRun.code, 0, labeledRun.log);
  assert.equal(checksOf(head)[0]!.conclusion, "success");
  const rerun = await prRun("pr-26-rerun", 26, head, botResults(0.7, 0.7, head, "feature-26"));
  assert.equal(rerun.code, 0, rerun.log);
  assert.deepEqual(dataBranchWrites(), [], "the pull request's runs never tried to write on the data branch");
  const merge = sha("f");
  server.addPull({
    number: 26,
    state: "closed",
    head: { sha: head, ref: "feature-26" },
    merged_at: "2026-08-03T13:00:00Z",
    merge_commit_sha: merge,
  });
  const push = await step("merge-26", "push", { after: merge, repository }, botResults(0.7, 0.7, merge, "main"), { GITHUB_SHA: merge });
  assert.equal(push.code, 0, push.log);
  assert.match(
    push.summary,
    /Baseline stored: the results become the baseline of `main`, accepted in \\#26 by @&#8203;ada: label evalgate: accept/,
  );
  assert.equal(acceptanceOf(26), null, "the merged pull request's acceptance is done with");
  // Had it tried, the scripted GitHub would have refused: no data-branch write with `contents: read`, as on GitHub.
  const refused = await fetch(`${server.url}/repos/acme/bot/git/trees`, {
    method: "POST",
    headers: { authorization: `token ${PR_TOKEN}`, "content-type": "application/json" },
    body: JSON.stringify({ tree: [{ path: "x", mode: "100644", type: "blob", content: "x" }] }),
  });
  assert.equal(refused.status, 403);
});

test("the record in the check run survives a report near the check run's size cap: 100 failing suites accepted in one go", async () => {
  const head = "1234567890abcdef1234567890abcdef12345678";
  const long = "a case whose title is long enough to fill the worst-cases table to the brim".padEnd(90, "!");
  const suites = Object.fromEntries(
    Array.from({ length: 100 }, (_, s) => {
      const name = `suite-${String(s + 1).padStart(3, "0")}`;
      const cases = Array.from({ length: 40 }, (_, i) =>
        caseResult(name, `case-${i + 1}`, { recall: i < 30 ? 0 : 1, precision: 1 }, { title: `${long} ${i}` }),
      );
      return [name, suite({ recall: metric(0.25, { n: 40 }), precision: metric(1, { n: 40 }) }, cases)];
    }),
  );
  server.addPull({ number: 27, head: { sha: head, ref: "feature-27" } });
  const run = await prRun("pr-27", 27, head, results(suites, { commit: head, branch: "feature-27", event: "pull_request" }));
  assert.equal(run.code, 1, run.log);
  const check = checksOf(head)[0]!;
  const summaryBytes = Buffer.byteLength(check.output!.summary!, "utf8");
  assert.ok(summaryBytes > 60_000 && summaryBytes <= 65_535, `the report fills the summary (${summaryBytes} bytes)`);
  assert.match(check.output!.summary!, /Report truncated/);
  const textBytes = Buffer.byteLength(check.output!.text!, "utf8");
  assert.ok(textBytes < 16_384, `the record is well under the cap (${textBytes} bytes)`);
  const recorded = recordIn(check);
  assert.equal(recorded.detail, "full");
  assert.equal(recorded.verdict.suites.length, 100);
  assert.deepEqual(recorded.verdict.suites[0]!.changes, [], "no case is recorded");

  const accepted = await step("comment-27", "issue_comment", commented(27, "wendy", "/evalgate accept all the new retriever, on purpose"));
  assert.equal(accepted.code, 0, accepted.log);
  assert.equal(check.conclusion, "success");
  assert.equal(check.output!.title, "Gate passed: 100 regressions accepted by @wendy");
  assert.ok(Buffer.byteLength(check.output!.summary!, "utf8") <= 65_535);
  assert.equal(acceptanceOf(27)!.entries[0]!.metrics.length, 100);
  assert.match(ourComment(27), /### ✅ evalgate: gate passed with 100 accepted regressions/);
});

/** A check run another writer makes on a commit: completed, with `text` as its output.text. */
async function writeCheckRun(token: string, name: string, head: string, text: string) {
  const response = await fetch(`${server.url}/repos/acme/bot/check-runs`, {
    method: "POST",
    headers: { authorization: `token ${token}`, "content-type": "application/json" },
    body: JSON.stringify({
      name,
      head_sha: head,
      status: "completed",
      conclusion: "failure",
      output: { title: "Gate failed", summary: "forged", text },
    }),
  });
  assert.equal(response.status, 201);
  return (await response.json()) as { id: number };
}

/** A record in evalgate's format, with whatever a forger wants in it. */
const forgedText = (record: RunRecord) => `<!-- evalgate:record v1 ${gzipSync(JSON.stringify(record)).toString("base64")} -->`;

test("a forged or foreign check run is never read as the record: another app's, another name's, another commit's", async () => {
  const head = sha("2");
  await evalsRun(28, head, "pr-28", 0.5); // (main's baseline is 0.7 by now)
  const real = recordIn(checksOf(head)[0]!);
  // The forgery says the gate failed on a third metric too, so that "accept all" would cover it.
  const bot = real.verdict.suites[0]!;
  const extra = { ...bot.rows[0]!, metric: "safety", reason: "safety: dropped 50.0% (1.000 → 0.500), over max-drop 5%" };
  const forged: RunRecord = {
    ...real,
    verdict: { ...real.verdict, suites: [{ ...bot, rows: [...bot.rows, extra], reasons: [...bot.reasons, extra.reason] }] },
  };
  const otherApp = await writeCheckRun(OTHER_APP_TOKEN, "evalgate", head, forgedText(forged));
  const otherName = await writeCheckRun(TOKEN, "evalgate-copy", head, forgedText(forged));
  // A record of this pull request copied onto another commit, in a check run of the right app and name.
  const elsewhere = sha("9").replace(/^9/, "8");
  const otherCommit = await writeCheckRun(TOKEN, "evalgate", elsewhere, forgedText({ ...forged, head: elsewhere }));

  const accepted = await step("label-28", "pull_request", labeled(28, head, "wendy"));
  assert.equal(accepted.code, 0, accepted.log);
  assert.deepEqual(acceptanceOf(28)!.entries[0]!.metrics, ["bot/recall", "bot/precision"], "the real record's failures, not the forgery's");
  assert.equal(checksOf(head)[0]!.conclusion, "success");
  for (const forgery of [otherApp, otherName, otherCommit])
    assert.equal(server.checkRuns.find((run) => run.id === forgery.id)!.conclusion, "failure", "a forgery is never updated");
  const read = server.requests
    .filter((r) => r.method === "GET" && /\/check-runs\/\d+$/.test(r.path))
    .map((r) => Number(r.path.split("/").at(-1)));
  for (const forgery of [otherApp, otherName, otherCommit]) assert.ok(!read.includes(forgery.id), "nor read");

  // The newest check run of ours whose record names another commit is refused: nothing is accepted (exit 3).
  await writeCheckRun(TOKEN, "evalgate", head, forgedText({ ...forged, head: elsewhere }));
  const refused = await step("label-28-again", "pull_request", labeled(28, head, "ada"));
  assert.equal(refused.code, 3, refused.log);
  assert.match(refused.log, /the record in check run \d+ is of 8999999, not of 2222222/);
  assert.equal(acceptanceOf(28)!.entries.length, 1);
});

test("after a new push, the old head's check run is not read: nothing to accept until the new head's evals run has finished", async () => {
  const old = sha("0");
  await evalsRun(29, old, "pr-29", 0.5);
  const next = "abcdef0123456789abcdef0123456789abcdef01";
  server.addPull({ number: 29, head: { sha: next, ref: "feature-29" } });
  const early = await step("comment-29-early", "issue_comment", commented(29, "wendy", "/evalgate accept all cheaper"));
  assert.equal(early.code, 3, early.log);
  assert.match(early.log, /nothing to accept on #29 yet: no evals run of #29 has published its `evalgate` check run on abcdef0/);
  assert.equal(acceptanceOf(29), null);
  assert.equal(checksOf(old)[0]!.conclusion, "failure", "the old head's check run is left as it was");
  // The new head's run has started (its check run is in progress): still nothing to accept.
  const running = await writeCheckRun(TOKEN, "evalgate", next, "");
  server.checkRuns.find((run) => run.id === running.id)!.status = "in_progress";
  const during = await step("comment-29-during", "issue_comment", commented(29, "wendy", "/evalgate accept all cheaper"));
  assert.equal(during.code, 3, during.log);
  assert.match(during.log, new RegExp(`its evals run at abcdef0 has not finished \\(check run ${running.id}\\)`));
  assert.equal(acceptanceOf(29), null);
});
