/** The simulated user's system prompt: the seed's persona rules around the case's instructions. */
export declare function simulatorSystemPrompt(instructions: string, stopToken: string): string;
/** Opens the simulated user's thread, so its first message answers a greeting as a real user's would. */
export declare const OPENING_GREETING = "Hi! How can I help you today?";
export interface TranscriptEntry {
    role: "user" | "assistant" | "tool";
    content: string | null;
    toolCalls?: {
        name: string;
        arguments: Record<string, unknown>;
    }[];
    /** On tool entries: which function answered. */
    name?: string;
}
/** The completion check: the seed's question, shown the latest part of the conversation including calls. */
export declare function completionJudgeMessages(condition: string, transcript: TranscriptEntry[]): {
    role: "system" | "user";
    content: string;
}[];
/** "yes" / "no" (case, surrounding punctuation and a trailing explanation tolerated); anything else is unreadable. */
export declare function parseCompletionVerdict(text: string): boolean | undefined;
/** The stop token anywhere in the user's message, ignoring case and spacing. */
export declare function saysStopToken(message: string, stopToken: string): boolean;
