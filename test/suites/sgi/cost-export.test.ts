// Costs with a model missing from the price table, and malformed responses.
import assert from "node:assert/strict";
import { test } from "node:test";
import { costOfRequests, parsePriceTable } from "../../../src/suites/sgi/cost.ts";
import { sgiSuite } from "../../../src/suites/sgi/index.ts";
import { startScriptedAthena } from "../../servers/athena.ts";
import { BPMN_TEST_CASES, loadBpmn, perfectAnswer, runCases } from "./helpers.ts";

test("cost per model; an unknown model makes the cost unknown, not zero", () => {
  const table = parsePriceTable("llm_costs:\n  o1-mini:\n    input_cost_per_million: 3\n    output_cost_per_million: 12\n", "llm_cost.yml");
  // 2 calls of o1-mini: (1000 + 3000) / 1e6 x 3 = 0.012 in, (500 + 500) / 1e6 x 12 = 0.012 out.
  const known = costOfRequests(
    [
      { model: "o1-mini", inputTokens: 1000, outputTokens: 500 },
      { model: "o1-mini", inputTokens: 3000, outputTokens: 500 },
    ],
    table,
  );
  assert.ok(Math.abs(known.total_cost! - 0.024) < 1e-12);
  assert.equal(known.details[0]!.calls, 2);
  const unknown = costOfRequests(
    [
      { model: "o1-mini", inputTokens: 1000, outputTokens: 500 },
      { model: "gpt-5-mini", inputTokens: 1000, outputTokens: 500 },
    ],
    table,
  );
  assert.equal(unknown.total_cost, null);
  assert.deepEqual(unknown.unknown_models, ["gpt-5-mini"]);
  assert.ok(Math.abs(unknown.details[0]!.total! - 0.009) < 1e-12);
  // No usage at all in the response: unknown as well.
  assert.equal(costOfRequests(null, table).total_cost, null);
});

test("a run with a model missing from llm_cost.yml: unknown cost and a warning naming it", async () => {
  const { opts, cases } = await loadBpmn();
  const picked = cases.filter((c) => ["missing_event", "missing_gateway"].includes(c.input.testCase.name));
  const server = await startScriptedAthena(BPMN_TEST_CASES, (name) => ({
    sgis: perfectAnswer(picked.find((c) => c.input.testCase.name === name)!.input),
    usage: [
      { model: "gpt-4o", input: 1000, output: 100 },
      { model: "gpt-5-mini", input: 1000, output: 100 },
    ],
  }));
  try {
    const results = await runCases(picked, opts, server.url);
    assert.ok(results.every((r) => r.status === "scored" && r.costUsd === null && r.tags.unknown_models === "gpt-5-mini"));
    const aggregate = sgiSuite.aggregate(results, opts);
    assert.equal(aggregate.metrics.cost_usd!.value, null);
    assert.equal(aggregate.metrics.avg_cost_usd!.value, null);
    assert.ok(aggregate.warnings.some((w) => w.includes('"gpt-5-mini" is not in the price table')));
    // gpt-4o: 2 x (1000 x 2.5 + 100 x 10) / 1e6 = 0.007; gpt-5-mini unknown.
    const perModel = aggregate.breakdowns!.cost_per_model as Record<string, { calls: number; cost_usd: number | null }>;
    assert.ok(Math.abs(perModel["gpt-4o"]!.cost_usd! - 0.007) < 1e-12);
    assert.deepEqual(perModel["gpt-5-mini"], { calls: 2, cost_usd: null });
  } finally {
    await server.close();
  }
});

test("responses that are not the module manager's wrapper become case errors naming what is missing", async () => {
  const { opts, cases } = await loadBpmn();
  const picked = cases.filter((c) => ["missing_event", "missing_gateway", "unlabelled_pool"].includes(c.input.testCase.name));
  const server = await startScriptedAthena(BPMN_TEST_CASES, (name) => {
    if (name === "missing_event") return { reply: { body: [{ credits: 1, structuredGradingInstructionId: 2 }] } };
    if (name === "missing_gateway") return { reply: { body: { module_name: "module_modeling_llm", status: 200, meta: {} } } };
    return { reply: { status: 401, body: { detail: "bad secret" } } };
  });
  try {
    const results = await runCases(picked, opts, server.url);
    const byName = (n: string) => results.find((r) => r.caseId.endsWith(`/${n}`))!;
    assert.equal(byName("missing_event").status, "error");
    assert.match(byName("missing_event").error!.message, /bare array; expected the module manager's wrapper/);
    assert.match(byName("missing_gateway").error!.message, /no "data" field/);
    assert.equal(byName("unlabelled_pool").status, "error");
    assert.equal(byName("unlabelled_pool").error!.kind, "fatal");
    const aggregate = sgiSuite.aggregate(results, opts);
    assert.equal(aggregate.metrics.score!.n, 0);
    assert.equal(aggregate.metrics.score!.value, null);
  } finally {
    await server.close();
  }
});
