import type { Case, CaseOutcome, RunContext } from "../../engine/types.ts";
import { type MetricRow } from "./evaluate.ts";
import type { ConversationInput } from "./load.ts";
import type { ConversationsOptions } from "./options.ts";
/** What a conversations case writes to results.json (and the SQLite file's FlexEval tables). */
export interface ConversationDetails {
    file: string;
    line: number;
    systemPrompt: string | null;
    metadata: Record<string, unknown>;
    messages: {
        index: number;
        turn: number;
        role: string;
        content: string;
        metadata: Record<string, unknown>;
        isCompletion?: true;
    }[];
    turns: {
        index: number;
        role: string;
    }[];
    toolCalls: {
        index: number;
        message: number;
        turn: number;
        id: string;
        name: string;
        args: string;
        response: string | null;
    }[];
    rows: MetricRow[];
    completion?: {
        model: string;
        latencyMs: number;
        error?: string;
    };
}
export declare function runConversationCase(testCase: Case<ConversationInput>, ctx: RunContext & {
    options: ConversationsOptions;
}): Promise<CaseOutcome>;
