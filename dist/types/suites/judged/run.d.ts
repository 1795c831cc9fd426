import type { Case, CaseOutcome, RunContext } from "../../engine/types.ts";
import { type Scale } from "./grading.ts";
import type { JudgedInput } from "./load.ts";
import type { JudgedOptions } from "./options.ts";
export interface JudgeVoteDetail {
    /** 0-based vote index, also the request's `sample` so each vote is cached on its own. */
    sample: number;
    /** The judge's full answer (its reasoning), null when the call failed. */
    text: string | null;
    score: number | null;
    error?: {
        kind: "endpoint" | "judge";
        message: string;
    };
    conversationId?: string;
    latencyMs?: number;
}
/** What a judged case writes to results.json as its details. */
export interface JudgedCaseDetails {
    agent: string;
    run: number;
    row: number;
    prompt: string;
    criteria: string;
    scale: Scale["type"];
    response: string | null;
    conversationId?: string;
    agentDurationMs?: number;
    timedOut: boolean;
    votes: JudgeVoteDetail[];
    finalScore?: number;
    agreement?: number;
    variance?: number;
}
export declare function runJudgedCase(testCase: Case<JudgedInput>, ctx: RunContext & {
    options: JudgedOptions;
}): Promise<CaseOutcome>;
