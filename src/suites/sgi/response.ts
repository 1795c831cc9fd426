// Reads the Athena module manager's answer: {module_name, status, data: [feedback...], meta:
// {totalUsage, llmRequests}}, with feedback fields in camelCase or snake_case.

import { clipText } from "../../util/escape.ts";
import { isRecord } from "../../util/is-record.ts";
import type { FeedbackItem, LlmRequestUsage } from "./types.ts";

export interface AthenaResponse {
  moduleName?: string;
  feedback: FeedbackItem[];
  /** Token usage per LLM call; null when the response carries no meta.llmRequests (cost unknown). */
  llmRequests: LlmRequestUsage[] | null;
}

export type ParseResult = { ok: true; value: AthenaResponse } | { ok: false; message: string };

const WRAPPER = "the module manager's wrapper {module_name, status, data: [feedback...], meta}";

export function parseAthenaResponse(json: unknown): ParseResult {
  if (Array.isArray(json)) return fail(`the response is a bare array; expected ${WRAPPER}`);
  if (!isRecord(json)) return fail(`the response is ${describe(json)}; expected ${WRAPPER}`);
  if (typeof json.status === "number" && (json.status < 200 || json.status >= 300)) {
    return fail(`the module manager reported status ${json.status}${typeof json.detail === "string" ? `: ${json.detail}` : ""}`);
  }
  if (!("data" in json)) return fail(`the response has no "data" field; expected ${WRAPPER}`);
  if (!Array.isArray(json.data)) return fail(`"data" is ${describe(json.data)}, not a list of feedback items`);
  const wrapper = wrongWrapperTypes(json);
  if (wrapper) return fail(wrapper);

  const feedback: FeedbackItem[] = [];
  for (const [i, raw] of json.data.entries()) {
    if (!isRecord(raw)) return fail(`data[${i}] is ${describe(raw)}, not a feedback object`);
    const sgi = pick(raw, "structuredGradingInstructionId", "structured_grading_instruction_id");
    let sgiId: number | null = null;
    if (sgi !== undefined && sgi !== null) {
      sgiId = toNumber(sgi);
      if (sgiId === null) return fail(`data[${i}].structured_grading_instruction_id is ${describe(sgi)}, not a number`);
    }
    for (const key of ["title", "description"] as const) {
      if (raw[key] !== undefined && raw[key] !== null && typeof raw[key] !== "string")
        return fail(`data[${i}].${key} is ${describe(raw[key])}, not a text`);
    }
    const rawCredits = pick(raw, "credits");
    const credits = rawCredits === undefined || rawCredits === null ? 0 : toNumber(rawCredits);
    if (credits === null) return fail(`data[${i}].credits is ${describe(rawCredits)}, not a number`);
    feedback.push({
      sgiId,
      credits,
      ...(typeof raw.title === "string" ? { title: raw.title } : {}),
      ...(typeof raw.description === "string" ? { description: raw.description } : {}),
      raw,
    });
  }

  const llmRequests = readLlmRequests(json.meta as Record<string, unknown>);
  if (typeof llmRequests === "string") return fail(llmRequests);

  return {
    ok: true,
    value: { ...(typeof json.module_name === "string" ? { moduleName: json.module_name } : {}), feedback, llmRequests },
  };
}

/** Token usage per LLM call from meta.llmRequests; null when absent (cost unknown); a text saying what is wrong. */
function readLlmRequests(meta: Record<string, unknown>): LlmRequestUsage[] | null | string {
  const requests = pick(meta, "llmRequests", "llm_requests");
  if (requests === undefined || requests === null) return null;
  if (!Array.isArray(requests)) return `meta.llmRequests is ${describe(requests)}, not a list`;
  const usage: LlmRequestUsage[] = [];
  for (const [i, request] of requests.entries()) {
    if (!isRecord(request)) return `meta.llmRequests[${i}] is ${describe(request)}, not an object`;
    const model = request.model;
    if (typeof model !== "string" || model === "") return `meta.llmRequests[${i}].model is missing`;
    const inputTokens = toNumber(pick(request, "numInputTokens", "num_input_tokens") ?? 0);
    const outputTokens = toNumber(pick(request, "numOutputTokens", "num_output_tokens") ?? 0);
    if (inputTokens === null || outputTokens === null) return `meta.llmRequests[${i}] has token counts that are not numbers`;
    if (inputTokens < 0 || outputTokens < 0) return `meta.llmRequests[${i}] has negative token counts`;
    usage.push({ model, inputTokens, outputTokens });
  }
  return usage;
}

/**
 * The wrapper's own fields, as the TestBench's schema types them: `meta` is required (usage may be
 * empty, the object may not be missing), `module_name` a text, `status` a number, `totalUsage` counts.
 */
function wrongWrapperTypes(json: Record<string, unknown>): string | undefined {
  if (!("meta" in json)) return `the response has no "meta" field; expected ${WRAPPER}`;
  if (!isRecord(json.meta)) return `"meta" is ${describe(json.meta)}, not an object`;
  if (json.module_name !== undefined && typeof json.module_name !== "string")
    return `"module_name" is ${describe(json.module_name)}, not a text`;
  if (json.status !== undefined && typeof json.status !== "number") return `"status" is ${describe(json.status)}, not a number`;
  const total = pick(json.meta, "totalUsage", "total_usage");
  if (total === undefined || total === null) return undefined;
  if (!isRecord(total)) return `meta.totalUsage is ${describe(total)}, not an object`;
  for (const [key, value] of Object.entries(total)) {
    if (value !== null && toNumber(value) === null) return `meta.totalUsage.${key} is ${describe(value)}, not a number`;
  }
  return undefined;
}

function fail(message: string): ParseResult {
  return { ok: false, message };
}

function pick(record: Record<string, unknown>, ...keys: string[]): unknown {
  for (const key of keys) if (record[key] !== undefined) return record[key];
  return undefined;
}

function toNumber(value: unknown): number | null {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value))) return Number(value);
  return null;
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "string") return `the text ${JSON.stringify(clipText(value, 41))}`;
  return `a ${typeof value}`;
}
