import type { CaseResult, SuiteResults } from "../engine/types.ts";
import type { CaseChange, CaseChangeKind } from "./types.ts";
/**
 * The metrics that make a case's main score: the suite's gated higher-is-better metrics, the 0..1
 * ratios among them when there are any (a reading ease of 60 must not outweigh a 0..1 rubric score).
 */
export declare function mainScoreMetrics(suite: SuiteResults): string[];
/**
 * Mean of the case's values for the main metrics, each read from the case's own group ("agent/score"
 * is the case metric "score" of that agent's cases); null for an error or when no main metric applies.
 * Never a fallback to other values: timings, counts and variances are not scores.
 */
export declare function caseScore(result: CaseResult, mainMetrics: readonly string[]): number | null;
export declare function emptyChangeCounts(): Record<CaseChangeKind, number>;
/** Case ids whose fingerprint (inputs and expectations) differs between the two runs; cases without one match anything. */
export declare function changedCaseIds(head: SuiteResults, baseline: SuiteResults | undefined): Set<string>;
/** Worst first: errors, then the largest regressions; stable by case id after that. */
export declare function sortChanges(changes: CaseChange[]): CaseChange[];
export declare function compareCases(head: SuiteResults, baseline: SuiteResults | undefined): CaseChange[];
/** Scored cases whose main score is under `minScore`: the cases behind a failing suite without a baseline. */
export declare function lowScoringCases(head: SuiteResults, minScore: number): CaseChange[];
