// FlexEval's built-in function metrics (configuration/function_metrics.py), by name, with the levels
// each accepts. A function receives the object at its level (and the metric's kwargs) and returns a
// number, a record (one metric per key) or a list of {name, value}, as FlexEval's functions do.

import { countPythonMatches, PythonRegexError, translatePythonRegex } from "./python-re.ts";
import { countEmojis, fleschKincaidGrade, fleschReadingEase } from "./readability.ts";
import type { Level, LevelObject, MessageObject, ThreadObject, ToolCallObject, TurnObject } from "./thread.ts";

export type MetricReturn =
  | number
  | boolean
  | null
  | Record<string, number | boolean | null>
  | { name: string; value: number | boolean | null }[];
export type MetricFunction = (
  object: LevelObject,
  kwargs: Record<string, unknown>,
  thread: ThreadObject,
  services: MetricServices,
) => MetricReturn | Promise<MetricReturn>;

/** What a metric may call out to: the suite's moderation model (null when none is configured). */
export interface MetricServices {
  moderate: ((text: string, extra: Record<string, unknown>) => Promise<Record<string, number>>) | null;
}

export interface FunctionSpec {
  levels: readonly Level[];
  fn: MetricFunction;
  /** kwargs the function cannot do without. */
  requires?: readonly string[];
  /** The suite option it cannot run without (e.g. the moderation model). */
  needsOption?: "moderation";
  /** Checks the kwargs when the suite loads: the problem with one of them, or null. */
  checkKwargs?: (kwargs: Record<string, unknown>) => { kwarg: string; message: string } | null;
  /** The values the metric can take (a moderation score is 0..1): one outside is an error on that object, never averaged. */
  range?: { min: number; max: number };
}

const TEXT_LEVELS: readonly Level[] = ["Message", "Turn", "Thread"];

type WithMessages = ThreadObject | TurnObject;
type WithToolCalls = ThreadObject | TurnObject | MessageObject;

function messagesOf(object: LevelObject): MessageObject[] {
  if (object.level === "Thread" || object.level === "Turn") return object.messages;
  if (object.level === "Message") return [object];
  return [];
}

function toolCallsOf(object: LevelObject): ToolCallObject[] {
  return object.level === "ToolCall" ? [object] : (object as WithToolCalls).toolCalls;
}

/** Python's len(): code points, not UTF-16 units (😀 is 1). */
function codePoints(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** FlexEval passes a string-typed function the contents joined by newlines. */
function textOf(object: LevelObject): string {
  return object.level === "ToolCall" ? (object.response ?? "") : object.content;
}

/** FlexEval's regex kwarg is a Python pattern: refused at load unless it translates exactly. */
function checkExpression(kwargs: Record<string, unknown>): { kwarg: string; message: string } | null {
  const expression = kwargs["expression"];
  if (typeof expression !== "string") return { kwarg: "expression", message: "expected a regular expression (text)" };
  try {
    translatePythonRegex(expression);
    return null;
  } catch (error) {
    if (!(error instanceof PythonRegexError)) throw error;
    return { kwarg: "expression", message: `${JSON.stringify(expression)}: ${error.message}` };
  }
}

function numberOr(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

/** A message's time, from a `timestamp` (or LangGraph's `langgraph_ts`) key; null when the data has none. */
function messageTime(message: MessageObject): number | null {
  const raw = message.metadata["timestamp"] ?? message.metadata["langgraph_ts"];
  if (typeof raw !== "string" && typeof raw !== "number") return null;
  const ms = typeof raw === "number" ? raw * 1000 : Date.parse(raw);
  return Number.isFinite(ms) ? ms : null;
}

/** FlexEval's latency: seconds since the previous message (Message, Turn's last message), or first to last (Thread). */
function latency(object: LevelObject, thread: ThreadObject): number | null {
  if (object.level === "Thread") {
    const times = thread.messages.map(messageTime);
    if (times.some((t) => t === null) || times.length === 0) return null;
    return ((times[times.length - 1] as number) - (times[0] as number)) / 1000;
  }
  const last = object.level === "Turn" ? object.messages[object.messages.length - 1] : (object as MessageObject);
  if (!last) return null;
  const time = messageTime(last);
  if (time === null) return null;
  const previous = thread.messages[last.index - (object.level === "Turn" ? object.messages.length : 1)];
  if (!previous) return 0;
  const before = messageTime(previous);
  return before === null ? null : (time - before) / 1000;
}

/**
 * FlexEval's count_errors: per `*_errors` key with a value, in the tool calls' additional kwargs
 * (here the calling message's `additional_kwargs`, as LangGraph exports it); a tool call counts 1
 * per key. FlexEval has no tool calls from JSONL, so there it is always {} (no rows).
 */
function countErrors(object: LevelObject): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const call of toolCallsOf(object)) {
    for (const [key, value] of Object.entries(call.additionalKwargs)) {
      if (key.endsWith("_errors") && value !== null && value !== undefined) counts[key] = (counts[key] ?? 0) + 1;
    }
  }
  return counts;
}

/**
 * FlexEval's value_counts_by_tool_name on JSONL: it reads a tool message's content as a list of
 * content parts, but FlexEval stores content as text, so a tool message with content makes it
 * throw (TypeError), and without one it returns {} (no rows). evalgate does the same, with a message.
 */
function valueCountsByToolName(object: WithMessages): Record<string, number> {
  if (object.messages.some((m) => m.role === "tool" && m.content !== ""))
    throw new Error(
      "value_counts_by_tool_name: FlexEval reads a tool message's content as content parts, but JSONL content is text (FlexEval raises TypeError here)",
    );
  return {};
}

export const BUILTIN_FUNCTIONS: Record<string, FunctionSpec> = {
  identity: {
    levels: ["Thread", "Turn", "Message", "ToolCall"],
    fn: (object) => ({ object_type: { Thread: 0, Turn: 1, Message: 2, ToolCall: 3 }[object.level] }),
  },
  constant: { levels: ["Thread", "Turn", "Message", "ToolCall"], fn: (_o, kwargs) => numberOr(kwargs["response"]) ?? 0 },
  is_role: {
    levels: ["Turn", "Message"],
    requires: ["role"],
    fn: (object, kwargs) => ({ [String(kwargs["role"])]: (object as TurnObject | MessageObject).role === kwargs["role"] ? 1 : 0 }),
  },
  index_in_thread: { levels: ["Turn", "Message"], fn: (object) => object.index },
  is_last_turn_in_thread: { levels: ["Turn"], fn: (object) => ((object as TurnObject).isLast ? 1 : 0) },
  message_matches_regex: {
    levels: ["Message"],
    requires: ["expression"],
    checkKwargs: checkExpression,
    fn: (object, kwargs) => {
      const expression = kwargs["expression"] as string;
      return { [expression]: countPythonMatches(expression, (object as MessageObject).content) };
    },
  },
  count_of_parts_matching_regex: {
    levels: TEXT_LEVELS,
    requires: ["expression"],
    checkKwargs: checkExpression,
    fn: (object, kwargs) => {
      const expression = kwargs["expression"] as string;
      return { [expression]: messagesOf(object).reduce((sum, m) => sum + countPythonMatches(expression, m.content), 0) };
    },
  },
  tool_was_called: { levels: TEXT_LEVELS, fn: (object) => (toolCallsOf(object).length > 0 ? 1 : 0) },
  count_tool_calls: { levels: TEXT_LEVELS, fn: (object) => toolCallsOf(object).length },
  count_tool_calls_by_name: {
    levels: ["Thread", "Turn", "Message", "ToolCall"],
    fn: (object) => {
      const counts: Record<string, number> = {};
      for (const call of toolCallsOf(object)) counts[call.name] = (counts[call.name] ?? 0) + 1;
      return counts;
    },
  },
  count_numeric_tool_call_params_by_name: {
    levels: ["ToolCall"],
    fn: (object) =>
      Object.entries((object as ToolCallObject).arguments).flatMap(([name, value]) => {
        const n = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : Number.NaN;
        return Number.isFinite(n) ? [{ name, value: n }] : [];
      }),
  },
  count_llm_models: {
    levels: ["Thread"],
    // Messages per model: FlexEval's model_name column, which JSONL never sets (a completion does).
    fn: (object) => {
      const counts: Record<string, number> = {};
      for (const message of (object as ThreadObject).messages) {
        const model = message.usage.modelName;
        if (model !== null) counts[model] = (counts[model] ?? 0) + 1;
      }
      return counts;
    },
  },
  count_messages: { levels: ["Thread", "Turn"], fn: (object) => (object as WithMessages).messages.length },
  count_turns: { levels: ["Thread"], fn: (object) => (object as ThreadObject).turns.length },
  count_messages_per_role: {
    levels: ["Thread", "Turn"],
    fn: (object) => {
      const counts: Record<string, number> = {};
      for (const message of (object as WithMessages).messages) counts[message.role] = (counts[message.role] ?? 0) + 1;
      return counts;
    },
  },
  count_emojis: { levels: TEXT_LEVELS, fn: (object) => countEmojis(textOf(object)) },
  string_length: {
    levels: TEXT_LEVELS,
    // FlexEval sums the lengths of the messages' contents (no newline between them), in code points
    // as Python's len(). From JSONL FlexEval has no tool calls, so no tool output is counted twice.
    fn: (object) => messagesOf(object).reduce((sum, m) => sum + codePoints(m.content), 0),
  },
  flesch_reading_ease: { levels: TEXT_LEVELS, fn: (object) => fleschReadingEase(textOf(object)) },
  flesch_kincaid_grade: { levels: TEXT_LEVELS, fn: (object) => fleschKincaidGrade(textOf(object)) },
  count_tokens: {
    levels: TEXT_LEVELS,
    fn: (object) => {
      let prompt = 0;
      let completion = 0;
      // FlexEval's prompt_tokens/completion_tokens columns: JSONL keys stay metadata there, so only a completion has them.
      for (const { usage } of messagesOf(object)) {
        prompt += usage.promptTokens ?? 0;
        completion += usage.completionTokens ?? 0;
      }
      return { prompt_tokens: prompt, completion_tokens: completion };
    },
  },
  latency: { levels: TEXT_LEVELS, fn: (object, _kwargs, thread) => latency(object, thread) },
  openai_moderation_api: {
    levels: TEXT_LEVELS,
    needsOption: "moderation",
    range: { min: 0, max: 1 },
    // The category scores of the object's text (FlexEval joins a turn's or thread's contents with newlines).
    fn: (object, kwargs, _thread, services) => services.moderate!(textOf(object), kwargs),
  },
  count_errors: {
    levels: ["Thread", "Turn", "Message", "ToolCall"],
    fn: (object) => countErrors(object),
  },
  value_counts_by_tool_name: {
    levels: ["Turn", "Thread"],
    requires: ["json_key"],
    fn: (object) => valueCountsByToolName(object as WithMessages),
  },
};

export interface MetricValue {
  name: string;
  value: number | null;
}

/**
 * Why a value a function returned is not a measurement: not a finite number, or outside the range the
 * function defines (a moderation score under 0 or over 1). Undefined when it is one.
 */
export function valueProblem(functionName: string, spec: Pick<FunctionSpec, "range">, { name, value }: MetricValue): string | undefined {
  if (value === null) return undefined;
  const where = name === functionName ? functionName : `${functionName} (${name})`;
  if (!Number.isFinite(value)) return `${where} returned ${value}, not a finite number`;
  const range = spec.range;
  if (range && (value < range.min || value > range.max))
    return `${where} returned ${value}, outside ${range.min}..${range.max}, the range ${functionName} defines: not a measurement`;
  return undefined;
}

/** FlexEval's return shapes, read into named values: a number is named after the function. */
export function readMetricReturn(functionName: string, result: unknown): MetricValue[] {
  const toNumber = (value: unknown, where: string): number | null => {
    if (value === null || value === undefined) return null;
    if (typeof value === "boolean") return value ? 1 : 0;
    // A number that cannot be (NaN, Infinity, out of the metric's range) is valueProblem's to name, per value.
    if (typeof value === "number") return value;
    throw new Error(`${where} returned ${JSON.stringify(value)}, not a number`);
  };
  if (typeof result === "number" || typeof result === "boolean" || result === null || result === undefined) {
    return [{ name: functionName, value: toNumber(result, functionName) }];
  }
  if (Array.isArray(result)) {
    return result.map((entry, i) => {
      if (typeof entry !== "object" || entry === null || typeof (entry as { name?: unknown }).name !== "string") {
        throw new Error(`${functionName} returned a list whose item ${i} is not {name, value}`);
      }
      const { name, value } = entry as { name: string; value: unknown };
      return { name, value: toNumber(value, `${functionName} (${name})`) };
    });
  }
  if (typeof result === "object") {
    return Object.entries(result as Record<string, unknown>).map(([name, value]) => ({
      name,
      value: toNumber(value, `${functionName} (${name})`),
    }));
  }
  throw new Error(`${functionName} returned ${typeof result}; expected a number, a record or a list of {name, value}`);
}
