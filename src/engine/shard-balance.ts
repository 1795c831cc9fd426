// Shards balanced by cost: with a baseline that measured each case's duration, `--shard I/N` deals
// the cases longest first to the least-loaded shard (LPT), so the slowest shard ends close to the
// mean instead of wherever the hash put the slow cases. The deal depends on the baseline alone, so
// every shard of a run computes the same one; cases the baseline lacks go by their stable hash.
// Without such a baseline, every case goes by its hash, as before.
import { createHash } from "node:crypto";
import type { Results, RunSelection } from "../results/types.ts";
import { inShard, type ShardSpec } from "./select.ts";

/** What each case cost in the baseline: its mean duration (ms) over its repeats, by suite and case id. */
export interface ShardCosts {
  costs: Map<string, number>;
  /** Names these costs: shards balanced by other costs did not split the same cases, and are not merged. */
  key: string;
}

const costKey = (suite: string, caseId: string) => `${suite}\u0000${caseId}`;

/**
 * The per-case durations of `baseline`'s suites among `suites` (the ones this run runs); null when it
 * measured none (no baseline, only carried suites, or durations of 0).
 */
export function shardCostsOf(baseline: Results | null, suites: readonly string[]): ShardCosts | null {
  if (!baseline) return null;
  const sums = new Map<string, { total: number; runs: number }>();
  for (const suite of suites) {
    for (const result of baseline.suites[suite]?.cases ?? []) {
      if (!(Number.isFinite(result.latencyMs) && result.latencyMs > 0)) continue;
      const key = costKey(suite, result.caseId);
      const sum = sums.get(key) ?? { total: 0, runs: 0 };
      sum.total += result.latencyMs;
      sum.runs++;
      sums.set(key, sum);
    }
  }
  if (sums.size === 0) return null;
  const costs = new Map([...sums].map(([key, sum]) => [key, sum.total / sum.runs]));
  const hash = createHash("sha256");
  for (const key of [...costs.keys()].sort()) hash.update(`${key}\u0000${costs.get(key)}\n`);
  return { costs, key: hash.digest("hex").slice(0, 16) };
}

/**
 * Longest first, each case to the shard with the least cost so far (the lowest index on a tie):
 * a shard's total ends within the longest case of the mean. Returns the 1-based shard of each case.
 */
export function dealByCost(costs: ShardCosts, total: number): Map<string, number> {
  const order = [...costs.costs].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0));
  const loads = new Array<number>(total).fill(0);
  const shardOf = new Map<string, number>();
  for (const [key, cost] of order) {
    let least = 0;
    for (let i = 1; i < total; i++) if (loads[i]! < loads[least]!) least = i;
    loads[least]! += cost;
    shardOf.set(key, least + 1);
  }
  return shardOf;
}

/** Whether a case belongs to `shard`: by the deal when the baseline measured it, else by its hash. */
export type ShardMembership = (suite: string, caseId: string) => boolean;

export function shardMembership(shard: ShardSpec, costs: ShardCosts | null): ShardMembership {
  if (!costs) return (suite, caseId) => inShard(suite, caseId, shard);
  const dealt = dealByCost(costs, shard.total);
  return (suite, caseId) => {
    const index = dealt.get(costKey(suite, caseId));
    return index === undefined ? inShard(suite, caseId, shard) : index === shard.index;
  };
}

/** The selection as run: its shard names the costs that balanced it (RunSelection.shard.balancedBy). */
export function balancedSelection(selection: RunSelection, costs: ShardCosts | null): RunSelection {
  if (!selection.shard || !costs) return selection;
  return { ...selection, shard: { ...selection.shard, balancedBy: costs.key } };
}
