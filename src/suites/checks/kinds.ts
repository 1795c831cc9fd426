// The one table of check kinds: what a suite's `checks:` may say about an answer. An entry is the
// kind's key in evalgate.yml, the schema of its value, the options it takes, what it prepares at
// load (everything that can be wrong is found there, before any request) and its test of one
// answer. Adding a kind is one entry: the config's schema, the names and the loader follow from it.
import * as z from "zod";
import { answerCut } from "../../util/cap-text.ts";
import { compileSchema, type SchemaValidator } from "./json-schema.ts";
import { type AnswerMatcher, answerMatcher } from "./regex.ts";
import { fillTemplate } from "./template.ts";
import { around, codePointLength, escapeRegexLiteral, formatCount, lowerCase, quote, quoteExact } from "./text.ts";

/** A check's outcome on one answer: passed, or failed with the reason a reviewer reads. */
export type CheckVerdict = { passed: true } | { passed: false; reason: string };

/** A value a kind cannot use, found at load; `file`/`line` when it is in another file than the config (a schema). */
export class CheckProblem extends Error {
  override readonly name = "CheckProblem";
  readonly where: { file: string; line?: number } | undefined;
  constructor(message: string, where?: { file: string; line?: number }) {
    super(message);
    this.where = where;
  }
}

/** What a kind may ask for while it prepares: a file the check names, read inside the repository. */
export interface PrepareContext {
  /** The file's text and the path shown for it; throws CheckProblem when it cannot be read. */
  readFile(path: string): Promise<{ text: string; file: string }>;
}

/**
 * One answer, with what several checks derive from it computed once. An answer past the cap (1 MiB,
 * util/cap-text.ts) is its kept part (`text`) and its whole length (`cutFrom`): checks see the kept
 * part, and decide only what that part decides (CheckKind.onPart).
 */
export class Answer {
  readonly text: string;
  /** The whole answer's length, when only its first part was kept. */
  readonly cutFrom: number | undefined;
  private lowered: string | undefined;
  private parsed: { ok: true; value: unknown } | { ok: false; reason: string } | undefined;

  constructor(text: string) {
    const cut = answerCut(text);
    this.text = cut?.kept ?? text;
    this.cutFrom = cut?.total;
  }

  lower(): string {
    this.lowered ??= lowerCase(this.text);
    return this.lowered;
  }

  json(): { ok: true; value: unknown } | { ok: false; reason: string } {
    if (!this.parsed) {
      try {
        this.parsed = { ok: true, value: JSON.parse(this.text) };
      } catch (error) {
        this.parsed = { ok: false, reason: `is not JSON: ${(error as Error).message}` };
      }
    }
    return this.parsed;
  }
}

/** What a check's test gets besides the answer. */
export interface CheckInput<Prepared> {
  /** The value's texts with `{{column}}` filled from the case's row (regex: as escaped literal text). */
  texts: string[];
  caseSensitive: boolean;
  /** Regular-expression flags (regex). */
  flags: string;
  prepared: Prepared;
  signal?: AbortSignal;
}

export interface CheckKind<Value = unknown, Prepared = unknown> {
  /** The key in evalgate.yml: `{ contains: "…" }`. */
  key: string;
  value: z.ZodType<Value>;
  /** One line for the config's schema and the docs. */
  description: string;
  /** Whether `case-sensitive` applies, and its default. */
  caseSensitive?: boolean;
  /** Whether `flags` applies (regular expressions). */
  flags?: boolean;
  /**
   * What the kept part of a cut answer decides: "pass" when passing on it means passing on the whole
   * (contains), "fail" when failing does (not-contains), "both" when the check sees the whole
   * (max-length reads the whole length). Any other outcome on a cut answer is not a verdict.
   */
  onPart?: "pass" | "fail" | "both";
  /** The texts in the value that `{{column}}` fills; none when there is nothing to fill. */
  texts(value: Value): string[];
  /** How a row's value is written into a text (regex: escaped, so it is matched literally). */
  escape?(value: string): string;
  /** Load time: throws CheckProblem for what cannot be evaluated (an invalid pattern, an unreadable schema). */
  prepare(value: Value, options: { flags: string }, ctx: PrepareContext): Prepared | Promise<Prepared>;
  test(answer: Answer, input: CheckInput<Prepared>): CheckVerdict | Promise<CheckVerdict>;
}

const PASSED: CheckVerdict = { passed: true };
const failed = (reason: string): CheckVerdict => ({ passed: false, reason });
/** The case rule in a reason, when it is not the kind's default. */
const caseNote = (input: { caseSensitive: boolean }, byDefault: boolean) =>
  input.caseSensitive === byDefault ? "" : input.caseSensitive ? " (case-sensitive)" : " (ignoring case)";

/** Defines an entry with its own value and prepared types; the table holds them alike. */
function kind<Value, Prepared = undefined>(entry: CheckKind<Value, Prepared>): CheckKind {
  return entry as unknown as CheckKind;
}

const text = z.string().min(1, "must not be empty");
const one = (value: string) => [value];
const nothing = () => undefined;

/** Where `needle` is in the answer, by the check's case rule; -1 when it is not. */
function indexIn(answer: Answer, needle: string, caseSensitive: boolean): number {
  return caseSensitive ? answer.text.indexOf(needle) : answer.lower().indexOf(lowerCase(needle));
}

const textKinds: CheckKind[] = [
  kind<string>({
    key: "contains",
    onPart: "pass",
    value: text,
    description: "the answer contains this text (case-insensitive unless case-sensitive: true)",
    caseSensitive: false,
    texts: one,
    prepare: nothing,
    test: (answer, input) =>
      indexIn(answer, input.texts[0]!, input.caseSensitive) >= 0
        ? PASSED
        : failed(`does not contain ${quote(input.texts[0]!)}${caseNote(input, false)}`),
  }),
  kind<string>({
    key: "not-contains",
    onPart: "fail",
    value: text,
    description: "the answer does not contain this text (case-insensitive unless case-sensitive: true)",
    caseSensitive: false,
    texts: one,
    prepare: nothing,
    test: (answer, input) => {
      const needle = input.texts[0]!;
      const at = indexIn(answer, needle, input.caseSensitive);
      if (at < 0) return PASSED;
      return failed(
        `contains ${quote(needle)}${caseNote(input, false)} at character ${formatCount(at + 1)}: "${around(answer.text, at, needle.length)}"`,
      );
    },
  }),
  kind<string>({
    key: "equals",
    value: z.string(),
    description: "the answer is exactly this text (case-sensitive unless case-sensitive: false; whitespace counts)",
    caseSensitive: true,
    texts: one,
    prepare: nothing,
    test: (answer, input) => {
      const expected = input.texts[0]!;
      const same = input.caseSensitive ? answer.text === expected : answer.lower() === lowerCase(expected);
      return same
        ? PASSED
        : failed(
            `is not ${quoteExact(expected)}${caseNote(input, true)}: the answer is ${quoteExact(answer.text)} (${formatCount(codePointLength(answer.text))} characters)`,
          );
    },
  }),
  kind<string>({
    key: "starts-with",
    onPart: "pass",
    value: text,
    description: "the answer starts with this text (case-insensitive unless case-sensitive: true)",
    caseSensitive: false,
    texts: one,
    prepare: nothing,
    test: (answer, input) => {
      const start = input.texts[0]!;
      const ok = input.caseSensitive ? answer.text.startsWith(start) : answer.lower().startsWith(lowerCase(start));
      return ok
        ? PASSED
        : failed(`does not start with ${quote(start)}${caseNote(input, false)}: it starts ${quote(answer.text.slice(0, 80), 40)}`);
    },
  }),
  kind<string>({
    key: "ends-with",
    value: text,
    description: "the answer ends with this text (case-insensitive unless case-sensitive: true)",
    caseSensitive: false,
    texts: one,
    prepare: nothing,
    test: (answer, input) => {
      const end = input.texts[0]!;
      const ok = input.caseSensitive ? answer.text.endsWith(end) : answer.lower().endsWith(lowerCase(end));
      if (ok) return PASSED;
      const tail = codePointLength(answer.text) > 40 ? `…${answer.text.slice(-40)}` : answer.text;
      return failed(`does not end with ${quote(end)}${caseNote(input, false)}: it ends ${quote(tail, 42)}`);
    },
  }),
  kind<string[]>({
    key: "one-of",
    value: z.array(z.string()).min(1),
    description: "the answer is exactly one of these texts (case-sensitive unless case-sensitive: false)",
    caseSensitive: true,
    texts: (values) => values,
    prepare: nothing,
    test: (answer, input) => {
      const found = input.caseSensitive ? input.texts.includes(answer.text) : input.texts.some((t) => lowerCase(t) === answer.lower());
      if (found) return PASSED;
      const listed =
        input.texts
          .slice(0, 5)
          .map((t) => quoteExact(t, 30))
          .join(", ") + (input.texts.length > 5 ? `, … (${input.texts.length} in all)` : "");
      return failed(`is none of ${listed}${caseNote(input, true)}: the answer is ${quoteExact(answer.text)}`);
    },
  }),
];

const shapeKinds: CheckKind[] = [
  kind<number, number>({
    key: "max-length",
    onPart: "both",
    value: z.number().int().min(0),
    description: "the answer has at most this many characters (Unicode code points)",
    texts: () => [],
    prepare: (limit) => limit,
    test: (answer, input) => {
      const limit = input.prepared;
      if (answer.cutFrom !== undefined && answer.cutFrom > limit)
        return failed(
          `is ${formatCount(answer.cutFrom)} characters long (UTF-16 units; all but the first 1 MiB cut), over max-length ${formatCount(limit)}`,
        );
      const length = codePointLength(answer.text);
      return length <= limit ? PASSED : failed(`is ${formatCount(length)} characters long, over max-length ${formatCount(limit)}`);
    },
  }),
  kind<string, { matcher?: AnswerMatcher; matchers: Map<string, AnswerMatcher> }>({
    key: "regex",
    onPart: "pass",
    value: text,
    description: "the answer matches this regular expression (JavaScript syntax, with `flags`); a {{column}} in it is matched literally",
    flags: true,
    texts: one,
    escape: escapeRegexLiteral,
    prepare: (pattern, { flags }) => {
      // A {{column}} stands for literal text: check the pattern with one in its place.
      const probe = fillTemplate(pattern, () => "x");
      try {
        new RegExp(probe, flags);
      } catch (error) {
        throw new CheckProblem(`not a valid regular expression: ${(error as Error).message.replace(/^Invalid regular expression: /, "")}`);
      }
      return { ...(probe === pattern ? { matcher: answerMatcher(pattern, flags) } : {}), matchers: new Map() };
    },
    test: async (answer, input) => {
      const source = input.texts[0]!;
      let matcher = input.prepared.matcher ?? input.prepared.matchers.get(source);
      if (!matcher) {
        matcher = answerMatcher(source, input.flags);
        if (input.prepared.matchers.size >= 1000) input.prepared.matchers.clear();
        input.prepared.matchers.set(source, matcher);
      }
      return (await matcher.test(answer.text, input.signal)) ? PASSED : failed(`does not match /${source}/${input.flags}`);
    },
  }),
  kind<true>({
    key: "json",
    value: z.literal(true),
    description: "the answer is JSON (the whole answer, surrounding whitespace allowed; no code fence)",
    texts: () => [],
    prepare: nothing,
    test: (answer) => {
      const parsed = answer.json();
      return parsed.ok ? PASSED : failed(parsed.reason);
    },
  }),
  kind<string, { validate: SchemaValidator; file: string }>({
    key: "json-schema",
    value: text,
    description: "the answer is JSON matching this JSON Schema file (draft 2020-12; relative to the config's folder)",
    texts: () => [],
    prepare: async (path, _options, ctx) => {
      const { text: schemaText, file } = await ctx.readFile(path);
      try {
        return { validate: await compileSchema(schemaText), file };
      } catch (error) {
        const problem = error as { message: string; line?: number };
        throw new CheckProblem(`cannot use this schema: ${problem.message}`, {
          file,
          ...(problem.line !== undefined ? { line: problem.line } : {}),
        });
      }
    },
    test: (answer, input) => {
      const parsed = answer.json();
      if (!parsed.ok) return failed(parsed.reason);
      const problems = input.prepared.validate(parsed.value);
      if (!problems) return PASSED;
      const more = problems.length > 3 ? ` (and ${problems.length - 3} more)` : "";
      return failed(`does not match ${input.prepared.file}: ${problems.slice(0, 3).join("; ")}${more}`);
    },
  }),
];

/** Every check kind, in the order the docs list them. */
export const CHECK_KINDS: readonly CheckKind[] = [...textKinds, ...shapeKinds];

export function checkKind(key: string): CheckKind | undefined {
  return CHECK_KINDS.find((entry) => entry.key === key);
}
