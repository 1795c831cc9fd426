// OpenAI-compatible moderations: POST {base-url}/moderations with {model, input}, the call FlexEval's
// openai_moderation_api makes (the route's transport and cache: ./input-route.ts).
import type { OpenAIModelConfig } from "../../config/models.ts";
import { isRecord } from "../../util/is-record.ts";
import type { ModelIdentity, ResponseCache } from "../cache.ts";
import { EndpointError } from "../errors.ts";
import type { ModelChannel } from "../transport.ts";
import { inputRoute } from "./input-route.ts";

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

export function createModerationModel(
  name: string,
  config: OpenAIModelConfig,
  apiKey: string | undefined,
  deps: { channel: ModelChannel; cache: ResponseCache | null },
): ModerationModel {
  const post = inputRoute("moderations", config, apiKey, deps, { read: (json) => readScores(json, name), identity: reportedIdentity });
  return {
    name,
    async moderate(input, extra, signal) {
      const { json, cached, costUsd } = await post({ model: config.model, input, ...extra }, signal);
      return { categoryScores: readScores(json, name), model: config.model, cached, costUsd };
    },
  };
}
