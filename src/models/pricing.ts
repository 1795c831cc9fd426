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

/** The parts of a usage a provider may report beside its totals, each kept only when it is a count that can be right. */
export function usageDetails(details: {
  cachedInputTokens?: unknown;
  cacheWriteTokens?: unknown;
  reasoningTokens?: unknown;
}): Partial<TokenUsage> {
  const kept: Partial<TokenUsage> = {};
  for (const key of ["cachedInputTokens", "cacheWriteTokens", "reasoningTokens"] as const) {
    const value = details[key];
    if (typeof value === "number" && Number.isFinite(value) && value > 0) kept[key] = value;
  }
  return kept;
}

/**
 * USD for one call; null when the model has no price or the endpoint reported no usage. Input read
 * from or written to the prompt cache is priced at its own rate when the price names one.
 */
export function costUsd(price: ModelConfig["price"], usage: TokenUsage | null): number | null {
  if (!price || !usage) return null;
  const input = price["input-per-million"];
  const cached = Math.min(usage.cachedInputTokens ?? 0, usage.inputTokens);
  const written = Math.min(usage.cacheWriteTokens ?? 0, usage.inputTokens - cached);
  const fresh = usage.inputTokens - cached - written;
  const inputUsd =
    fresh * input + cached * (price["cached-input-per-million"] ?? input) + written * (price["cache-write-per-million"] ?? input);
  return (inputUsd + usage.outputTokens * price["output-per-million"]) / 1_000_000;
}
