// Judge votes that stop when the rest cannot change the result (`judge-early-stop`): through the
// real CLI against a scripted judge on 127.0.0.1, and the stopping rule checked against every way
// the remaining votes could go.
import assert from "node:assert/strict";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import type { Results } from "../../../src/results/types.ts";
import { votesDecided } from "../../../src/suites/judged/early-stop.ts";
import { majorityVote, SCALES, type Scale, unreliableVerdict } from "../../../src/suites/judged/grading.ts";
import { isJudgeRequest, questionOf, runCli, startEvalServer, writeSuite } from "../../engine/helpers.ts";
import { chatCompletion, startScriptedServer } from "../../servers/scripted.ts";

async function runSuite(serverUrl: string, extraFlags: string[], judgeRuns = 3) {
  const { dir, config } = await writeSuite(serverUrl, 20);
  await writeFile(config, (await readFile(config, "utf8")).replace("judge-runs: 1", `judge-runs: ${judgeRuns}`));
  const result = await runCli(["run", "-c", config, "--quiet", ...extraFlags], { cwd: dir });
  assert.equal(result.code, 0, result.stderr);
  return JSON.parse(await readFile(path.join(dir, "out", "results.json"), "utf8")) as Results;
}

test("20 answers × 3 agreeing votes: early stop sends 40 judge requests, not 60, and scores the same", async () => {
  const server = await startEvalServer();
  try {
    const full = await runSuite(server.url, []);
    const fullJudge = server.requests.filter((r) => isJudgeRequest(r.body)).length;
    const comment = path.join(await mkdtemp(path.join(tmpdir(), "evalgate-early-stop-")), "comment.md");
    const early = await runSuite(server.url, ["--judge-early-stop", "--markdown", comment]);
    const earlyJudge = server.requests.filter((r) => isJudgeRequest(r.body)).length - fullJudge;
    assert.equal(fullJudge, 60);
    assert.ok(earlyJudge <= 40, `${earlyJudge} judge requests`);
    const suite = early.suites.qa!;
    assert.equal(suite.metrics.score!.value, full.suites.qa!.metrics.score!.value);
    assert.equal(suite.metrics.pass_rate!.value, full.suites.qa!.metrics.pass_rate!.value);
    assert.deepEqual(suite.breakdowns?.votes, { cast: 40, skipped: 20 });
    assert.equal(suite.requests, 20 + 40);
    for (const c of suite.cases) {
      assert.equal(c.metrics["skipped_votes"], 1);
      assert.equal(c.metrics["agreement"], 1); // over the two votes cast
      assert.equal((c.details as { skippedVotes?: number }).skippedVotes, 1);
    }
    // The comment's cost line says what the PR did not pay for.
    assert.match(await readFile(comment, "utf8"), /60 requests · .*20 votes skipped/);
    // Without early stop nothing says votes were skipped.
    assert.equal(full.suites.qa!.breakdowns?.votes, undefined);
  } finally {
    await server.close();
  }
});

test("a split judge casts the third vote: the answer is decided by it, nothing skipped", async () => {
  // Per question the judge answers 3, 1, 3 by arrival: the first two votes always disagree.
  const arrivals = new Map<string, number>();
  const server = await startScriptedServer((request) => {
    const question = questionOf(request.body);
    if (!isJudgeRequest(request.body)) return { body: chatCompletion(`Answer to ${question}`) };
    const arrival = arrivals.get(question) ?? 0;
    arrivals.set(question, arrival + 1);
    return { body: chatCompletion(`Hmm.\nSCORE: ${arrival === 1 ? 1 : 3}`) };
  });
  try {
    const results = await runSuite(server.url, ["--judge-early-stop"]);
    assert.equal(server.requests.filter((r) => isJudgeRequest(r.body)).length, 60);
    const suite = results.suites.qa!;
    assert.deepEqual(suite.breakdowns?.votes, { cast: 60, skipped: 0 });
    assert.equal(suite.metrics.score!.value, 1);
    for (const c of suite.cases) assert.equal(c.metrics["skipped_votes"], 0);
  } finally {
    await server.close();
  }
});

// The outcome of a full set of votes, as runJudgedCase computes it.
function outcome(scores: number[], failed: number, total: number, scale: Scale): string {
  if (unreliableVerdict(failed, total)) return "error";
  return `scored ${majorityVote(scores, scale).finalScore}`;
}

/** Every multiset of `count` votes from `options` (a vote is a score or null for a failed one). */
function* completions(options: (number | null)[], count: number, from = 0): Generator<(number | null)[]> {
  if (count === 0) {
    yield [];
    return;
  }
  for (let i = from; i < options.length; i++) for (const rest of completions(options, count - 1, i)) yield [options[i]!, ...rest];
}

test("the stopping rule never stops while some outcome of the remaining votes changes the result (every judge-runs to 6)", () => {
  for (const scale of [SCALES.binary, SCALES["0-3"], SCALES["1-5"], SCALES["0-100"]]) {
    // On 0-100 the extremes, the middle and two off-grid values stand in for every score.
    const points = scale.continuous ? [0, 25, 40, 50, 60, 100] : scale.labels.map((l) => l.score);
    const votes = [...points, null];
    for (let total = 1; total <= 6; total++) {
      for (let castCount = 0; castCount <= total; castCount++) {
        for (const cast of completions(votes, castCount)) {
          const scores = cast.filter((v): v is number => v !== null);
          const failed = cast.length - scores.length;
          if (!votesDecided({ scores, failed, total }, scale)) continue;
          const now = outcome(scores, failed, total, scale);
          for (const rest of completions(votes, total - castCount)) {
            const all = [...scores, ...rest.filter((v): v is number => v !== null)];
            const allFailed = failed + rest.filter((v) => v === null).length;
            assert.equal(outcome(all, allFailed, total, scale), now, `${scale.type} ${total} votes: stopped at [${cast}], then [${rest}]`);
          }
        }
      }
    }
  }
});

test("agreeing votes decide as soon as they are a majority: 2 of 3, 3 of 5, on both kinds of scale", () => {
  for (const scale of [SCALES["0-3"], SCALES["0-100"]]) {
    assert.equal(votesDecided({ scores: [2, 2], failed: 0, total: 3 }, scale), true);
    assert.equal(votesDecided({ scores: [2, 1], failed: 0, total: 3 }, scale), false);
    assert.equal(votesDecided({ scores: [2, 2], failed: 0, total: 5 }, scale), false);
    assert.equal(votesDecided({ scores: [2, 2, 2], failed: 0, total: 5 }, scale), true);
  }
  // One vote failed: if the last one failed too, 2 of 3 failing makes the answer an error, so it is cast.
  assert.equal(votesDecided({ scores: [3], failed: 1, total: 3 }, SCALES["0-3"]), false);
});
