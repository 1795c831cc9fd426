// The real bpmn_loan scenario (all 37 test cases) against a scripted Athena-compatible server on
// 127.0.0.1, through the real model registry. Figures are checked against hand calculations.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { after, before, test } from "node:test";
import { formatProblem } from "../../../src/config/errors.ts";
import type { CaseResult, SuiteMetrics } from "../../../src/results/types.ts";
import { stableExerciseId } from "../../../src/suites/sgi/manifest.ts";
import { type AthenaAnswer, type ScriptedAthena, startScriptedAthena } from "../../servers/athena.ts";
import { BPMN_TEST_CASES, EVALS, loadBpmn, perfectAnswer, runCases } from "./helpers.ts";

// Every case costs 10,000 input + 1,000 output tokens of gpt-4o-2024-08-06 ($2.50 / $10 per million):
// 0.025 + 0.010 = $0.035, except unlabelled_activity (see below).
const GPT4O = { model: "gpt-4o-2024-08-06", input: 10_000, output: 1_000 };

let server: ScriptedAthena;
let results: CaseResult[];
let aggregate: SuiteMetrics;
let loadWarnings: string[];

const byName = (name: string) => {
  const found = results.find((r) => r.caseId === `bpmn_loan/${name}`);
  assert.ok(found, `no result for ${name}`);
  return found;
};

before(async () => {
  const { opts, cases, warnings } = await loadBpmn();
  loadWarnings = warnings.map(formatProblem);
  const inputs = new Map(cases.map((c) => [c.input.testCase.name, c.input]));
  server = await startScriptedAthena(BPMN_TEST_CASES, (testCase, attempt): AthenaAnswer => {
    const perfect = perfectAnswer(inputs.get(testCase)!);
    const swap = (from: string, to: string) => perfect.map((sgi) => (sgi === from ? to : sgi));
    switch (testCase) {
      case "unlabelled_activity":
        // Two diffs; the server flags the activity but calls the naming correct (the seed's own example).
        return {
          sgis: swap("naming_format_incorrect", "naming_format_correct"),
          usage: [{ model: "o1-preview-2024-09-12", input: 4851, output: 7146 }],
        };
      case "unlabelled_event":
        // No diff: every default instruction is expected, but the server (rightly) flags the events.
        return { sgis: swap("events_correct", "events_incorrect"), usage: [GPT4O] };
      case "missing_start_event":
        // Perfect, plus an instruction id the scenario does not define.
        return { sgis: [...perfect, 999], usage: [GPT4O] };
      case "missing_end_event":
        // Fails twice, then answers perfectly (retries come from the model layer).
        return attempt <= 2 ? { reply: { status: 500, body: { detail: "module busy" } } } : { sgis: perfect, usage: [GPT4O] };
      case "excessive_diagram_object":
        // Perfect plus an over-zealous extra, in snake_case.
        return { sgis: [...perfect, "lanes_incorrect"], usage: [GPT4O], casing: "snake" };
      case "missing_gateway":
        // The fault is missed.
        return { sgis: swap("gateway_incorrect", "gateway_correct"), usage: [GPT4O] };
      default:
        return { sgis: perfect, usage: [GPT4O] };
    }
  });
  results = await runCases(cases, opts, `${server.url}/modules/modeling/module_modeling_llm/feedback_suggestions`);
  aggregate = (await import("../../../src/suites/sgi/index.ts")).sgiSuite.aggregate(results, opts);
});

after(async () => {
  await server?.close();
});

test("loads all 37 test cases and warns about the scenario's real quirks with file and line", () => {
  assert.equal(results.length, 37);
  assert.ok(
    loadWarnings.some(
      (w) => w.startsWith("evals/sgi/bpmn_loan/manifest.yml:213:") && w.includes('"excessive_diagram_object2" has no file'),
    ),
    loadWarnings.join("\n"),
  );
  for (const name of ["unlabelled_event", "wrongly_named_event", "wrongly_named_connecting_objects"]) {
    assert.ok(
      loadWarnings.some((w) => w.includes(`test case "${name}"`) && w.startsWith("evals/sgi/bpmn_loan/manifest.yml:166:")),
      name,
    );
  }
});

test("sends the Athena request: mapped ids, example solution text, stable exercise id, headers", () => {
  const first = server.requests.find((r) => (r.body as { submission: { id: number } }).submission.id === 0)!;
  const body = first.body as {
    exercise: Record<string, unknown> & {
      grading_criteria: { id: number; meta: unknown; structured_grading_instructions: { id: number; meta: unknown }[] }[];
    };
    submission: { id: number; exerciseId: number; model: string };
  };
  const manifestText = readFileSync(path.join(EVALS, "sgi/bpmn_loan/manifest.yml"), "utf8");
  const exerciseId = stableExerciseId("Process Modelling with BPMN: Obtaining a loan", manifestText);
  assert.equal(body.exercise.id, exerciseId);
  assert.equal(body.submission.exerciseId, exerciseId);
  assert.ok(exerciseId >= 0 && exerciseId <= 2 ** 31 - 2);
  assert.equal("course_id" in body.exercise, false, "unknown exercise keys are dropped");
  assert.equal(body.exercise.example_solution, readFileSync(path.join(EVALS, "sgi/bpmn_loan/example_solution.json"), "utf8"));
  // Sorted file order: activity_has_been_merged is submission 0.
  assert.deepEqual(
    JSON.parse(body.submission.model),
    JSON.parse(readFileSync(path.join(BPMN_TEST_CASES, "activity_has_been_merged.json"), "utf8")),
  );
  // 10 criteria numbered 1..10, 20 instructions numbered 1..20 in manifest order.
  assert.deepEqual(
    body.exercise.grading_criteria.map((c) => c.id),
    [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
  );
  assert.deepEqual(body.exercise.grading_criteria[6]!.meta, { textual_id: { "7": "naming_format" } });
  assert.deepEqual(body.exercise.grading_criteria[6]!.structured_grading_instructions[1]!.meta, {
    textual_id: { "14": "naming_format_incorrect" },
  });
  assert.equal(first.headers["x-server-url"], "http://localhost:8080");
  assert.equal(first.headers.authorization, "athena-shared-secret");
});

test("a case with two diffs (unlabelled_activity) scores as in the seed's own example", () => {
  // E = the 10 defaults with activities_correct -> activities_incorrect and
  //     naming_format_correct -> naming_format_incorrect; D = {activities_incorrect, naming_format_incorrect}.
  // Expected points: 8 ones + 2 zeros = 8. Returned: naming_format_correct (1) instead of
  // naming_format_incorrect (0) -> 9. Weights: 8 x 1 + 2 x 2 = 12; achieved 12 - 2 = 10 -> 83.33 %.
  // D ⊄ R -> not detected. missing [naming_format_incorrect], extra [naming_format_correct] in the
  // same criterion: extra credits 1 > missing credits 0 -> wrong_more 1, wrong_less 0.
  // Cost: 4851 / 1e6 x 15 = 0.072765 in, 7146 / 1e6 x 60 = 0.42876 out, 0.501525 in total.
  const r = byName("unlabelled_activity");
  assert.equal(r.status, "scored");
  assert.ok(Math.abs(r.metrics.score! - 10 / 12) < 1e-12);
  assert.equal(r.metrics.detected, 0);
  assert.equal(r.metrics.fully_correct, 0);
  assert.equal(r.metrics.score_match, 0);
  assert.equal(r.metrics.expected_points, 8);
  assert.equal(r.metrics.returned_points, 9);
  assert.equal(r.metrics.wrong_less, 0);
  assert.equal(r.metrics.wrong_more, 1);
  assert.ok(Math.abs(r.costUsd! - 0.501525) < 1e-12);
  assert.equal(r.tags.missed_criteria, "naming_format");
  const details = r.details as { missing_instructions: string[]; extra_instructions: string[]; testbench: { criteria_results: unknown[] } };
  assert.deepEqual(details.missing_instructions, ["naming_format_incorrect"]);
  assert.deepEqual(details.extra_instructions, ["naming_format_correct"]);
  assert.deepEqual(details.testbench.criteria_results, [
    {
      criterion_id: 7,
      criterion_textual_id: "naming_format",
      mismatch_pairs: [
        {
          expected: {
            id: 14,
            textual_id: "naming_format_incorrect",
            credits: 0,
            instructionDescription: "One or more tasks do not follow the Verb-Object format.",
          },
          received: {
            id: 13,
            textual_id: "naming_format_correct",
            credits: 1,
            instructionDescription: "All tasks use 'Verb Object' naming.",
            // The returned feedback's own description, as the TestBench reports it (not the manifest's text).
            feedbackDescription: "feedback naming_format_correct",
          },
        },
      ],
      missing_instructions: [],
      extra_instructions: [],
    },
  ]);
});

test("a case with no diff (unlabelled_event) is detected vacuously", () => {
  // E = the 10 defaults, D = {} -> detected (vacuously). Returned events_incorrect (0) instead of
  // events_correct (1): expected points 10, returned 9; weights 10 x 1, achieved 9 -> 90 %.
  // Pair in "events": extra credits 0 > missing credits 1? no -> wrong_less 1.
  const r = byName("unlabelled_event");
  assert.ok(Math.abs(r.metrics.score! - 0.9) < 1e-12);
  assert.equal(r.metrics.detected, 1);
  assert.equal(r.metrics.fully_correct, 0);
  assert.equal(r.metrics.score_match, 0);
  assert.equal(r.metrics.expected_points, 10);
  assert.equal(r.metrics.returned_points, 9);
  assert.equal(r.metrics.wrong_less, 1);
  assert.equal(r.metrics.wrong_more, 0);
});

test("an unknown instruction id breaks 'fully correct' but not the score", () => {
  // missing_start_event: R = E exactly, U = [999]. Percent 100, detected, points 9 = 9 (unknown
  // items are not counted), but U is not empty -> not fully correct.
  const r = byName("missing_start_event");
  assert.equal(r.metrics.score, 1);
  assert.equal(r.metrics.detected, 1);
  assert.equal(r.metrics.score_match, 1);
  assert.equal(r.metrics.fully_correct, 0);
  assert.deepEqual((r.details as { unknown_instruction_ids: number[] }).unknown_instruction_ids, [999]);
});

test("a server that fails twice and then answers is scored after three attempts", () => {
  const r = byName("missing_end_event");
  assert.equal(r.status, "scored");
  assert.equal(r.requests, 3);
  assert.equal(server.attempts.get("missing_end_event"), 3);
  assert.equal(r.metrics.score, 1);
  assert.equal(r.metrics.fully_correct, 1);
});

test("snake_case feedback and an extra instruction: fully correct, wrong_less 1", () => {
  // excessive_diagram_object: R = E + [lanes_incorrect]. No missing, no unknown -> fully correct
  // (extras do not break it). lanes_incorrect has 0 credits: points 9 = 9; leftover extra with
  // credits 0 -> wrong_less 1.
  const r = byName("excessive_diagram_object");
  assert.equal(r.metrics.fully_correct, 1);
  assert.equal(r.metrics.score_match, 1);
  assert.equal(r.metrics.wrong_less, 1);
  assert.equal(r.metrics.wrong_more, 0);
});

test("a missed fault: weight 2 on the diffed instruction", () => {
  // missing_gateway: gateway_correct returned instead of gateway_incorrect (weight 2):
  // total 9 x 1 + 2 = 11, achieved 9 -> 81.82 %; not detected; points 9 vs 10 -> wrong_more 1.
  const r = byName("missing_gateway");
  assert.ok(Math.abs(r.metrics.score! - 9 / 11) < 1e-12);
  assert.equal(r.metrics.detected, 0);
  assert.equal(r.metrics.wrong_more, 1);
});

test("scenario figures", () => {
  // 37 scored. Imperfect scores: 10/12, 9/10, 9/11; the other 34 are 1.
  // mean = (34 + 10/12 + 9/10 + 9/11) / 37. Detection fails on 2 (unlabelled_activity,
  // missing_gateway) -> 35/37. Fully correct fails on 4 (those two, unlabelled_event,
  // missing_start_event) -> 33/37. Score match fails on 3 -> 34/37.
  // Cost: 36 x 0.035 + 0.501525 = 1.761525.
  const m = aggregate.metrics;
  assert.equal(m.score!.n, 37);
  assert.ok(Math.abs(m.score!.value! - (34 + 10 / 12 + 9 / 10 + 9 / 11) / 37) < 1e-12);
  assert.ok(Math.abs(m.detection_rate!.value! - 35 / 37) < 1e-12);
  assert.ok(Math.abs(m.fully_correct_rate!.value! - 33 / 37) < 1e-12);
  assert.ok(Math.abs(m.score_match_rate!.value! - 34 / 37) < 1e-12);
  for (const name of ["score", "detection_rate", "fully_correct_rate", "score_match_rate"]) assert.equal(m[name]!.gated, true);
  assert.ok(Math.abs(m.cost_usd!.value! - 1.761525) < 1e-9);
  assert.equal(m.cost_usd!.gated, false);
  assert.equal(m.cost_usd!.direction, "lower");
  assert.ok(Math.abs(m.avg_cost_usd!.value! - 1.761525 / 37) < 1e-9);
  assert.equal(aggregate.warnings.length, 0);
  assert.deepEqual(aggregate.breakdowns!.missed_instructions_per_criterion, {
    naming_format: { naming_format_incorrect: 1 },
    events: { events_correct: 1 },
    gateway: { gateway_incorrect: 1 },
  });
  const perModel = aggregate.breakdowns!.cost_per_model as Record<string, { calls: number; cost_usd: number }>;
  assert.equal(perModel["gpt-4o-2024-08-06"]!.calls, 36);
  assert.ok(Math.abs(perModel["gpt-4o-2024-08-06"]!.cost_usd - 1.26) < 1e-9);
  assert.ok(Math.abs(perModel["o1-preview-2024-09-12"]!.cost_usd - 0.501525) < 1e-12);
  const scenario = (aggregate.breakdowns!.scenarios as Record<string, { detected: number; fully_correct: number }>)[
    "Process Modelling with BPMN: Obtaining a loan"
  ]!;
  assert.equal(scenario.detected, 35);
  assert.equal(scenario.fully_correct, 33);
});
