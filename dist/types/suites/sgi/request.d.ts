import type { Scenario, SgiTestCase } from "./types.ts";
export interface AthenaGradingInstruction {
    id: number;
    credits: number;
    grading_scale: string;
    instruction_description: string;
    feedback: string;
    usage_count: number;
    meta: {
        textual_id: Record<string, string>;
    };
}
export interface AthenaGradingCriterion {
    id: number;
    title: string;
    meta: {
        textual_id: Record<string, string>;
    };
    structured_grading_instructions: AthenaGradingInstruction[];
}
export interface AthenaFeedbackRequest {
    exercise: Scenario["exercise"] & {
        grading_criteria: AthenaGradingCriterion[];
    };
    submission: {
        id: number;
        exerciseId: number;
        model: string;
    };
}
export declare function buildFeedbackRequest(scenario: Scenario, testCase: SgiTestCase): AthenaFeedbackRequest;
