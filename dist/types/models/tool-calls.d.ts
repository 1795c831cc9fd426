import type { ToolCall } from "./types.ts";
/** Arguments as an object: JSON strings are parsed, nothing becomes `{}`, garbage becomes `{ __raw }`. */
export declare function parseToolArguments(raw: unknown): Record<string, unknown>;
/** The arguments as the JSON string a provider expects back (the raw text when it was unreadable). */
export declare function serializeToolArguments(args: Record<string, unknown>): string;
/**
 * Tool calls in any of the shapes HTTP targets use: `{name | functionName, arguments, id?}` or
 * OpenAI's `{id, function: {name, arguments}}`. Entries without a name are skipped.
 */
export declare function normalizeToolCalls(value: unknown): ToolCall[];
export declare function isPlainObject(value: unknown): value is Record<string, unknown>;
