import type { Scale } from "./grading.ts";
export interface Attachment {
    /** The path as written in the CSV's files column. */
    path: string;
    text: string;
}
/** The agent's message: the prompt, then each attached file in its own delimited block. */
export declare function agentPrompt(prompt: string, attachments: Attachment[]): string;
export interface JudgePromptParts {
    prompt: string;
    response: string;
    criteria: string;
    scale: Scale;
    /** Optional markdown put first (the judge-preamble file), separated by a rule. */
    preamble?: string;
    /** Files the agent was given, named so the judge knows the prompt had more than its text. */
    attachmentPaths?: string[];
}
export declare function judgePrompt(parts: JudgePromptParts): string;
