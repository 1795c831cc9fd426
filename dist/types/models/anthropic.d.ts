import type { AnthropicModelConfig } from "../config/models.ts";
import type { ChatAdapter, ParsedReply } from "./chat-model.ts";
import type { ChatMessage } from "./types.ts";
export declare const ANTHROPIC_VERSION = "2023-06-01";
type Block = {
    type: "text";
    text: string;
} | {
    type: "tool_use";
    id: string;
    name: string;
    input: Record<string, unknown>;
} | {
    type: "tool_result";
    tool_use_id: string;
    content: string;
};
export interface AnthropicMessage {
    role: "user" | "assistant";
    content: Block[];
}
export declare function toAnthropicMessages(messages: ChatMessage[]): {
    system: string | undefined;
    messages: AnthropicMessage[];
};
export declare function anthropicAdapter(config: AnthropicModelConfig, apiKey: string | undefined): ChatAdapter;
export declare function parseAnthropicReply(json: unknown): ParsedReply;
export {};
