// A small fake of OpenAI's and Anthropic's APIs as they answer in late 2026, on 127.0.0.1. Every
// request body is checked against the provider's own description (test/fixtures/provider-schemas:
// OpenAI's OpenAPI schemas, Anthropic's SDK types), then against the model rules those APIs
// enforce, refused as they refuse (status and error JSON as quoted in
// shared/research/models_2026.md); a request that passes is answered by the demo persona routed to
// its model id, in the provider's own reply shape (Anthropic's with a thinking block first, usage
// with reasoning and cache counts).
import { readFileSync } from "node:fs";
import path from "node:path";
import * as AjvModule from "ajv/dist/2020.js";
import type { DemoChatBody, DemoPersona, DemoReply } from "../../src/demo/openai-server.ts";
import { type RecordedRequest, type ScriptedReply, type ScriptedServer, startScriptedServer } from "./scripted.ts";

const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/provider-schemas");

// Ajv is CommonJS: its class is the module's default, or that default's own default.
type AjvClass = typeof import("ajv/dist/2020.js").default;
type ValidateFunction = import("ajv/dist/2020.js").ValidateFunction;
const ajvDefault = (AjvModule as unknown as { default: AjvClass & { default?: AjvClass } }).default;
const Ajv2020: AjvClass = ajvDefault.default ?? ajvDefault;

function loadValidators(): { chat: ValidateFunction; responses: ValidateFunction; messages: ValidateFunction } {
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  ajv.addSchema(JSON.parse(readFileSync(path.join(FIXTURES, "openai-requests.schema.json"), "utf8")), "openai");
  ajv.addSchema(JSON.parse(readFileSync(path.join(FIXTURES, "anthropic-messages.schema.json"), "utf8")), "anthropic");
  return {
    chat: ajv.getSchema("openai#/$defs/CreateChatCompletionRequest")!,
    responses: ajv.getSchema("openai#/$defs/CreateResponse")!,
    messages: ajv.getSchema("anthropic#/$defs/MessageCreateParams")!,
  };
}

/** The families the real APIs hold to these rules today. */
const OPENAI_REASONING = /^(gpt-5|o1|o3|o4)(?![0-9])/;
const CLAUDE_NO_SAMPLING = /^claude-(opus-4-[78]|opus-5|sonnet-5)(?![0-9])/;

export interface TodayApisOptions {
  /** The persona answering for each model id; an id not listed is answered by the persona of that name. */
  routes: Record<string, string>;
  personas: Record<string, DemoPersona>;
  /** Fields a model outside the known families refuses, to stand for a family nobody listed yet: OpenAI's or Anthropic's words by route. */
  refuses?: Record<string, string[]>;
}

/** Tokens as the fake reported them on the wire, read back from its replies the way each API's docs define them. */
export interface ReportedTokens {
  /** Every input token, cache reads and writes included. */
  input: number;
  output: number;
  cachedInput: number;
  cacheWrite: number;
  reasoning: number;
}

export interface TodayApis extends ScriptedServer {
  /** Requests answered 4xx, with the error body sent. */
  refusals: { request: RecordedRequest; body: unknown }[];
  /** The usage of every answer sent, summed by the model id asked for. */
  reported: Map<string, ReportedTokens>;
}

export async function startTodayApis(options: TodayApisOptions): Promise<TodayApis> {
  const validators = loadValidators();
  const refusals: TodayApis["refusals"] = [];
  const reported: TodayApis["reported"] = new Map();
  const server = await startScriptedServer((request) => {
    const reply = answer(request, options, validators);
    if ((reply.status ?? 200) >= 400) refusals.push({ request, body: reply.body });
    else tally(reported, String((request.body as Record<string, unknown>)["model"]), reply.body);
    return reply;
  });
  return Object.assign(server, { refusals, reported });
}

/** Adds a reply's usage: chat completions (prompt_/completion_tokens), Responses (input_/output_tokens with details) or Anthropic (input excludes the cache). */
function tally(reported: TodayApis["reported"], model: string, body: unknown): void {
  const usage = (body as { usage?: Record<string, number & Record<string, number>> }).usage;
  if (!usage) return;
  const sum = reported.get(model) ?? { input: 0, output: 0, cachedInput: 0, cacheWrite: 0, reasoning: 0 };
  const anthropic = "cache_read_input_tokens" in usage;
  const read = anthropic
    ? usage["cache_read_input_tokens"]!
    : (usage["prompt_tokens_details"] ?? usage["input_tokens_details"])!["cached_tokens"]!;
  const written = anthropic ? usage["cache_creation_input_tokens"]! : 0;
  sum.input += (usage["prompt_tokens"] ?? usage["input_tokens"]!) + (anthropic ? read + written : 0);
  sum.output += usage["completion_tokens"] ?? usage["output_tokens"]!;
  sum.cachedInput += read;
  sum.cacheWrite += written;
  sum.reasoning += anthropic ? 0 : (usage["completion_tokens_details"] ?? usage["output_tokens_details"])!["reasoning_tokens"]!;
  reported.set(model, sum);
}

function answer(request: RecordedRequest, options: TodayApisOptions, validators: ReturnType<typeof loadValidators>): ScriptedReply {
  const body = request.body as Record<string, unknown>;
  const route = request.path.split("?")[0]!;
  if (route.endsWith("/v1/messages")) {
    return invalid(validators.messages, body, "anthropic") ?? anthropicRefusal(body, options) ?? anthropicReply(body, options);
  }
  if (route.endsWith("/responses")) {
    return invalid(validators.responses, body, "openai") ?? openAIRefusal(body, options) ?? responsesReply(body, options);
  }
  if (route.endsWith("/chat/completions")) {
    return invalid(validators.chat, body, "openai") ?? openAIRefusal(body, options) ?? chatReply(body, options);
  }
  return { status: 404, body: { error: { message: `no route ${request.path}` } } };
}

function invalid(validate: ValidateFunction, body: unknown, provider: "openai" | "anthropic"): ScriptedReply | null {
  if (validate(body)) return null;
  const message = `Invalid request: ${JSON.stringify(validate.errors?.slice(0, 3))}`;
  return provider === "openai"
    ? { status: 400, body: { error: { message, type: "invalid_request_error", param: null, code: null } } }
    : { status: 400, body: { type: "error", error: { type: "invalid_request_error", message } } };
}

/** OpenAI's 400s for reasoning models (and the fields a model of `refuses` stands for). */
function openAIRefusal(body: Record<string, unknown>, options: TodayApisOptions): ScriptedReply | null {
  const model = String(body["model"]);
  const refused = options.refuses?.[model] ?? [];
  const reasoning = OPENAI_REASONING.test(model);
  if ((reasoning || refused.includes("max_tokens")) && "max_tokens" in body) {
    const message = "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.";
    return openAIError(message, "max_tokens", "unsupported_parameter");
  }
  for (const field of ["temperature", "top_p", "frequency_penalty", "presence_penalty"]) {
    const fixed = field === "temperature" || field === "top_p" ? 1 : 0;
    if ((reasoning || refused.includes(field)) && field in body && body[field] !== fixed) {
      const message = `Unsupported value: '${field}' does not support ${body[field]} with this model. Only the default (${fixed}) value is supported.`;
      return openAIError(message, field, "unsupported_value");
    }
  }
  return null;
}

function openAIError(message: string, param: string, code: string): ScriptedReply {
  return { status: 400, body: { error: { message, type: "invalid_request_error", param, code } } };
}

/** Anthropic's 400s for Claude Opus 4.7 and later, and the Claude 5 models. */
function anthropicRefusal(body: Record<string, unknown>, options: TodayApisOptions): ScriptedReply | null {
  const model = String(body["model"]);
  const refused = options.refuses?.[model] ?? [];
  const known = CLAUDE_NO_SAMPLING.test(model);
  const sampling = ["temperature", "top_p", "top_k"].find((field) => field in body && (known || refused.includes(field)));
  if (sampling) return anthropicError(`\`${sampling}\` is deprecated for this model.`);
  const thinking = body["thinking"] as { type?: string } | undefined;
  // The wording of this one is the fake's own; the rule (no budget, adaptive only) is the migration guide's.
  if (known && thinking?.type === "enabled")
    return anthropicError("`thinking.type.enabled` is not supported for this model. Use `thinking.type.adaptive` instead.");
  return null;
}

function anthropicError(message: string): ScriptedReply {
  return { status: 400, body: { type: "error", error: { type: "invalid_request_error", message } } };
}

function personaFor(model: string, options: TodayApisOptions): { name: string; persona: DemoPersona } {
  const name = options.routes[model] ?? model;
  const persona = options.personas[name];
  if (!persona) throw new Error(`the fake has no persona for model ${model}`);
  return { name, persona };
}

const tokens = (text: string) => Math.max(1, Math.ceil(text.length / 4));

function usageOf(asked: unknown, reply: DemoReply): { input: number; output: number; cached: number; reasoning: number } {
  const input = tokens(JSON.stringify(asked));
  const output = tokens(reply.content ?? JSON.stringify(reply.toolCalls ?? []));
  // A prompt cache hit on the first 1024 tokens of a long prompt, and reasoning as half the output, as real usage reports them.
  return { input, output, cached: input >= 2048 ? 1024 : 0, reasoning: Math.ceil(output / 2) };
}

function chatReply(body: Record<string, unknown>, options: TodayApisOptions): ScriptedReply {
  const { name, persona } = personaFor(String(body["model"]), options);
  const reply = persona({ ...(body as unknown as DemoChatBody), model: name });
  const usage = usageOf(body["messages"], reply);
  const calls = (reply.toolCalls ?? []).map((call, i) => ({
    id: `call_${i + 1}`,
    type: "function",
    function: { name: call.name, arguments: JSON.stringify(call.arguments) },
  }));
  const message = { role: "assistant", content: reply.content, refusal: null, ...(calls.length ? { tool_calls: calls } : {}) };
  return {
    body: {
      id: "chatcmpl-today",
      object: "chat.completion",
      model: `${body["model"]}-2026-08-07`,
      choices: [{ index: 0, finish_reason: calls.length ? "tool_calls" : "stop", message }],
      usage: {
        prompt_tokens: usage.input,
        completion_tokens: usage.output + usage.reasoning,
        total_tokens: usage.input + usage.output + usage.reasoning,
        prompt_tokens_details: { cached_tokens: usage.cached },
        completion_tokens_details: { reasoning_tokens: usage.reasoning },
      },
    },
  };
}

/** Responses input items as the demo's chat messages. */
function messagesOfInput(input: unknown): DemoChatBody["messages"] {
  const messages: DemoChatBody["messages"] = [];
  for (const item of input as Record<string, unknown>[]) {
    if (item["type"] === "function_call") {
      const call = { id: item["call_id"], type: "function", function: { name: item["name"], arguments: item["arguments"] } };
      const last = messages.at(-1);
      if (last?.role === "assistant" && last.tool_calls) last.tool_calls.push(call);
      else messages.push({ role: "assistant", content: null, tool_calls: [call] });
    } else if (item["type"] === "function_call_output") {
      messages.push({ role: "tool", content: String(item["output"]), tool_call_id: String(item["call_id"]) });
    } else messages.push({ role: String(item["role"]), content: String(item["content"]) });
  }
  return messages;
}

function responsesReply(body: Record<string, unknown>, options: TodayApisOptions): ScriptedReply {
  const { name, persona } = personaFor(String(body["model"]), options);
  const tools = (body["tools"] as { name: string; parameters: unknown }[] | undefined)?.map((tool) => ({
    type: "function" as const,
    function: { name: tool.name, parameters: tool.parameters },
  }));
  const reply = persona({ model: name, messages: messagesOfInput(body["input"]), ...(tools ? { tools } : {}) });
  const usage = usageOf(body["input"], reply);
  const output: unknown[] = [{ type: "reasoning", id: "rs_1", summary: [] }];
  if (reply.content !== null) {
    output.push({
      type: "message",
      id: "msg_1",
      role: "assistant",
      status: "completed",
      content: [{ type: "output_text", text: reply.content, annotations: [] }],
    });
  }
  for (const [i, call] of (reply.toolCalls ?? []).entries()) {
    output.push({
      type: "function_call",
      id: `fc_${i + 1}`,
      call_id: `call_${i + 1}`,
      name: call.name,
      arguments: JSON.stringify(call.arguments),
      status: "completed",
    });
  }
  return {
    body: {
      id: "resp_today",
      object: "response",
      status: "completed",
      model: `${body["model"]}-2026-08-07`,
      output,
      usage: {
        input_tokens: usage.input,
        input_tokens_details: { cached_tokens: usage.cached },
        output_tokens: usage.output + usage.reasoning,
        output_tokens_details: { reasoning_tokens: usage.reasoning },
        total_tokens: usage.input + usage.output + usage.reasoning,
      },
    },
  };
}

type AnthropicBlock = { type: string; text?: string; id?: string; name?: string; input?: unknown; tool_use_id?: string; content?: unknown };

/** Messages API turns as the demo's chat messages. */
function messagesOfAnthropic(body: Record<string, unknown>): DemoChatBody["messages"] {
  const messages: DemoChatBody["messages"] = typeof body["system"] === "string" ? [{ role: "system", content: body["system"] }] : [];
  for (const turn of body["messages"] as { role: string; content: string | AnthropicBlock[] }[]) {
    const blocks = typeof turn.content === "string" ? [{ type: "text", text: turn.content }] : turn.content;
    const text = blocks
      .filter((block) => block.type === "text")
      .map((block) => block.text)
      .join("");
    const calls = blocks.filter((block) => block.type === "tool_use");
    for (const result of blocks.filter((block) => block.type === "tool_result")) {
      messages.push({ role: "tool", content: String(result.content ?? ""), tool_call_id: String(result.tool_use_id) });
    }
    if (calls.length) {
      const toolCalls = calls.map((call) => ({
        id: call.id,
        type: "function",
        function: { name: call.name, arguments: JSON.stringify(call.input) },
      }));
      messages.push({ role: "assistant", content: text || null, tool_calls: toolCalls });
    } else if (text) messages.push({ role: turn.role, content: text });
  }
  return messages;
}

function anthropicReply(body: Record<string, unknown>, options: TodayApisOptions): ScriptedReply {
  const { name, persona } = personaFor(String(body["model"]), options);
  const tools = (body["tools"] as { name: string; input_schema: unknown }[] | undefined)?.map((tool) => ({
    type: "function" as const,
    function: { name: tool.name, parameters: tool.input_schema },
  }));
  const reply = persona({ model: name, messages: messagesOfAnthropic(body), ...(tools ? { tools } : {}) });
  const usage = usageOf(body["messages"], reply);
  const written = usage.input >= 1024 && usage.cached === 0 ? 512 : 0;
  const content: unknown[] = [
    { type: "thinking", thinking: "The question asks for one thing; answer it plainly.", signature: "sig" },
    { type: "redacted_thinking", data: "EmwKAhgB" },
  ];
  if (reply.content !== null) content.push({ type: "text", text: reply.content });
  for (const [i, call] of (reply.toolCalls ?? []).entries()) {
    content.push({ type: "tool_use", id: `toolu_${i + 1}`, name: call.name, input: call.arguments });
  }
  return {
    body: {
      id: "msg_today",
      type: "message",
      role: "assistant",
      model: String(body["model"]),
      content,
      stop_reason: reply.toolCalls?.length ? "tool_use" : "end_turn",
      usage: {
        input_tokens: usage.input - usage.cached - written,
        cache_read_input_tokens: usage.cached,
        cache_creation_input_tokens: written,
        output_tokens: usage.output + usage.reasoning,
      },
    },
  };
}
