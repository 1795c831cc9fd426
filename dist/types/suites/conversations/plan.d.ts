import type { InputProblem } from "../../config/errors.ts";
import { type FunctionSpec } from "./functions.ts";
import type { MetricGate, MetricItem } from "./options.ts";
import { type Rubric } from "./rubrics.ts";
import { type Level } from "./thread.ts";
export interface PlannedDependency {
    /** Index of the metric depended on, in plan order. */
    parent: number;
    metricName: string;
    level: Level;
    relativePosition: number;
    min: number;
    max: number;
}
export interface PlannedMetric {
    id: number;
    type: "function" | "rubric";
    /** The function or rubric name (FlexEval's evaluation_name). */
    evaluation: string;
    level: Level;
    kwargs: Record<string, unknown>;
    dependsOn: PlannedDependency[];
    gate: MetricGate | false | undefined;
    function?: FunctionSpec;
    rubric?: Rubric;
}
export interface MetricSources {
    functions: Map<string, FunctionSpec>;
    rubrics: Map<string, Rubric>;
    mode: "historical" | "completion";
    /** Where the metrics were written, for messages: the file, the field path of `metrics`, a line finder. */
    where: MetricsPlace;
    /** Metrics appended from a FlexEval evals.yaml, after the config's own: where they were written. */
    evalsWhere?: {
        place: MetricsPlace;
        offset: {
            function: number;
            rubric: number;
        };
    };
}
export interface MetricsPlace {
    file: string;
    line?: number;
    path: (string | number)[];
    lineOf?: (fieldPath: (string | number)[]) => number | undefined;
}
export declare function planMetrics(items: {
    function: MetricItem[];
    rubric: MetricItem[];
}, sources: MetricSources): {
    metrics: PlannedMetric[];
    problems: InputProblem[];
};
