import type { MetricRow } from "./evaluate.ts";
import type { ConversationsOptions, MetricGate } from "./options.ts";
export declare function metricKey(row: Pick<MetricRow, "evaluation" | "metric" | "level">): string;
/** The gate the config gives a metric: function metrics only with `gate:`, rubrics unless `gate: false`. */
export declare function gateFor(options: ConversationsOptions, type: "function" | "rubric", evaluation: string, level: string): MetricGate | false | undefined;
export declare function summarizeRows(rows: MetricRow[], options: ConversationsOptions): Record<string, number>;
export interface KeyStats {
    rubric: boolean;
    skipped: number;
    invalid: number;
    errors: number;
    roles: Map<string, {
        n: number;
        sum: number;
        min: number;
        max: number;
    }>;
}
/** Pools the per-case statistics of every metric key across cases. */
export declare function poolCaseMetrics(cases: Record<string, number>[]): Map<string, KeyStats>;
