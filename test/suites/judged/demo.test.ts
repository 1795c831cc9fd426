// The demo personas play the example suite (evals/judged) through the demo server and the real
// model registry: the careful agent must beat the sloppy one, and the judge must show noise.
import assert from "node:assert/strict";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { modelConfig } from "../../../src/config/models.ts";
import { type DemoChatBody, startDemoOpenAIServer } from "../../../src/demo/openai-server.ts";
import { createDemoJudge } from "../../../src/demo/personas/judge.ts";
import { judgedPersonas } from "../../../src/demo/personas/judged.ts";
import { createRegistry } from "../../../src/models/registry.ts";
import type { CaseSummary } from "../../../src/results/types.ts";
import type { JudgedCaseDetails } from "../../../src/suites/judged/details.ts";
import { extractScore, SCALES } from "../../../src/suites/judged/grading.ts";
import { judgedSuite } from "../../../src/suites/judged/index.ts";
import { judgedOptions } from "../../../src/suites/judged/options.ts";
import { judgePrompt } from "../../../src/suites/judged/prompt.ts";

const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));

function judgeBody(response: string, criteria: string, scale: keyof typeof SCALES): DemoChatBody {
  return {
    model: "demo-judge",
    messages: [{ role: "user", content: judgePrompt({ prompt: "Q?", response, criteria, scale: SCALES[scale] }) }],
  };
}

test("demo judge: a matching answer scores high, a wrong one low, on every scale", () => {
  for (const scale of ["binary", "0-3", "1-5", "0-100"] as const) {
    const judge = createDemoJudge();
    // Now and then the demo judge answers prose without a score, as real judges do: ask again then.
    const scored = (body: ReturnType<typeof judgeBody>) =>
      [0, 1, 2].map(() => judge(body).content ?? "").find((text) => extractScore(text, SCALES[scale]).ok) ?? "";
    const good = scored(judgeBody("World War II ended in 1945.", "The correct answer is 1945.", scale));
    const bad = scored(judgeBody("It ended in 1944.", "The correct answer is 1945.", scale));
    assert.deepEqual(extractScore(good, SCALES[scale]), { ok: true, score: SCALES[scale].max }, good);
    const low = extractScore(bad, SCALES[scale]);
    // At most the judge's vote noise (±15% of the range) above the minimum, once rounded to the scale.
    assert.ok(low.ok && low.score <= SCALES[scale].min + 0.25 * (SCALES[scale].max - SCALES[scale].min), bad);
  }
});

test("demo judge: a request it cannot read gets prose without a score", () => {
  const reply = createDemoJudge()({ model: "demo-judge", messages: [{ role: "user", content: "Rate this please." }] });
  assert.equal(extractScore(reply.content ?? "", SCALES["0-3"]).ok, false);
});

test("the example suite on the demo server: good beats sloppy, with judge noise and a failed vote", async () => {
  const server = await startDemoOpenAIServer(judgedPersonas);
  const model = (name: string) => modelConfig.parse({ provider: "openai", "base-url": server.url, model: name, "retry-backoff": 1 });
  const registry = createRegistry(
    { "support-bot": model("demo-agent-good"), "support-bot-v0": model("demo-agent-sloppy"), judge: model("demo-judge") },
    { env: {}, cacheDir: null, concurrency: 8 },
  );
  try {
    const options = judgedOptions.parse({
      kind: "judged",
      prompts: "judged/prompts.csv",
      agents: ["support-bot", "support-bot-v0"],
      judge: "judge",
      "min-agreement": 0.7,
      "judge-preamble": "judged/judge-prompts/default.md",
    });
    const { cases, warnings } = await judgedSuite.load({
      suiteName: "helpfulness",
      options,
      configDir: `${repoRoot}evals`,
      rootDir: repoRoot,
    });
    assert.deepEqual(warnings, []);
    assert.equal(cases.length, 11 * 2);
    assert.equal(cases[0]?.source.file, "evals/judged/prompts.csv");
    const summaries: CaseSummary[] = [];
    const responses = new Map<string, string | null>();
    for (const testCase of cases) {
      const o = await judgedSuite.runCase(testCase, {
        suiteName: "helpfulness",
        options,
        models: registry,
        repeat: 0,
        signal: new AbortController().signal,
      });
      responses.set(testCase.id, (o.details as JudgedCaseDetails).response);
      summaries.push({
        suite: "helpfulness",
        caseId: testCase.id,
        repeat: 0,
        title: testCase.title,
        source: testCase.source,
        status: o.status,
        ...(o.error ? { error: o.error } : {}),
        metrics: o.metrics,
        tags: o.tags ?? {},
        costUsd: o.costUsd,
        latencyMs: 0,
        requests: o.requests,
        finishedAt: "",
      });
    }
    const { metrics, warnings: notes } = judgedSuite.aggregate(summaries, options);
    const good = metrics["support-bot/score"]?.value ?? 0;
    const sloppy = metrics["support-bot-v0/score"]?.value ?? 1;
    assert.ok(good >= 0.9, `good agent scored ${good}`);
    assert.ok(sloppy <= 0.6, `sloppy agent scored ${sloppy}`);
    assert.equal(metrics["support-bot/pass_rate"]?.value, 1);
    assert.ok((metrics["agreement"]?.value ?? 1) < 1, "the judge never disagreed with itself");
    assert.ok((metrics["low_agreement"]?.value ?? 0) > 0);
    assert.ok(
      notes.some((note) => /judge vote\(s\) gave no usable score/.test(note)),
      `no failed judge vote in ${notes.join(" | ")}`,
    );
    // the attachment reached the agent: the careful summary quotes the report's largest category
    const report = summaries.find((s) => s.title === "Summarize this report." && s.tags["agent"] === "support-bot");
    assert.equal(report?.status, "scored");
    assert.match(responses.get(report!.caseId) ?? "", /Basic agent interaction \(43\.1%\)/);
  } finally {
    await registry.close();
    await server.close();
  }
});
