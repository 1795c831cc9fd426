// A suite's entry in results.json, built from its case summaries: one builder for a run and for a
// merge of its shards, with one case order, so that shards merged give what the unsharded run gives.
import type { SuiteConfig } from "../config/schema.ts";
import { combineCacheUse } from "../models/cache-use.ts";
import { countUnpricedCases, sumKnown, unpricedField } from "../results/cost-total.ts";
import type { CaseSummary, JudgeIdentity, Metric, SuiteResults, TargetIdentity } from "../results/types.ts";
import type { SuiteKind } from "../suites/kind.ts";
import { populationSd } from "../util/stats.ts";
import { withCalibration } from "./judge-identity.ts";

/** A suite's results with its cases as held in memory (summaries, or summaries that know where their line is). */
export type BuiltSuite<C extends CaseSummary> = Omit<SuiteResults, "cases"> & { cases: C[] };

export interface SuiteParts<C extends CaseSummary> {
  kind: string;
  suiteKind: SuiteKind;
  options: SuiteConfig;
  /** Sorted in place into the case order. */
  cases: C[];
  repeat: number;
  /** Every repeat was asked anew, never served from the cache (the engine's fresh view of the models). */
  fresh?: boolean;
  durationMs: number;
  /** Warnings listed before the aggregate's own, and after them. */
  warnings: { before: string[]; after?: string[] };
  judge?: JudgeIdentity;
  targets?: Record<string, TargetIdentity>;
  checks?: Record<string, string>;
}

export function buildSuiteResults<C extends CaseSummary>(parts: SuiteParts<C>): BuiltSuite<C> {
  const cases = sortInCaseOrder(parts.cases, (c) => c);
  const aggregated = aggregateSuite(parts, cases, parts.repeat);
  return {
    kind: parts.kind,
    metrics: aggregated.metrics,
    counts: caseCounts(cases),
    costUsd: sumKnown(cases.map((c) => c.costUsd)),
    ...unpricedField(countUnpricedCases(cases)),
    requests: cases.reduce((n, c) => n + c.requests, 0),
    cache: combineCacheUse(cases.map((c) => c.cache)),
    durationMs: parts.durationMs,
    warnings: [...parts.warnings.before, ...aggregated.warnings, ...(parts.warnings.after ?? [])],
    ...(aggregated.breakdowns ? { breakdowns: aggregated.breakdowns } : {}),
    ...(parts.judge ? { judge: withCalibration(parts.judge, cases) } : {}),
    ...(parts.targets ? { targets: parts.targets } : {}),
    ...(parts.repeat > 1 ? { repeats: { count: parts.repeat, fresh: parts.fresh ?? false } } : {}),
    ...(parts.checks ? { checks: parts.checks } : {}),
    cases,
  };
}

/** Runs per case in a suite's cases: the highest repeat index, plus one. */
export function repeatsIn(cases: readonly Pick<CaseSummary, "repeat">[]): number {
  return cases.reduce((most, c) => Math.max(most, (c.repeat ?? 0) + 1), 1);
}

/**
 * The case order of a suite in results.json: source file, line, case id, repeat (by code point, not
 * locale). A shard knows no other run's plan, so the order comes from the cases alone; metrics sum
 * the cases in this order, so a merged run's sums come out identical too.
 */
export function sortInCaseOrder<T>(items: T[], caseOf: (item: T) => CaseSummary): T[] {
  return items.sort((x, y) => {
    const a = caseOf(x);
    const b = caseOf(y);
    return (
      byCodePoint(a.source.file, b.source.file) ||
      (a.source.line ?? 0) - (b.source.line ?? 0) ||
      byCodePoint(a.caseId, b.caseId) ||
      a.repeat - b.repeat
    );
  });
}

function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A suite's case counts: all, scored, errored. */
export function caseCounts(cases: readonly Pick<CaseSummary, "status">[]): SuiteResults["counts"] {
  return {
    cases: cases.length,
    scored: cases.filter((c) => c.status === "scored").length,
    errors: cases.filter((c) => c.status === "error").length,
  };
}

/** Suite metrics by the suite kind's aggregate; with repeats, each metric also carries its spread across the repeats. */
export function aggregateSuite(suite: { suiteKind: SuiteKind; options: SuiteConfig }, summaries: CaseSummary[], repeat: number) {
  const aggregated = suite.suiteKind.aggregate(summaries, suite.options);
  if (repeat < 2) return aggregated;
  const perRepeat = Array.from(
    { length: repeat },
    (_, r) =>
      suite.suiteKind.aggregate(
        summaries.filter((s) => s.repeat === r),
        suite.options,
      ).metrics,
  );
  const metrics: Record<string, Metric> = {};
  for (const [name, metric] of Object.entries(aggregated.metrics)) {
    const values = perRepeat.map((m) => m[name]?.value).filter((v): v is number => typeof v === "number");
    metrics[name] = values.length >= 2 ? { ...metric, spread: populationSd(values) } : metric;
  }
  return { ...aggregated, metrics };
}
