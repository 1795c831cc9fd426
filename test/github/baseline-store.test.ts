import assert from "node:assert/strict";
import { test } from "node:test";
import { readBranchBaseline, writeBranchBaseline } from "../../src/github/baseline-store.ts";
import { createClient } from "../../src/github/client.ts";
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
