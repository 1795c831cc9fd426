// A short hash of a JSON-like value, the same whatever its keys' order: a test's id part (its
// description and vars) and a prompt's identity.
import { createHash } from "node:crypto";

function stable(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map(stable).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stable(item)}`).join(",")}}`;
}

export function stableHash(value: unknown): string {
  return createHash("sha256").update(stable(value)).digest("hex").slice(0, 16);
}
