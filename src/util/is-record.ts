// The one check for "a JSON object" when reading untrusted JSON or YAML (answers, datasets, results):
// an object that is neither null nor an array, its fields still unknown.

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * `record[key]` when `key` is the record's own: a name read from one file ("constructor", "toString",
 * "__proto__") looked up in another record must never find what every object inherits.
 */
export function ownValue<T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
}
