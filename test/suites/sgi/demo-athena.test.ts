// The demo Athena server: deterministic, plausible feedback on the real bpmn_loan scenario.
import assert from "node:assert/strict";
import { test } from "node:test";
import { startDemoAthenaServer } from "../../../src/demo/athena-server.ts";
import { sgiSuite } from "../../../src/suites/sgi/index.ts";
import { loadBpmn, runCases } from "./helpers.ts";

const ROUTE = "/modules/modeling/module_modeling_llm/feedback_suggestions";

test("the demo server grades bpmn_loan deterministically, with realistic misses", async () => {
  const demo = await startDemoAthenaServer();
  try {
    const { opts, cases } = await loadBpmn();
    const first = await runCases(cases, opts, `${demo.url}${ROUTE}`);
    const second = await runCases(cases, opts, `${demo.url}${ROUTE}`);
    assert.ok(first.every((r) => r.status === "scored"));
    const figures = (results: typeof first) =>
      results.map((r) => [r.caseId, r.metrics.score, r.metrics.detected, r.metrics.fully_correct, r.costUsd]);
    assert.deepEqual(figures(first), figures(second));
    const m = sgiSuite.aggregate(first, opts).metrics;
    // Some faults are caught and some are not; every model it reports is priced.
    assert.ok(m.detection_rate!.value! > 0.5 && m.detection_rate!.value! < 1);
    assert.ok(m.score!.value! > 0.5 && m.score!.value! < 1);
    assert.ok(m.cost_usd!.value! > 0);
    // The missing start event is visible in the diagram.
    const start = first.find((r) => r.caseId === "bpmn_loan/missing_start_event")!;
    assert.ok((start.details as { returned_instructions: string[] }).returned_instructions.includes("events_incorrect"));
  } finally {
    await demo.close();
  }
});

test("an unpriced model on the demo server makes the cost unknown", async () => {
  const demo = await startDemoAthenaServer({ unpricedModel: "demo-llm-unpriced" });
  try {
    const { opts, cases } = await loadBpmn();
    const results = await runCases(cases.slice(0, 2), opts, `${demo.url}${ROUTE}`);
    const aggregate = sgiSuite.aggregate(results, opts);
    assert.equal(aggregate.metrics.cost_usd!.value, null);
    assert.ok(aggregate.warnings.some((w) => w.includes("demo-llm-unpriced")));
  } finally {
    await demo.close();
  }
});
