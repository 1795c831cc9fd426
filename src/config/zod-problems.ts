// Zod issues as input problems: the one mapper from a failed schema parse (evalgate.yml, a scenario
// manifest, a price table, a FlexEval eval) to problems with file, line, the field and a message
// that says what was expected and what was found.
import type * as z from "zod";
import { clipText } from "../util/escape.ts";
import { closest, didYouMean } from "./did-you-mean.ts";
import type { InputProblem } from "./errors.ts";

/** Line (and column, when the file has them) of a field path, or of `key` inside the mapping at that path. */
export type PositionOf = (fieldPath: PropertyKey[], key?: string) => { line: number; col?: number } | undefined;

/** Where the parsed data came from, to place and word each issue. */
export interface IssueSource {
  file: string;
  /** The schema that was parsed, for the keys an unknown key may be a typo of. */
  schema: z.ZodType;
  /** The data that was parsed, to quote the rejected value. */
  data: unknown;
  positionOf: PositionOf;
  /** Path of the parsed data inside the file, put before each issue's path in the field. */
  at?: PropertyKey[];
  /** How a field path is written; "suites.qa.agents[0]" unless told. */
  fieldName?: (fieldPath: PropertyKey[]) => string;
}

/** Every issue of a failed parse as problems, in the order zod found them. */
export function zodIssueProblems(error: z.ZodError, source: IssueSource): InputProblem[] {
  return error.issues.flatMap((issue) => describeIssue(issue, source));
}

function describeIssue(issue: z.core.$ZodIssue, source: IssueSource): InputProblem[] {
  const { file, positionOf, at = [], fieldName = joinPath } = source;
  const fieldPath = issue.path;
  if (issue.code === "unrecognized_keys") {
    const known = knownKeysAt(source.schema, source.data, fieldPath);
    return issue.keys.map((key) => {
      const position = positionOf(fieldPath, key);
      const suggestion = closest(key, known);
      return {
        file,
        line: position?.line,
        column: position?.col,
        field: fieldName([...at, ...fieldPath, key]),
        message: `unknown key${suggestion ? ` (did you mean "${suggestion}"?)` : known.length ? `; expected one of: ${known.join(", ")}` : ""}`,
      };
    });
  }
  // A rejected name is reported at the name itself, not at its value.
  const position = issue.code === "invalid_key" ? positionOf(fieldPath.slice(0, -1), String(fieldPath.at(-1))) : positionOf(fieldPath);
  const message = issueMessage(issue, valueAt(source.data, fieldPath));
  return [{ file, line: position?.line, column: position?.col, field: fieldName([...at, ...fieldPath]), message }];
}

/** What was expected and what was found, in the config's words rather than zod's. */
function issueMessage(issue: z.core.$ZodIssue, value: unknown): string {
  if (issue.code === "invalid_type") {
    return value === undefined ? `required: expected ${issue.expected}` : `expected ${issue.expected}, got ${describeValue(value)}`;
  }
  if (issue.code === "invalid_value" && value === undefined) {
    return `required: ${issue.values.map((v) => JSON.stringify(v)).join(" or ")}`;
  }
  if (issue.code === "invalid_key") {
    const rule = issue.issues.map((inner) => inner.message).join("; ");
    const pattern = issue.issues.map((inner) => ("pattern" in inner ? String(inner.pattern) : "")).find(Boolean);
    return `the name ${describeValue(issue.path.at(-1))} is not allowed: use ${rule}${pattern ? ` (${pattern})` : ""}`;
  }
  if (issue.code === "invalid_value") {
    return `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}, got ${describeValue(value)}${didYouMean(value, issue.values.map(String))}`;
  }
  if (issue.code === "too_big" || issue.code === "too_small") {
    // An exclusive bound (`.positive()`) is "more than 0": "at least 0, got 0" would contradict itself.
    const bound =
      issue.code === "too_big"
        ? `${issue.inclusive === false ? "less than" : "at most"} ${issue.maximum}`
        : `${issue.inclusive === false ? "more than" : "at least"} ${issue.minimum}`;
    return `${issue.origin === "array" ? "list length" : "value"} must be ${bound}, got ${describeValue(Array.isArray(value) ? value.length : value)}${percentageHint(issue, value)}`;
  }
  if (issue.code === "invalid_union" && "discriminator" in issue && issue.discriminator) {
    const options = (issue as { options?: unknown[] }).options ?? [];
    const listed = options.map((o) => JSON.stringify(o)).join(", ");
    return value === undefined
      ? `required: one of ${listed}`
      : `expected one of ${listed}, got ${describeValue(value)}${didYouMean(value, options.map(String))}`;
  }
  return issue.message;
}

/** A 0..1 value written as a percentage (80 for 0.8): the value to write instead. */
function percentageHint(issue: z.core.$ZodIssue, value: unknown): string {
  if (issue.code !== "too_big" || Number(issue.maximum) !== 1 || typeof value !== "number" || !(value > 1 && value <= 100)) return "";
  return ` (a fraction of 1, not a percentage: write ${Number((value / 100).toFixed(6))} for ${value}%)`;
}

/** Keys the schema accepts at a path, for "did you mean". Walks zod 4's definitions. */
function knownKeysAt(schema: z.ZodType, data: unknown, fieldPath: PropertyKey[]): string[] {
  let current: z.ZodType[] = [schema];
  let value = data;
  for (const step of [...fieldPath, null]) {
    const next: z.ZodType[] = [];
    const keys: string[] = [];
    for (const candidate of current.flatMap((s) => unwrap(s, value))) {
      const def = (candidate as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
      if (def.type === "object") {
        const shape = def.shape as Record<string, z.ZodType>;
        if (step === null) keys.push(...Object.keys(shape));
        else if (shape[String(step)]) next.push(shape[String(step)]!);
      } else if (def.type === "record" && step !== null) {
        next.push(def.valueType as z.ZodType);
      } else if (def.type === "array" && step !== null) {
        next.push(def.element as z.ZodType);
      }
    }
    if (step === null) return [...new Set(keys)];
    current = next;
    value = value && typeof value === "object" ? (value as Record<string, unknown>)[String(step)] : undefined;
  }
  return [];
}

/** Strips wrappers (default, optional, pipe, lazy) and picks the union options that fit the data's discriminator. */
function unwrap(schema: z.ZodType, value: unknown): z.ZodType[] {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  switch (def.type) {
    case "default":
    case "optional":
    case "nullable":
    case "prefault":
      return unwrap(def.innerType as z.ZodType, value);
    case "pipe":
      return unwrap(def.in as z.ZodType, value);
    case "lazy":
      return unwrap((schema as z.ZodLazy)._zod.innerType as z.ZodType, value);
    case "union": {
      const options = def.options as z.ZodType[];
      const discriminator = def.discriminator as string | undefined;
      const tag = discriminator && value && typeof value === "object" ? (value as Record<string, unknown>)[discriminator] : undefined;
      const fitting = options.filter((option) => {
        if (tag === undefined) return true;
        return option._zod.propValues?.[discriminator!]?.has(tag as z.core.util.Primitive) ?? false;
      });
      return (fitting.length ? fitting : options).flatMap((option) => unwrap(option, value));
    }
    default:
      return [schema];
  }
}

function valueAt(data: unknown, fieldPath: PropertyKey[]): unknown {
  let value = data;
  for (const step of fieldPath) {
    if (!value || typeof value !== "object") return undefined;
    value = (value as Record<string, unknown>)[String(step)];
  }
  return value;
}

/** A value as quoted in a message: its JSON (clipped), or what kind of thing it is. */
export function describeValue(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "a mapping";
  const text = JSON.stringify(value) ?? String(value);
  return clipText(text, 40);
}

/** "suites.qa.agents[0]". */
export function joinPath(fieldPath: PropertyKey[]): string {
  return fieldPath
    .map((step) => (typeof step === "number" ? `[${step}]` : String(step)))
    .join(".")
    .replace(/\.\[/g, "[");
}
