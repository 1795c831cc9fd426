// JSON with object keys sorted, so the same content always gives the same text (and hash).

/** JSON with object keys sorted; undefined for a value JSON leaves out (undefined, a function). */
export function stableJson(value: unknown): string | undefined {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((item) => stableJson(item) ?? "null").join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined && typeof item !== "function")
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, item]) => `${JSON.stringify(key)}:${stableJson(item) ?? "null"}`);
  return `{${entries.join(",")}}`;
}
