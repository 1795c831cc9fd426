// The size of a run, planned before the first request: cases x repeats x the requests each case
// sends. A plan past the maximum is almost always a typo (--repeat 1e9) that would otherwise run
// until memory or the deadline gives out; it is refused unless the user says they mean it.
import type { PlannedSuite } from "./planned-suite.ts";

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
    const requests = plannedRequests(suite);
    planned += requests * suite.repeat;
    const perCase = suite.cases.length ? Math.round((requests / suite.cases.length) * 10) / 10 : 0;
    parts.push(`${suite.name}: ${suite.cases.length} cases x ${suite.repeat} repeats x ${perCase} requests`);
  }
  if (planned <= MAX_PLANNED_REQUESTS) return null;
  return `the run plans ${planned.toLocaleString("en-US")} requests (${parts.join("; ")}), more than ${MAX_PLANNED_REQUESTS.toLocaleString("en-US")}; lower --repeat (or a suite's repeat:) or the suite's judge-runs, or pass --allow-large-plan if you mean it`;
}

/** Requests one run of every case of the suite sends at least (no retries, no cache hits, one repeat). */
export function plannedRequests(suite: Pick<PlannedSuite, "cases" | "suiteKind" | "options">): number {
  const ofCase = suite.suiteKind.requestsOfCase;
  if (ofCase) return suite.cases.reduce((sum, testCase) => sum + ofCase(testCase, suite.options), 0);
  return suite.cases.length * (suite.suiteKind.requestsPerCase?.(suite.options) ?? 1);
}
