import { type ExpectedArgument } from "./matchers.ts";
export interface ExpectedCall {
    name: string;
    arguments: Record<string, ExpectedArgument>;
}
export interface ActualCall {
    name: string;
    arguments: Record<string, unknown>;
}
export declare const CALL_METRICS: readonly ["precision_fn", "recall_fn", "precision_args", "recall_args", "reliability"];
export type CallMetric = (typeof CALL_METRICS)[number];
export interface PairReport {
    name: string;
    expectedIndex: number;
    actualIndex: number;
    precision: number;
    recall: number;
    /** Argument names by verdict: present and right, present and wrong, expected but absent, sent but not expected. */
    correct: string[];
    wrong: string[];
    missing: string[];
    extra: string[];
}
export interface CallScore {
    metrics: Record<CallMetric, number> & {
        exact_match: number;
    };
    pairs: PairReport[];
    /** Expected calls no actual call was paired with. */
    missingCalls: {
        index: number;
        name: string;
    }[];
    /** Actual calls (not ignored) paired with no expected call. */
    unexpectedCalls: {
        index: number;
        name: string;
    }[];
    ignoredCalls: {
        index: number;
        name: string;
    }[];
    /** Expected calls left out of scoring because their function is ignored. */
    ignoredExpected: {
        index: number;
        name: string;
    }[];
}
export declare function normalizeName(name: string): string;
/** Argument verdicts for one expected/actual pair. */
export declare function scorePair(expected: ExpectedCall, actual: ActualCall): Omit<PairReport, "name" | "expectedIndex" | "actualIndex">;
export declare function scoreCalls(expected: ExpectedCall[], actual: ActualCall[], options?: {
    ignoreCalls?: string[];
}): CallScore;
