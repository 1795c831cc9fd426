// OpenAI-compatible chat completions: POST {base-url}/chat/completions (OpenAI, Azure OpenAI,
// vLLM, Ollama, LiteLLM, the demo server).
import type { OpenAIModelConfig } from "../config/models.ts";
import type { ChatAdapter, ParsedReply } from "./chat-model.ts";
import { isPlainObject, parseToolArguments, serializeToolArguments } from "./tool-calls.ts";
import type { ChatMessage, ChatRequest, ToolCall, ToolSchema } from "./types.ts";

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
  const url = `${config["base-url"].replace(/\/+$/, "")}/${route}`;
  return config["api-version"] ? `${url}?api-version=${encodeURIComponent(config["api-version"])}` : url;
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
      return { url, method: "POST", headers, body };
    },
    parse: parseOpenAIReply,
  };
}

export function parseOpenAIReply(json: unknown): ParsedReply {
  if (!isPlainObject(json) || !Array.isArray(json["choices"]) || json["choices"].length === 0) {
    throw new Error("the body has no choices");
  }
  const first: unknown = json["choices"][0];
  const message = isPlainObject(first) ? first["message"] : undefined;
  if (!isPlainObject(message)) throw new Error("choices[0] has no message");
  const content = message["content"];
  const reply: ParsedReply = {
    text: typeof content === "string" ? content : "",
    toolCalls: readToolCalls(message["tool_calls"]),
    usage: readUsage(json["usage"]),
  };
  if (typeof json["id"] === "string") reply.requestId = json["id"];
  if (typeof json["model"] === "string" && json["model"]) reply.reportedModel = json["model"];
  return reply;
}

function readToolCalls(value: unknown): ToolCall[] {
  if (!Array.isArray(value)) return [];
  const calls: ToolCall[] = [];
  value.forEach((entry, index) => {
    if (!isPlainObject(entry) || !isPlainObject(entry["function"])) return;
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

function readUsage(value: unknown): ParsedReply["usage"] {
  if (!isPlainObject(value)) return null;
  const input = value["prompt_tokens"];
  const output = value["completion_tokens"];
  if (typeof input !== "number" || typeof output !== "number") return null;
  return { inputTokens: input, outputTokens: output };
}
