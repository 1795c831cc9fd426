// runCase and aggregate end to end: the real model registry talks HTTP on 127.0.0.1 to a scripted
// OpenAI-compatible server that plays two agents and a judge.
import assert from "node:assert/strict";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { modelConfig } from "../../../src/config/models.ts";
import { createRegistry, type Registry } from "../../../src/models/registry.ts";
import type { Case, CaseSummary } from "../../../src/results/types.ts";
import type { JudgedCaseDetails } from "../../../src/suites/judged/details.ts";
import { judgedSuite } from "../../../src/suites/judged/index.ts";
import type { JudgedInput } from "../../../src/suites/judged/load.ts";
import { type JudgedOptions, judgedOptions } from "../../../src/suites/judged/options.ts";
import type { CaseOutcome } from "../../../src/suites/kind.ts";
import { chatCompletion, type ScriptedReply, type ScriptedServer, startScriptedServer } from "../../servers/scripted.ts";

const close = (actual: number | null | undefined, expected: number) =>
  assert.ok(typeof actual === "number" && Math.abs(actual - expected) < 1e-9, `${actual} ≉ ${expected}`);

const ok = (text: string): ScriptedReply => ({ body: chatCompletion(text, { id: "judge-conv" }) });
const fail500: ScriptedReply = { status: 500, body: { error: { message: "judge overloaded" } } };

// The judge's replies for each agent response, by arrival: the k-th identical judge request gets
// reply k (the last one repeats). Votes run concurrently, so which vote gets which reply varies,
// but the set of replies, and so the majority, does not.
const JUDGE_SCRIPT: Record<string, ScriptedReply[]> = {
  "alpha says Q1": [ok("Complete and correct. SCORE: 3"), ok("SCORE: 3"), ok("Mostly right.\nScore: 2")],
  "alpha says Q2": [ok("SCORE: 1"), ok("SCORE: 2"), ok("It is a fine answer overall.")],
  "alpha says Q3": [ok("SCORE: 0"), ok("I cannot judge this."), ok("Hard to say.")],
  "beta says Q1": [ok("score: 1"), ok("SCORE: 1"), ok("SCORE: 4")],
  "beta says Q3": [ok("SCORE: 2"), ok("SCORE: 2"), fail500],
};

let server: ScriptedServer;
let registry: Registry;
let options: JudgedOptions;
let cases: Case<JudgedInput>[];
const outcomes = new Map<string, CaseOutcome>();

function model(name: string, extra: Record<string, unknown> = {}) {
  return modelConfig.parse({
    provider: "openai",
    "base-url": `${server.url}/v1`,
    model: name,
    "max-retries": 1,
    "retry-backoff": 1,
    price: { "input-per-million": 1, "output-per-million": 2 },
    ...extra,
  });
}

function context(opts: JudgedOptions, models: Registry = registry) {
  return { suiteName: "helpful", options: opts, models, repeat: 0, signal: new AbortController().signal };
}

/** Judge arrivals per identical request, reset when a test needs the script from the start. */
const seen = new Map<string, number>();

before(async () => {
  server = await startScriptedServer((request) => {
    const body = request.body as { model: string; messages: { content: string }[] };
    const content = body.messages[0]?.content ?? "";
    if (body.model === "agent-alpha") return { body: chatCompletion(`alpha says ${content}`, { id: `conv-alpha-${content}` }) };
    if (body.model === "agent-beta") {
      if (content === "Q2") return { status: 500, body: { error: { message: "agent crashed" } } };
      return { body: chatCompletion(`beta says ${content}`, { id: `conv-beta-${content}` }) };
    }
    if (body.model === "agent-slow") return { hang: true };
    const response = /Agent's response:\n<agent_response>\n([\s\S]*?)\n<\/agent_response>\n\nEvaluation criteria:/.exec(content)?.[1] ?? "";
    const script = JUDGE_SCRIPT[response];
    if (!script) return { status: 400, body: { error: { message: `no script for ${response}` } } };
    const arrival = seen.get(content) ?? 0;
    seen.set(content, arrival + 1);
    return script[Math.min(arrival, script.length - 1)]!;
  });
  registry = createRegistry(
    {
      alpha: model("agent-alpha"),
      beta: model("agent-beta"),
      judge: model("judge-model"),
      slow: model("agent-slow", { timeout: 50, "max-retries": 0 }),
    },
    { env: {}, cacheDir: null, concurrency: 8 },
  );
  const dir = await mkdtemp(join(tmpdir(), "evalgate-judged-run-"));
  await writeFile(join(dir, "prompts.csv"), 'prompt,judge_prompt\nQ1,"C1: mention one"\nQ2,C2\nQ3,C3\n');
  options = judgedOptions.parse({
    kind: "judged",
    prompts: "prompts.csv",
    agents: ["alpha", "beta"],
    judge: "judge",
    "judge-runs": 3,
    scale: "0-3",
    "min-agreement": 0.7,
  });
  ({ cases } = await judgedSuite.load({ suiteName: "helpful", options, configDir: dir, rootDir: dir }));
  for (const testCase of cases) outcomes.set(testCase.id, await judgedSuite.runCase(testCase, context(options)));
});

after(async () => {
  await registry.close();
  await server.close();
});

function outcome(agent: string, prompt: string): CaseOutcome & { details: JudgedCaseDetails } {
  const testCase = cases.find((c) => c.input.agent === agent && c.input.prompt === prompt);
  assert.ok(testCase, `no case for ${agent} ${prompt}`);
  return outcomes.get(testCase.id) as CaseOutcome & { details: JudgedCaseDetails };
}

test("a unanimous-enough answer is scored by the mode, with votes, reasoning and the conversation id", () => {
  const o = outcome("alpha", "Q1");
  assert.equal(o.status, "scored");
  assert.deepEqual(o.tags, { agent: "alpha" });
  assert.equal(o.metrics["score"], 1);
  assert.equal(o.metrics["raw_score"], 3);
  assert.equal(o.metrics["pass"], 1);
  close(o.metrics["agreement"], 2 / 3);
  close(o.metrics["variance"], 2 / 9);
  assert.equal(o.metrics["failed_votes"], 0);
  assert.equal(o.details.response, "alpha says Q1");
  assert.equal(o.details.conversationId, "conv-alpha-Q1");
  assert.deepEqual(
    o.details.votes.map((v) => v.sample),
    [0, 1, 2],
  );
  assert.deepEqual(o.details.votes.map((v) => v.score).sort(), [2, 3, 3]);
  assert.ok(o.details.votes.some((v) => v.text === "Mostly right.\nScore: 2"));
  assert.equal(o.requests, 4);
  close(o.costUsd, (4 * (10 * 1 + 5 * 2)) / 1e6); // 4 calls of 10 input and 5 output tokens
});

test("the judge prompt on the wire carries the prompt, the response and the criteria", () => {
  const judgeBodies = server.requests
    .map((r) => r.body as { model: string; messages: { role: string; content: string }[] })
    .filter((b) => b.model === "judge-model");
  const q1 = judgeBodies.find((b) => b.messages[0]?.content.includes("<agent_response>\nalpha says Q1\n"));
  assert.ok(q1);
  assert.equal(q1.messages.length, 1);
  assert.equal(q1.messages[0]?.role, "user");
  assert.match(
    q1.messages[0]!.content,
    /Original prompt:\n"Q1"\n\nAgent's response:\n<agent_response>\nalpha says Q1\n<\/agent_response>\n\nEvaluation criteria:\nC1: mention one\n/,
  );
  assert.match(q1.messages[0]!.content, /Scoring system \(0-3 scale\):/);
});

test("one prose vote out of three is reported and left out; a 1-1 tie takes the higher score", () => {
  const o = outcome("alpha", "Q2");
  assert.equal(o.status, "scored");
  assert.equal(o.metrics["raw_score"], 2);
  close(o.metrics["score"], 2 / 3);
  assert.equal(o.metrics["agreement"], 0.5);
  assert.equal(o.metrics["variance"], 0.25);
  assert.equal(o.metrics["failed_votes"], 1);
  const prose = o.details.votes.find((v) => v.score === null);
  assert.equal(prose?.text, "It is a fine answer overall.");
  assert.deepEqual(prose?.error, { kind: "judge", message: 'no "SCORE: <number>" ending a line of the judge\'s answer' });
});

test("two unusable votes out of three make the case a judge error", () => {
  const o = outcome("alpha", "Q3");
  assert.equal(o.status, "error");
  assert.equal(o.error?.kind, "judge");
  assert.match(o.error!.message, /^Unreliable: 2\/3 judge evaluations failed \(vote \d: no "SCORE: <number>" ending a line/);
  assert.equal(o.details.response, "alpha says Q3");
  assert.equal(o.details.votes.length, 3);
  // The one surviving vote (0) stays on the result for information, as dust-evals keeps it.
  assert.deepEqual([o.details.finalScore, o.details.agreement, o.details.variance], [0, 1, 0]);
});

test("an out-of-range score is a failed vote; lowercase score: is read", () => {
  const o = outcome("beta", "Q1");
  assert.equal(o.status, "scored");
  assert.equal(o.metrics["raw_score"], 1);
  close(o.metrics["score"], 1 / 3);
  assert.equal(o.metrics["pass"], 0);
  assert.equal(o.metrics["agreement"], 1);
  assert.equal(o.details.votes.find((v) => v.score === null)?.error?.message, "score 4 is outside 0-3 (0-3 scale)");
});

test("an agent that answers 500 is an endpoint error after its retry, and the judge is never asked", () => {
  const o = outcome("beta", "Q2");
  assert.equal(o.status, "error");
  assert.equal(o.error?.kind, "endpoint");
  assert.match(o.error!.message, /500/);
  assert.equal(o.metrics["timeout"], 0);
  assert.equal(o.details.response, null);
  const betaQ2 = server.requests.filter(
    (r) =>
      (r.body as { model: string; messages: { content: string }[] }).messages[0]?.content === "Q2" &&
      (r.body as { model: string }).model === "agent-beta",
  );
  assert.equal(betaQ2.length, 2); // first try + 1 retry
  assert.ok(!server.requests.some((r) => r.rawBody.includes("beta says Q2")));
});

test("a judge endpoint failure is a failed vote with an endpoint error", () => {
  const o = outcome("beta", "Q3");
  assert.equal(o.status, "scored");
  assert.equal(o.metrics["raw_score"], 2);
  assert.equal(o.metrics["failed_votes"], 1);
  assert.equal(o.details.votes.find((v) => v.score === null)?.error?.kind, "endpoint");
  close(o.costUsd, (3 * (10 + 10)) / 1e6); // agent + the two judge calls that answered
});

test("aggregate matches the hand-computed suite metrics", () => {
  const summaries: CaseSummary[] = cases.map((c) => {
    const o = outcomes.get(c.id)!;
    return {
      suite: "helpful",
      caseId: c.id,
      repeat: 0,
      title: c.title,
      source: c.source,
      status: o.status,
      ...(o.error ? { error: o.error } : {}),
      metrics: o.metrics,
      tags: o.tags ?? {},
      costUsd: o.costUsd,
      latencyMs: 1,
      requests: o.requests,
      finishedAt: new Date(0).toISOString(),
    };
  });
  const { metrics, warnings, breakdowns } = judgedSuite.aggregate(summaries, options);
  // scored: alpha Q1 (1, pass), alpha Q2 (2/3, pass), beta Q1 (1/3, fail), beta Q3 (2/3, pass)
  close(metrics["score"]?.value, 2 / 3);
  assert.equal(metrics["score"]?.n, 4);
  // Two agents: each is gated on its own; the blend is reported only.
  assert.equal(metrics["score"]?.gated, false);
  assert.equal(metrics["pass_rate"]?.value, 0.75);
  assert.equal(metrics["pass_rate"]?.gated, false);
  close(metrics["agreement"]?.value, (2 / 3 + 1 / 2 + 1 + 1) / 4);
  assert.equal(metrics["agreement"]?.gated, false);
  assert.deepEqual([metrics["low_agreement"]?.value, metrics["low_agreement"]?.n], [2, 4]);
  close(metrics["error_rate"]?.value, 2 / 6);
  assert.equal(metrics["error_rate"]?.n, 6);
  assert.equal(metrics["error_rate"]?.direction, "lower");
  assert.equal(metrics["timeout_rate"]?.value, 0);
  assert.equal(metrics["duration_ms"]?.n, 4);
  close(metrics["alpha/score"]?.value, 5 / 6);
  assert.equal(metrics["alpha/score"]?.gated, true);
  assert.equal(metrics["alpha/pass_rate"]?.value, 1);
  close(metrics["alpha/error_rate"]?.value, 1 / 3);
  close(metrics["beta/score"]?.value, 0.5);
  assert.equal(metrics["beta/pass_rate"]?.value, 0.5);
  assert.equal(metrics["beta/pass_rate"]?.n, 2);
  assert.deepEqual(warnings, [
    "5 judge vote(s) gave no usable score (endpoint error or no valid SCORE)",
    "2 of 6 answer(s) could not be scored (1 endpoint, 1 judge)",
    "2 answer(s) with judge agreement under 0.7",
  ]);
  const agents = (breakdowns?.["agents"] ?? []) as {
    agent: string;
    mean: number;
    min: number;
    max: number;
    stdDev: number;
    errorRate: number;
  }[];
  assert.deepEqual(
    agents.map((a) => [a.agent, a.mean, a.min, a.max, a.stdDev]),
    [
      ["alpha", 2.5, 2, 3, 0.5],
      ["beta", 1.5, 1, 2, 0.5],
    ],
  );
});

test("an agent timeout is an endpoint error flagged as a timeout", async () => {
  const slowOptions = { ...options, agents: ["slow"] };
  const testCase = { ...cases[0]!, id: "slow/x/r1", input: { ...cases[0]!.input, agent: "slow" } };
  const o = (await judgedSuite.runCase(testCase, context(slowOptions))) as CaseOutcome & { details: JudgedCaseDetails };
  assert.equal(o.status, "error");
  assert.equal(o.error?.kind, "endpoint");
  assert.equal(o.details.timedOut, true);
  const { metrics } = judgedSuite.aggregate(
    [
      {
        suite: "s",
        caseId: testCase.id,
        repeat: 0,
        title: "t",
        source: testCase.source,
        status: o.status,
        metrics: o.metrics,
        tags: o.tags ?? {},
        costUsd: null,
        latencyMs: 0,
        requests: 1,
        finishedAt: "",
      },
    ],
    slowOptions,
  );
  assert.equal(metrics["timeout_rate"]?.value, 1);
  assert.equal(metrics["error_rate"]?.value, 1);
  assert.deepEqual([metrics["score"]?.value, metrics["score"]?.n], [null, 0]); // nothing scored: never a pass
  assert.equal(metrics["score"]?.gated, true); // a single agent: the suite's own score is gated
  assert.equal(metrics["slow/score"], undefined); // and not repeated per agent
});

test("judge votes are cached one per sample: a rerun asks only the agent", async () => {
  const cacheDir = await mkdtemp(join(tmpdir(), "evalgate-judged-cache-"));
  const cached = createRegistry({ alpha: model("agent-alpha"), judge: model("judge-model") }, { env: {}, cacheDir, concurrency: 4 });
  try {
    const alphaQ1 = cases.find((c) => c.input.agent === "alpha" && c.input.prompt === "Q1")!;
    seen.clear();
    const first = (await judgedSuite.runCase(alphaQ1, context(options, cached))) as CaseOutcome & { details: JudgedCaseDetails };
    await cached.flush();
    const before = server.requests.length;
    const second = (await judgedSuite.runCase(alphaQ1, context(options, cached))) as CaseOutcome & { details: JudgedCaseDetails };
    assert.equal(server.requests.length - before, 1); // the agent only
    assert.deepEqual(
      second.details.votes.map((v) => v.text),
      first.details.votes.map((v) => v.text),
    );
    // three samples, three distinct cache entries: the votes are not all vote 1's answer
    assert.equal(new Set(first.details.votes.map((v) => v.text)).size > 1, true);
  } finally {
    await cached.close();
  }
});
