import type { CaseResult } from "../engine/types.ts";
/** The case's value for the suite metric `metricName`, or undefined when the case has none. */
export declare function caseMetricValue(result: Pick<CaseResult, "metrics" | "tags">, metricName: string): number | undefined;
/** The group a metric name belongs to ("support-bot" for "support-bot/score"), when the case carries it as a tag. */
export declare function metricGroup(result: Pick<CaseResult, "tags">, metricName: string): string | undefined;
