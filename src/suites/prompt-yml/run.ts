// One testData row, as gh models eval runs it: the file's messages with the row's values filled are
// sent to the file's model, the reply is trimmed (Go's TrimSpace), and every evaluator grades it in
// the file's order. An evaluator that cannot grade (no choice in the judge's reply, a judge that could
// not be reached) is a failed computation of its metrics, never a silent 0.
import { fillTemplate } from "../../config/prompt-template.ts";
import { isEndpointError } from "../../models/errors.ts";
import type { ChatMessage, ChatResponse } from "../../models/types.ts";
import type { Case, FailedCheck } from "../../results/types.ts";
import { clipText } from "../../util/escape.ts";
import { redact } from "../../util/redact.ts";
import { runChecks } from "../checks/evaluate.ts";
import { quote } from "../checks/text.ts";
import { labelMetrics } from "../human-labels.ts";
import type { CaseOutcome, RunContext } from "../kind.ts";
import { targetAnswered } from "../target-answered.ts";
import { BUILT_IN_EVALUATORS, builtInPrompt, readRating } from "./builtins.ts";
import type { CompiledEvaluator } from "./evaluators.ts";
import { goTrimSpace, matchChoice, passes } from "./gh-rules.ts";
import type { PromptYmlInput } from "./load.ts";
import type { PromptYmlOptions } from "./options.ts";
import { checkValues, rowValues } from "./rows.ts";

type Ctx = RunContext & { options: PromptYmlOptions };

/** One evaluator on one row: its score and pass, or why it could not grade. */
export type EvaluatorOutcome = { name: string; kind: CompiledEvaluator["kind"]; scored: boolean; judgeReply?: string } & (
  | { score: number; passed: boolean; reason?: string }
  | { error: string }
);

export interface PromptYmlCaseDetails {
  file: string;
  row: number;
  /** The configured model asked, and the file's model id. */
  model: string;
  modelId?: string;
  response: string | null;
  evaluators: EvaluatorOutcome[];
}

/**
 * A row's metrics are named as the file's metrics they make up ("<file>/pass_rate" is the mean of its
 * rows' "pass_rate"), so the gate reads each row's part of every file metric: 1 or 0 for a pass.
 */
export const ROW_PASS = "pass_rate";
export const evaluatorPass = (name: string) => `${name}/pass_rate`;
export const evaluatorScore = (name: string) => `${name}/score`;

export async function runPromptYmlCase(testCase: Case<PromptYmlInput>, ctx: Ctx): Promise<CaseOutcome> {
  const { subject } = testCase.input;
  const values = rowValues(testCase.input.values);
  const tags = { file: subject.key };
  const details: PromptYmlCaseDetails = {
    file: subject.file,
    row: testCase.input.row,
    model: subject.model,
    ...(subject.modelId !== undefined ? { modelId: subject.modelId } : {}),
    response: null,
    evaluators: [],
  };
  const messages: ChatMessage[] = subject.messages.map((message) => ({
    role: message.role,
    content: fillTemplate(message.content, values),
  }));
  let answer: ChatResponse;
  try {
    answer = await ctx.models.chat(subject.model).chat(
      {
        messages,
        purpose: "target",
        sample: ctx.repeat,
        ...subject.parameters,
        ...(subject.origins ? { origins: subject.origins } : {}),
        ...(subject.responseFormat ? { responseFormat: subject.responseFormat } : {}),
      },
      ctx.signal,
    );
  } catch (error) {
    if (!isEndpointError(error)) throw error;
    return {
      status: "error",
      error: { kind: "endpoint", message: redact(error.message), ...(targetAnswered(error) ? { answered: true as const } : {}) },
      metrics: {},
      tags,
      costUsd: null,
      requests: 1,
      details,
    };
  }
  // gh trims every reply before its evaluators read it: "Paris\n" equals "Paris".
  const text = goTrimSpace(answer.text);
  details.response = text;
  if (text === "" && !ctx.options["allow-empty"]) {
    const message = `empty answer: ${subject.model} replied with no text (set allow-empty: true to grade empty answers)`;
    const error = { kind: "endpoint" as const, message, answered: true as const };
    return { status: "error", error, metrics: {}, tags, costUsd: answer.costUsd, requests: 1, details };
  }
  const graded = await gradeRow(subject.evaluators, text, values, ctx);
  details.evaluators = graded.outcomes;
  const outcome = rowOutcome(graded.outcomes);
  const labelled = { ...outcome, metrics: { ...outcome.metrics, ...labelledScores(graded.outcomes, testCase.input.human) } };
  return { status: "scored", tags, details, ...labelled, ...costOf([answer, ...graded.responses]) };
}

/** Every evaluator on the answer, in the file's order, with the judge's answers they cost. */
async function gradeRow(evaluators: readonly CompiledEvaluator[], text: string, values: Record<string, string>, ctx: Ctx) {
  const outcomes: EvaluatorOutcome[] = [];
  const responses: ChatResponse[] = [];
  for (const evaluator of evaluators) {
    if (evaluator.kind === "string") {
      const [outcome] = await runChecks([evaluator.check], text, checkValues(values), ctx.signal);
      outcomes.push(
        !outcome || "error" in outcome
          ? { name: evaluator.name, kind: "string", scored: false, error: outcome?.error ?? "not evaluated" }
          : {
              name: evaluator.name,
              kind: "string",
              scored: false,
              score: outcome.passed ? 1 : 0,
              passed: outcome.passed,
              ...(outcome.reason ? { reason: outcome.reason } : {}),
            },
      );
      continue;
    }
    const judged = await askJudge(evaluator, text, values, ctx);
    if (judged.response) responses.push(judged.response);
    outcomes.push(judged.outcome);
  }
  return { outcomes, responses };
}

/** An llm or built-in evaluator: one judge call, the reply read as gh reads an llm evaluator's, or as a 1–5 rating. */
async function askJudge(evaluator: Exclude<CompiledEvaluator, { kind: "string" }>, text: string, values: Record<string, string>, ctx: Ctx) {
  const read = (reply: string) => readJudgeReply(evaluator, reply, ctx.options["pass-score"]);
  const messages = judgeMessages(evaluator, text, values);
  const base = { name: evaluator.name, kind: evaluator.kind, scored: evaluator.scored };
  try {
    // A reply naming no choice is never cached: the next run asks again.
    const response = await ctx.models
      .chat(ctx.options.judge!)
      .chat({ messages, purpose: "judge", sample: ctx.repeat, usable: (reply) => !("error" in read(reply)) }, ctx.signal);
    return { response, outcome: { ...base, judgeReply: clipText(response.text, 2000), ...read(response.text) } as EvaluatorOutcome };
  } catch (error) {
    if (!isEndpointError(error)) throw error;
    return {
      response: undefined,
      outcome: { ...base, error: `the judge could not be asked: ${redact(error.message)}` } as EvaluatorOutcome,
    };
  }
}

/** gh's llm request: the evaluator's systemPrompt as written (gh fills none), its prompt with the row and {{completion}} filled. */
function judgeMessages(
  evaluator: Exclude<CompiledEvaluator, { kind: "string" }>,
  text: string,
  values: Record<string, string>,
): ChatMessage[] {
  if (evaluator.kind === "builtin") {
    return [
      { role: "system", content: BUILT_IN_EVALUATORS[evaluator.builtin].system },
      { role: "user", content: builtInPrompt(evaluator.builtin, { ...values, completion: text }) },
    ];
  }
  const prompt = fillTemplate(evaluator.prompt, { ...values, completion: text });
  return [
    ...(evaluator.systemPrompt ? [{ role: "system" as const, content: evaluator.systemPrompt }] : []),
    { role: "user", content: prompt },
  ];
}

function readJudgeReply(
  evaluator: Exclude<CompiledEvaluator, { kind: "string" }>,
  reply: string,
  passScore: number | undefined,
): { score: number; passed: boolean; reason?: string } | { error: string } {
  if (evaluator.kind === "builtin") {
    const rating = readRating(reply);
    if ("error" in rating) return { error: `${rating.error}: ${quote(reply)}` };
    const passed = passes(rating.score, passScore);
    return { score: rating.score, passed, ...(passed ? {} : { reason: `rated ${rating.rating} of 5 (score ${rating.score})` }) };
  }
  const choice = matchChoice(reply, evaluator.choices);
  if (!choice)
    return {
      error: `the judge's reply names none of the choices (${evaluator.choices.map((c) => quote(c.choice, 20)).join(", ")}): ${quote(reply)}`,
    };
  const passed = passes(choice.score, passScore);
  return {
    score: choice.score,
    passed,
    ...(passed ? {} : { reason: `the judge chose ${quote(choice.choice, 30)} (score ${choice.score})` }),
  };
}

/** The row's metrics: each evaluator's pass (and score, when it says more), and the row's: every evaluator passed. */
export function rowOutcome(outcomes: readonly EvaluatorOutcome[]): Pick<CaseOutcome, "metrics" | "metricErrors" | "failedChecks"> {
  const metrics: Record<string, number> = {};
  const metricErrors: Record<string, string> = {};
  const failedChecks: FailedCheck[] = [];
  let unknown: string | undefined;
  for (const outcome of outcomes) {
    const withScore = outcome.scored;
    if ("error" in outcome) {
      metricErrors[evaluatorPass(outcome.name)] = outcome.error;
      if (withScore) metricErrors[evaluatorScore(outcome.name)] = outcome.error;
      unknown ??= `${outcome.name}: ${outcome.error}`;
      continue;
    }
    metrics[evaluatorPass(outcome.name)] = outcome.passed ? 1 : 0;
    if (withScore) metrics[evaluatorScore(outcome.name)] = outcome.score;
    if (!outcome.passed) failedChecks.push({ name: outcome.name, reason: outcome.reason ?? "failed" });
  }
  // gh's test pass: every evaluator passed. One that could not grade leaves it unknown, unless another failed.
  if (failedChecks.length) metrics[ROW_PASS] = 0;
  else if (unknown !== undefined) metricErrors[ROW_PASS] = unknown;
  else metrics[ROW_PASS] = 1;
  return { metrics, ...(Object.keys(metricErrors).length ? { metricErrors } : {}), ...(failedChecks.length ? { failedChecks } : {}) };
}

/** Each labelled evaluator's score beside the person's label (human-labels.ts), tagged with the evaluator's name. */
function labelledScores(outcomes: readonly EvaluatorOutcome[], human: Record<string, number> | undefined): Record<string, number> {
  if (!human) return {};
  const metrics: Record<string, number> = {};
  for (const outcome of outcomes) {
    const label = human[outcome.name];
    if (label !== undefined && !("error" in outcome)) Object.assign(metrics, labelMetrics(outcome.score, label, outcome.name));
  }
  return metrics;
}

/** Cost and requests of the answer and the judge's replies; cached replies were not requests, and one unknown cost makes the sum unknown. */
function costOf(responses: readonly Pick<ChatResponse, "costUsd" | "cached">[]): Pick<CaseOutcome, "costUsd" | "requests"> {
  const known = responses.every((response) => response.costUsd !== null);
  return {
    costUsd: known ? responses.reduce((sum, response) => sum + (response.costUsd ?? 0), 0) : null,
    requests: responses.filter((response) => !response.cached).length,
  };
}
