import type { CaseSummary, SuiteMetrics } from "../../engine/types.ts";
import type { ConversationsOptions } from "./options.ts";
/** One row of `breakdowns.roles`: a metric's statistics over one role's objects. */
export interface RoleStats {
    metric: string;
    role: string;
    n: number;
    mean: number;
    min: number;
    max: number;
}
/** One row of `breakdowns.metrics`: what was not scored, per metric. */
export interface MetricCounts {
    metric: string;
    kind: "function" | "rubric";
    scored: number;
    skipped: number;
    invalid: number;
    errors: number;
}
export declare function aggregateConversations(results: CaseSummary[], options: ConversationsOptions): SuiteMetrics;
