// Pure: whether a suite's checks differ from those that graded the baseline. A check whose definition
// changed (another value, other options, an edited schema file) grades the same answers differently:
// the verdict says so, so a stricter check is not read as a worse system.

import type { Results } from "../results/types.ts";
import { ownValue } from "../util/is-record.ts";

/** One note per suite whose checks changed since the baseline, naming them. */
export function checkChangeNotes(head: Results, baseline: Results): string[] {
  const notes: string[] = [];
  for (const [name, suite] of Object.entries(head.suites)) {
    const before = ownValue(baseline.suites, name)?.checks;
    if (!suite.checks || !before || suite.carried) continue;
    const changed = Object.entries(suite.checks)
      .filter(([check, definition]) => before[check] !== undefined && before[check] !== definition)
      .map(([check]) => check);
    if (changed.length)
      notes.push(
        `${name}: the check${changed.length === 1 ? "" : "s"} ${changed.join(", ")} changed since the baseline (value, options or schema file): ${changed.length === 1 ? "its metric compares" : "their metrics compare"} answers graded by different checks`,
      );
  }
  return notes;
}
