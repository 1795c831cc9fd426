// Tool-call arguments arrive as objects or as JSON strings; an unreadable string is kept, not fatal,
// so a model that emits broken JSON is scored as wrong rather than crashing the run.

import { clipText } from "../util/escape.ts";
import { isRecord } from "../util/is-record.ts";
import { parseJsonKeepingNumbers } from "../util/json-numbers.ts";
import type { ToolCall } from "./types.ts";

/** Arguments as an object: JSON strings are parsed, nothing becomes `{}`, garbage becomes `{ __raw }`. */
export function parseToolArguments(raw: unknown): Record<string, unknown> {
  if (raw === undefined || raw === null || raw === "") return {};
  if (typeof raw === "string") {
    try {
      const parsed: unknown = parseJsonKeepingNumbers(raw); // 5.0 stays a float for the str() matcher
      if (isRecord(parsed)) return parsed;
    } catch {
      // fall through: keep the text
    }
    return { __raw: raw };
  }
  if (isRecord(raw)) return raw;
  return { __raw: JSON.stringify(raw) };
}

/** The arguments as the JSON string a provider expects back (the raw text when it was unreadable). */
export function serializeToolArguments(args: Record<string, unknown>): string {
  const keys = Object.keys(args);
  if (keys.length === 1 && keys[0] === "__raw" && typeof args["__raw"] === "string") return args["__raw"];
  return JSON.stringify(args);
}

/**
 * Tool calls in any of the shapes HTTP targets use: `{name | functionName, arguments, id?}` or
 * OpenAI's `{id, function: {name, arguments}}`. Entries without a name are skipped.
 */
export function normalizeToolCalls(value: unknown): ToolCall[] {
  if (!Array.isArray(value)) return [];
  const read: { call: ToolCall; order: number }[] = [];
  value.forEach((entry, index) => {
    if (!isRecord(entry)) return;
    const fn = isRecord(entry["function"]) ? entry["function"] : undefined;
    const name = fn?.["name"] ?? entry["name"] ?? entry["functionName"];
    if (typeof name !== "string" || name === "") return;
    const args = fn ? fn["arguments"] : entry["arguments"];
    const id = typeof entry["id"] === "string" && entry["id"] !== "" ? entry["id"] : `call_${index}`;
    // A reported trajectory may give each call's place (`order`): the calls are read in it.
    const order = typeof entry["order"] === "number" && Number.isFinite(entry["order"]) ? entry["order"] : index;
    read.push({ call: { id, name, arguments: parseToolArguments(args), ...reportedResult(entry) }, order });
  });
  return read.sort((a, b) => a.order - b.order).map(({ call }) => call);
}

/** Characters of a reported call's result that are kept (an excerpt: the agent already acted on the whole). */
const REPORTED_RESULT_CHARS = 4096;

/** A reported call's `result` (text, or JSON written as text) and `is_error`, when the entry has them. */
function reportedResult(entry: Record<string, unknown>): Pick<ToolCall, "result" | "isError"> {
  const raw = entry["result"];
  if (raw === undefined || raw === null) return {};
  const text = typeof raw === "string" ? raw : JSON.stringify(raw);
  const isError = entry["is_error"] === true || entry["isError"] === true;
  return { result: clipText(text, REPORTED_RESULT_CHARS), ...(isError && { isError }) };
}
