// OpenAI-compatible chat completions: POST {base-url}/chat/completions (OpenAI, Azure OpenAI,
// vLLM, Ollama, LiteLLM, the demo server).
import type { OpenAIModelConfig } from "../../config/models.ts";
import { isRecord } from "../../util/is-record.ts";
import type { ChatAdapter, ParsedReply } from "../chat-model.ts";
import { reportedUsage, usageDetails } from "../pricing.ts";
import { parseToolArguments, serializeToolArguments } from "../tool-calls.ts";
import type { ChatMessage, ChatRequest, ResponseFormat, ToolCall, ToolSchema } from "../types.ts";
import { routeUrl } from "../url.ts";

export interface OpenAIMessage {
  role: string;
  content: string | null;
  name?: string;
  tool_calls?: { id: string; type: "function"; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
}

export function toOpenAIMessages(messages: ChatMessage[]): OpenAIMessage[] {
  return messages.map((message) => {
    const wire: OpenAIMessage = { role: message.role, content: message.content };
    if (message.name) wire.name = message.name;
    if (message.role === "assistant" && message.toolCalls?.length) {
      wire.tool_calls = message.toolCalls.map((call) => ({
        id: call.id,
        type: "function",
        function: { name: call.name, arguments: serializeToolArguments(call.arguments) },
      }));
    }
    if (message.role === "tool" && message.toolCallId) wire.tool_call_id = message.toolCallId;
    return wire;
  });
}

export function toOpenAITools(tools: ToolSchema[]): { type: "function"; function: ToolSchema }[] {
  return tools.map((tool) => ({
    type: "function",
    function: { name: tool.name, ...(tool.description ? { description: tool.description } : {}), parameters: tool.parameters },
  }));
}

/** An OpenAI-compatible route under the model's base URL (chat/completions, moderations). */
export function openAIUrl(config: Pick<OpenAIModelConfig, "base-url" | "api-version">, route = "chat/completions"): string {
  return routeUrl(config["base-url"], `/${route}`, config["api-version"] ? { "api-version": config["api-version"] } : {});
}

/** The configured headers plus the key, as Bearer or (Azure) api-key. */
export function openAIHeaders(config: OpenAIModelConfig, apiKey: string | undefined): Record<string, string> {
  const headers: Record<string, string> = { ...config.headers };
  if (apiKey) {
    if (config["api-key-header"] === "api-key") headers["api-key"] = apiKey;
    else headers["authorization"] = `Bearer ${apiKey}`;
  }
  return headers;
}

export function openAIAdapter(config: OpenAIModelConfig, apiKey: string | undefined): ChatAdapter {
  const url = openAIUrl(config);
  const headers = openAIHeaders(config, apiKey);
  return {
    provider: "openai",
    build(request: ChatRequest) {
      const body: Record<string, unknown> = { model: config.model, messages: toOpenAIMessages(request.messages) };
      if (request.tools?.length) body["tools"] = toOpenAITools(request.tools);
      const temperature = request.temperature ?? config.temperature;
      if (temperature !== undefined) body["temperature"] = temperature;
      const maxTokens = request.maxTokens ?? config["max-tokens"];
      if (maxTokens !== undefined) body["max_tokens"] = maxTokens;
      const topP = request.topP ?? config["top-p"];
      if (topP !== undefined) body["top_p"] = topP;
      if (request.responseFormat) body["response_format"] = toOpenAIResponseFormat(request.responseFormat);
      if (config["reasoning-effort"]) body["reasoning_effort"] = config["reasoning-effort"];
      return { url, method: "POST", headers, body };
    },
    parse: parseOpenAIReply,
  };
}

export function toOpenAIResponseFormat(format: ResponseFormat): Record<string, unknown> {
  return format.type === "json_object" ? { type: "json_object" } : { type: "json_schema", json_schema: format.jsonSchema };
}

export function parseOpenAIReply(json: unknown): ParsedReply {
  if (!isRecord(json) || !Array.isArray(json["choices"]) || json["choices"].length === 0) {
    throw new Error("the body has no choices");
  }
  const first: unknown = json["choices"][0];
  const message = isRecord(first) ? first["message"] : undefined;
  if (!isRecord(message)) throw new Error("choices[0] has no message");
  const content = message["content"];
  const reply: ParsedReply = {
    text: typeof content === "string" ? content : "",
    toolCalls: readToolCalls(message["tool_calls"]),
    ...readUsage(json["usage"]),
  };
  if (typeof json["id"] === "string") reply.requestId = json["id"];
  const identity = {
    ...(typeof json["model"] === "string" ? { model: json["model"] } : {}),
    ...(typeof json["system_fingerprint"] === "string" ? { fingerprint: json["system_fingerprint"] } : {}),
  };
  if (identity.model !== undefined || identity.fingerprint !== undefined) reply.identity = identity;
  const refusal = message["refusal"];
  if ((typeof refusal === "string" && refusal.trim() !== "") || (isRecord(first) && first["finish_reason"] === "content_filter"))
    reply.refused = true;
  return reply;
}

function readToolCalls(value: unknown): ToolCall[] {
  if (!Array.isArray(value)) return [];
  const calls: ToolCall[] = [];
  value.forEach((entry, index) => {
    if (!isRecord(entry) || !isRecord(entry["function"])) return;
    const fn = entry["function"];
    if (typeof fn["name"] !== "string") return;
    calls.push({
      id: typeof entry["id"] === "string" ? entry["id"] : `call_${index}`,
      name: fn["name"],
      arguments: parseToolArguments(fn["arguments"]),
    });
  });
  return calls;
}

/** prompt_tokens (cached_tokens among them) and completion_tokens (reasoning_tokens among them). */
function readUsage(value: unknown): ReturnType<typeof reportedUsage> {
  if (!isRecord(value)) return { usage: null };
  const read = reportedUsage(value["prompt_tokens"], value["completion_tokens"]);
  if (!read.usage) return read;
  const input = value["prompt_tokens_details"];
  const output = value["completion_tokens_details"];
  const details = usageDetails({
    cachedInputTokens: isRecord(input) ? input["cached_tokens"] : undefined,
    reasoningTokens: isRecord(output) ? output["reasoning_tokens"] : undefined,
  });
  return { usage: { ...read.usage, ...details } };
}
