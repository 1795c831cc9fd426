import type { ModelConfig } from "../config/models.ts";
import { type ModelIdentity, type ResponseCache } from "./cache.ts";
import { type HttpRequestSpec, type ModelChannel } from "./transport.ts";
import type { ChatModel, ChatRequest, TokenUsage, ToolCall } from "./types.ts";
export interface ParsedReply {
    text: string;
    toolCalls: ToolCall[];
    usage: TokenUsage | null;
    /** The answer reported token counts that cannot be right (negative, not finite): its usage and cost are unknown. */
    usageUnusable?: true;
    requestId?: string;
    /** The model the provider says answered (`model`, `system_fingerprint`), when it says. */
    identity?: ModelIdentity;
    /** The provider marked the answer a refusal (OpenAI `refusal`, a content filter; Anthropic `stop_reason: refusal`). */
    refused?: boolean;
}
/** Whether an answer may be cached or served from the cache: not refused, not empty, usable by its caller. */
export declare function isUsable(reply: ParsedReply, request: ChatRequest): boolean;
/** What differs between providers. `parse` throws a plain Error saying what is missing. */
export interface ChatAdapter {
    provider: ModelConfig["provider"];
    build(request: ChatRequest): HttpRequestSpec;
    parse(json: unknown): ParsedReply;
}
export interface ChatModelDeps {
    config: ModelConfig;
    channel: ModelChannel;
    cache: ResponseCache | null;
}
/** The reply with its text within the answer cap (src/util/cap-text.ts). */
export declare function capped(reply: ParsedReply): ParsedReply;
export declare function createChatModel(name: string, adapter: ChatAdapter, deps: ChatModelDeps): ChatModel;
