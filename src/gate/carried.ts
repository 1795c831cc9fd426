// Suites carried from the baseline (nothing they depend on changed): shown with the baseline's numbers,
// never as a pass of something measured, never failing. Pure, like the rest of the gate.
import type { Results, SuiteResults } from "../results/types.ts";
import { emptyChangeCounts } from "./case-changes.ts";
import type { MetricRow, SuiteVerdict } from "./types.ts";

export function carriedVerdict(name: string, suite: SuiteResults): SuiteVerdict {
  const reason = suite.carried!.reason;
  const rows: MetricRow[] = Object.entries(suite.metrics).map(([metric, value]) => ({
    metric,
    unit: value.unit,
    direction: value.direction,
    gated: value.gated,
    baseline: value.value,
    now: null,
    n: 0,
    delta: null,
    relDelta: null,
    status: "info",
    reason: "carried from the baseline: not measured by this run",
    failing: false,
  }));
  return {
    suite: name,
    kind: suite.kind,
    status: "carried",
    carried: reason,
    rows,
    reasons: [],
    errors: [],
    counts: suite.counts,
    errorSides: { system: 0, scorer: 0 },
    errorRate: 0,
    maxErrorRate: 0,
    costUsd: 0,
    durationMs: 0,
    hasBaseline: true,
    changes: [],
    changeCounts: emptyChangeCounts(),
    failingCases: [],
  };
}

/** What the change detection did: how many suites were measured and carried, or why every suite ran. */
export function changeNotes(head: Results): string[] {
  const changes = head.run.changedSince;
  if (!changes) return [];
  if (changes.unknown) return [changes.unknown];
  const measured = Object.keys(head.suites).length - changes.carried.length;
  const notSure = changes.notSure ?? [];
  if (!changes.carried.length) return notSure;
  return [
    `${measured} ${measured === 1 ? "suite" : "suites"} measured, ${changes.carried.length} carried from the baseline ` +
      `(${changes.carried.join(", ")}: nothing they depend on changed since ${changes.ref}); carried numbers are the baseline's and are never stored`,
    ...notSure,
  ];
}

/** Whether a run.partial reason is the one carried suites add (engine/carry.ts). */
export function isCarriedReason(head: Results, reason: string): boolean {
  const changes = head.run.changedSince;
  return Boolean(changes?.carried.length) && reason === carriedReason(changes!.carried, changes!.ref);
}

/** The run.partial reason of a run that carried suites from the baseline: such a run is never stored as one. */
export function carriedReason(carried: string[], since: string): string {
  return `${carried.join(", ")} carried from the baseline (nothing they depend on changed since ${since})`;
}
