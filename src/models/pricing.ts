// What a call cost, from the model's configured price (USD per million tokens).
import type { ModelConfig } from "../config/models.ts";
import type { TokenUsage } from "./types.ts";

/**
 * Token counts as a provider reported them: no usage when either is missing; "unusable" when one is
 * negative or not finite (a broken proxy), which is unknown usage, never a negative cost.
 */
export function reportedUsage(input: unknown, output: unknown): { usage: TokenUsage | null; usageUnusable?: true } {
  if (typeof input !== "number" || typeof output !== "number") return { usage: null };
  const usable = (count: number) => Number.isFinite(count) && count >= 0;
  return usable(input) && usable(output) ? { usage: { inputTokens: input, outputTokens: output } } : { usage: null, usageUnusable: true };
}

/** USD for one call; null when the model has no price or the endpoint reported no usage. */
export function costUsd(price: ModelConfig["price"], usage: TokenUsage | null): number | null {
  if (!price || !usage) return null;
  return (usage.inputTokens * price["input-per-million"] + usage.outputTokens * price["output-per-million"]) / 1_000_000;
}
