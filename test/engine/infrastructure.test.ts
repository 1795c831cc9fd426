// Infrastructure errors are not regressions: through the real CLI against scripted endpoints on
// 127.0.0.1, an unauthorised model, a hung one under a deadline, a budget and a model that keeps
// failing all end with verdict "error" and exit 3, saying "could not decide" and why.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { test } from "node:test";
import type { GateVerdict } from "../../src/gate/types.ts";
import type { Results } from "../../src/results/types.ts";
import { chatCompletion, startScriptedServer } from "../servers/scripted.ts";
import { isJudgeRequest, questionOf, runCli, startEvalServer, writeSuite } from "./helpers.ts";

async function readResults(dir: string): Promise<Results & { verdict: GateVerdict }> {
  return JSON.parse(await readFile(path.join(dir, "out", "results.json"), "utf8"));
}

/** The eval server's answers, except that the agent's calls get `agentReply`. */
function withAgentReply(agentReply: () => { status?: number; body?: unknown; hang?: boolean }) {
  return startScriptedServer((request) => {
    if (!isJudgeRequest(request.body)) return agentReply();
    const n = Number(questionOf(request.body).split(" ")[1]);
    return { body: chatCompletion(`SCORE: ${n % 2 === 0 ? 3 : 1}`) };
  });
}

test("a model answering 401 exits 3 (could not decide), not 1 like a regression, after one request and one probe", async () => {
  const server = await withAgentReply(() => ({ status: 401, body: { error: { message: "invalid api key" } } }));
  try {
    const { dir, config } = await writeSuite(server.url, 6);
    const result = await runCli(["run", "-c", config, "--quiet", "--concurrency", "1"], { cwd: dir });
    assert.equal(result.code, 3, result.stdout + result.stderr);
    assert.match(result.stdout, /COULD NOT DECIDE/);
    assert.match(result.stdout, /could not decide: model "agent" stopped: .*HTTP 401/);
    assert.doesNotMatch(result.stdout, /FAIL/);
    const results = await readResults(dir);
    assert.equal(results.verdict.verdict, "error");
    assert.deepEqual(results.verdict.failures, [], "an infrastructure error is never reported as a regression");
    assert.equal(server.requests.length, 2, "the first 401 opens the breaker, its probe's 401 stops the model: no request per case");
  } finally {
    await server.close();
  }
});

test("an unreachable endpoint (connection refused) is could-not-decide, exit 3", async () => {
  // A port that was just closed: every connection is refused.
  const closed = await startScriptedServer(() => ({}));
  await closed.close();
  const { dir, config } = await writeSuite(closed.url, 2);
  const result = await runCli(["run", "-c", config, "--quiet"], { cwd: dir });
  assert.equal(result.code, 3, result.stdout + result.stderr);
  assert.match(result.stdout, /could not decide: qa: nothing measured: no case could be scored \(2 of 2 failed\)/);
});

test("a hung endpoint under --deadline: nothing new is sent, the rest is reported not run, exit 3", async () => {
  const server = await withAgentReply(() => ({ hang: true }));
  try {
    const { dir, config } = await writeSuite(server.url, 6);
    // The model's own timeout bounds what is in flight; the deadline stops everything after it.
    const text = (await readFile(config, "utf8")).replace("model: agent-model,", "model: agent-model, timeout: 1s,");
    await (await import("node:fs/promises")).writeFile(config, text);
    const result = await runCli(["run", "-c", config, "--quiet", "--concurrency", "2", "--deadline", "300ms"], { cwd: dir });
    assert.equal(result.code, 3, result.stdout + result.stderr);
    const results = await readResults(dir);
    assert.match(results.run.errors!.join("\n"), /deadline reached \(300ms\): 6 of 6 cases not run/);
    assert.match(results.run.partial!.join("\n"), /6 of 6 cases not run/);
    assert.match(result.stdout, /could not decide: deadline reached/);
    // At most the two calls in flight at the deadline were sent (concurrency 2), and no retry after it.
    assert.ok(server.requests.length <= 2, `sent ${server.requests.length} requests`);
    assert.deepEqual(results.run.limits, { deadlineMs: 300, spentUsd: 0 });
  } finally {
    await server.close();
  }
});

test("--budget-usd: sending stops before the next call could pass the budget; spend is reported; exit 3", async () => {
  const server = await startEvalServer();
  try {
    // 10 prompt tokens at $1,000 per million: every call costs $0.01.
    const { dir, config } = await writeSuite(server.url, 6);
    const text = (await readFile(config, "utf8")).replaceAll(
      "retry-backoff: 1ms,",
      "retry-backoff: 1ms, price: { input-per-million: 1000, output-per-million: 0 },",
    );
    await (await import("node:fs/promises")).writeFile(config, text);
    const result = await runCli(["run", "-c", config, "--quiet", "--concurrency", "1", "--budget-usd", "0.035"], { cwd: dir });
    assert.equal(result.code, 3, result.stdout + result.stderr);
    const results = await readResults(dir);
    assert.match(results.run.errors!.join("\n"), /budget reached: spent \$0\.0300 of \$0\.0350, and the next call could exceed it/);
    assert.ok(server.requests.length <= 4, `sent ${server.requests.length} requests for a budget of 3.5 calls`);
    assert.ok(results.run.limits!.spentUsd! <= 0.035 + 1e-9, `spent ${results.run.limits!.spentUsd}`);
    assert.match(result.stdout, /spent \$0\.03\d\d of the \$0\.0350 budget/);
    assert.ok(results.suites.qa!.counts.cases < 6, "cases after the stop were not run");
  } finally {
    await server.close();
  }
});

test("circuit breaker: a model failing the same way every time is stopped with one message after a few requests", async () => {
  const server = await withAgentReply(() => ({ status: 500, body: "upstream exploded" }));
  try {
    const { dir, config } = await writeSuite(server.url, 8);
    const text = (await readFile(config, "utf8"))
      .replace("model: agent-model,", "model: agent-model, max-retries: 3,")
      .replace("retry-backoff: 1ms, max-retries: 1 }\n  judge", "retry-backoff: 1ms }\n  judge");
    await (await import("node:fs/promises")).writeFile(config, text);
    const result = await runCli(["run", "-c", config, "--quiet", "--concurrency", "1"], { cwd: dir });
    assert.equal(result.code, 3, result.stdout + result.stderr);
    const results = await readResults(dir);
    const stops = results.run.errors!.filter((line) => line.includes("in a row failed the same way"));
    assert.equal(stops.length, 1, results.run.errors!.join("\n"));
    assert.match(
      stops[0]!,
      /model "agent" stopped: 3 calls in a row failed the same way after their retries \(last: .*HTTP 500.*\), and a probe request answered HTTP 500/,
    );
    // Without the breaker: 8 cases x 4 attempts = 32 requests. With it, the calls already under way
    // when three have failed for good finish their attempts, then one probe.
    assert.ok(server.requests.length <= 20, `sent ${server.requests.length} requests`);
  } finally {
    await server.close();
  }
});

test("an unknown suite name lists the valid ones and exits 2; so does a filter that selects nothing", async () => {
  const server = await startEvalServer();
  try {
    const { dir, config } = await writeSuite(server.url, 2);
    const result = await runCli(["run", "-c", config, "--quiet", "--suites", "qb"], { cwd: dir });
    assert.equal(result.code, 2);
    assert.match(result.stderr, /no suite named "qb" \(did you mean "qa"\?\); suites: qa/);
    assert.equal(server.requests.length, 0);
    const nothing = await runCli(["run", "-c", config, "--quiet", "--filter", "*no such title*"], { cwd: dir });
    assert.equal(nothing.code, 2, "a filter that selects nothing is bad input, not 'nothing measured'");
    assert.match(nothing.stderr, /--filter "\*no such title\*" selects no case in qa/);
    assert.equal(server.requests.length, 0);
  } finally {
    await server.close();
  }
});

test("--baseline: a missing or invalid file is exit 2 before any request; a config file baseline that is not JSON is exit 3", async () => {
  const server = await startEvalServer();
  try {
    const { dir, config } = await writeSuite(server.url, 2, "baseline: { store: file, path: base.json }\n");
    const missing = await runCli(["run", "-c", config, "--quiet", "--baseline", "nope.json"], { cwd: dir });
    assert.equal(missing.code, 2, missing.stderr);
    assert.match(missing.stderr, /--baseline nope\.json: file not found/);
    assert.equal(server.requests.length, 0);

    // No file yet: thresholds only (exit 0). A file that is there but broken: could not decide (exit 3).
    const first = await runCli(["run", "-c", config, "--quiet"], { cwd: dir });
    assert.equal(first.code, 0, first.stdout + first.stderr);
    await (await import("node:fs/promises")).writeFile(path.join(dir, "base.json"), "{ not json");
    const broken = await runCli(["run", "-c", config, "--quiet"], { cwd: dir });
    assert.equal(broken.code, 3, broken.stdout + broken.stderr);
    assert.match(broken.stdout, /could not decide: baseline could not be read: .*base\.json: not JSON/);
  } finally {
    await server.close();
  }
});
