// Judge votes that fail: every vote failing says "All judge evaluations failed"; more than half
// failing keeps the case an error but keeps the surviving votes' majority, agreement and variance
// on the result for information, as dust-evals does. Real HTTP to a scripted judge on 127.0.0.1.
import assert from "node:assert/strict";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { modelConfig } from "../../../src/config/models.ts";
import { createRegistry } from "../../../src/models/registry.ts";
import type { JudgedCaseDetails } from "../../../src/suites/judged/details.ts";
import { judgedSuite } from "../../../src/suites/judged/index.ts";
import { judgedOptions } from "../../../src/suites/judged/options.ts";
import type { CaseOutcome } from "../../../src/suites/kind.ts";
import { chatCompletion, type ScriptedReply, type ScriptedServer, startScriptedServer } from "../../servers/scripted.ts";

const ok = (text: string): ScriptedReply => ({ body: chatCompletion(text) });
const overloaded: ScriptedReply = { status: 503, body: { error: { message: "judge overloaded" } } };

// Replies by arrival for each agent answer (the judge prompt quotes it).
const JUDGE_SCRIPT: Record<string, ScriptedReply[]> = {
  "answer to all-fail": [ok("No score from me."), overloaded, ok("SCORE: 101")],
  // 0-100 scale, 5 votes: 40 and 60 survive, three fail.
  "answer to most-fail": [ok("SCORE: 40"), ok("SCORE: 60"), ok("I decline."), overloaded, ok("Score: none")],
  "answer to half-fail": [ok("SCORE: 70"), ok("SCORE: 80"), ok("SCORE: 90"), ok("nothing"), ok("nothing")],
};

let server: ScriptedServer;
const outcomes = new Map<string, CaseOutcome & { details: JudgedCaseDetails }>();

before(async () => {
  const arrivals = new Map<string, number>();
  server = await startScriptedServer((request) => {
    const body = request.body as { model: string; messages: { content: string }[] };
    const content = body.messages[0]?.content ?? "";
    if (body.model === "agent") return { body: chatCompletion(`answer to ${content}`) };
    const answer = /<agent_response>\n([\s\S]*?)\n<\/agent_response>/.exec(content)?.[1] ?? "";
    const script = JUDGE_SCRIPT[answer] ?? [];
    const arrival = arrivals.get(answer) ?? 0;
    arrivals.set(answer, arrival + 1);
    return script[arrival] ?? { status: 400, body: { error: { message: `unscripted ${answer}` } } };
  });
  const model = (name: string) =>
    modelConfig.parse({ provider: "openai", "base-url": `${server.url}/v1`, model: name, "max-retries": 0, "retry-backoff": 1 });
  const models = createRegistry({ agent: model("agent"), judge: model("judge") }, { env: {}, cacheDir: null, concurrency: 8 });
  const dir = await mkdtemp(join(tmpdir(), "evalgate-judged-votes-"));
  await writeFile(join(dir, "prompts.csv"), "prompt,judge_prompt\nall-fail,C\nmost-fail,C\nhalf-fail,C\n");
  const run = async (prompt: string, scale: string, judgeRuns: number) => {
    const options = judgedOptions.parse({
      kind: "judged",
      prompts: "prompts.csv",
      agents: ["agent"],
      judge: "judge",
      "judge-runs": judgeRuns,
      scale,
    });
    const { cases } = await judgedSuite.load({ suiteName: "q", options, configDir: dir, rootDir: dir });
    const testCase = cases.find((c) => c.input.prompt === prompt);
    assert.ok(testCase);
    const outcome = await judgedSuite.runCase(testCase, {
      suiteName: "q",
      options,
      models,
      repeat: 0,
      signal: new AbortController().signal,
    });
    outcomes.set(prompt, outcome as CaseOutcome & { details: JudgedCaseDetails });
  };
  await run("all-fail", "0-100", 3);
  await run("most-fail", "0-100", 5);
  await run("half-fail", "0-100", 5);
});

after(() => server.close());

test("every vote failing: the case error says All judge evaluations failed, with each vote's cause", () => {
  const o = outcomes.get("all-fail");
  assert.equal(o?.status, "error");
  assert.match(o?.error?.message ?? "", /^All judge evaluations failed \(vote \d: /);
  assert.match(o?.error?.message ?? "", /503/);
  assert.match(o?.error?.message ?? "", /score 101 is outside 0-100/);
  assert.equal(o?.metrics["failed_votes"], 3);
  assert.equal(o?.details.finalScore, undefined); // nothing survived to report
});

test("three of five failing: an error that keeps the surviving votes' median, agreement and variance", () => {
  const o = outcomes.get("most-fail");
  assert.equal(o?.status, "error");
  assert.match(o?.error?.message ?? "", /^Unreliable: 3\/5 judge evaluations failed \(/);
  // Surviving 40 and 60 on 0-100: median 50, population variance 100, σ 10, agreement 1 − 10/25.
  assert.equal(o?.details.finalScore, 50);
  assert.equal(o?.details.variance, 100);
  assert.ok(Math.abs((o?.details.agreement ?? 0) - 0.6) < 1e-12);
  assert.equal(o?.metrics["score"], undefined); // information only: no score reaches the suite
});

test("two of five failing is not more than half: the case is scored from the three votes", () => {
  const o = outcomes.get("half-fail");
  assert.equal(o?.status, "scored");
  assert.equal(o?.metrics["raw_score"], 80);
  assert.equal(o?.metrics["failed_votes"], 2);
});
