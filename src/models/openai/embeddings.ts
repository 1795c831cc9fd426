// OpenAI-compatible embeddings: POST {base-url}/embeddings with {model, input}, the call promptfoo's
// answer-relevance makes through its embedding provider (the route's transport and cache: ./input-route.ts).
import type { OpenAIModelConfig } from "../../config/models.ts";
import { isRecord } from "../../util/is-record.ts";
import type { ResponseCache } from "../cache.ts";
import { EndpointError } from "../errors.ts";
import type { ModelChannel } from "../transport.ts";
import { inputRoute } from "./input-route.ts";

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

export function createEmbeddingModel(
  name: string,
  config: OpenAIModelConfig,
  apiKey: string | undefined,
  deps: { channel: ModelChannel; cache: ResponseCache | null },
): EmbeddingModel {
  const post = inputRoute("embeddings", config, apiKey, deps, { read: (json) => readEmbedding(json, name) });
  return {
    name,
    async embed(input, signal) {
      const { json, cached, costUsd } = await post({ model: config.model, input }, signal);
      return { embedding: readEmbedding(json, name), cached, costUsd };
    },
  };
}
