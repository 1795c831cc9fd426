// The Athena feedback_suggestions request for one test case, in the exact shape Eunomia sends.
import type { Scenario, SgiTestCase } from "./types.ts";

export interface AthenaGradingInstruction {
  id: number;
  credits: number;
  grading_scale: string;
  instruction_description: string;
  feedback: string;
  usage_count: number;
  meta: { textual_id: Record<string, string> };
}

export interface AthenaGradingCriterion {
  id: number;
  title: string;
  meta: { textual_id: Record<string, string> };
  structured_grading_instructions: AthenaGradingInstruction[];
}

export interface AthenaFeedbackRequest {
  exercise: Scenario["exercise"] & { grading_criteria: AthenaGradingCriterion[] };
  submission: { id: number; exerciseId: number; model: string };
}

export function buildFeedbackRequest(scenario: Scenario, testCase: SgiTestCase): AthenaFeedbackRequest {
  const gradingCriteria = scenario.criteria.map((criterion) => ({
    id: criterion.id,
    title: criterion.title,
    meta: { textual_id: { [String(criterion.id)]: criterion.textualId } },
    structured_grading_instructions: criterion.instructionIds.map((id) => {
      const sgi = scenario.instructions[id - 1]!;
      return {
        id: sgi.id,
        credits: sgi.credits,
        grading_scale: sgi.gradingScale,
        instruction_description: sgi.instructionDescription,
        feedback: sgi.feedback,
        usage_count: sgi.usageCount,
        meta: { textual_id: { [String(sgi.id)]: sgi.textualId } },
      };
    }),
  }));
  return {
    exercise: { ...scenario.exercise, grading_criteria: gradingCriteria },
    submission: { id: testCase.submissionId, exerciseId: scenario.exercise.id, model: testCase.model },
  };
}
