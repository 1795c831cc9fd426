// Every secret evalgate reads is registered here, and everything it prints or writes passes
// through redact(): keys never reach logs, comments or result files.

const secrets = new Set<string>();

export function registerSecret(value: string | undefined): void {
  // Very short values would redact ordinary words; real keys are longer.
  if (value && value.length >= 6) secrets.add(value);
}

export function redact(text: string): string {
  let out = text;
  for (const secret of secrets) out = out.split(secret).join("***");
  return out;
}

/** Redacts every string inside a JSON-like value. */
export function redactDeep<T>(value: T): T {
  if (secrets.size === 0) return value;
  return JSON.parse(redact(JSON.stringify(value))) as T;
}
