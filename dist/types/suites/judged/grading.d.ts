/** Each scale's labelled points, ascending, as shown to the judge; its min and max are the ends. */
declare const SCALE_POINTS: {
    readonly binary: readonly ["Fail - Does not meet criteria", "Pass - Meets criteria"];
    readonly "0-3": readonly ["Completely wrong or unhelpful", "Partially correct but missing key elements", "Mostly correct with minor issues", "Excellent, complete, and accurate"];
    readonly "1-5": readonly ["Very poor - Completely wrong or unhelpful", "Poor - Major issues, missing key elements", "Average - Partially correct with notable gaps", "Good - Mostly correct with minor issues", "Excellent - Complete and accurate"];
    readonly "0-100": readonly ["Completely wrong", "Poor - Major issues", "Average - Partially correct", "Good - Mostly correct", "Perfect - Complete and accurate"];
};
export type ScaleType = keyof typeof SCALE_POINTS;
/** The scale names, for the config schema (`scale:`). */
export declare const SCALE_TYPES: [ScaleType, ...ScaleType[]];
export interface Scale {
    type: ScaleType;
    min: number;
    max: number;
    /** Labelled points shown to the judge, ascending. */
    labels: {
        score: number;
        label: string;
    }[];
    /** 0-100 is treated as continuous: decimals allowed, median instead of mode. */
    continuous: boolean;
}
export declare const SCALES: Record<ScaleType, Scale>;
export type ScoreParse = {
    ok: true;
    score: number;
} | {
    ok: false;
    reason: string;
};
/** Reads the judge's score, or says why it cannot be used. */
export declare function extractScore(text: string, scale: Scale): ScoreParse;
export declare function mean(values: number[]): number;
/** Population variance (divides by n, as the seed does). 0 for no values. */
export declare function populationVariance(values: number[]): number;
export declare function median(values: number[]): number;
/** Most frequent value; on a tie the tied values sorted ascending give modes[floor(k/2)] (seed rule). */
export declare function mode(values: number[]): number;
export interface VoteResult {
    finalScore: number;
    /** 0..1: share of votes equal to the final score (discrete) or 1 − σ/(¼ range), floored at 0 (0-100). */
    agreement: number;
    variance: number;
    votes: number;
}
/** Majority vote over the votes that parsed. No votes gives the scale's minimum and agreement 0. */
export declare function majorityVote(scores: number[], scale: Scale): VoteResult;
export declare function normalizeScore(score: number, scale: Scale): number;
/**
 * The seed's reliability rule: more than half of the judge calls failing makes the verdict unusable.
 * dust-evals checks "more than half" first, so its "All judge evaluations failed" is unreachable
 * there; here it names the case where no vote survived at all.
 */
export declare function unreliableVerdict(failed: number, total: number): string | null;
export interface Spread {
    mean: number;
    min: number;
    max: number;
    /** Population standard deviation. */
    stdDev: number;
}
/** Summary statistics of a non-empty list, or null for an empty one. */
export declare function spread(values: number[]): Spread | null;
export {};
