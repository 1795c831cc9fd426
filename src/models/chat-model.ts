// A ChatModel from a provider adapter (request builder + reply reader): the cache, the transport,
// cost and stats are the same for every provider and live here once.
import type { ModelConfig } from "../config/models.ts";
import { capAnswer, MAX_ANSWER_CHARS } from "../util/cap-text.ts";
import { isRecord } from "../util/is-record.ts";
import { redact } from "../util/redact.ts";
import { cacheKey, cacheModelKey, isCacheable, type ModelIdentity, type ResponseCache } from "./cache.ts";
import { noteCacheHit } from "./cache-use.ts";
import { countsAsModelError, EndpointError } from "./errors.ts";
import { shapeBody } from "./families.ts";
import { costUsd } from "./pricing.ts";
import { ruleFromRefusal } from "./refused-field.ts";
import { noteChanges } from "./setting-changes.ts";
import { countTokens, type ModelStats } from "./stats.ts";
import type { JsonResponse } from "./transport.ts";
import { excerpt, type HttpRequestSpec, type ModelChannel, postJson, throwIfStopped } from "./transport.ts";
import type { ChatModel, ChatRequest, ChatResponse, TokenUsage, ToolCall } from "./types.ts";

export interface ParsedReply {
  text: string;
  toolCalls: ToolCall[];
  usage: TokenUsage | null;
  /** The answer reported token counts that cannot be right (negative, not finite): its usage and cost are unknown. */
  usageUnusable?: true;
  requestId?: string;
  /** The model the provider says answered (`model`, `system_fingerprint`), when it says. */
  identity?: ModelIdentity;
  /** The provider marked the answer a refusal (OpenAI `refusal`, a content filter; Anthropic `stop_reason: refusal`). */
  refused?: boolean;
}

/** Whether an answer may be cached or served from the cache: not refused, not empty, usable by its caller. */
export function isUsable(reply: ParsedReply, request: ChatRequest): boolean {
  if (reply.refused) return false;
  if (reply.text.trim() === "" && reply.toolCalls.length === 0) return false;
  return request.usable ? request.usable(reply.text) : true;
}

/** What differs between providers. `parse` throws a plain Error saying what is missing. */
export interface ChatAdapter {
  provider: ModelConfig["provider"];
  build(request: ChatRequest): HttpRequestSpec;
  parse(json: unknown): ParsedReply;
}

export interface ChatModelDeps {
  config: ModelConfig;
  channel: ModelChannel;
  cache: ResponseCache | null;
}

/** The reply with its text within the answer cap (src/util/cap-text.ts). */
export function capped(reply: ParsedReply): ParsedReply {
  return reply.text.length > MAX_ANSWER_CHARS ? { ...reply, text: capAnswer(reply.text) } : reply;
}

export function createChatModel(name: string, adapter: ChatAdapter, deps: ChatModelDeps): ChatModel {
  const { config, channel, cache } = deps;
  const { stats } = channel;
  const shape = createShaper(name, adapter, deps);

  const call = async (request: ChatRequest, spec: HttpRequestSpec, signal?: AbortSignal): Promise<ChatResponse> => {
    // A stopped model fails at once, even for requests the cache could answer.
    throwIfStopped(channel, signal);
    const slot = cache && isCacheable(config, request.purpose) ? cacheSlot(cache, adapter, spec, request) : null;
    const hit = slot ? await cachedReply(slot, adapter, request) : null;
    if (hit) {
      stats.cacheHits++;
      noteCacheHit(hit.savedAt);
      noteReportedModel(channel, hit.reply);
      // Nothing was spent: no latency, no cost, no attempts.
      return { ...capped(hit.reply), costUsd: 0, latencyMs: 0, cached: true, model: name, attempts: 0 };
    }
    const response = await postJson(channel, spec, signal, {
      // The budget guard learns each call's cost before the next request may start.
      ...(config.price ? { costOf: (json: unknown) => costOfBody(adapter, config, json) } : {}),
      // The pacer learns the tokens an answer used, for a tokens-per-minute limit.
      tokensOf: (json) => tokensOfBody(adapter, json),
    });
    const reply = readReply(name, adapter, response.json, spec, response);
    noteReportedModel(channel, reply);
    const cost = costUsd(config.price, reply.usage);
    countUsage(stats, reply, cost);
    if (slot) storeReply(slot, reply, response, request);
    return { ...reply, costUsd: cost, latencyMs: response.latencyMs, cached: false, model: name, attempts: response.attempts };
  };

  /** A request refused for a setting it names is sent once more without it (and every later one too). */
  const callOrResend = async (request: ChatRequest, signal?: AbortSignal): Promise<ChatResponse> => {
    const spec = shape.build(request);
    try {
      return await call(request, spec, signal);
    } catch (error) {
      if (!shape.learn(error, spec)) throw error;
      const again = await call(request, shape.build(request), signal);
      return { ...again, attempts: again.attempts + 1 };
    }
  };

  return {
    name,
    async chat(request, signal) {
      try {
        return await callOrResend(request, signal);
      } catch (error) {
        if (countsAsModelError(error, signal)) stats.errors++;
        throw error;
      }
    },
  };
}

/**
 * A model's requests as its rules shape them (./families.ts): the table's rules for its family and
 * what its API refused and named in this run. Every change is named once in the run's notes.
 */
function createShaper(name: string, adapter: ChatAdapter, deps: ChatModelDeps) {
  // Kept on the channel: the cached and the fresh view of a model (registry.ts) learn together.
  deps.channel.learnedRules ??= new Map();
  const learned = deps.channel.learnedRules;
  const modelId = "model" in deps.config && typeof deps.config.model === "string" ? deps.config.model : "";
  return {
    build(request: ChatRequest): HttpRequestSpec {
      const spec = adapter.build(request);
      if (!isRecord(spec.body)) return spec;
      const shaped = shapeBody(adapter.provider, modelId, spec.body, learned);
      noteChanges(deps.channel.note, name, request, shaped.changes);
      const judging = request.purpose === "judge" || request.purpose === "grader";
      const temperature = shaped.changes.find((change) => change.field === "temperature" && change.sentAs === undefined);
      if (judging && temperature) deps.channel.defaultTemperature ??= temperature.why;
      return { ...spec, body: shaped.body };
    },
    /** Learns the setting a refusal names, when `spec` carried it and may go without it; whether it did. */
    learn(error: unknown, spec: HttpRequestSpec): boolean {
      if (!(error instanceof EndpointError) || !error.refusal || !isRecord(spec.body)) return false;
      if (adapter.provider !== "openai" && adapter.provider !== "anthropic") return false;
      const rule = ruleFromRefusal(adapter.provider, error.refusal, spec.body);
      if (!rule) return false;
      // A request refused while another's refusal was being learned is sent again under the same rule.
      if (!learned.has(rule.field)) learned.set(rule.field, rule);
      return true;
    },
  };
}

/** Where a request's answer is cached: its key, and the key of the configured model it belongs to. */
interface CacheSlot {
  cache: ResponseCache;
  key: string;
  modelKey: string;
}

function cacheSlot(cache: ResponseCache, adapter: ChatAdapter, spec: HttpRequestSpec, request: ChatRequest): CacheSlot {
  const parts = { provider: adapter.provider, url: spec.url, headers: spec.headers, body: spec.body };
  return { cache, key: cacheKey({ ...parts, sample: request.sample }), modelKey: cacheModelKey(parts) };
}

/** The cached reply, when there is one the current reader and caller can use. */
async function cachedReply(
  slot: CacheSlot,
  adapter: ChatAdapter,
  request: ChatRequest,
): Promise<{ reply: ParsedReply; savedAt: string } | null> {
  const hit = await slot.cache.get(slot.key, slot.modelKey);
  const reply = hit ? parseOrNull(adapter, hit.json) : null;
  // An entry the current reader or caller cannot use (an older version's, a vote that no longer parses): ask again.
  return hit && reply && isUsable(reply, request) ? { reply, savedAt: hit.savedAt } : null;
}

/** Caches a fresh answer the caller could use, and the identity it reported. */
function storeReply(slot: CacheSlot, reply: ParsedReply, response: JsonResponse, request: ChatRequest): void {
  slot.cache.sawIdentity(slot.modelKey, reply.identity);
  // A body past the answer cap is not cached whole: the next run asks again rather than storing megabytes.
  const withinCap = (response.bodyChars ?? 0) <= MAX_ANSWER_CHARS;
  if (withinCap && isUsable(reply, request)) {
    slot.cache.set(slot.key, { json: response.json, status: response.status, ...(reply.identity ? { identity: reply.identity } : {}) });
  }
}

/** The answer read by the adapter; a body it cannot read is a parse error naming the request (redacted). */
function readReply(
  name: string,
  adapter: ChatAdapter,
  json: unknown,
  spec: HttpRequestSpec,
  response: Pick<JsonResponse, "status" | "attempts">,
): ParsedReply {
  try {
    return capped(adapter.parse(json));
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    const body = excerpt(JSON.stringify(json) ?? "");
    throw new EndpointError("parse", name, redact(`${spec.method} ${spec.url} answered HTTP ${response.status}, but ${why}: ${body}`), {
      status: response.status,
      attempts: response.attempts,
    });
  }
}

function parseOrNull(adapter: ChatAdapter, json: unknown): ParsedReply | null {
  try {
    return adapter.parse(json);
  } catch {
    return null;
  }
}

function costOfBody(adapter: ChatAdapter, config: ModelConfig, json: unknown): number | null {
  const parsed = parseOrNull(adapter, json);
  return parsed ? costUsd(config.price, parsed.usage) : null;
}

function tokensOfBody(adapter: ChatAdapter, json: unknown): number | null {
  const usage = parseOrNull(adapter, json)?.usage;
  return usage ? usage.inputTokens + usage.outputTokens : null;
}

/** The judge's identity in the results: every model the provider said answered, cached answers included. */
function noteReportedModel(channel: ModelChannel, reply: ParsedReply): void {
  if (!reply.identity?.model) return;
  channel.reportedModels ??= new Set();
  channel.reportedModels.add(reply.identity.model);
}

function countUsage(stats: ModelStats, reply: ParsedReply, cost: number | null): void {
  if (reply.usageUnusable) stats.unusableUsage++;
  if (reply.usage) countTokens(stats, reply.usage);
  if (cost !== null) stats.costUsd += cost;
}
