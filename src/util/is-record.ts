// The one check for "a JSON object" when reading untrusted JSON or YAML (answers, datasets, results):
// an object that is neither null nor an array, its fields still unknown.

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
