import type { SuiteConfig } from "../config/schema.ts";
import type { CaseSummary, JudgeIdentity, SuiteResults, TargetIdentity } from "../results/types.ts";
import type { SuiteKind } from "../suites/kind.ts";
/** A suite's results with its cases as held in memory (summaries, or summaries that know where their line is). */
export type BuiltSuite<C extends CaseSummary> = Omit<SuiteResults, "cases"> & {
    cases: C[];
};
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
    warnings: {
        before: string[];
        after?: string[];
    };
    judge?: JudgeIdentity;
    targets?: Record<string, TargetIdentity>;
    checks?: Record<string, string>;
}
export declare function buildSuiteResults<C extends CaseSummary>(parts: SuiteParts<C>): BuiltSuite<C>;
/** Runs per case in a suite's cases: the highest repeat index, plus one. */
export declare function repeatsIn(cases: readonly Pick<CaseSummary, "repeat">[]): number;
/**
 * The case order of a suite in results.json: source file, line, case id, repeat (by code point, not
 * locale). A shard knows no other run's plan, so the order comes from the cases alone; metrics sum
 * the cases in this order, so a merged run's sums come out identical too.
 */
export declare function sortInCaseOrder<T>(items: T[], caseOf: (item: T) => CaseSummary): T[];
/** A suite's case counts: all, scored, errored. */
export declare function caseCounts(cases: readonly Pick<CaseSummary, "status">[]): SuiteResults["counts"];
/** Suite metrics by the suite kind's aggregate; with repeats, each metric also carries its spread across the repeats. */
export declare function aggregateSuite(suite: {
    suiteKind: SuiteKind;
    options: SuiteConfig;
}, summaries: CaseSummary[], repeat: number): import("../results/types.ts").SuiteMetrics;
