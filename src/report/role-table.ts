// The per-role table of a conversations suite (breakdowns.roles): each metric's mean, min and max
// over each role's objects, as FlexEval's by-role aggregation reports them.

import type { RoleStats } from "../results/conversations.ts";
import type { SuiteResults } from "../results/types.ts";
import { formatValue } from "./format.ts";

/** Header and rows of the table, or null when the suite has no per-role breakdown. */
export function roleTableRows(suite: SuiteResults | undefined): string[][] | null {
  const roles = suite?.breakdowns?.["roles"] as RoleStats[] | undefined;
  if (!Array.isArray(roles) || roles.length === 0) return null;
  const value = (n: number) => formatValue(n, "score");
  return [
    ["metric", "role", "n", "mean", "min", "max"],
    ...roles.map((r) => [r.metric, r.role, String(r.n), value(r.mean), value(r.min), value(r.max)]),
  ];
}
