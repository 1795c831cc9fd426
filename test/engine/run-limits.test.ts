// The run's deadline and budget during a provider's Retry-After: through the real CLI against a
// scripted server on 127.0.0.1 that answers 429 with `retry-after: 60`. The run must end when its
// limit is reached (exit 3, could not decide), not a minute later when the backoffs are over: the
// cases it did not finish are reported as not run, and the run is never a baseline.
import assert from "node:assert/strict";
import { access, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { test } from "node:test";
import { decideStore } from "../../src/baseline/policy.ts";
import type { Results } from "../../src/results/types.ts";
import { chatCompletion, startScriptedServer } from "../servers/scripted.ts";
import { isJudgeRequest, questionOf, runCli, writeSuite } from "./helpers.ts";

test("--deadline 2s while calls back off after Retry-After: 60 exits 3 at the deadline, the rest not run, nothing stored", async () => {
  // Question 1 is answered; every later agent call is refused with a minute's Retry-After.
  let refusals = 0;
  const refusedAt: number[] = [];
  let firstRequestAt = 0;
  const server = await startScriptedServer((request) => {
    firstRequestAt ||= Date.now();
    const question = questionOf(request.body);
    const n = Number(question.split(" ")[1]);
    if (isJudgeRequest(request.body)) return { body: chatCompletion(`Fine.\nSCORE: ${n % 2 === 0 ? 3 : 1}`) };
    if (n > 1) {
      refusals++;
      refusedAt.push(Date.now());
      return { status: 429, headers: { "retry-after": "60" }, body: { error: { message: "slow down" } } };
    }
    return { body: chatCompletion(`Answer to ${question}`) };
  });
  try {
    // Global concurrency 1: two cases in the pool, so when the deadline passes the cases refused
    // are backing off (a retry sleep of 60 s) and the next waits for the pacer the refusals slowed.
    const { dir, config } = await writeSuite(server.url, 4, "baseline: { store: file, path: base.json }\n");
    const started = Date.now();
    const run = await runCli(["run", "-c", config, "--no-cache", "--concurrency", "1", "--deadline", "2s"], { cwd: dir });
    const tookMs = Date.now() - started;
    assert.equal(run.code, 3, run.stdout + run.stderr);
    // Not a benchmark: only a run that waited out the 60 s backoff or pause fails this.
    assert.ok(tookMs < 15_000, `the run took ${tookMs} ms to end after a 2 s deadline`);
    assert.ok(refusals >= 1 && refusals <= 2, `refused ${refusals} times`);
    // The deadline counts from before the first request, so nothing may arrive 2 s after that one.
    assert.ok(
      refusedAt.every((at) => at - firstRequestAt < 2000),
      "nothing was retried nor sent after the deadline",
    );
    assert.match(run.stdout, /could not decide: deadline reached \(2s\): 3 of 4 cases not run/);

    const results = JSON.parse(await readFile(path.join(dir, "out", "results.json"), "utf8")) as Results;
    assert.deepEqual(results.run.errors, ["deadline reached (2s): 3 of 4 cases not run"]);
    assert.deepEqual(results.run.partial, ["deadline reached (2s): 3 of 4 cases not run"]);
    assert.deepEqual(results.run.limits, { deadlineMs: 2000, spentUsd: 0 });
    // Only the case that finished (question 1) is reported; the two that were waiting are not run, not errors.
    assert.deepEqual(
      results.suites.qa!.cases.map((c) => c.status),
      ["scored"],
    );
    assert.deepEqual(results.suites.qa!.counts, { cases: 1, scored: 1, errors: 0 });
    const verdict = results.verdict as { verdict: "error"; errors?: string[]; suites: { suite: string; counts: { scored: number } }[] };
    assert.equal(verdict.verdict, "error");

    // Nothing stored: the CLI leaves the baseline file alone, and the action's policy refuses this run
    // even on a gated push that asks to store.
    await assert.rejects(access(path.join(dir, "base.json")), { code: "ENOENT" });
    const decision = decideStore({
      event: "push",
      branch: "main",
      isPullRequest: false,
      request: "true",
      config: { store: "branch", "gated-branches": ["main"], branch: "evalgate-baselines" },
      verdict,
      ...(results.run.partial ? { partial: results.run.partial } : {}),
    });
    assert.equal(decision.store, false);
    assert.match(decision.reason, /^the run had infrastructure errors \(deadline reached \(2s\): 3 of 4 cases not run\)$/);
  } finally {
    await server.close();
  }
});

test("--budget-usd used up while another call backs off after a 429 with Retry-After: 60: exits 3 at once", async () => {
  // The agent answers question 1 and refuses the others for a minute; the judge answers after 300 ms,
  // so its answer (the call that uses up the budget) comes while question 2 backs off.
  let refusals = 0;
  const server = await startScriptedServer((request) => {
    const question = questionOf(request.body);
    const n = Number(question.split(" ")[1]);
    if (isJudgeRequest(request.body)) return { body: chatCompletion(`Fine.\nSCORE: ${n % 2 === 0 ? 3 : 1}`), delayMs: 300 };
    if (n > 1) {
      refusals++;
      return { status: 429, headers: { "retry-after": "60" }, body: { error: { message: "slow down" } } };
    }
    return { body: chatCompletion(`Answer to ${question}`) };
  });
  try {
    // 10 prompt tokens at $1,000 per million: every answer costs $0.01. A budget of $0.025 is used up
    // by question 1's two calls (0.02 spent, and the next could cost 0.01 more).
    const { dir, config } = await writeSuite(server.url, 4);
    const text = (await readFile(config, "utf8")).replaceAll(
      "retry-backoff: 1ms,",
      "retry-backoff: 1ms, price: { input-per-million: 1000, output-per-million: 0 },",
    );
    await writeFile(config, text);
    const started = Date.now();
    const run = await runCli(["run", "-c", config, "--quiet", "--no-cache", "--concurrency", "2", "--budget-usd", "0.025"], { cwd: dir });
    const tookMs = Date.now() - started;
    assert.equal(run.code, 3, run.stdout + run.stderr);
    // Not a benchmark: only a run that waited out the 60 s backoff or pause fails this.
    assert.ok(tookMs < 15_000, `the run took ${tookMs} ms to end after its budget was used up`);
    assert.ok(refusals >= 1, "a call was backing off when the budget was used up");
    const budget = /budget reached: spent \$0\.0200 of \$0\.0250, and the next call could exceed it: 3 of 4 cases not run/;
    assert.match(run.stdout, new RegExp(`could not decide: ${budget.source}`));
    const results = JSON.parse(await readFile(path.join(dir, "out", "results.json"), "utf8")) as Results;
    assert.match(results.run.errors!.join("\n"), budget);
    assert.deepEqual(
      results.suites.qa!.cases.map((c) => c.status),
      ["scored"],
    );
    assert.ok(Math.abs(results.run.limits!.spentUsd! - 0.02) < 1e-9, `spent ${results.run.limits!.spentUsd}`);
    const asked = server.requests.filter((r) => !isJudgeRequest(r.body)).map((r) => questionOf(r.body));
    assert.equal(new Set(asked).size, asked.length, `no call was retried after the budget was used up: ${asked.join(", ")}`);
  } finally {
    await server.close();
  }
});
