// OpenAI's Responses API: POST {base-url}/responses (`api: responses` on an openai model), the route
// OpenAI recommends for its reasoning models. The conversation goes as input items: messages by
// role, the model's function calls as function_call items and their results as function_call_output;
// the answer's output items are read the same way (reasoning items are skipped).
import type { OpenAIModelConfig } from "../../config/models.ts";
import { isRecord } from "../../util/is-record.ts";
import type { ChatAdapter, ParsedReply } from "../chat-model.ts";
import { reportedUsage, usageDetails } from "../pricing.ts";
import { parseToolArguments, serializeToolArguments } from "../tool-calls.ts";
import type { ChatMessage, ChatRequest, ResponseFormat, ToolCall } from "../types.ts";
import { openAIHeaders, openAIUrl } from "./chat.ts";

/** The conversation as Responses input items. */
export function toResponsesInput(messages: ChatMessage[]): Record<string, unknown>[] {
  return messages.flatMap((message): Record<string, unknown>[] => {
    const text = message.content ?? "";
    if (message.role === "tool") return [{ type: "function_call_output", call_id: message.toolCallId ?? "", output: text }];
    if (message.role !== "assistant" || !message.toolCalls?.length) return [{ role: message.role, content: text }];
    const calls = message.toolCalls.map((call) => ({
      type: "function_call",
      call_id: call.id,
      name: call.name,
      arguments: serializeToolArguments(call.arguments),
    }));
    return text ? [{ role: "assistant", content: text }, ...calls] : calls;
  });
}

export function openAIResponsesAdapter(config: OpenAIModelConfig, apiKey: string | undefined): ChatAdapter {
  const url = openAIUrl(config, "responses");
  const headers = openAIHeaders(config, apiKey);
  return {
    provider: "openai",
    build(request: ChatRequest) {
      const body: Record<string, unknown> = { model: config.model, input: toResponsesInput(request.messages), store: false };
      if (request.tools?.length) {
        body["tools"] = request.tools.map((tool) => ({
          type: "function",
          name: tool.name,
          ...(tool.description ? { description: tool.description } : {}),
          parameters: tool.parameters,
          // Responses makes a function strict unless told: evalgate's tool schemas are sent as written.
          strict: false,
        }));
      }
      const temperature = request.temperature ?? config.temperature;
      if (temperature !== undefined) body["temperature"] = temperature;
      const topP = request.topP ?? config["top-p"];
      if (topP !== undefined) body["top_p"] = topP;
      const maxTokens = request.maxTokens ?? config["max-tokens"];
      if (maxTokens !== undefined) body["max_output_tokens"] = maxTokens;
      if (config["reasoning-effort"]) body["reasoning"] = { effort: config["reasoning-effort"] };
      if (request.responseFormat) body["text"] = { format: responsesFormat(request.responseFormat) };
      return { url, method: "POST", headers, body };
    },
    parse: parseResponsesReply,
  };
}

function responsesFormat(format: ResponseFormat): Record<string, unknown> {
  if (format.type === "json_object") return { type: "json_object" };
  const { name, schema, strict, description } = format.jsonSchema;
  return { type: "json_schema", name, schema, ...(strict !== undefined ? { strict } : {}), ...(description ? { description } : {}) };
}

export function parseResponsesReply(json: unknown): ParsedReply {
  if (!isRecord(json) || !Array.isArray(json["output"])) throw new Error("the body has no output items");
  let text = "";
  let refused = false;
  const toolCalls: ToolCall[] = [];
  for (const item of json["output"]) {
    if (!isRecord(item)) continue;
    if (item["type"] === "function_call" && typeof item["name"] === "string") {
      const id = typeof item["call_id"] === "string" ? item["call_id"] : `call_${toolCalls.length}`;
      toolCalls.push({ id, name: item["name"], arguments: parseToolArguments(item["arguments"]) });
    }
    if (item["type"] !== "message" || !Array.isArray(item["content"])) continue;
    for (const part of item["content"]) {
      if (!isRecord(part)) continue;
      if (part["type"] === "output_text" && typeof part["text"] === "string") text += part["text"];
      if (part["type"] === "refusal") refused = true;
    }
  }
  const reply: ParsedReply = { text, toolCalls, ...readResponsesUsage(json["usage"]) };
  if (typeof json["id"] === "string") reply.requestId = json["id"];
  if (typeof json["model"] === "string") reply.identity = { model: json["model"] };
  if (refused) reply.refused = true;
  return reply;
}

/** input_tokens (cached_tokens among them) and output_tokens (reasoning_tokens among them). */
function readResponsesUsage(value: unknown): ReturnType<typeof reportedUsage> {
  if (!isRecord(value)) return { usage: null };
  const read = reportedUsage(value["input_tokens"], value["output_tokens"]);
  if (!read.usage) return read;
  const input = value["input_tokens_details"];
  const output = value["output_tokens_details"];
  const details = usageDetails({
    cachedInputTokens: isRecord(input) ? input["cached_tokens"] : undefined,
    reasoningTokens: isRecord(output) ? output["reasoning_tokens"] : undefined,
  });
  return { usage: { ...read.usage, ...details } };
}
