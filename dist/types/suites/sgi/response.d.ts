import type { FeedbackItem, LlmRequestUsage } from "./types.ts";
export interface AthenaResponse {
    moduleName?: string;
    feedback: FeedbackItem[];
    /** Token usage per LLM call; null when the response carries no meta.llmRequests (cost unknown). */
    llmRequests: LlmRequestUsage[] | null;
}
export type ParseResult = {
    ok: true;
    value: AthenaResponse;
} | {
    ok: false;
    message: string;
};
export declare function parseAthenaResponse(json: unknown): ParseResult;
