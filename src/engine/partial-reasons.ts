// Why a run is not the whole suite (results.json's run.partial): a partial run is never stored as a
// baseline, and each reason says what was left out. The carried-suites reason is gate/carried.ts's.
import type { RunSelection } from "../results/types.ts";

/** Why the selection is not the whole config: a suite subset, and a filter, sample or shard that left cases out. */
export function partialReasons(
  selection: RunSelection,
  allSuites: string[],
  counts: { selected: number; total: number },
  seedSource?: string,
): string[] {
  const reasons: string[] = [];
  if (selection.suites?.length && selection.suites.length < allSuites.length) {
    reasons.push(`suites ${selection.suites.join(", ")} of ${allSuites.length}`);
  }
  if (counts.selected < counts.total) {
    const how = [
      selection.filter ? `filter "${selection.filter}"` : "",
      selection.sample !== undefined
        ? `a sample of ${selection.sample} per suite, seed ${selection.seed}${seedSource ? ` ${seedSource}` : ""}`
        : "",
      selection.shard
        ? `shard ${selection.shard.index}/${selection.shard.total}${selection.shard.balancedBy ? " (balanced by the baseline's case durations)" : ""}`
        : "",
    ].filter(Boolean);
    reasons.push(`${how.join(", ")}: ${counts.selected} of ${counts.total} cases`);
  }
  return reasons;
}

/** "deadline reached (30m): 412 of 1000 cases not run", when the run guard stopped before every case ran. */
export function stoppedRunReasons(stopped: string | null, ran: number, planned: number): string[] {
  return stopped && ran < planned ? [`${stopped}: ${planned - ran} of ${planned} cases not run`] : [];
}
