import type { SuiteResults } from "../../engine/types.ts";
import type { CaseCost } from "./cost.ts";
import type { CriterionResult } from "./score.ts";
export declare const TEST_CASE_COLUMNS: readonly ["Test Case", "Test Case Detected Correctly", "Test Case Score (%)", "Expected Points", "Total Returned Points", "Cost", "Request Time (s)", "Wrong < Points", "Wrong > Points"];
/** What run-case keeps in a scored case's details for this export. */
export interface TestbenchDetails {
    test_case: string;
    expected_score: number;
    returned_score: number;
    test_case_detected_correctly: boolean;
    test_case_score_percent: number;
    /** Present when the suite has a price table. */
    cost?: CaseCost;
    criteria_results: CriterionResult[];
    /** The feedback items as the server sent them (camelCase or snake_case). */
    feedback: Record<string, unknown>[];
}
export declare function exportSgiArtifacts(suite: SuiteResults, ctx: {
    outDir: string;
    runId: string;
}): Promise<string[]>;
/** Eunomia names the folder by the exercise title with spaces turned into underscores. */
export declare function safeFolderName(title: string): string;
