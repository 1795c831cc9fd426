// What a call cost, from the model's configured price (USD per million tokens).
import type { ModelConfig } from "../config/models.ts";
import type { TokenUsage } from "./types.ts";

/** USD for one call; null when the model has no price or the endpoint reported no usage. */
export function costUsd(price: ModelConfig["price"], usage: TokenUsage | null): number | null {
  if (!price || !usage) return null;
  return (usage.inputTokens * price["input-per-million"] + usage.outputTokens * price["output-per-million"]) / 1_000_000;
}
