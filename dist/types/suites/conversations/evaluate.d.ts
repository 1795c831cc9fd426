import type { ChatModel } from "../../models/types.ts";
import type { PlannedMetric } from "./plan.ts";
import { type PromptValues } from "./rubrics.ts";
import { type Level, type LevelObject, type ThreadObject } from "./thread.ts";
/** One row of FlexEval's metric table. */
export interface MetricRow {
    evaluation: string;
    type: "function" | "rubric";
    metric: string;
    level: Level;
    /** Index of the object at its level (0 for the thread). */
    object: number;
    /** The object's role: the message's or turn's role, a tool call's message role, "thread". */
    role: string;
    /** FlexEval's metric_value: the raw value (a rubric's choice score); null when skipped, invalid or failed. */
    value: number | null;
    /** 0..1 for rubrics (over the rubric's score range); the raw value for functions. */
    normalized: number | null;
    kwargs: Record<string, unknown>;
    skipped?: true;
    /** A function that threw, or a grader that could not be reached. */
    error?: {
        kind: "metric" | "endpoint";
        message: string;
    };
    rubric?: {
        prompt: string;
        completion: string | null;
        model: string;
        /** The choice read from the answer, or "__invalid__" (FlexEval's marker). */
        score: string;
        invalidReason?: string;
        promptTokens: number | null;
        completionTokens: number | null;
        costUsd: number | null;
    };
}
export interface EvaluateContext {
    grader: ChatModel | null;
    signal: AbortSignal;
    /** Completion mode: only the objects holding the new completion are graded and reported (and the thread). */
    completionOnly: boolean;
}
export interface EvaluateOutcome {
    rows: MetricRow[];
    requests: number;
    costUsd: number | null;
}
/** FlexEval's format_input_for_rubric, per level (the system prompt is left out, as Turn does). */
export declare function rubricValues(object: LevelObject, thread: ThreadObject): PromptValues;
export declare function evaluateThread(thread: ThreadObject, metrics: PlannedMetric[], ctx: EvaluateContext): Promise<EvaluateOutcome>;
