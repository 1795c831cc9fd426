import type { OpenAIModelConfig } from "../config/models.ts";
import type { ChatAdapter, ParsedReply } from "./chat-model.ts";
import type { ChatMessage, ToolSchema } from "./types.ts";
export interface OpenAIMessage {
    role: string;
    content: string | null;
    name?: string;
    tool_calls?: {
        id: string;
        type: "function";
        function: {
            name: string;
            arguments: string;
        };
    }[];
    tool_call_id?: string;
}
export declare function toOpenAIMessages(messages: ChatMessage[]): OpenAIMessage[];
export declare function toOpenAITools(tools: ToolSchema[]): {
    type: "function";
    function: ToolSchema;
}[];
export declare function openAIUrl(config: Pick<OpenAIModelConfig, "base-url" | "api-version">): string;
export declare function openAIAdapter(config: OpenAIModelConfig, apiKey: string | undefined): ChatAdapter;
export declare function parseOpenAIReply(json: unknown): ParsedReply;
