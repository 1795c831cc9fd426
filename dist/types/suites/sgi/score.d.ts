import type { FeedbackItem, ScoringScenario, SgiInstruction } from "./types.ts";
export declare const SCORE_TOLERANCE = 0.000001;
export interface InstructionRef {
    id: number;
    textual_id: string;
    credits: number;
    instructionDescription: string;
}
export interface ReceivedRef extends InstructionRef {
    /** The returned feedback's own description (the first item referencing this instruction). */
    feedbackDescription: string | null;
}
export interface CriterionResult {
    criterion_id: number;
    criterion_textual_id: string;
    mismatch_pairs: {
        expected: InstructionRef;
        received: ReceivedRef;
    }[];
    missing_instructions: InstructionRef[];
    extra_instructions: ReceivedRef[];
}
export interface CaseScore {
    /** E: default_expected with this test case's replacements. */
    expected: number[];
    /** D: the replacement instruction of every diff entry for this test case. */
    diffSet: number[];
    /** R: returned instruction ids that exist in the scenario, duplicates kept. */
    returned: number[];
    /** U: returned instruction ids the scenario does not define. */
    unknown: number[];
    expectedScore: number;
    /** Σ server credits over feedback items that reference a known instruction. */
    returnedScore: number;
    /** 0..100. */
    percent: number;
    detected: boolean;
    scoreMatch: boolean;
    fullyCorrect: boolean;
    missing: number[];
    extra: number[];
    wrongLess: number;
    wrongMore: number;
    criteriaResults: CriterionResult[];
}
export declare function expectedFor(scenario: ScoringScenario, testCase: string): number[];
export declare function diffSetFor(scenario: ScoringScenario, testCase: string): number[];
export declare function scoreCase(scenario: ScoringScenario, testCase: string, feedback: FeedbackItem[]): CaseScore;
/**
 * Per criterion, pop the last missing and the last extra instruction as a pair: an extra worth more
 * (manifest credits) than the missing one is a wrong-more point, otherwise wrong-less. Leftover
 * missing ones are wrong-less; leftover extras are wrong-more if they carry credits, else wrong-less.
 */
export declare function wrongPoints(missing: number[], extra: number[], instruction: (id: number) => SgiInstruction): {
    wrongLess: number;
    wrongMore: number;
};
