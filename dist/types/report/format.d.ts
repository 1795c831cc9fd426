import type { MetricUnit } from "../engine/types.ts";
import type { MetricRow, RowStatus } from "../gate/types.ts";
export declare function formatValue(value: number | null, unit: MetricUnit): string;
export declare function formatPercentChange(rel: number): string;
export declare function formatDelta(row: Pick<MetricRow, "delta" | "relDelta" | "unit">): string;
export declare function formatDuration(ms: number): string;
/** "$1.23"; "≥ $1.23, 2 cases unpriced" when some cases have no known cost; "cost unknown" when none has. */
export declare function formatCost(usd: number | null, unpricedCases?: number): string;
/** The run's total over its suites, partial when any suite has unpriced cases. */
export declare function formatCostTotal(suites: readonly {
    costUsd: number | null;
    unpricedCases?: number;
}[]): string;
export declare const STATUS_LABEL: Record<RowStatus, string>;
export declare function shortSha(sha: string | undefined): string | undefined;
