import type { InputProblem } from "../../config/errors.ts";
export type Level = "Thread" | "Turn" | "Message" | "ToolCall";
export declare const LEVELS: readonly Level[];
/** Coarse to fine: a metric may depend on its own level or a coarser one. */
export declare const LEVEL_RANK: Record<Level, number>;
export interface ToolCallObject {
    level: "ToolCall";
    /** 0-based among the thread's tool calls. */
    index: number;
    id: string;
    name: string;
    /** The arguments as the JSON text FlexEval stores. */
    args: string;
    arguments: Record<string, unknown>;
    /** Content of the tool message that answered the call, when there is one. */
    response: string | null;
    messageIndex: number;
    turnIndex: number;
    role: string;
}
export interface MessageObject {
    level: "Message";
    /** 0-based among the thread's messages (the system prompt is not a message). */
    index: number;
    turnIndex: number;
    role: string;
    content: string;
    toolCalls: ToolCallObject[];
    /** The message's extra keys. */
    metadata: Record<string, unknown>;
    /** True for the answer evalgate asked for in completion mode. */
    isCompletion: boolean;
}
export interface TurnObject {
    level: "Turn";
    index: number;
    /** FlexEval's rule: the role of the turn's last message. */
    role: string;
    messages: MessageObject[];
    toolCalls: ToolCallObject[];
    /** The messages' contents joined by newlines (FlexEval's string form of a turn). */
    content: string;
    isLast: boolean;
}
export interface ThreadObject {
    level: "Thread";
    index: 0;
    role: "thread";
    systemPrompt: string | null;
    metadata: Record<string, unknown>;
    messages: MessageObject[];
    turns: TurnObject[];
    toolCalls: ToolCallObject[];
    content: string;
}
export type LevelObject = ThreadObject | TurnObject | MessageObject | ToolCallObject;
/** What the JSONL line holds, before turns are built. */
export interface RawMessage {
    role: string;
    content: string;
    toolCalls: {
        id: string;
        name: string;
        args: string;
        arguments: Record<string, unknown>;
    }[];
    toolCallId?: string;
    metadata: Record<string, unknown>;
    isCompletion?: boolean;
}
export interface RawThread {
    systemPrompt: string | null;
    metadata: Record<string, unknown>;
    messages: RawMessage[];
}
export declare function isMachineRole(role: string): boolean;
/** Parses one JSONL line into a raw thread, or the problems that name the line and the field. */
export declare function parseThreadLine(text: string, file: string, line: number): {
    thread: RawThread;
} | {
    problems: InputProblem[];
};
/** Builds turns, tool calls and the objects metrics see, following FlexEval's turn rule. */
export declare function buildThread(raw: RawThread): ThreadObject;
/** The objects of one level, in thread order. */
export declare function objectsAt(thread: ThreadObject, level: Level): LevelObject[];
/** The object of a coarser (or the same) level that contains this one. */
export declare function containerAt(thread: ThreadObject, object: LevelObject, level: Level): LevelObject;
/**
 * Completion mode: the thread up to and including its last user-side turn, the later machine turn
 * dropped, so a target can answer in its place.
 */
export declare function promptForCompletion(raw: RawThread): RawMessage[];
