// One declarative table per command: parsing, validation and the help text all come from the same
// entries, so a flag is added in one place. A string option's `parse` turns the raw text into its value
// or throws an InvalidValue that names what it expects; the error the user sees names the flag.
import { parseArgs } from "node:util";
import { closest } from "../config/did-you-mean.ts";
import { MAX_WAIT_MS, readDuration } from "../config/primitives.ts";
import { UsageError } from "./errors.ts";

export interface StringOption<T = unknown> {
  type: "string";
  short?: string;
  /** The placeholder shown in help, e.g. "<file>". */
  arg: string;
  help: string;
  /** Raw default, parsed like a given value. */
  default?: string;
  /** May be given several times; the value is then the list of parsed values. */
  multiple?: boolean;
  parse?: (raw: string) => T;
}

export interface BooleanOption {
  type: "boolean";
  short?: string;
  help: string;
}

export type OptionTable = Record<string, StringOption | BooleanOption>;

type SingleValue<O> = O extends { parse: (raw: string) => infer V } ? V : string;
type StringValue<O> = O extends { multiple: true } ? SingleValue<O>[] : SingleValue<O>;

/** The parsed values of a table: booleans are booleans, string options their parsed type (undefined when absent without default). */
export type OptionValues<T extends OptionTable> = {
  [K in keyof T]: T[K] extends BooleanOption
    ? boolean
    : T[K] extends { default: string }
      ? StringValue<T[K]>
      : StringValue<T[K]> | undefined;
} & { help: boolean };

/** Thrown by value parsers; `expected` completes "--flag expects …". */
export class InvalidValue extends Error {
  readonly expected: string;
  /** Said after the value, e.g. " (that is no time)". */
  readonly why: string;
  constructor(expected: string, why = "") {
    super(expected);
    this.expected = expected;
    this.why = why;
  }
}

const HELP_OPTION: BooleanOption = { type: "boolean", short: "h", help: "show this help" };

export interface ParsedCommand<T extends OptionTable> {
  values: OptionValues<T>;
  positionals: string[];
  /** Flags the user actually gave (defaults excluded), so overrides apply only what was asked. */
  given: Set<keyof T & string>;
}

export function parseOptions<T extends OptionTable>(argv: string[], table: T, settings: { positionals?: boolean } = {}): ParsedCommand<T> {
  const spec: Record<string, { type: "string" | "boolean"; short?: string; multiple?: boolean }> = {};
  for (const [name, option] of Object.entries({ ...table, help: table.help ?? HELP_OPTION })) {
    spec[name] = {
      type: option.type,
      ...(option.short ? { short: option.short } : {}),
      ...(option.type === "string" && option.multiple ? { multiple: true } : {}),
    };
  }
  const { values: raw, positionals } = parseStrictly(argv, spec);
  if (positionals.length && !settings.positionals) throw new UsageError(`unexpected argument "${positionals[0]}"`);
  const values: Record<string, unknown> = { help: raw.help === true };
  const given = new Set<keyof T & string>();
  for (const [name, option] of Object.entries(table)) {
    const value = raw[name];
    if (value !== undefined) given.add(name as keyof T & string);
    if (option.type === "boolean") {
      values[name] = value === true;
      continue;
    }
    if (option.multiple) {
      values[name] = (Array.isArray(value) ? value : []).map((text) => parseValue(name, option, String(text)));
      continue;
    }
    const text = typeof value === "string" ? value : option.default;
    if (text !== undefined) values[name] = parseValue(name, option, text);
  }
  return { values: values as OptionValues<T>, positionals, given };
}

/** node:util's parseArgs, with an unknown flag's nearest known one suggested. */
function parseStrictly(argv: string[], spec: NonNullable<Parameters<typeof parseArgs>[0]>["options"] & {}) {
  try {
    return parseArgs({ args: withNegativeValues(argv, spec), options: spec, allowPositionals: true, strict: true });
  } catch (error) {
    const unknown =
      (error as { code?: string }).code === "ERR_PARSE_ARGS_UNKNOWN_OPTION" && /'(-{1,2}[^'=]+)'/.exec((error as Error).message)?.[1];
    if (!unknown) throw error;
    const known = Object.entries(spec).flatMap(([name, option]) => [`--${name}`, ...(option.short ? [`-${option.short}`] : [])]);
    const suggestion = unknown.startsWith("--")
      ? closest(
          unknown,
          known.filter((flag) => flag.startsWith("--")),
        )
      : undefined;
    throw new UsageError(`unknown option "${unknown}"${suggestion ? `; did you mean "${suggestion}"?` : ""}`);
  }
}

/**
 * `--repeat -1` as `--repeat=-1`: parseArgs calls a value starting with "-" ambiguous, so a negative
 * number after a flag that takes a value is joined to it, and its own parser says what it expects.
 */
function withNegativeValues(argv: string[], spec: Record<string, { type: string; short?: string }>): string[] {
  const takesValue = new Set(
    Object.entries(spec)
      .filter(([, option]) => option.type === "string")
      .flatMap(([name, option]) => [`--${name}`, ...(option.short ? [`-${option.short}`] : [])]),
  );
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--") return [...out, ...argv.slice(i)];
    const next = argv[i + 1];
    if (takesValue.has(arg) && next !== undefined && /^-\.?\d/.test(next)) {
      out.push(arg.startsWith("--") ? `${arg}=${next}` : `${arg}${next}`);
      i++;
    } else out.push(arg);
  }
  return out;
}

/** A string option's value from its text; throws InvalidValue. The action parses its inputs that are flags with it too. */
export function optionValue<T>(option: StringOption<T>, text: string): T | string {
  return option.parse ? option.parse(text) : text;
}

function parseValue(name: string, option: StringOption, text: string): unknown {
  try {
    return optionValue(option, text);
  } catch (error) {
    if (!(error instanceof InvalidValue)) throw error;
    throw new UsageError(`--${name} expects ${error.expected}, got "${text}"${error.why}`);
  }
}

/** The "Options:" block of a command's help, aligned, from the same table. */
export function formatOptionsHelp(table: OptionTable, title = "Options:"): string {
  const rows = Object.entries(table).map(([name, option]) => {
    const flag = `${option.short ? `-${option.short}, ` : "    "}--${name}${option.type === "string" ? ` ${option.arg}` : ""}`;
    const help = option.type === "string" && option.default !== undefined ? `${option.help} (default: ${option.default})` : option.help;
    return [flag, help] as const;
  });
  const width = Math.max(...rows.map(([flag]) => flag.length)) + 2;
  return [title, ...rows.map(([flag, help]) => `  ${flag.padEnd(width)}${help}`)].join("\n");
}

// Value parsers shared by every command.

export function integer(min: number, max = Number.MAX_SAFE_INTEGER): (raw: string) => number {
  return (raw) => {
    const n = Number(raw);
    if (raw.trim() === "" || !Number.isInteger(n) || n < min || n > max) {
      throw new InvalidValue(max === Number.MAX_SAFE_INTEGER ? `a whole number >= ${min}` : `a whole number from ${min} to ${max}`);
    }
    return n;
  };
}

export function ratioValue(raw: string): number {
  const n = Number(raw);
  if (raw.trim() === "" || !Number.isFinite(n) || n < 0 || n > 1) throw new InvalidValue("a number from 0 to 1 (e.g. 0.7)");
  return n;
}

export function positiveNumber(raw: string): number {
  const n = Number(raw);
  if (raw.trim() === "" || !Number.isFinite(n) || n < 0) throw new InvalidValue("a number >= 0");
  return n;
}

/** A wait ("30s", "2m", "500ms", or plain milliseconds, as the Dust CLI accepts), by the config's one rule; in milliseconds. */
export function durationValue(raw: string): number {
  return durationUpTo(MAX_WAIT_MS)(raw);
}

/** A duration by the config's one rule, at most `maxMs`; throws InvalidValue saying the rule. */
export function durationUpTo(maxMs: number): (raw: string) => number {
  return (raw) => {
    const read = readDuration(raw, maxMs);
    if ("ms" in read) return read.ms;
    throw new InvalidValue(read.expected, read.why);
  };
}

export function oneOf<const V extends string>(...choices: V[]): (raw: string) => V {
  return (raw) => {
    if (!(choices as string[]).includes(raw)) throw new InvalidValue(`one of ${choices.join(", ")}`);
    return raw as V;
  };
}

/** Names such as suites: "a,b c" or one per line -> ["a", "b", "c"]; at least one required. */
export function names(raw: string): string[] {
  const items = raw.split(/[\s,]+/).filter(Boolean);
  if (!items.length) throw new InvalidValue("names separated by commas or spaces");
  return items;
}

/** "a,b, c" -> ["a", "b", "c"]; empty items dropped, at least one required. */
export function list(raw: string): string[] {
  const items = raw
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
  if (!items.length) throw new InvalidValue("a comma-separated list");
  return items;
}
