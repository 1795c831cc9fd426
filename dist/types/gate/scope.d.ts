import type { Metric, SuiteResults } from "../engine/types.ts";
import type { GateContext } from "./evaluate.ts";
/** What the baseline is compared on: the whole suites, or the cases both runs share with the same inputs. */
export interface ComparisonScope {
    /** The baseline's metrics over the compared cases. */
    base: Record<string, Metric> | undefined;
    /** This run's metrics over the compared cases. */
    head: Record<string, Metric>;
    /** The compared case ids; null for the whole suites. */
    ids: Set<string> | null;
    changed: Set<string>;
    note?: string;
}
export declare function comparisonScope(name: string, suite: SuiteResults, base: SuiteResults | undefined, ctx: GateContext): ComparisonScope;
