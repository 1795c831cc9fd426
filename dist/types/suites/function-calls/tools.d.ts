import type { ToolSchema } from "../../models/types.ts";
/** Rewrites BFCL `type`s (dict, float, tuple, any) into JSON Schema, recursively. */
export declare function toJsonSchema(schema: unknown): unknown;
/** Reads one tool in OpenAI form ({type: "function", function: {...}}) or bare ({name, parameters}). */
export declare function readToolSchema(value: unknown): ToolSchema | string;
export interface WireTools {
    tools: ToolSchema[];
    /** Wire name → the case's own name. */
    original: Map<string, string>;
}
/** Names as OpenAI accepts them (^[a-zA-Z0-9_-]{1,64}$): `.` and anything else become `_`, collisions get a suffix. */
export declare function toWireTools(tools: ToolSchema[]): WireTools;
/** The case's name for a called tool (unknown names are kept as the target sent them). */
export declare function fromWireName(wire: WireTools, name: string): string;
