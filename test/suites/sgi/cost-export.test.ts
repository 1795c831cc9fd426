// Costs with a model missing from the price table, malformed responses, and the exported files.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { costOfRequests, parsePriceTable } from "../../../src/suites/sgi/cost.ts";
import { sgiSuite } from "../../../src/suites/sgi/index.ts";
import { startScriptedAthena } from "../../servers/athena.ts";
import { BPMN_TEST_CASES, loadBpmn, perfectAnswer, runCases, suiteResults } from "./helpers.ts";

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

test("exportArtifacts writes the TestBench's tables and JSON files", async () => {
  const { opts, cases } = await loadBpmn();
  const picked = cases.filter((c) => ["unlabelled_activity", "missing_event", "unlabelled_pool"].includes(c.input.testCase.name));
  const server = await startScriptedAthena(BPMN_TEST_CASES, (name) => {
    if (name === "unlabelled_pool") return { reply: { status: 400, body: { detail: "nope" } } };
    const perfect = perfectAnswer(picked.find((c) => c.input.testCase.name === name)!.input);
    const sgis =
      name === "unlabelled_activity" ? perfect.map((s) => (s === "naming_format_incorrect" ? "naming_format_correct" : s)) : perfect;
    return { sgis, usage: [{ model: "o1-preview-2024-09-12", input: 4851, output: 7146 }] };
  });
  try {
    const results = await runCases(picked, opts, server.url);
    const outDir = mkdtempSync(path.join(tmpdir(), "evalgate-sgi-export-"));
    // The engine reads the cases back and exports only when the suite asks for it.
    assert.equal(sgiSuite.wantsArtifacts!({ ...opts, export: false }), false);
    assert.equal(sgiSuite.wantsArtifacts!({ ...opts, export: true }), true);
    const written = await sgiSuite.exportArtifacts!(suiteResults(results, opts), {
      suiteName: "uml-feedback",
      options: opts,
      outDir,
      runId: "run-1",
    });
    const folder = path.join(outDir, "sgi", "run-1", "Process_Modelling_with_BPMN:_Obtaining_a_loan".replace(":", "-"));
    assert.ok(written.includes(path.join(folder, "tables", "test_case_results.csv")));
    const rows = readFileSync(path.join(folder, "tables", "test_case_results.csv"), "utf8")
      .trim()
      .split("\n");
    assert.equal(
      rows[0],
      "Test Case,Test Case Detected Correctly,Test Case Score (%),Expected Points,Total Returned Points,Cost,Request Time (s),Wrong < Points,Wrong > Points",
    );
    assert.equal(rows.length, 3, "two scored cases; the failed one is listed in scenario_results.json");
    const activity = rows.find((r) => r.startsWith("unlabelled_activity,"))!.split(",");
    assert.deepEqual(
      [activity[1], activity[2], activity[3], activity[4], activity[5], activity[7], activity[8]],
      ["No", "83.33", "8", "9", "$0.501525", "0", "1"],
    );
    const summary = readFileSync(path.join(folder, "tables", "scenario_summary.csv"), "utf8");
    assert.match(summary, /^Metric,Value\nTotal Cases,2\nFully Correct Cases,1\nScore Matched Count,1\n/);
    assert.match(summary, /Correctly Detected Test Cases \/ Total Cases,1 \/ 2\nTotal Cost,\$1\.00305\n/);
    const scenarioJson = JSON.parse(readFileSync(path.join(folder, "scenario_results.json"), "utf8"));
    assert.equal(scenarioJson.correctly_detected, "1 / 2");
    assert.equal(scenarioJson.fully_correct, "1 / 2");
    assert.equal(scenarioJson.failed_tests_due_to_server[0].test_case, "unlabelled_pool");
    const perCase = JSON.parse(readFileSync(path.join(folder, "test_cases", "unlabelled_activity.json"), "utf8"));
    assert.equal(perCase.expected_score, 8);
    assert.equal(perCase.returned_score, 9);
    assert.equal(perCase.test_case_detected_correctly, false);
    assert.ok(Math.abs(perCase.test_case_score_percent - 83.33333333333334) < 1e-9);
    assert.equal(perCase.cost.details[0].llm, "o1-preview-2024-09-12");
    assert.equal(perCase.feedback.length, 10);
  } finally {
    await server.close();
  }
});
