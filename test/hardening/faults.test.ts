// The fault matrix against the scripted OpenAI-compatible server: one question per fault mode, all
// in one run. Each case must end scored or as an error that names its cause; none is lost or counted
// twice. 401 and 410 stop a model (every later call would fail the same way), so they get runs of their own.
import assert from "node:assert/strict";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { test } from "node:test";
import type { Results } from "../../src/results/types.ts";
import { isJudgeRequest, questionOf, runCli, writeSuite } from "../engine/helpers.ts";
import { chatCompletion, type ScriptedReply, startScriptedServer } from "../servers/scripted.ts";

interface Fault {
  name: string;
  /** The agent's reply on its first call and (when given) on every later call. */
  first: ScriptedReply;
  later?: ScriptedReply;
  /** The judge's reply instead of a score. */
  judge?: ScriptedReply;
  expect: { status: "scored" } | { status: "error"; cause: RegExp };
}

const ok = (text: string): ScriptedReply => ({ body: chatCompletion(text) });
const FAULTS: Fault[] = [
  {
    name: "429 with Retry-After, then OK",
    first: { status: 429, headers: { "retry-after": "0" }, body: {} },
    later: ok("fine"),
    expect: { status: "scored" },
  },
  {
    name: "429 without Retry-After, always",
    first: { status: 429, body: { error: "slow down" } },
    expect: { status: "error", cause: /429/ },
  },
  { name: "500, always", first: { status: 500, body: { error: "boom" } }, expect: { status: "error", cause: /500/ } },
  { name: "502, then OK", first: { status: 502, body: "bad gateway" }, later: ok("fine"), expect: { status: "scored" } },
  { name: "503, always", first: { status: 503, body: "unavailable" }, expect: { status: "error", cause: /503/ } },
  {
    name: "connection reset",
    first: { destroy: true },
    expect: { status: "error", cause: /reset|socket|closed|terminated|network|ECONN/i },
  },
  { name: "hang past the timeout", first: { hang: true }, expect: { status: "error", cause: /no answer within 1500ms/ } },
  {
    name: "truncated JSON",
    first: { body: '{"choices":[{"message":{"content":"half', headers: { "content-type": "application/json" } },
    expect: { status: "error", cause: /JSON/ },
  },
  {
    name: "invalid JSON",
    first: { body: "not json at all", headers: { "content-type": "application/json" } },
    expect: { status: "error", cause: /JSON/ },
  },
  {
    name: "wrong content type",
    first: { body: "<html><body>Login</body></html>", headers: { "content-type": "text/html" } },
    expect: { status: "error", cause: /JSON/ },
  },
  { name: "empty choices", first: { body: { id: "x", choices: [] } }, expect: { status: "error", cause: /no choices/ } },
  { name: "null content", first: { body: chatCompletion(null) }, expect: { status: "error", cause: /empty answer/ } },
  {
    name: "unparseable judge",
    first: ok("fine"),
    judge: { body: chatCompletion("I quite like it, no number from me.") },
    expect: { status: "error", cause: /score|verdict|parse/i },
  },
];

test("fault matrix: every case ends scored or as an error with its cause; none lost or double-counted", async () => {
  const agentCalls = new Map<string, number>();
  const server = await startScriptedServer((request) => {
    const question = questionOf(request.body);
    const fault = FAULTS[Number(question.split(" ")[1]) - 1]!;
    if (isJudgeRequest(request.body)) return fault.judge ?? ok("Covers it.\nSCORE: 3");
    const calls = (agentCalls.get(question) ?? 0) + 1;
    agentCalls.set(question, calls);
    return calls === 1 ? fault.first : (fault.later ?? fault.first);
  });
  try {
    const { dir, config } = await writeSuite(server.url, FAULTS.length);
    await writeFile(config, (await readFile(config, "utf8")).replaceAll("max-retries: 1 }", "max-retries: 1, timeout: 1500ms }"));
    const result = await runCli(["run", "-c", config, "--quiet"], { cwd: dir });
    assert.ok(result.code === 0 || result.code === 1, `exit ${result.code}\n${result.stderr}`);
    const results = JSON.parse(await readFile(path.join(dir, "out", "results.json"), "utf8")) as Results;
    const suite = results.suites.qa!;
    assert.equal(suite.cases.length, FAULTS.length, "no case lost");
    assert.equal(new Set(suite.cases.map((c) => c.caseId)).size, FAULTS.length, "no case counted twice");
    assert.equal(suite.counts.scored + suite.counts.errors, FAULTS.length);
    suite.cases.forEach((c, index) => {
      const fault = FAULTS[index]!;
      assert.equal(c.source.line, index + 2, "file order");
      assert.equal(c.status, fault.expect.status, `${fault.name}: ${JSON.stringify(c.error)}`);
      if (fault.expect.status === "error") assert.match(c.error?.message ?? "", fault.expect.cause, fault.name);
      else assert.equal(c.error, undefined, fault.name);
    });
    // Retried faults were asked exactly twice (the first try and one retry), never more.
    assert.equal(agentCalls.get("Question 1"), 2);
    assert.equal(agentCalls.get("Question 4"), 2);
    // A run with errors is never a silent pass: the error rate is above the gate's 5 %.
    assert.equal(result.code, 1);
  } finally {
    await server.close();
  }
});

for (const status of [401, 410]) {
  test(`fault matrix: HTTP ${status} stops the model; every case is an error naming it`, async () => {
    const server = await startScriptedServer((request) =>
      isJudgeRequest(request.body)
        ? ok("SCORE: 3")
        : { status, body: { error: { message: status === 401 ? "invalid api key" : "model retired" } } },
    );
    try {
      const { dir, config } = await writeSuite(server.url, 4);
      // One request at a time, so "stopped after the first refusal" is observable.
      await writeFile(config, (await readFile(config, "utf8")).replace("concurrency: 4", "concurrency: 1"));
      const result = await runCli(["run", "-c", config, "--quiet"], { cwd: dir });
      assert.notEqual(result.code, 0, "an endpoint that refuses is never a pass");
      const results = JSON.parse(await readFile(path.join(dir, "out", "results.json"), "utf8")) as Results;
      const suite = results.suites.qa!;
      assert.equal(suite.cases.length, 4);
      for (const c of suite.cases) {
        assert.equal(c.status, "error");
        assert.match(c.error!.message, new RegExp(String(status)));
      }
      // Stopped after the first refusal: only cases already in flight (2 per request slot) were sent.
      assert.ok(server.requests.length <= 2, `${server.requests.length} requests`);
    } finally {
      await server.close();
    }
  });
}

test("fault matrix: an unauthorised endpoint is an infrastructure error (exit 3), not a regression", async () => {
  const server = await startScriptedServer(() => ({ status: 401, body: { error: { message: "invalid api key" } } }));
  try {
    const { dir, config } = await writeSuite(server.url, 2);
    const result = await runCli(["run", "-c", config, "--quiet"], { cwd: dir });
    assert.equal(result.code, 3, result.stderr);
  } finally {
    await server.close();
  }
});

/** The judge's refusal of one request, as OpenAI's content filter words it. */
const CONTENT_FILTER: ScriptedReply = {
  status: 400,
  body: {
    error: {
      message: "The response was filtered due to the prompt triggering content management policy.",
      type: "invalid_request_error",
      code: "content_filter",
    },
  },
};

for (const { maxErrorRate, code } of [
  { maxErrorRate: undefined, code: 3 },
  { maxErrorRate: 0.1, code: 0 },
]) {
  test(`fault matrix: the judge refuses 2 of 20 cases with a 400 (max-error-rate ${maxErrorRate ?? "5% by default"}): those 2 fail, the 18 others are scored, the breaker stays closed, exit ${code}`, async () => {
    const refused = new Set(["Question 2", "Question 3"]);
    const server = await startScriptedServer((request) => {
      const question = questionOf(request.body);
      if (!isJudgeRequest(request.body)) return ok(`Answer to ${question}`);
      return refused.has(question) ? CONTENT_FILTER : ok("Covers it.\nSCORE: 3");
    });
    try {
      const { dir, config } = await writeSuite(server.url, 20);
      // Three votes per answer and one request at a time: the refused votes come in a row, as they
      // did when they opened the breaker and its probe then stopped the judge for every later case.
      let text = (await readFile(config, "utf8")).replace("judge-runs: 1", "judge-runs: 3");
      if (maxErrorRate !== undefined)
        text = text.replace("gate: { min-score: 0.5 }", `gate: { min-score: 0.5, max-error-rate: ${maxErrorRate} }`);
      await writeFile(config, text);
      const result = await runCli(["run", "-c", config, "--concurrency", "1"], { cwd: dir });
      assert.equal(result.code, code, `${result.stdout}\n${result.stderr}`);
      const results = JSON.parse(await readFile(path.join(dir, "out", "results.json"), "utf8")) as Results;
      const suite = results.suites.qa!;
      assert.equal(suite.cases.length, 20, "no case lost");
      assert.deepEqual(suite.counts, { cases: 20, scored: 18, errors: 2 });
      for (const c of suite.cases.filter((c) => c.status === "error")) {
        assert.ok(refused.has(c.title.split(":")[0]!), `${c.title} failed`);
        assert.equal(c.error?.side, "scorer");
        assert.match(c.error!.message, /HTTP 400/);
        assert.doesNotMatch(c.error!.message, /in a row|probe|stopping/, "a refusal never opens the breaker");
      }
      assert.equal(results.run.errors, undefined, "no model was stopped");
      // A refusal is about its request: each refused vote was sent once, never retried.
      const judgeAsked = (question: string) =>
        server.requests.filter((r) => isJudgeRequest(r.body) && questionOf(r.body) === question).length;
      assert.equal(judgeAsked("Question 2"), 3);
      assert.match(result.stdout, /18\/20 scored, 2 errors \(2 in scoring\)/);
      if (code === 3) {
        assert.match(result.stdout, /COULD NOT DECIDE/);
        assert.match(result.stdout, /2 of 20 cases could not be scored \(the judge, simulator, grader or moderation endpoint failed/);
        assert.doesNotMatch(result.stdout, /FAIL/);
      }
    } finally {
      await server.close();
    }
  });
}

const QUOTAS: { name: string; reply: ScriptedReply; args?: string[]; why: RegExp }[] = [
  {
    name: "OpenAI's insufficient_quota",
    reply: {
      status: 429,
      body: {
        error: {
          message: "You exceeded your current quota, please check your plan and billing details.",
          type: "insufficient_quota",
          code: "insufficient_quota",
        },
      },
    },
    why: /the provider answered insufficient_quota/,
  },
  {
    name: "a daily limit reached",
    reply: {
      status: 429,
      body: { error: { message: "Rate limit reached for model judge-model on tokens per day (TPD): Limit 500000, Used 499812." } },
    },
    why: /the provider says a daily limit is reached/,
  },
  { name: "a Retry-After two hours away", reply: { status: 429, headers: { "retry-after": "7200" }, body: {} }, why: /it asks to wait 2h/ },
  {
    name: "a reset past the deadline",
    reply: {
      status: 429,
      headers: { "x-ratelimit-limit-requests": "60", "x-ratelimit-remaining-requests": "0", "x-ratelimit-reset-requests": "20m" },
      body: { error: { message: "Rate limit reached for requests" } },
    },
    args: ["--deadline", "10m"],
    why: /it asks to wait 20m, past the run's deadline/,
  },
];

for (const quota of QUOTAS) {
  test(`fault matrix: a used-up quota (${quota.name}) ends the run at once with exit 3 naming it, never a regression`, async () => {
    const server = await startScriptedServer((request) =>
      isJudgeRequest(request.body) ? quota.reply : ok(`Answer to ${questionOf(request.body)}`),
    );
    try {
      const { dir, config } = await writeSuite(server.url, 20);
      const started = Date.now();
      const result = await runCli(["run", "-c", config, "--concurrency", "2", ...(quota.args ?? [])], { cwd: dir });
      assert.equal(result.code, 3, `${result.stdout}\n${result.stderr}`);
      assert.ok(Date.now() - started < 30_000, "never waited for the quota to come back");
      assert.match(result.stdout, /COULD NOT DECIDE/);
      assert.match(result.stdout, /model "judge" stopped: 127\.0\.0\.1:\d+'s quota for judge-model is used up \(/);
      assert.match(result.stdout, quota.why);
      assert.doesNotMatch(result.stdout, /\bFAIL\b/);
      // Not retried: the judge was asked once per call already on its way when the first refusal came.
      const judgeCalls = server.requests.filter((r) => isJudgeRequest(r.body)).length;
      assert.ok(judgeCalls <= 4, `${judgeCalls} judge requests`);
      const results = JSON.parse(await readFile(path.join(dir, "out", "results.json"), "utf8")) as Results;
      assert.match(
        results.run.partial?.join("\n") ?? "",
        /judge: 127\.0\.0\.1:\d+'s quota for judge-model is used up: \d+ of 20 cases not run/,
      );
    } finally {
      await server.close();
    }
  });
}
