// OpenAI-compatible embeddings: POST {base-url}/embeddings with {model, input}, the call promptfoo's
// answer-relevance makes through its embedding provider. Same transport, limits, fatal stop and stats
// as the chat clients; answers are cached like judge votes (same input, same vector) unless the model
// says `cache: false`.
import type { OpenAIModelConfig } from "../../config/models.ts";
import { isRecord } from "../../util/is-record.ts";
import { cacheKey, cacheModelKey, type ResponseCache } from "../cache.ts";
import { noteCacheHit } from "../cache-use.ts";
import { countsAsModelError, EndpointError } from "../errors.ts";
import { costUsd } from "../pricing.ts";
import { type ModelChannel, postJson, throwIfStopped } from "../transport.ts";
import { openAIHeaders, openAIUrl } from "./chat.ts";

export interface EmbeddingResult {
  embedding: number[];
  cached: boolean;
  /** From the model's price and the reported usage; null when either is missing. */
  costUsd: number | null;
}

export interface EmbeddingModel {
  readonly name: string;
  embed(input: string, signal?: AbortSignal): Promise<EmbeddingResult>;
}

/** data[0].embedding; anything else is the endpoint's error, not a vector. */
function readEmbedding(json: unknown, model: string): number[] {
  const data = isRecord(json) ? json["data"] : undefined;
  const embedding = Array.isArray(data) && isRecord(data[0]) ? data[0]["embedding"] : undefined;
  if (!Array.isArray(embedding) || embedding.length === 0 || !embedding.every((v) => typeof v === "number" && Number.isFinite(v)))
    throw new EndpointError("parse", model, "the embeddings answer has no data[0].embedding of numbers");
  return embedding as number[];
}

/** The input tokens the endpoint reports (`usage.prompt_tokens`); embeddings have no output tokens. */
function inputTokens(json: unknown): number | null {
  const usage = isRecord(json) ? json["usage"] : undefined;
  const input = isRecord(usage) ? usage["prompt_tokens"] : undefined;
  return typeof input === "number" ? input : null;
}

function usageCost(config: OpenAIModelConfig, json: unknown): number | null {
  const input = inputTokens(json);
  return input === null ? null : costUsd(config.price, { inputTokens: input, outputTokens: 0 });
}

export function createEmbeddingModel(
  name: string,
  config: OpenAIModelConfig,
  apiKey: string | undefined,
  deps: { channel: ModelChannel; cache: ResponseCache | null },
): EmbeddingModel {
  const { channel } = deps;
  const url = openAIUrl(config, "embeddings");
  const headers = openAIHeaders(config, apiKey);
  const cache = config.cache === false ? null : deps.cache;
  return {
    name,
    async embed(input, signal) {
      throwIfStopped(channel, signal);
      const body = { model: config.model, input };
      const parts = { provider: "openai", url, headers, body };
      const key = cache ? cacheKey(parts) : null;
      const modelKey = cache ? cacheModelKey(parts) : "";
      const hit = key ? await cache!.get(key, modelKey) : null;
      if (hit) {
        channel.stats.cacheHits++;
        noteCacheHit(hit.savedAt);
        return { embedding: readEmbedding(hit.json, name), cached: true, costUsd: usageCost(config, hit.json) };
      }
      try {
        const response = await postJson(channel, { url, method: "POST", headers, body }, signal, {
          costOf: (json) => usageCost(config, json),
          tokensOf: inputTokens,
        });
        const embedding = readEmbedding(response.json, name);
        if (key) cache!.set(key, { json: response.json, status: response.status });
        return { embedding, cached: false, costUsd: usageCost(config, response.json) };
      } catch (error) {
        if (countsAsModelError(error, signal)) channel.stats.errors++;
        throw error;
      }
    },
  };
}
