// Tool schemas as offered to the target: BFCL's Python-flavoured types become JSON Schema, and
// names OpenAI refuses (dots, as in `math.factorial`) get a wire name that is mapped back on return.
import type { ToolSchema } from "../../models/types.ts";

const BFCL_TYPES: Record<string, string> = {
  dict: "object",
  float: "number",
  tuple: "array",
  int: "integer",
  bool: "boolean",
  str: "string",
  list: "array",
};

/** Rewrites BFCL `type`s (dict, float, tuple, any) into JSON Schema, recursively. */
export function toJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toJsonSchema);
  if (typeof schema !== "object" || schema === null) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema as Record<string, unknown>)) {
    if (key === "type" && typeof value === "string") {
      if (value === "any") continue; // JSON Schema: no type means any
      out[key] = BFCL_TYPES[value] ?? value;
    } else if (key === "properties" && typeof value === "object" && value !== null) {
      out[key] = Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([name, child]) => [name, toJsonSchema(child)]));
    } else if (key === "items" || key === "additionalProperties" || key === "anyOf" || key === "oneOf") {
      out[key] = toJsonSchema(value);
    } else out[key] = value;
  }
  return out;
}

/** Reads one tool in OpenAI form ({type: "function", function: {...}}) or bare ({name, parameters}). */
export function readToolSchema(value: unknown): ToolSchema | string {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return "a tool must be an object with name and parameters";
  const record = value as Record<string, unknown>;
  const fn = (typeof record.function === "object" && record.function !== null ? record.function : record) as Record<string, unknown>;
  if (typeof fn.name !== "string" || fn.name === "") return "a tool needs a non-empty name";
  const parameters = fn.parameters ?? { type: "object", properties: {} };
  if (typeof parameters !== "object" || parameters === null || Array.isArray(parameters))
    return `tool ${fn.name}: parameters must be an object`;
  return {
    name: fn.name,
    ...(typeof fn.description === "string" && { description: fn.description }),
    parameters: toJsonSchema(parameters) as Record<string, unknown>,
  };
}

export interface WireTools {
  tools: ToolSchema[];
  /** Wire name → the case's own name. */
  original: Map<string, string>;
}

/** Names as OpenAI accepts them (^[a-zA-Z0-9_-]{1,64}$): `.` and anything else become `_`, collisions get a suffix. */
export function toWireTools(tools: ToolSchema[]): WireTools {
  const original = new Map<string, string>();
  const wire = tools.map((tool) => {
    const base = tool.name.replace(/[^a-zA-Z0-9_-]/g, "_").slice(0, 60) || "tool";
    let name = base;
    for (let n = 2; original.has(name); n++) name = `${base}_${n}`;
    original.set(name, tool.name);
    return { ...tool, name };
  });
  return { tools: wire, original };
}

/** The case's name for a called tool (unknown names are kept as the target sent them). */
export function fromWireName(wire: WireTools, name: string): string {
  return wire.original.get(name) ?? name;
}
