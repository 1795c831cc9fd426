// One test case: send it to the Athena-compatible server, read the feedback, score it, price it.
import type { Case } from "../../results/types.ts";
import { redactDeep } from "../../util/redact.ts";
import type { CaseOutcome, RunContext } from "../kind.ts";
import { costOfRequests } from "./cost.ts";
import type { SgiInput } from "./load.ts";
import type { SgiOptions } from "./options.ts";
import { buildFeedbackRequest } from "./request.ts";
import { requestFeedback } from "./request-feedback.ts";
import { scoreCase } from "./score.ts";
import type { Scenario } from "./types.ts";

/** Metric keys carrying one model's cost and calls for a case (read back by aggregate). */
export const MODEL_COST_PREFIX = "cost_usd:";
export const MODEL_CALLS_PREFIX = "llm_calls:";

export async function runSgiCase(testCase: Case<SgiInput>, ctx: RunContext & { options: SgiOptions }): Promise<CaseOutcome> {
  const { scenario, testCase: tc, prices } = testCase.input;
  const tags: Record<string, string> = { scenario: scenario.title };
  const body = buildFeedbackRequest(scenario, tc);

  const answer = await requestFeedback(body, ctx);
  if (!answer.ok) {
    const { error, requests, lastBody } = answer;
    return {
      status: "error",
      error,
      metrics: {},
      tags,
      costUsd: null,
      requests,
      ...(lastBody !== undefined && { details: { scenario: scenario.title, test_case: tc.name, response: redactDeep(lastBody) } }),
    };
  }
  const { response, parsed } = answer;

  const { feedback, llmRequests } = parsed;
  const score = scoreCase(scenario, tc.name, feedback);
  const cost = costOfRequests(llmRequests, prices);
  Object.assign(tags, outcomeTags(scenario, score, cost, llmRequests));
  return {
    status: "scored",
    metrics: caseMetrics(score, cost, response.latencyMs),
    tags,
    costUsd: cost.total_cost,
    requests: answer.requests,
    details: caseDetails(testCase.input, score, cost, { latencyMs: response.latencyMs, feedback }),
  };
}

type CaseScore = ReturnType<typeof scoreCase>;
type CaseCost = ReturnType<typeof costOfRequests>;

/** What a case missed, and why its cost may be unknown. */
function outcomeTags(scenario: Scenario, score: CaseScore, cost: CaseCost, llmRequests: unknown): Record<string, string> {
  const tags: Record<string, string> = {};
  const missedCriteria = [...new Set(score.missing.map((id) => scenario.instructions[id - 1]!.criterionTextualId))];
  if (missedCriteria.length > 0) {
    tags.missed_criteria = missedCriteria.join(",");
    tags.missed_instructions = score.missing
      .map((id) => `${scenario.instructions[id - 1]!.criterionTextualId}:${textualId(scenario, id)}`)
      .join(",");
  }
  if (cost.unknown_models.length > 0) tags.unknown_models = cost.unknown_models.join(",");
  if (llmRequests === null) tags.cost_unknown = "no token usage in the response";
  return tags;
}

function caseMetrics(score: CaseScore, cost: CaseCost, latencyMs: number): Record<string, number> {
  const metrics: Record<string, number> = {
    score: score.percent / 100,
    detected: score.detected ? 1 : 0,
    fully_correct: score.fullyCorrect ? 1 : 0,
    score_match: score.scoreMatch ? 1 : 0,
    wrong_less: score.wrongLess,
    wrong_more: score.wrongMore,
    request_time_ms: latencyMs,
    expected_points: score.expectedScore,
    returned_points: score.returnedScore,
  };
  for (const model of cost.details) {
    metrics[`${MODEL_CALLS_PREFIX}${model.llm}`] = model.calls;
    if (model.total !== null) metrics[`${MODEL_COST_PREFIX}${model.llm}`] = model.total;
  }
  return metrics;
}

function caseDetails(
  { scenario, testCase: tc, prices }: SgiInput,
  score: CaseScore,
  cost: CaseCost,
  { latencyMs, feedback }: { latencyMs: number; feedback: { raw: unknown }[] },
) {
  const textual = (ids: number[]) => ids.map((id) => textualId(scenario, id));
  return {
    scenario: scenario.title,
    test_case: tc.name,
    submission_id: tc.submissionId,
    exercise_id: scenario.exercise.id,
    expected_instructions: textual(score.expected),
    diff_instructions: textual(score.diffSet),
    returned_instructions: textual(score.returned),
    missing_instructions: textual(score.missing),
    extra_instructions: textual(score.extra),
    unknown_instruction_ids: score.unknown,
    wrong_less: score.wrongLess,
    wrong_more: score.wrongMore,
    request_time_ms: latencyMs,
    // The TestBench's own per-test-case JSON, written as test_cases/<name>.json on export.
    testbench: {
      test_case: tc.name,
      expected_score: score.expectedScore,
      returned_score: score.returnedScore,
      test_case_detected_correctly: score.detected,
      test_case_score_percent: score.percent,
      // The TestBench writes cost only when it has a price table.
      ...(prices !== null && { cost }),
      criteria_results: score.criteriaResults,
      feedback: redactDeep(feedback.map((item) => item.raw)),
    },
  };
}

function textualId(scenario: Scenario, id: number): string {
  return scenario.instructions[id - 1]?.textualId ?? String(id);
}
