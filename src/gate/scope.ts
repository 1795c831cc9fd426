// What the baseline is compared on: the whole suites, or only the cases both runs share with the
// same inputs (a partial run, edited cases), with both sides' metrics recomputed over those cases.
import type { Metric, SuiteResults } from "../results/types.ts";
import { changedCaseIds } from "./case-changes.ts";
import type { GateContext } from "./types.ts";

/** What the baseline is compared on: the whole suites, or the cases both runs share with the same inputs. */
export interface ComparisonScope {
  /** The baseline's metrics over the compared cases. */
  base: Record<string, Metric> | undefined;
  /** This run's metrics over the compared cases. */
  head: Record<string, Metric>;
  /** The compared case ids; null for the whole suites. */
  ids: Set<string> | null;
  changed: Set<string>;
  /** Flaky cases left out (gate.flaky: exclude): neither in the compared means nor in the tests. */
  excluded?: Set<string>;
  note?: string;
}

export function comparisonScope(
  name: string,
  suite: SuiteResults,
  base: SuiteResults | undefined,
  ctx: GateContext,
  flaky: Set<string> = new Set(),
): ComparisonScope {
  const changed = changedCaseIds(suite, base);
  if (!base) return { base: undefined, head: suite.metrics, ids: null, changed };
  const headIds = new Set(suite.cases.map((result) => result.caseId));
  const baseIds = new Set(base.cases.map((result) => result.caseId));
  const excluded = new Set([...flaky].filter((id) => headIds.has(id) && baseIds.has(id) && !changed.has(id)));
  const ids = new Set([...headIds].filter((id) => baseIds.has(id) && !changed.has(id) && !excluded.has(id)));
  if (ids.size === headIds.size && ids.size === baseIds.size) return { base: base.metrics, head: suite.metrics, ids: null, changed };
  // Baseline cases that cannot be compared (a stored answer the new judge could not score) left the baseline already.
  const left = ctx.notComparable?.[name];
  const leftOut = left ? [...left.caseIds].filter((id) => !baseIds.has(id)) : [];
  const notRun = [...baseIds].filter((id) => !headIds.has(id)).length;
  const added = [...headIds].filter((id) => !baseIds.has(id) && !left?.caseIds.has(id)).length;
  const parts = [
    notRun ? `${notRun} not in this run` : "",
    changed.size ? `${changed.size} changed since the baseline` : "",
    excluded.size ? `${excluded.size} flaky left out (gate.flaky: exclude)` : "",
    leftOut.length ? `${leftOut.length} ${left!.why}` : "",
    added ? `${added} new` : "",
  ].filter(Boolean);
  const baseCases = baseIds.size + leftOut.length;
  const whole = { base: base.metrics, head: suite.metrics, ids: null, changed, ...(excluded.size ? { excluded } : {}) };
  if (ids.size === 0)
    return { ...whole, note: `no case in common with the baseline (${parts.join(", ")}): compared with the whole baseline` };
  const recompute = (from: SuiteResults) =>
    ctx.aggregate?.(
      name,
      from.kind,
      from.cases.filter((result) => ids.has(result.caseId)),
    ) ?? null;
  const baseSubset = recompute(base);
  const headSubset = ids.size === headIds.size ? suite.metrics : recompute(suite);
  if (!baseSubset || !headSubset) {
    return {
      ...whole,
      note: `${parts.join(", ")}; the baseline could not be recomputed over the same cases: compared with the whole baseline`,
    };
  }
  return {
    base: baseSubset,
    head: headSubset,
    ids,
    changed,
    ...(excluded.size ? { excluded } : {}),
    note: `compared on the ${ids.size} of ${baseCases} baseline cases this run shares (${parts.join(", ")})`,
  };
}
