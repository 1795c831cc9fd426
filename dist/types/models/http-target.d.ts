import type { HttpModelConfig } from "../config/models.ts";
import type { ChatAdapter } from "./chat-model.ts";
import type { ChatRequest } from "./types.ts";
/** `choices.0.message.content`: object keys and array indexes separated by dots. */
export declare function getPath(value: unknown, path: string): unknown;
export interface TemplateContext {
    /** Messages and tools in OpenAI's wire shape, the most common one HTTP targets accept. */
    messages: unknown;
    tools: unknown;
    /** The last user message's text. */
    prompt: string;
    vars: Record<string, unknown>;
}
/**
 * Fills a body template. A string that is exactly one placeholder becomes the JSON value; a
 * placeholder inside longer text is interpolated as text (JSON for non-strings).
 */
export declare function renderTemplate(template: unknown, context: TemplateContext, where: string): unknown;
export declare function lastUserText(request: ChatRequest): string;
/** Configured headers, plus `Authorization: Bearer <key>` when api-key-env is set and none is configured. */
export declare function httpHeaders(config: HttpModelConfig, apiKey: string | undefined): Record<string, string>;
export declare function httpTargetAdapter(name: string, config: HttpModelConfig, apiKey: string | undefined): ChatAdapter;
