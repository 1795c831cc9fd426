// What OpenAI's input-only routes (/moderations, /embeddings) share: one POST of {model, input, …}
// through the chat clients' transport, limits, fatal stop and stats, its answer cached like a judge's
// vote unless the model says `cache: false`, and its cost from the input tokens it reports (these
// routes have no output tokens). Each route reads its own answer from the JSON this returns.
import type { OpenAIModelConfig } from "../../config/models.ts";
import { isRecord } from "../../util/is-record.ts";
import { cacheKey, cacheModelKey, type ModelIdentity, type ResponseCache } from "../cache.ts";
import { noteCacheHit } from "../cache-use.ts";
import { countsAsModelError } from "../errors.ts";
import { costUsd } from "../pricing.ts";
import { type ModelChannel, postJson, throwIfStopped } from "../transport.ts";
import { openAIHeaders, openAIUrl } from "./chat.ts";

export interface RouteAnswer {
  json: unknown;
  cached: boolean;
  /** From the model's price and the reported usage; null when either is missing. */
  costUsd: number | null;
}

/** The input tokens the endpoint reports (`usage.prompt_tokens`). */
function inputTokens(json: unknown): number | null {
  const usage = isRecord(json) ? json["usage"] : undefined;
  const input = isRecord(usage) ? usage["prompt_tokens"] : undefined;
  return typeof input === "number" ? input : null;
}

function usageCost(config: OpenAIModelConfig, json: unknown): number | null {
  const input = inputTokens(json);
  return input === null ? null : costUsd(config.price, { inputTokens: input, outputTokens: 0 });
}

/**
 * A poster for one route. `read` checks an answer (it throws the endpoint's error) before it is cached;
 * `identity` names the model that answered, for the cache, where the route reports one.
 */
export function inputRoute(
  route: "moderations" | "embeddings",
  config: OpenAIModelConfig,
  apiKey: string | undefined,
  deps: { channel: ModelChannel; cache: ResponseCache | null },
  answerOf: { read: (json: unknown) => void; identity?: (json: unknown) => ModelIdentity | undefined },
): (body: Record<string, unknown>, signal?: AbortSignal) => Promise<RouteAnswer> {
  const { channel } = deps;
  const url = openAIUrl(config, route);
  const headers = openAIHeaders(config, apiKey);
  const cache = config.cache === false ? null : deps.cache;
  return async (body, signal) => {
    throwIfStopped(channel, signal);
    const parts = { provider: "openai", url, headers, body };
    const key = cache ? cacheKey(parts) : null;
    const modelKey = cache ? cacheModelKey(parts) : "";
    const hit = key ? await cache!.get(key, modelKey) : null;
    if (hit) {
      channel.stats.cacheHits++;
      noteCacheHit(hit.savedAt);
      answerOf.read(hit.json);
      return { json: hit.json, cached: true, costUsd: usageCost(config, hit.json) };
    }
    try {
      const response = await postJson(channel, { url, method: "POST", headers, body }, signal, {
        costOf: (json) => usageCost(config, json),
        tokensOf: inputTokens,
      });
      answerOf.read(response.json);
      if (key) {
        const identity = answerOf.identity?.(response.json);
        if (answerOf.identity) cache!.sawIdentity(modelKey, identity);
        cache!.set(key, { json: response.json, status: response.status, ...(identity ? { identity } : {}) });
      }
      return { json: response.json, cached: false, costUsd: usageCost(config, response.json) };
    } catch (error) {
      if (countsAsModelError(error, signal)) channel.stats.errors++;
      throw error;
    }
  };
}
