import type { Level, LevelObject, ThreadObject } from "./thread.ts";
export type MetricReturn = number | boolean | null | Record<string, number | boolean | null> | {
    name: string;
    value: number | boolean | null;
}[];
export type MetricFunction = (object: LevelObject, kwargs: Record<string, unknown>, thread: ThreadObject) => MetricReturn | Promise<MetricReturn>;
export interface FunctionSpec {
    levels: readonly Level[];
    fn: MetricFunction;
    /** kwargs the function cannot do without. */
    requires?: readonly string[];
}
export declare const BUILTIN_FUNCTIONS: Record<string, FunctionSpec>;
export interface MetricValue {
    name: string;
    value: number | null;
}
/** FlexEval's return shapes, read into named values: a number is named after the function. */
export declare function readMetricReturn(functionName: string, result: unknown): MetricValue[];
