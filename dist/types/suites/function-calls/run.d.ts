import type { Case, CaseOutcome, RunContext } from "../../engine/types.ts";
import type { FunctionCallInput } from "./load.ts";
import { type ActualCall, type CallScore } from "./metrics.ts";
import type { FunctionCallOptions } from "./options.ts";
import { type TranscriptEntry } from "./prompts.ts";
type Ctx = RunContext & {
    options: FunctionCallOptions;
};
export type Termination = "recorded" | "single_turn" | "stop_token" | "judge" | "turn_limit";
export interface FunctionCallDetails {
    mode: "recorded" | "single-turn" | "multi-turn";
    termination?: Termination;
    turns?: number;
    transcript: TranscriptEntry[];
    /** Every call the target made, with the case's function names, in order. */
    calls: ActualCall[];
    judgeVerdicts?: {
        turn: number;
        text: string;
        complete: boolean;
    }[];
    /** Turns in which the target kept calling tools past max-tool-rounds. */
    toolRoundLimitTurns?: number[];
    score?: Omit<CallScore, "metrics">;
}
export declare function runFunctionCallCase(testCase: Case<FunctionCallInput>, ctx: Ctx): Promise<CaseOutcome>;
export {};
