// The command target's protocol, JSON lines: evalgate writes one request per line on the program's
// stdin, {"id", "messages", "tools"?, "vars"?, "parameters"?, "case"}, and reads one reply per line from its stdout,
// {"id", "content"?, "tool_calls"?, "usage"?, "error"?}. Messages and tool calls have OpenAI's
// chat-completions shape, so a program can hand them to an OpenAI client as they are.
import { isRecord } from "../../util/is-record.ts";
import type { ParsedReply } from "../chat-model.ts";
import { toOpenAIMessages, toOpenAIResponseFormat, toOpenAITools } from "../openai/chat.ts";
import { reportedUsage } from "../pricing.ts";
import { normalizeToolCalls } from "../tool-calls.ts";
import type { ChatRequest } from "../types.ts";

/** What a request carries besides its id and case: the part that decides the answer (and its cache key). */
export function requestBody(request: ChatRequest): Record<string, unknown> {
  const body: Record<string, unknown> = { messages: toOpenAIMessages(request.messages) };
  if (request.tools?.length) body["tools"] = toOpenAITools(request.tools);
  if (request.vars && Object.keys(request.vars).length) body["vars"] = request.vars;
  const parameters = requestParameters(request);
  if (Object.keys(parameters).length) body["parameters"] = parameters;
  return body;
}

/**
 * The sampling settings a request carries (a prompt file's modelParameters and responseFormat, a
 * judge's temperature), by OpenAI's names, so the program can pass them on to the model it calls.
 */
function requestParameters(request: ChatRequest): Record<string, unknown> {
  return {
    ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
    ...(request.maxTokens !== undefined ? { max_tokens: request.maxTokens } : {}),
    ...(request.topP !== undefined ? { top_p: request.topP } : {}),
    ...(request.responseFormat ? { response_format: toOpenAIResponseFormat(request.responseFormat) } : {}),
  };
}

/** One request line (no line break inside: JSON escapes them). */
export function requestLine(id: string, body: Record<string, unknown>, request: ChatRequest): string {
  return `${JSON.stringify({ id, ...body, case: request.case ?? null })}\n`;
}

/** A reply line, read: the answer, or the error the program reported for the request. */
export type ReadReply = { reply: ParsedReply } | { error: string };

/** The reply's answer: `content`, `tool_calls` (OpenAI's shape), `usage` (OpenAI's or Anthropic's token names), or its `error`. */
export function readReply(json: Record<string, unknown>): ReadReply {
  const error = json["error"];
  if (error !== undefined && error !== null && error !== false && error !== "") {
    return { error: typeof error === "string" ? error : JSON.stringify(error) };
  }
  const content = json["content"];
  return {
    reply: {
      text: typeof content === "string" ? content : "",
      toolCalls: normalizeToolCalls(json["tool_calls"]),
      ...readUsage(json["usage"]),
    },
  };
}

function readUsage(usage: unknown): ReturnType<typeof reportedUsage> {
  if (!isRecord(usage)) return { usage: null };
  return "input_tokens" in usage
    ? reportedUsage(usage["input_tokens"], usage["output_tokens"])
    : reportedUsage(usage["prompt_tokens"], usage["completion_tokens"]);
}
