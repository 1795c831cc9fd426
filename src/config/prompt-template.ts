// `{{name}}` placeholders in a prompt file's messages: where they are, and how a case's values fill
// them. One pass, no logic: a value is inserted as it is and never read again, so a CSV cell holding
// `{{city}}` reaches the model as that text; `\{{` writes a literal `{{`. Only message contents are
// templated, after the file is parsed, so a value can never add a message or change a role.
//
// Names are read as gh-models reads them: it replaces `{{` + key + `}}` for every key a row has,
// whatever the key holds (`{{user name}}`, `{{город}}`, `{{1st}}`), and leaves anything else as
// written. So a name here is any text between `{{` and `}}` that reads as one: letters of any
// script, digits, marks, `_`, `.`, `-` and spaces between words (`{{ name }}` is `name`). Such a
// placeholder with no value is a problem, never sent as written. Other text between braces (JSON
// such as `{{"a": 1}}`, `{{#each}}`) is text, unless the case has a value under exactly that key.

/** `\{{`, or `{{…}}` on one line without braces inside. */
const TOKEN = /\\\{\{|\{\{([^{}\r\n]*)\}\}/g;
/** What between the braces reads as a name (after trimming): gh fills it when a row has that key. */
const NAME = /^[\p{L}\p{N}_][\p{L}\p{M}\p{N}_.\- ]*$/u;

/** The placeholder name `inner` (what is between the braces) stands for, or undefined when it is text. */
function nameOf(inner: string): string | undefined {
  const name = inner.trim();
  return NAME.test(name) ? name : undefined;
}

export interface PlaceholderUse {
  name: string;
  /** UTF-16 offset of the `{{` in the text. */
  index: number;
}

/** The placeholders of a text, in order (an escaped `\{{` is none). */
export function placeholdersIn(text: string): PlaceholderUse[] {
  const found: PlaceholderUse[] = [];
  for (const match of text.matchAll(TOKEN)) {
    const name = match[1] === undefined ? undefined : nameOf(match[1]);
    if (name !== undefined) found.push({ name, index: match.index });
  }
  return found;
}

/**
 * Each placeholder name a file's messages use, once, where it is first used (the message's index and
 * the line): the one place a "no value for {{name}}" problem points at.
 */
export function firstPlaceholderUses(
  messages: readonly { placeholders: readonly { name: string; line: number }[] }[],
): { name: string; line: number; message: number }[] {
  const first = new Map<string, { name: string; line: number; message: number }>();
  messages.forEach((message, index) => {
    for (const { name, line } of message.placeholders) if (!first.has(name)) first.set(name, { name, line, message: index });
  });
  return [...first.values()];
}

/** A placeholder the values lack, met while filling (the load-time check makes this a bug, not an input problem). */
export class MissingValueError extends Error {
  override readonly name = "MissingValueError";
  readonly missing: string[];
  constructor(missing: string[]) {
    super(`no value for ${missing.map((name) => `{{${name}}}`).join(", ")}`);
    this.missing = missing;
  }
}

/** The text with every placeholder replaced by its value, in one pass; `\{{` becomes `{{`. Throws MissingValueError. */
export function fillTemplate(text: string, values: Readonly<Record<string, string>>): string {
  const missing: string[] = [];
  const filled = text.replace(TOKEN, (whole, inner: string | undefined) => {
    if (inner === undefined) return "{{";
    const name = nameOf(inner);
    if (name !== undefined && Object.hasOwn(values, name)) return values[name]!;
    if (Object.hasOwn(values, inner)) return values[inner]!; // gh's rule: a key, whatever it holds
    if (name === undefined) return whole; // text between braces
    missing.push(name);
    return whole;
  });
  if (missing.length > 0) throw new MissingValueError([...new Set(missing)]);
  return filled;
}

/** A case value as a placeholder takes it: text as it is, a number or boolean as JSON writes it; anything else has none. */
export function templateValue(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if ((typeof value === "number" && Number.isFinite(value)) || typeof value === "boolean") return JSON.stringify(value);
  return undefined;
}
