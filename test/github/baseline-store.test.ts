import assert from "node:assert/strict";
import { test } from "node:test";
import { ANSWER_CAP_CHARS, type CaseAnswer, caseAnswer } from "../../src/baseline/case-answer.ts";
import { readBranchBaseline, writeBranchBaseline } from "../../src/github/baseline-store.ts";
import { createClient } from "../../src/github/client.ts";
import { storedAnswer } from "../../src/suites/judged/rejudge.ts";
import { registerSecret } from "../../src/util/redact.ts";
import { metric, results, suite } from "../gate/fixtures.ts";
import { startGitHubServer } from "../servers/github.ts";

test("branch store: history pruned to history-size, details left out, read back by branch", async () => {
  const github = await startGitHubServer();
  try {
    const client = createClient("ghs_test_token", { GITHUB_API_URL: github.url });
    const repo = { owner: "acme", repo: "bot" };
    for (let i = 0; i < 4; i++) {
      const run = results(
        { s: suite({ m: metric(0.5 + i / 10) }) },
        { finishedAt: `2026-08-0${i + 1}T00:00:00.000Z`, commit: `${i}`.repeat(40) },
      );
      run.suites.s!.cases = [{ ...run.suites.s!.cases[0]!, details: { transcript: "long" } }].filter(Boolean);
      const { attempts } = await writeBranchBaseline(client, repo, {
        dataBranch: "data",
        branch: "release/1",
        results: run,
        historySize: 2,
      });
      assert.equal(attempts, 1);
    }
    const files = github.listFiles("data");
    assert.deepEqual(files, [
      "baselines/release/1/results.json",
      "history/release/1/2026-08-03T00-00-00-000Z-2222222.json",
      "history/release/1/2026-08-04T00-00-00-000Z-3333333.json",
    ]);
    const baseline = await readBranchBaseline(client, repo, { dataBranch: "data", branch: "release/1" });
    assert.ok(Math.abs(baseline!.suites.s!.metrics.m!.value! - 0.8) < 1e-12);
    assert.equal(await readBranchBaseline(client, repo, { dataBranch: "data", branch: "main" }), null);
    const start = github.requests.length;
    // a writer that keeps losing the race gives up after maxAttempts with the conflict
    github.intercept = (request) =>
      request.method === "PATCH" && request.path.includes("/git/refs/")
        ? { status: 422, body: { message: "Update is not a fast forward" } }
        : undefined;
    await assert.rejects(
      writeBranchBaseline(client, repo, { dataBranch: "data", branch: "main", results: results({}), historySize: 2, maxAttempts: 3 }),
      (error: { status?: number }) => error.status === 422,
    );
    assert.equal(github.requests.slice(start).filter((r) => r.method === "PATCH").length, 3);
  } finally {
    await github.close();
  }
});

test("branch store: each case keeps its answer, votes and calls for the side-by-side view, capped and redacted before the cut", async () => {
  const secret = "sk-live-0123456789abcdef";
  registerSecret(secret);
  const github = await startGitHubServer();
  try {
    const client = createClient("ghs_test_token", { GITHUB_API_URL: github.url });
    const repo = { owner: "acme", repo: "bot" };
    const run = results({ s: suite({ m: metric(0.5) }) }, { finishedAt: "2026-08-01T00:00:00.000Z", commit: "a".repeat(40) });
    // the secret straddles the 4 KiB cut: cut first, its prefix would survive and no redaction would know it
    const response = `${"word ".repeat(Math.floor((ANSWER_CAP_CHARS - 60) / 5))}${secret} ${"tail ".repeat(2000)}`;
    const votes = [{ score: 1, text: `fine ${secret}` }];
    run.suites.s!.cases = [
      { ...run.suites.s!.cases[0]!, details: { agent: "bot", prompt: "the prompt", response, votes, finalScore: 1, transcript: ["long"] } },
    ];
    await writeBranchBaseline(client, repo, { dataBranch: "data", branch: "main", results: run, historySize: 2 });
    const stored = (await readBranchBaseline(client, repo, { dataBranch: "data", branch: "main" }))!.suites.s!.cases[0]!
      .details as CaseAnswer & Record<string, unknown>;
    assert.deepEqual(Object.keys(stored).sort(), ["agent", "finalScore", "response", "responseCut", "votes"], "no prompt, no transcript");
    assert.ok(stored.response!.length <= ANSWER_CAP_CHARS);
    assert.match(stored.response!, /word \*\*\*/);
    assert.match(stored.response!, /\[… cut here: the rest is in the run's results\.json\]$/);
    assert.ok(!stored.response!.includes(secret.slice(0, 8)));
    assert.deepEqual(stored.votes, [{ score: 1, text: "fine ***" }]);
    // read again and cut again: the same view, still marked as cut, so re-judging leaves it alone
    assert.deepEqual(caseAnswer(stored), stored);
    assert.equal(storedAnswer({ details: stored }), null, "the head of an answer is not re-judged");
    assert.equal(storedAnswer({ details: caseAnswer({ response: "four" }) }), "four", "a whole stored answer is");
  } finally {
    await github.close();
  }
});
