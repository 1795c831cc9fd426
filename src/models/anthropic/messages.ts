// Anthropic Messages API: POST {base-url}/v1/messages. System text goes top-level, tool calls and
// tool results are content blocks, and consecutive tool results share one user turn.
import type { AnthropicModelConfig } from "../../config/models.ts";
import { ANTHROPIC_DEFAULT_MAX_TOKENS } from "../../config/providers.ts";
import { isRecord } from "../../util/is-record.ts";
import type { ChatAdapter, ParsedReply } from "../chat-model.ts";
import { reportedUsage, usageDetails } from "../pricing.ts";
import { parseToolArguments } from "../tool-calls.ts";
import type { ChatMessage, ChatRequest, ToolCall } from "../types.ts";
import { routeUrl } from "../url.ts";

export const ANTHROPIC_VERSION = "2023-06-01";

type Block =
  | { type: "text"; text: string }
  | { type: "tool_use"; id: string; name: string; input: Record<string, unknown> }
  | { type: "tool_result"; tool_use_id: string; content: string };

export interface AnthropicMessage {
  role: "user" | "assistant";
  content: Block[];
}

export function toAnthropicMessages(messages: ChatMessage[]): { system: string | undefined; messages: AnthropicMessage[] } {
  const system: string[] = [];
  const out: AnthropicMessage[] = [];
  const push = (role: "user" | "assistant", blocks: Block[]) => {
    if (blocks.length === 0) return;
    const last = out.at(-1);
    // The API wants alternating turns: same-role neighbours (tool results, then user text) merge.
    if (last && last.role === role) last.content.push(...blocks);
    else out.push({ role, content: blocks });
  };
  for (const message of messages) {
    const text = message.content ?? "";
    switch (message.role) {
      case "system":
        if (text) system.push(text);
        break;
      case "user":
        push("user", [{ type: "text", text }]);
        break;
      case "assistant": {
        const blocks: Block[] = text ? [{ type: "text", text }] : [];
        for (const call of message.toolCalls ?? []) blocks.push({ type: "tool_use", id: call.id, name: call.name, input: call.arguments });
        push("assistant", blocks.length ? blocks : [{ type: "text", text: "" }]);
        break;
      }
      case "tool":
        push("user", [{ type: "tool_result", tool_use_id: message.toolCallId ?? "", content: text }]);
        break;
    }
  }
  return { system: system.length ? system.join("\n\n") : undefined, messages: out };
}

export function anthropicAdapter(config: AnthropicModelConfig, apiKey: string | undefined): ChatAdapter {
  const url = routeUrl(config["base-url"], "/v1/messages");
  const headers: Record<string, string> = { "anthropic-version": ANTHROPIC_VERSION, ...config.headers };
  if (apiKey) headers["x-api-key"] = apiKey;
  return {
    provider: "anthropic",
    build(request: ChatRequest) {
      const { system, messages } = toAnthropicMessages(request.messages);
      const maxTokens = request.maxTokens ?? config["max-tokens"] ?? ANTHROPIC_DEFAULT_MAX_TOKENS;
      const body: Record<string, unknown> = { model: config.model, max_tokens: maxTokens };
      if (system !== undefined) body["system"] = system;
      body["messages"] = messages;
      if (request.tools?.length) {
        body["tools"] = request.tools.map((tool) => ({
          name: tool.name,
          ...(tool.description ? { description: tool.description } : {}),
          input_schema: tool.parameters,
        }));
      }
      const temperature = request.temperature ?? config.temperature;
      if (temperature !== undefined) body["temperature"] = temperature;
      const topP = request.topP ?? config["top-p"];
      if (topP !== undefined) body["top_p"] = topP;
      const budget = config["thinking-budget"];
      if (budget !== undefined) body["thinking"] = { type: "enabled", budget_tokens: budget };
      return { url, method: "POST", headers, body };
    },
    parse: parseAnthropicReply,
  };
}

export function parseAnthropicReply(json: unknown): ParsedReply {
  if (!isRecord(json) || !Array.isArray(json["content"])) throw new Error("the body has no content blocks");
  let text = "";
  const toolCalls: ToolCall[] = [];
  for (const block of json["content"]) {
    // thinking and redacted_thinking blocks (before the text) are the model's, never the answer.
    if (!isRecord(block)) continue;
    if (block["type"] === "text" && typeof block["text"] === "string") text += block["text"];
    if (block["type"] === "tool_use" && typeof block["name"] === "string") {
      toolCalls.push({
        id: typeof block["id"] === "string" ? block["id"] : `toolu_${toolCalls.length}`,
        name: block["name"],
        arguments: parseToolArguments(block["input"]),
      });
    }
  }
  const usage = json["usage"];
  const reply: ParsedReply = {
    text,
    toolCalls,
    ...readUsage(usage),
  };
  if (typeof json["id"] === "string") reply.requestId = json["id"];
  if (typeof json["model"] === "string") reply.identity = { model: json["model"] };
  if (json["stop_reason"] === "refusal") reply.refused = true;
  return reply;
}

/** input_tokens excludes what the prompt cache read and wrote: the usage's input counts all three. */
function readUsage(usage: unknown): ReturnType<typeof reportedUsage> {
  if (!isRecord(usage)) return { usage: null };
  const details = usageDetails({
    cachedInputTokens: usage["cache_read_input_tokens"],
    cacheWriteTokens: usage["cache_creation_input_tokens"],
  });
  const cacheTokens = (details.cachedInputTokens ?? 0) + (details.cacheWriteTokens ?? 0);
  const input = usage["input_tokens"];
  const read = reportedUsage(typeof input === "number" ? input + cacheTokens : input, usage["output_tokens"]);
  return read.usage ? { usage: { ...read.usage, ...details } } : read;
}
