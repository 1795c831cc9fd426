// The size of a run, planned before the first request: cases x repeats x the requests each case
// sends. A plan past the maximum is almost always a typo (--repeat 1e9) that would otherwise run
// until memory or the deadline gives out; it is refused unless the user says they mean it.
import type { PlannedSuite } from "./plan.ts";

/** Requests a run may plan without --allow-large-plan. */
export const MAX_PLANNED_REQUESTS = 1_000_000;

/** Why the plan is refused, or null when it is within the maximum (or allowed past it). */
export function planTooLarge(
  suites: Pick<PlannedSuite, "name" | "cases" | "suiteKind" | "options" | "repeat">[],
  allowed: boolean,
): string | null {
  if (allowed) return null;
  let planned = 0;
  const parts: string[] = [];
  for (const suite of suites) {
    const perCase = suite.suiteKind.requestsPerCase?.(suite.options) ?? 1;
    planned += suite.cases.length * suite.repeat * perCase;
    parts.push(`${suite.name}: ${suite.cases.length} cases x ${suite.repeat} repeats x ${perCase} requests`);
  }
  if (planned <= MAX_PLANNED_REQUESTS) return null;
  return `the run plans ${planned.toLocaleString("en-US")} requests (${parts.join("; ")}), more than ${MAX_PLANNED_REQUESTS.toLocaleString("en-US")}; lower --repeat (or a suite's repeat:) or the suite's judge-runs, or pass --allow-large-plan if you mean it`;
}
