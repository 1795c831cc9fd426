// Computes the planned metrics on one thread, as FlexEval does: metric by metric in dependency order,
// object by object at the metric's level; a metric whose dependencies are not met is skipped
// (recorded, never scored as 0); a function that throws is an error on that object; a rubric is
// graded by the grader model and its answer parsed into a choice, or `invalid`.
import { isEndpointError } from "../../models/errors.ts";
import type { ChatModel } from "../../models/types.ts";
import type { ConversationMetricRow } from "../../results/conversations.ts";
import { redact } from "../../util/redact.ts";
import { withFiniteSums } from "./case-metrics.ts";
import { type MetricServices, readMetricReturn, valueProblem } from "./functions.ts";
import type { PlannedMetric } from "./plan.ts";
import { fillPrompt, graderMessages, normalizeChoiceScore, type PromptValues, parseGrade } from "./rubrics.ts";
import { containerAt, type Level, type LevelObject, type MessageObject, objectsAt, type ThreadObject } from "./thread.ts";

export interface EvaluateContext {
  grader: ChatModel | null;
  signal: AbortSignal;
  /** Completion mode: only the objects holding the new completion are graded and reported (and the thread). */
  completionOnly: boolean;
  services: MetricServices;
}

export interface EvaluateOutcome {
  rows: ConversationMetricRow[];
  requests: number;
  costUsd: number | null;
}

const line = (m: MessageObject) => `${m.role}: ${m.content}\n`;

function toolCallText(calls: ThreadObject["toolCalls"]): string {
  return calls.map((tc) => `\nFunction name: ${tc.name}\nInput arguments: ${tc.args}\nFunction output: ${tc.response ?? ""}\n`).join("");
}

/** FlexEval's format_input_for_rubric, per level (the system prompt is left out, as Turn does). */
export function rubricValues(object: LevelObject, thread: ThreadObject): PromptValues {
  let context: string;
  let content: string;
  if (object.level === "Thread") {
    context = thread.messages.slice(0, -1).map(line).join("");
    const last = thread.messages[thread.messages.length - 1];
    content = last ? line(last) : "";
  } else if (object.level === "Turn") {
    const first = object.messages[0]?.index ?? 0;
    context = thread.messages
      .slice(0, first)
      .filter((m) => m.content.length > 0)
      .map(line)
      .join("");
    content = object.messages
      .filter((m) => m.content.length > 0)
      .map(line)
      .join("");
  } else if (object.level === "Message") {
    context = thread.messages.slice(0, object.index).map(line).join("");
    content = object.content;
  } else {
    context = thread.messages
      .slice(0, object.messageIndex + 1)
      .map(line)
      .join("");
    content = object.response ?? "";
  }
  const calls = object.level === "ToolCall" ? [object] : object.toolCalls;
  return { conversation: context + content, context, content, completion: content, tool_calls: toolCallText(calls) };
}

function holdsCompletion(object: LevelObject, thread: ThreadObject): boolean {
  switch (object.level) {
    case "Thread":
      return true;
    case "Turn":
      return object.messages.some((m) => m.isCompletion);
    case "Message":
      return object.isCompletion;
    case "ToolCall":
      return thread.messages[object.messageIndex]?.isCompletion ?? false;
  }
}

export type ValueIndex = Map<string, Map<string, number | null>>;
const indexKey = (metricId: number, level: Level, object: number) => `${metricId}|${level}|${object}`;

function dependenciesMet(metric: PlannedMetric, object: LevelObject, thread: ThreadObject, values: ValueIndex): boolean {
  for (const dep of metric.dependsOn) {
    const container = containerAt(thread, object, dep.level);
    const target = container.index + dep.relativePosition;
    if (target < 0) return false;
    const value = values.get(indexKey(dep.parent, dep.level, target))?.get(dep.metricName);
    if (value === null || value === undefined || value < dep.min || value > dep.max) return false;
  }
  return true;
}

async function grade(
  metric: PlannedMetric,
  object: LevelObject,
  thread: ThreadObject,
  base: Omit<ConversationMetricRow, "metric" | "value" | "normalized">,
  ctx: EvaluateContext,
): Promise<{ row: ConversationMetricRow; requests: number; cost: number | null }> {
  const rubric = metric.rubric!;
  const prompt = fillPrompt(rubric.prompt, rubricValues(object, thread));
  const row: ConversationMetricRow = { ...base, metric: metric.evaluation, value: null, normalized: null };
  if (!ctx.grader) throw new Error("rubric metrics need a grader");
  try {
    // Sample 0: a grade is asked once and cached like a judge vote; repeats reuse it.
    const usable = (text: string) => parseGrade(text, rubric.choiceScores).ok; // an invalid grade is never cached
    const response = await ctx.grader.chat({ messages: graderMessages(prompt, rubric), purpose: "grader", sample: 0, usable }, ctx.signal);
    const parsed = parseGrade(response.text, rubric.choiceScores);
    row.rubric = {
      prompt,
      completion: response.text,
      model: response.model,
      score: parsed.ok ? parsed.choice : "__invalid__",
      ...(parsed.ok ? {} : { invalidReason: parsed.reason }),
      promptTokens: response.usage?.inputTokens ?? null,
      completionTokens: response.usage?.outputTokens ?? null,
      costUsd: response.costUsd,
    };
    if (parsed.ok) {
      row.value = parsed.score;
      row.normalized = normalizeChoiceScore(parsed.score, rubric.choiceScores);
    }
    return { row, requests: response.cached ? 0 : 1, cost: response.costUsd };
  } catch (error) {
    if (!isEndpointError(error)) throw error;
    row.error = { kind: "endpoint", message: redact(error.message) };
    row.rubric = {
      prompt,
      completion: null,
      model: ctx.grader.name,
      score: "__invalid__",
      promptTokens: null,
      completionTokens: null,
      costUsd: null,
    };
    return { row, requests: 1, cost: null };
  }
}

export async function computeMetric(
  metric: PlannedMetric,
  object: LevelObject,
  thread: ThreadObject,
  values: ValueIndex,
  ctx: EvaluateContext,
) {
  const role = object.level === "Thread" ? "thread" : object.role;
  const base = { evaluation: metric.evaluation, type: metric.type, level: metric.level, object: object.index, role, kwargs: metric.kwargs };
  if (!dependenciesMet(metric, object, thread, values)) {
    return {
      rows: [{ ...base, metric: metric.evaluation, value: null, normalized: null, skipped: true as const }],
      requests: 0,
      cost: 0 as number | null,
    };
  }
  if (metric.type === "rubric") {
    const graded = await grade(metric, object, thread, base, ctx);
    values.set(indexKey(metric.id, metric.level, object.index), new Map([[metric.evaluation, graded.row.value]]));
    return { rows: [graded.row], requests: graded.requests, cost: graded.cost };
  }
  try {
    const result = await metric.function!.fn(object, metric.kwargs, thread, ctx.services);
    const named = readMetricReturn(metric.evaluation, result).map((v) => ({
      ...v,
      problem: valueProblem(metric.evaluation, metric.function!, v),
    }));
    // A value that cannot be is an error on this object under its own name, never averaged.
    values.set(indexKey(metric.id, metric.level, object.index), new Map(named.map((v) => [v.name, v.problem ? null : v.value])));
    return {
      rows: named.map(
        (v): ConversationMetricRow =>
          v.problem
            ? { ...base, metric: v.name, value: null, normalized: null, error: { kind: "metric", message: redact(v.problem) } }
            : { ...base, metric: v.name, value: v.value, normalized: v.value },
      ),
      requests: 0,
      cost: 0,
    };
  } catch (error) {
    const message = redact(error instanceof Error ? error.message : String(error));
    // A service that could not be reached (moderation) leaves the case unsure, like a grader.
    const kind = isEndpointError(error) ? ("endpoint" as const) : ("metric" as const);
    return {
      rows: [{ ...base, metric: metric.evaluation, value: null, normalized: null, error: { kind, message } }],
      requests: 0,
      cost: 0,
    };
  }
}

export async function evaluateThread(thread: ThreadObject, metrics: PlannedMetric[], ctx: EvaluateContext): Promise<EvaluateOutcome> {
  const values: ValueIndex = new Map();
  const rows: ConversationMetricRow[] = [];
  let requests = 0;
  let cost: number | null = 0;
  for (const metric of metrics) {
    // In completion mode only the completion is graded and reported; function metrics still run on
    // the rest (no request) so a dependency on the turn before the completion can be checked.
    const objects = objectsAt(thread, metric.level).filter(
      (object) => !ctx.completionOnly || metric.type === "function" || holdsCompletion(object, thread),
    );
    // Objects of one metric are independent; its dependencies were all computed before it.
    const results = await Promise.all(objects.map((object) => computeMetric(metric, object, thread, values, ctx)));
    for (const [i, result] of results.entries()) {
      if (ctx.completionOnly && !holdsCompletion(objects[i]!, thread)) continue;
      rows.push(...result.rows);
      requests += result.requests;
      cost = cost === null || result.cost === null ? null : cost + result.cost;
    }
  }
  return { rows: withFiniteSums(rows), requests, costUsd: cost };
}
