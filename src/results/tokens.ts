// The run's token totals in results.json: from the model layer's counters, and summed again when
// shards are merged.
import type { RunMetadata, TokenTotals } from "./types.ts";

type RunTokens = NonNullable<RunMetadata["tokens"]>;

/** Counters as the model layer keeps them (ModelStats). */
interface TokenCounters {
  inputTokens: number;
  outputTokens: number;
  cachedInputTokens: number;
  cacheWriteTokens: number;
  reasoningTokens: number;
}

/** A model's counters as results.json names them. */
export function tokenTotalsOf(counters: TokenCounters): TokenTotals {
  return {
    input: counters.inputTokens,
    output: counters.outputTokens,
    cachedInput: counters.cachedInputTokens,
    cacheWrite: counters.cacheWriteTokens,
    reasoning: counters.reasoningTokens,
  };
}

function add(a: TokenTotals, b: TokenTotals): TokenTotals {
  return {
    input: a.input + b.input,
    output: a.output + b.output,
    cachedInput: a.cachedInput + b.cachedInput,
    cacheWrite: a.cacheWrite + b.cacheWrite,
    reasoning: a.reasoning + b.reasoning,
  };
}

const NONE: TokenTotals = { input: 0, output: 0, cachedInput: 0, cacheWrite: 0, reasoning: 0 };

/** results.json's `tokens` from each model's totals; absent when no model reported any. */
export function runTokensField(byModel: Record<string, TokenTotals>): { tokens?: RunTokens } {
  const reported = Object.entries(byModel).filter(([, totals]) => totals.input + totals.output > 0);
  if (reported.length === 0) return {};
  return { tokens: { ...reported.reduce((sum, [, totals]) => add(sum, totals), NONE), byModel: Object.fromEntries(reported) } };
}

/** The tokens of merged shards: each model's summed over the shards that report it. Shard files are data from elsewhere: a count that is not a number counts 0. */
export function mergedTokensField(shards: readonly (RunTokens | undefined)[]): { tokens?: RunTokens } {
  const byModel = new Map<string, TokenTotals>();
  for (const shard of shards) {
    const models = typeof shard?.byModel === "object" && shard.byModel !== null ? Object.entries(shard.byModel) : [];
    for (const [name, totals] of models) byModel.set(name, add(byModel.get(name) ?? NONE, countsOf(totals)));
  }
  return runTokensField(Object.fromEntries(byModel));
}

function countsOf(totals: unknown): TokenTotals {
  const record = (typeof totals === "object" && totals !== null ? totals : {}) as Record<string, unknown>;
  const count = (key: keyof TokenTotals) => {
    const value = record[key];
    return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : 0;
  };
  return {
    input: count("input"),
    output: count("output"),
    cachedInput: count("cachedInput"),
    cacheWrite: count("cacheWrite"),
    reasoning: count("reasoning"),
  };
}
