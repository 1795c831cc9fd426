// Reads evalgate.yml: YAML with positions, validated by the zod schema; every problem at once,
// each with file:line:column, the field path and what was expected.
import path from "node:path";
import type * as z from "zod";
import { clipText } from "../util/escape.ts";
import { KNOWN_PLACEHOLDERS, unknownPlaceholders } from "./body-template.ts";
import { ConfigError, type InputProblem } from "./errors.ts";
import { type EvalgateConfig, evalgateConfig } from "./schema.ts";
import { readTextFile } from "./text-file.ts";
import { type PositionedYaml, parsePositionedYaml, yamlProblems } from "./yaml-positions.ts";

export interface LoadedConfig {
  config: EvalgateConfig;
  /** Absolute path of the config file. */
  path: string;
  /** Its folder: suite paths are relative to it. */
  dir: string;
  /** Path as shown in messages (relative to the working directory). */
  displayPath: string;
  /** 1-based line of a field, for messages about values found valid by the schema but wrong in context. */
  lineOf(fieldPath: (string | number)[]): number | undefined;
  /** The raw text, hashed into the run's identity. */
  text: string;
}

/** Config keys whose values name a model under `models:`. */
const MODEL_REFERENCE_KEYS = new Set(["agents", "judge", "target", "simulator", "completion-judge", "grader", "moderation"]);
/** Model references that only one provider can serve. */
const REFERENCE_PROVIDERS: Record<string, { provider: string; why: string }> = {
  moderation: { provider: "openai", why: "moderation calls an OpenAI-compatible /moderations route" },
};

/** A config larger than this is refused before it is read (configs are a few kilobytes). */
export const MAX_CONFIG_BYTES = 1024 * 1024;

export async function loadConfig(configPath: string): Promise<LoadedConfig> {
  const absolute = path.resolve(configPath);
  const displayPath = path.relative(process.cwd(), absolute) || absolute;
  return parseConfig(await readConfigText(absolute, displayPath), absolute, displayPath);
}

/**
 * A config file's text. A directory, a missing, huge or binary file is an error, and so are lines
 * with NUL bytes or invalid UTF-8: a config is never guessed at.
 */
export async function readConfigText(absolute: string, displayPath: string): Promise<string> {
  const read = await readTextFile(absolute, { maxBytes: MAX_CONFIG_BYTES, what: "a config" });
  if ("problem" in read) {
    const { line, message } = read.problem;
    throw new ConfigError([{ file: displayPath, ...(line !== undefined ? { line } : {}), message }]);
  }
  if (read.warnings.length) throw new ConfigError(read.warnings.map((warning) => ({ file: displayPath, ...warning, severity: "error" })));
  return read.text;
}

/** A config's YAML; syntax errors, duplicate keys and alias bombs are errors with file:line:column. */
export function parseConfigYaml(text: string, displayPath: string): PositionedYaml {
  const yaml = parsePositionedYaml(text);
  const problems = yamlProblems(yaml, displayPath);
  if (problems.length > 0) throw new ConfigError(problems);
  return yaml;
}

export function parseConfig(text: string, absolutePath: string, displayPath = absolutePath): LoadedConfig {
  const yaml = parseConfigYaml(text, displayPath);
  const problems: InputProblem[] = [];
  const raw = yaml.value;
  if (raw === null || raw === undefined) {
    throw new ConfigError([{ file: displayPath, line: 1, message: "the file is empty; expected a mapping starting with version: 1" }]);
  }
  if (typeof raw !== "object" || Array.isArray(raw)) {
    throw new ConfigError([
      { file: displayPath, line: 1, column: 1, message: `expected a mapping (version:, models:, suites:), got ${describeValue(raw)}` },
    ]);
  }
  const positionOf: PositionOf = (fieldPath, key) => yaml.positionOf(fieldPath, key);
  const parsed = evalgateConfig.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push(...describeIssue(issue, raw, displayPath, positionOf));
    throw new ConfigError(sortProblems(problems));
  }

  const config = parsed.data;
  problems.push(
    ...checkModelReferences(config, displayPath, positionOf),
    ...checkAnalysisModel(config, displayPath, positionOf),
    ...checkBodyTemplates(config, displayPath, positionOf),
  );
  if (problems.length > 0) throw new ConfigError(sortProblems(problems));

  return {
    config,
    path: absolutePath,
    dir: path.dirname(absolutePath),
    displayPath,
    lineOf: (fieldPath) => positionOf(fieldPath)?.line,
    text,
  };
}

type PositionOf = (fieldPath: PropertyKey[], key?: string) => { line: number; col: number } | undefined;

function describeIssue(issue: z.core.$ZodIssue, raw: unknown, file: string, positionOf: PositionOf): InputProblem[] {
  const fieldPath = issue.path;
  if (issue.code === "unrecognized_keys") {
    const known = knownKeysAt(evalgateConfig, raw, fieldPath);
    return issue.keys.map((key) => {
      const position = positionOf(fieldPath, key);
      const suggestion = closest(key, known);
      return {
        file,
        line: position?.line,
        column: position?.col,
        field: joinPath([...fieldPath, key]),
        message: `unknown key${suggestion ? ` (did you mean "${suggestion}"?)` : known.length ? `; expected one of: ${known.join(", ")}` : ""}`,
      };
    });
  }
  // A rejected name is reported at the name itself, not at its value.
  const position = issue.code === "invalid_key" ? positionOf(fieldPath.slice(0, -1), String(fieldPath.at(-1))) : positionOf(fieldPath);
  const value = valueAt(raw, fieldPath);
  let message = issue.message;
  if (issue.code === "invalid_type") {
    message = value === undefined ? `required: expected ${issue.expected}` : `expected ${issue.expected}, got ${describeValue(value)}`;
  } else if (issue.code === "invalid_value" && value === undefined) {
    message = `required: ${issue.values.map((v) => JSON.stringify(v)).join(" or ")}`;
  } else if (issue.code === "invalid_key") {
    const rule = issue.issues.map((inner) => inner.message).join("; ");
    const pattern = issue.issues.map((inner) => ("pattern" in inner ? String(inner.pattern) : "")).find(Boolean);
    message = `the name ${describeValue(fieldPath.at(-1))} is not allowed: use ${rule}${pattern ? ` (${pattern})` : ""}`;
  } else if (issue.code === "invalid_value") {
    message = `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}, got ${describeValue(value)}${didYouMean(value, issue.values.map(String))}`;
  } else if (issue.code === "too_big" || issue.code === "too_small") {
    const bound = issue.code === "too_big" ? `at most ${issue.maximum}` : `at least ${issue.minimum}`;
    message = `${issue.origin === "array" ? "list length" : "value"} must be ${bound}, got ${describeValue(Array.isArray(value) ? value.length : value)}`;
  } else if (issue.code === "invalid_union" && "discriminator" in issue && issue.discriminator) {
    const options = (issue as { options?: unknown[] }).options ?? [];
    message =
      value === undefined
        ? `required: one of ${options.map((o) => JSON.stringify(o)).join(", ")}`
        : `expected one of ${options.map((o) => JSON.stringify(o)).join(", ")}, got ${describeValue(value)}${didYouMean(value, options.map(String))}`;
  }
  return [{ file, line: position?.line, column: position?.col, field: joinPath(fieldPath), message }];
}

function checkModelReferences(config: EvalgateConfig, file: string, positionOf: PositionOf): InputProblem[] {
  const problems: InputProblem[] = [];
  const modelNames = Object.keys(config.models);
  for (const [suiteName, suite] of Object.entries(config.suites)) {
    for (const [key, value] of Object.entries(suite)) {
      if (!MODEL_REFERENCE_KEYS.has(key)) continue;
      const refs = Array.isArray(value) ? value : [value];
      refs.forEach((ref, index) => {
        if (typeof ref !== "string") return;
        const fieldPath = Array.isArray(value) ? ["suites", suiteName, key, index] : ["suites", suiteName, key];
        const position = positionOf(fieldPath);
        const needs = REFERENCE_PROVIDERS[key];
        const model = Object.hasOwn(config.models, ref) ? config.models[ref] : undefined;
        if (model && needs && model.provider !== needs.provider) {
          problems.push({
            file,
            line: position?.line,
            column: position?.col,
            field: joinPath(fieldPath),
            message: `model "${ref}" has provider ${model.provider}; ${needs.why} (provider ${needs.provider})`,
          });
        }
        if (model) return;
        const suggestion = closest(ref, modelNames);
        problems.push({
          file,
          line: position?.line,
          column: position?.col,
          field: joinPath(fieldPath),
          message: `unknown model "${ref}"${suggestion ? ` (did you mean "${suggestion}"?)` : ""}; models defined: ${modelNames.join(", ") || "none"}`,
        });
      });
    }
  }
  return problems;
}

/** The providers that answer a chat request: the failure analysis is one. */
const CHAT_PROVIDERS = ["openai", "anthropic", "http"];

/** `analysis.model` names a chat model under `models:`. */
function checkAnalysisModel(config: EvalgateConfig, file: string, positionOf: PositionOf): InputProblem[] {
  const name = config.analysis?.model;
  if (name === undefined) return [];
  const problem = analysisModelProblem(config.models, name);
  if (!problem) return [];
  const position = positionOf(["analysis", "model"]);
  return [{ file, line: position?.line, column: position?.col, field: "analysis.model", message: problem }];
}

/** Why `name` cannot be the analysis model (unknown, or not a chat model); undefined when it can. Flags and action inputs say the same. */
export function analysisModelProblem(models: EvalgateConfig["models"], name: string): string | undefined {
  const model = Object.hasOwn(models, name) ? models[name] : undefined;
  if (!model) {
    const names = Object.keys(models);
    const suggestion = closest(name, names);
    return `unknown model "${name}"${suggestion ? ` (did you mean "${suggestion}"?)` : ""}; models defined: ${names.join(", ") || "none"}`;
  }
  if (!CHAT_PROVIDERS.includes(model.provider))
    return `model "${name}" has provider ${model.provider}; the failure analysis needs a chat model (provider ${CHAT_PROVIDERS.join(", ")})`;
  return undefined;
}

/** An `http` model's body may use only the placeholders the request builder fills: a misspelt one would be sent as text. */
function checkBodyTemplates(config: EvalgateConfig, file: string, positionOf: PositionOf): InputProblem[] {
  const problems: InputProblem[] = [];
  for (const [name, model] of Object.entries(config.models)) {
    if (model.provider !== "http") continue;
    for (const { path: at, placeholder } of unknownPlaceholders(model.body)) {
      const fieldPath = ["models", name, "body", ...at];
      const position = positionOf(fieldPath) ?? positionOf(["models", name, "body"]);
      const inner = placeholder.slice(2, -2).trim();
      const suggestion = closest(inner, KNOWN_PLACEHOLDERS.slice(0, 3));
      problems.push({
        file,
        line: position?.line,
        column: position?.col,
        field: joinPath(fieldPath),
        message: `unknown placeholder ${placeholder}${suggestion ? ` (did you mean "{{${suggestion}}}"?)` : ""}; the body may use ${KNOWN_PLACEHOLDERS.map((p) => `{{${p}}}`).join(", ")}`,
      });
    }
  }
  return problems;
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

/** Strips wrappers (default, optional, pipe) and picks the union options that fit the data's discriminator. */
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
    case "union": {
      const options = def.options as z.ZodType[];
      const discriminator = def.discriminator as string | undefined;
      const tag = discriminator && value && typeof value === "object" ? (value as Record<string, unknown>)[discriminator] : undefined;
      const fitting = options.filter((option) => {
        if (tag === undefined) return true;
        const shape = (option as unknown as { _zod: { def: { shape?: Record<string, z.ZodType> } } })._zod.def.shape;
        const literal = shape?.[discriminator!] as unknown as { _zod: { def: { values?: unknown[] } } } | undefined;
        return literal?._zod.def.values?.includes(tag) ?? false;
      });
      return (fitting.length ? fitting : options).flatMap((option) => unwrap(option, value));
    }
    default:
      return [schema];
  }
}

export function closest(word: string, candidates: string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const distance = editDistance(word.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  // Close enough to be a typo: at most a third of the word (rounded up), and at most 3 edits.
  return best !== undefined && bestDistance <= Math.min(3, Math.max(1, Math.ceil(word.length / 3))) ? best : undefined;
}

/** Damerau-Levenshtein (optimal string alignment): a swap of two neighbours ("agnet") is one edit. */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

function didYouMean(value: unknown, candidates: string[]): string {
  const suggestion = typeof value === "string" ? closest(value, candidates) : undefined;
  return suggestion ? ` (did you mean "${suggestion}"?)` : "";
}

function valueAt(data: unknown, fieldPath: PropertyKey[]): unknown {
  let value = data;
  for (const step of fieldPath) {
    if (!value || typeof value !== "object") return undefined;
    value = (value as Record<string, unknown>)[String(step)];
  }
  return value;
}

function describeValue(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "a mapping";
  const text = JSON.stringify(value) ?? String(value);
  return clipText(text, 40);
}

function joinPath(fieldPath: PropertyKey[]): string {
  return fieldPath
    .map((step) => (typeof step === "number" ? `[${step}]` : String(step)))
    .join(".")
    .replace(/\.\[/g, "[");
}

function sortProblems(problems: InputProblem[]): InputProblem[] {
  return problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
}
