// OpenAI-compatible moderations: POST {base-url}/moderations with {model, input}, the call FlexEval's
// openai_moderation_api makes. Same transport, limits, fatal stop and stats as the chat clients;
// answers are cached like judge votes (same input, same scores) unless the model says `cache: false`.
import type { OpenAIModelConfig } from "../../config/models.ts";
import { isRecord } from "../../util/is-record.ts";
import { cacheKey, cacheModelKey, type ModelIdentity, type ResponseCache } from "../cache.ts";
import { noteCacheHit } from "../cache-use.ts";
import { countsAsModelError, EndpointError } from "../errors.ts";
import { costUsd } from "../pricing.ts";
import { type ModelChannel, postJson, throwIfStopped } from "../transport.ts";
import { openAIHeaders, openAIUrl } from "./chat.ts";

export interface ModerationResult {
  /** results[0].category_scores as the endpoint returns them ("harassment/threatening": 0.01, …). */
  categoryScores: Record<string, number>;
  model: string;
  cached: boolean;
  /** From the model's price and the reported usage; null when either is missing. */
  costUsd: number | null;
}

export interface ModerationModel {
  readonly name: string;
  moderate(input: string, extra: Record<string, unknown>, signal?: AbortSignal): Promise<ModerationResult>;
}

/** The first result's category scores; anything else is the endpoint's error, not a score. */
function readScores(json: unknown, model: string): Record<string, number> {
  const results = isRecord(json) ? json["results"] : undefined;
  const scores = Array.isArray(results) && isRecord(results[0]) ? results[0]["category_scores"] : undefined;
  if (!isRecord(scores) || !Object.values(scores).every((v) => typeof v === "number"))
    throw new EndpointError("parse", model, "the moderations answer has no results[0].category_scores of numbers");
  return scores as Record<string, number>;
}

/** The moderations answer names the model that scored it (`model`), as chat answers do. */
function reportedIdentity(json: unknown): ModelIdentity | undefined {
  const model = isRecord(json) ? json["model"] : undefined;
  return typeof model === "string" ? { model } : undefined;
}

/** The input tokens the endpoint reports (`usage.prompt_tokens`); moderations have no output tokens. */
function inputTokens(json: unknown): number | null {
  const usage = isRecord(json) ? json["usage"] : undefined;
  const input = isRecord(usage) ? usage["prompt_tokens"] : undefined;
  return typeof input === "number" ? input : null;
}

function usageCost(config: OpenAIModelConfig, json: unknown): number | null {
  const input = inputTokens(json);
  return input === null ? null : costUsd(config.price, { inputTokens: input, outputTokens: 0 });
}

export function createModerationModel(
  name: string,
  config: OpenAIModelConfig,
  apiKey: string | undefined,
  deps: { channel: ModelChannel; cache: ResponseCache | null },
): ModerationModel {
  const { channel } = deps;
  const url = openAIUrl(config, "moderations");
  const headers = openAIHeaders(config, apiKey);
  const cache = config.cache === false ? null : deps.cache;
  return {
    name,
    async moderate(input, extra, signal) {
      throwIfStopped(channel, signal);
      const body = { model: config.model, input, ...extra };
      const parts = { provider: "openai", url, headers, body };
      const key = cache ? cacheKey(parts) : null;
      const modelKey = cache ? cacheModelKey(parts) : "";
      const hit = key ? await cache!.get(key, modelKey) : null;
      if (hit) {
        channel.stats.cacheHits++;
        noteCacheHit(hit.savedAt);
        return { categoryScores: readScores(hit.json, name), model: config.model, cached: true, costUsd: usageCost(config, hit.json) };
      }
      try {
        const response = await postJson(channel, { url, method: "POST", headers, body }, signal, {
          costOf: (json) => usageCost(config, json),
          tokensOf: inputTokens,
        });
        const categoryScores = readScores(response.json, name);
        if (key) {
          const identity = reportedIdentity(response.json);
          cache!.sawIdentity(modelKey, identity);
          cache!.set(key, { json: response.json, status: response.status, ...(identity ? { identity } : {}) });
        }
        return { categoryScores, model: config.model, cached: false, costUsd: usageCost(config, response.json) };
      } catch (error) {
        if (countsAsModelError(error, signal)) channel.stats.errors++;
        throw error;
      }
    },
  };
}
