import type { ModelConfig } from "../config/models.ts";
import { type ResponseCache } from "./cache.ts";
import { type HttpRequestSpec, type ModelChannel } from "./transport.ts";
import type { ChatModel, ChatRequest, TokenUsage, ToolCall } from "./types.ts";
export interface ParsedReply {
    text: string;
    toolCalls: ToolCall[];
    usage: TokenUsage | null;
    requestId?: string;
}
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
export declare function createChatModel(name: string, adapter: ChatAdapter, deps: ChatModelDeps): ChatModel;
