// Amazon Bedrock's Converse API: POST {endpoint}/model/{modelId}/converse, one request shape for
// every Bedrock model. System text goes in `system`, tool calls and tool results are content blocks
// (toolUse, toolResult), consecutive tool results share one user turn, and the sampling settings go
// in `inferenceConfig`. Shapes: the Smithy model of bedrock-runtime in aws-sdk-js-v3
// (test/fixtures/bedrock/converse-shapes.json).
import type { BedrockModelConfig } from "../../config/models.ts";
import { isRecord } from "../../util/is-record.ts";
import type { ChatAdapter, ParsedReply } from "../chat-model.ts";
import { reportedUsage } from "../pricing.ts";
import { parseToolArguments } from "../tool-calls.ts";
import type { HttpRequestSpec } from "../transport.ts";
import type { ChatMessage, ChatRequest, ToolCall, ToolSchema } from "../types.ts";
import { routeUrl } from "../url.ts";

type ContentBlock =
  | { text: string }
  | { toolUse: { toolUseId: string; name: string; input: Record<string, unknown> } }
  | { toolResult: { toolUseId: string; content: { text: string }[] } };

export interface ConverseMessage {
  role: "user" | "assistant";
  content: ContentBlock[];
}

/** The chat's messages as Converse takes them: the system text apart, roles alternating. */
export function toConverseMessages(messages: ChatMessage[]): { system: { text: string }[]; messages: ConverseMessage[] } {
  const system: { text: string }[] = [];
  const out: ConverseMessage[] = [];
  const push = (role: "user" | "assistant", blocks: ContentBlock[]) => {
    const last = out.at(-1);
    // Converse wants alternating turns: same-role neighbours (tool results, then user text) merge.
    if (last && last.role === role) last.content.push(...blocks);
    else out.push({ role, content: blocks });
  };
  for (const message of messages) {
    const text = message.content ?? "";
    if (message.role === "system") {
      if (text) system.push({ text }); // a system block's text may not be empty
    } else if (message.role === "user") push("user", [{ text }]);
    else if (message.role === "tool") push("user", [{ toolResult: { toolUseId: message.toolCallId ?? "", content: [{ text }] } }]);
    else {
      const blocks: ContentBlock[] = text ? [{ text }] : [];
      for (const call of message.toolCalls ?? []) blocks.push({ toolUse: { toolUseId: call.id, name: call.name, input: call.arguments } });
      push("assistant", blocks.length ? blocks : [{ text }]);
    }
  }
  return { system, messages: out };
}

function toConverseTools(tools: ToolSchema[]): { tools: { toolSpec: Record<string, unknown> }[] } {
  return {
    tools: tools.map((tool) => ({
      toolSpec: { name: tool.name, ...(tool.description ? { description: tool.description } : {}), inputSchema: { json: tool.parameters } },
    })),
  };
}

/** The Converse request body of a chat request: the request's settings first, then the model entry's. */
export function converseBody(config: BedrockModelConfig, request: ChatRequest): Record<string, unknown> {
  const { system, messages } = toConverseMessages(request.messages);
  const body: Record<string, unknown> = { messages };
  if (system.length) body["system"] = system;
  const inference: Record<string, number> = {};
  const maxTokens = request.maxTokens ?? config["max-tokens"];
  if (maxTokens !== undefined) inference["maxTokens"] = maxTokens;
  const temperature = request.temperature ?? config.temperature;
  if (temperature !== undefined) inference["temperature"] = temperature;
  const topP = request.topP ?? config["top-p"];
  if (topP !== undefined) inference["topP"] = topP;
  if (Object.keys(inference).length) body["inferenceConfig"] = inference;
  if (request.tools?.length) body["toolConfig"] = toConverseTools(request.tools);
  return body;
}

/** The Converse route of a model under its endpoint (the model id is one path segment: its `:` and `/` encoded). */
export function converseUrl(endpoint: string, model: string): string {
  return routeUrl(endpoint, `/model/${encodeURIComponent(model)}/converse`);
}

/** The adapter, given the endpoint and a signer of each attempt (./sign.ts). */
export function converseAdapter(config: BedrockModelConfig, endpoint: string, sign: HttpRequestSpec["sign"]): ChatAdapter {
  const url = converseUrl(endpoint, config.model);
  const headers = { ...config.headers };
  return {
    provider: "bedrock",
    build: (request) => ({ url, method: "POST", headers, body: converseBody(config, request), ...(sign ? { sign } : {}) }),
    parse: parseConverseReply,
  };
}

export function parseConverseReply(json: unknown): ParsedReply {
  const output = isRecord(json) ? json["output"] : undefined;
  const message = isRecord(output) ? output["message"] : undefined;
  if (!isRecord(json) || !isRecord(message) || !Array.isArray(message["content"]))
    throw new Error("the body has no output.message.content");
  let text = "";
  const toolCalls: ToolCall[] = [];
  for (const block of message["content"]) {
    if (!isRecord(block)) continue;
    // Reasoning blocks (reasoningContent) come before the answer and are never taken as it.
    if (typeof block["text"] === "string") text += block["text"];
    const use = block["toolUse"];
    if (isRecord(use) && typeof use["name"] === "string") {
      const id = typeof use["toolUseId"] === "string" ? use["toolUseId"] : `tooluse_${toolCalls.length}`;
      toolCalls.push({ id, name: use["name"], arguments: parseToolArguments(use["input"]) });
    }
  }
  const usage = json["usage"];
  const reply: ParsedReply = {
    text,
    toolCalls,
    ...(isRecord(usage) ? reportedUsage(usage["inputTokens"], usage["outputTokens"]) : { usage: null }),
  };
  const stop = json["stopReason"];
  if (stop === "content_filtered" || stop === "guardrail_intervened") reply.refused = true;
  return reply;
}
