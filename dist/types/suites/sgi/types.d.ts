/** One structured grading instruction, with the numeric id Eunomia gives it (1..M, manifest order). */
export interface SgiInstruction {
    id: number;
    textualId: string;
    criterionId: number;
    criterionTextualId: string;
    credits: number;
    gradingScale: string;
    instructionDescription: string;
    feedback: string;
    usageCount: number;
}
export interface SgiCriterion {
    /** 1..N in manifest order. */
    id: number;
    textualId: string;
    title: string;
    instructionIds: number[];
}
/** One `test_case_diffs` entry: for this test case, expect `replacement` instead of `key`. */
export interface SgiDiff {
    key: number;
    testCase: string;
    replacement: number;
    /** Line of the entry in manifest.yml. */
    line?: number;
}
export interface SgiTestCase {
    /** File stem, e.g. "missing_start_event". */
    name: string;
    /** Path relative to the repository root. */
    file: string;
    /** Index in sorted test-case order, sent as the submission id. */
    submissionId: number;
    /** The Apollon diagram serialised as a JSON string, as Athena expects it. */
    model: string;
}
export interface SgiExercise {
    id: number;
    title: string;
    type: string;
    max_points: number;
    bonus_points: number;
    grading_instructions?: string;
    problem_statement?: string;
    /** The example solution file's text, when the manifest names one. */
    example_solution?: string;
    meta: Record<string, unknown>;
}
export interface Scenario {
    /** Folder name. */
    name: string;
    /** The exercise title: names the scenario in reports and exported folders. */
    title: string;
    /** manifest.yml relative to the repository root. */
    manifestFile: string;
    exercise: SgiExercise;
    criteria: SgiCriterion[];
    /** Indexed by id - 1. */
    instructions: SgiInstruction[];
    defaultExpected: number[];
    diffs: SgiDiff[];
    testCases: SgiTestCase[];
}
export type ScoringScenario = Pick<Scenario, "instructions" | "defaultExpected" | "diffs" | "criteria">;
/** A feedback item as returned by Athena, normalised from camelCase or snake_case. */
export interface FeedbackItem {
    /** The SGI the item references; null for free-text feedback. */
    sgiId: number | null;
    credits: number;
    title?: string;
    description?: string;
    /** The item as received. */
    raw: Record<string, unknown>;
}
/** Token usage of one LLM call made by the feedback module. */
export interface LlmRequestUsage {
    model: string;
    inputTokens: number;
    outputTokens: number;
}
