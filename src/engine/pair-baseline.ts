// The baseline a paired run is gated against: the stored baseline's suites, with each paired suite's
// replaced by the base half's (the base commit's system, run now on the same cases). One function for
// the CLI and the action.
import type { Results } from "../results/types.ts";
import { ownValue } from "../util/is-record.ts";

/** What the head half needs of the base half: the record for results.json and the base's results (null when none ran). */
export interface BaseHalf {
  paired: import("../results/types.ts").PairedRun;
  results: Results | null;
  /** The head half's limits: what the base half left of the run's deadline and budget. */
  remaining?: { deadlineMs?: number; budgetUsd?: number };
}

/** The stored baseline with the paired suites the base half measured; without a stored one, the base half alone. */
export function withPairedSuites<N extends Record<string, unknown>>(
  stored: Results | null,
  half: BaseHalf,
  notComparable: N,
): { baseline: Results | null; notComparable: N } {
  if (!half.results) return { baseline: stored, notComparable };
  const suites = Object.fromEntries(
    half.paired.suites.flatMap((name) => {
      const suite = ownValue(half.results!.suites, name);
      return suite ? [[name, suite] as const] : [];
    }),
  );
  const kept = Object.fromEntries(Object.entries(notComparable).filter(([name]) => !Object.hasOwn(suites, name))) as N;
  const baseline = stored ? { ...stored, suites: { ...stored.suites, ...suites } } : { ...half.results, suites };
  return { baseline, notComparable: kept };
}

/** "evals/baseline.json; qa: base 1a2b3c4, run now (paired)". */
export function pairedSource(half: BaseHalf, stored: string): string {
  const base = half.paired.base?.slice(0, 7) ?? "";
  return `${stored}; ${half.paired.suites.join(", ")}: base ${base}, run now (paired)`;
}
