// A ChatModel from a provider adapter (request builder + reply reader): the cache, the transport,
// cost and stats are the same for every provider and live here once.
import type { ModelConfig } from "../config/models.ts";
import { capAnswer, MAX_ANSWER_CHARS } from "../util/cap-text.ts";
import { redact } from "../util/redact.ts";
import { cacheKey, cacheModelKey, isCacheable, type ModelIdentity, type ResponseCache } from "./cache.ts";
import { noteCacheHit } from "./cache-use.ts";
import { countsAsModelError, EndpointError } from "./errors.ts";
import { costUsd } from "./pricing.ts";
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
function isUsable(reply: ParsedReply, request: ChatRequest): boolean {
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
function capped(reply: ParsedReply): ParsedReply {
  return reply.text.length > MAX_ANSWER_CHARS ? { ...reply, text: capAnswer(reply.text) } : reply;
}

export function createChatModel(name: string, adapter: ChatAdapter, deps: ChatModelDeps): ChatModel {
  const { config, channel, cache } = deps;
  const { stats } = channel;

  const read = (json: unknown, spec: HttpRequestSpec, status: number, attempts: number): ParsedReply => {
    try {
      return capped(adapter.parse(json));
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      const body = excerpt(JSON.stringify(json) ?? "");
      throw new EndpointError("parse", name, redact(`${spec.method} ${spec.url} answered HTTP ${status}, but ${why}: ${body}`), {
        status,
        attempts,
      });
    }
  };

  // The judge's identity in the results: every model the provider said answered, cached answers included.
  const noteReportedModel = (reply: ParsedReply) => {
    if (!reply.identity?.model) return;
    channel.reportedModels ??= new Set();
    channel.reportedModels.add(reply.identity.model);
  };

  const parseOrNull = (json: unknown): ParsedReply | null => {
    try {
      return adapter.parse(json);
    } catch {
      return null;
    }
  };

  const call = async (request: ChatRequest, signal?: AbortSignal): Promise<ChatResponse> => {
    // A stopped model fails at once, even for requests the cache could answer.
    throwIfStopped(channel, signal);
    const spec = adapter.build(request);
    const cacheable = cache && isCacheable(config, request.purpose);
    const parts = { provider: adapter.provider, url: spec.url, body: spec.body };
    const key = cacheable ? cacheKey({ ...parts, sample: request.sample }) : null;
    const modelKey = cacheable ? cacheModelKey(parts) : "";
    if (cache && key) {
      const hit = await cache.get(key, modelKey);
      const reply = hit ? parseOrNull(hit.json) : null;
      // An entry the current reader or caller cannot use (an older version's, a vote that no longer parses): ask again.
      if (hit && reply && isUsable(reply, request)) {
        stats.cacheHits++;
        noteCacheHit(hit.savedAt);
        noteReportedModel(reply);
        // Nothing was spent: no latency, no cost, no attempts.
        return { ...capped(reply), costUsd: 0, latencyMs: 0, cached: true, model: name, attempts: 0 };
      }
    }
    // The budget guard learns each call's cost before the next request may start.
    const costOfBody = (json: unknown) => {
      const parsed = parseOrNull(json);
      return parsed ? costUsd(config.price, parsed.usage) : null;
    };
    // The pacer learns the tokens an answer used, for a tokens-per-minute limit.
    const tokensOfBody = (json: unknown) => {
      const usage = parseOrNull(json)?.usage;
      return usage ? usage.inputTokens + usage.outputTokens : null;
    };
    const response = await postJson(channel, spec, signal, {
      ...(config.price ? { costOf: costOfBody } : {}),
      tokensOf: tokensOfBody,
    });
    const reply = read(response.json, spec, response.status, response.attempts);
    noteReportedModel(reply);
    const cost = costUsd(config.price, reply.usage);
    if (reply.usageUnusable) stats.unusableUsage++;
    if (reply.usage) {
      stats.inputTokens += reply.usage.inputTokens;
      stats.outputTokens += reply.usage.outputTokens;
    }
    if (cost !== null) stats.costUsd += cost;
    if (cache && key) {
      cache.sawIdentity(modelKey, reply.identity);
      // A body past the answer cap is not cached whole: the next run asks again rather than storing megabytes.
      const withinCap = (response.bodyChars ?? 0) <= MAX_ANSWER_CHARS;
      if (withinCap && isUsable(reply, request))
        cache.set(key, { json: response.json, status: response.status, ...(reply.identity ? { identity: reply.identity } : {}) });
    }
    return { ...reply, costUsd: cost, latencyMs: response.latencyMs, cached: false, model: name, attempts: response.attempts };
  };

  return {
    name,
    async chat(request, signal) {
      try {
        return await call(request, signal);
      } catch (error) {
        if (countsAsModelError(error, signal)) stats.errors++;
        throw error;
      }
    },
  };
}
