// `{{column}}` in a check's value: filled from the case's row in one pass (a filled value is never
// read again for placeholders). Names are matched as the CSV header is read: trimmed, lower case.

const PLACEHOLDER = /\{\{([^{}]*)\}\}/g;

/** The names a template reads, in order of first use ("" for an empty `{{}}`). */
export function placeholders(template: string): string[] {
  const names: string[] = [];
  for (const match of template.matchAll(PLACEHOLDER)) {
    const name = columnName(match[1]!);
    if (!names.includes(name)) names.push(name);
  }
  return names;
}

/** A header's or a placeholder's name as both are compared: trimmed, lower case. */
export function columnName(raw: string): string {
  return raw.trim().toLowerCase();
}

/** The template with each placeholder replaced by `value(name)`. */
export function fillTemplate(template: string, value: (name: string) => string): string {
  if (!template.includes("{{")) return template;
  return template.replace(PLACEHOLDER, (_, name: string) => value(columnName(name)));
}
