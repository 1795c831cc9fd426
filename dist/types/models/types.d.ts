export type Role = "system" | "user" | "assistant" | "tool";
export interface ToolCall {
    /** Provider-assigned id, echoed back in the tool result message. */
    id: string;
    name: string;
    /** Parsed JSON arguments; `{}` when the model sent none. */
    arguments: Record<string, unknown>;
    /** A reported trajectory's call (an agent that ran its own tools): what the tool answered, as the agent reports it. */
    result?: string;
    /** Whether the tool answered with an error, as the agent reports it. */
    isError?: boolean;
}
export interface ChatMessage {
    role: Role;
    content: string | null;
    toolCalls?: ToolCall[];
    /** Set on role "tool": which call this message answers. */
    toolCallId?: string;
    name?: string;
}
/** A tool offered to the model, in JSON Schema form (OpenAI "function" tools). */
export interface ToolSchema {
    name: string;
    description?: string;
    parameters: Record<string, unknown>;
}
/** Why a call is made. It decides the default cache policy: everything but "target" is cacheable. */
export type CallPurpose = "target" | "judge" | "simulator" | "grader";
/** Which case of which suite, and which repeat of it. */
export interface CaseRef {
    suite: string;
    id: string;
    repeat: number;
}
export interface ChatRequest {
    messages: ChatMessage[];
    tools?: ToolSchema[];
    purpose: CallPurpose;
    /**
     * Distinguishes deliberate repeats of an identical request (judge vote 2 of 3, repeat 4),
     * so the cache never serves vote 1's answer as vote 2's.
     */
    sample?: number;
    /** Extra values for templated (http) targets, e.g. the raw prompt or a session id. */
    vars?: Record<string, unknown>;
    /** The case's values for the `{{name}}` placeholders of a prompt file (a prompt target's template). */
    placeholders?: Readonly<Record<string, string>>;
    /** The case the request is made for (set by the engine): a program target receives it as `case`. */
    case?: CaseRef;
    temperature?: number;
    maxTokens?: number;
    topP?: number;
    /**
     * Where each setting above came from, as the note naming a setting the model refused shows it:
     * "prompts/careful.prompt.yml:8 temperature", "the completion judge's temperature".
     */
    origins?: Partial<Record<RequestSetting, string>>;
    /** The answer's format (a prompt file's responseFormat), for providers that can ask for one. */
    responseFormat?: ResponseFormat;
    /**
     * Whether the caller can use this answer's text (a judge's vote parses, a grade is a choice). An
     * answer it cannot use is never cached, and a cached one it cannot use is asked again.
     */
    usable?: (text: string) => boolean;
}
/** The sampling and length settings a request may carry. */
export type RequestSetting = "temperature" | "maxTokens" | "topP";
/** JSON mode, or JSON that follows a schema (OpenAI's response_format). */
export type ResponseFormat = {
    type: "json_object";
} | {
    type: "json_schema";
    jsonSchema: {
        name: string;
        strict?: boolean;
        description?: string;
        schema: Record<string, unknown>;
    };
};
export interface TokenUsage {
    /** Every input token, those read from or written to the provider's prompt cache included. */
    inputTokens: number;
    /** Every output token, reasoning tokens included. */
    outputTokens: number;
    /** Input tokens read from the prompt cache (OpenAI cached_tokens, Anthropic cache_read_input_tokens), when reported. */
    cachedInputTokens?: number;
    /** Input tokens written to the prompt cache (Anthropic cache_creation_input_tokens), when reported. */
    cacheWriteTokens?: number;
    /** Output tokens spent thinking (OpenAI reasoning_tokens), when reported. */
    reasoningTokens?: number;
}
export interface ChatResponse {
    text: string;
    toolCalls: ToolCall[];
    usage: TokenUsage | null;
    /** USD from the model's price table; null when the price or the usage is unknown. */
    costUsd: number | null;
    latencyMs: number;
    /** Conversation or request id from the endpoint, kept for debugging. */
    requestId?: string;
    cached: boolean;
    /** Which configured model answered (its name in evalgate.yml). */
    model: string;
    /** Number of HTTP attempts it took (1 = no retry). */
    attempts: number;
}
export interface ChatModel {
    readonly name: string;
    chat(request: ChatRequest, signal?: AbortSignal): Promise<ChatResponse>;
}
