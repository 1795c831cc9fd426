// Reads evalgate.yml: YAML with positions, validated by the zod schema; every problem at once,
// each with file:line:column, the field path and what was expected.
import path from "node:path";
import type * as z from "zod";
import { isRecord } from "../util/is-record.ts";
import { KNOWN_PLACEHOLDERS, unknownPlaceholders } from "./body-template.ts";
import { closest } from "./did-you-mean.ts";
import { ConfigError, type InputProblem } from "./errors.ts";
import { MODEL_REFERENCE_KEYS, promptFileOf, TARGET_REFERENCE_KEYS } from "./models.ts";
import { addPromptfooModels } from "./promptfoo-providers.ts";
import { type EvalgateConfig, evalgateConfig, ONE_PARSE } from "./schema.ts";
import { readTextFile } from "./text-file.ts";
import { type PositionedYaml, parsePositionedYaml, yamlProblems } from "./yaml-positions.ts";
import { describeValue, joinPath, type PositionOf, zodIssueProblems } from "./zod-problems.ts";

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
  /**
   * Loaded with `salvage`: the config's own problems that did not stop it loading (schema problems,
   * unknown model references, body placeholders). The caller reports them with everything else it
   * finds, in one pass, and sends nothing. Absent when the config has none.
   */
  problems?: InputProblem[];
  /** With `salvage`: the models and suites left out because the schema refused them (their problems are in `problems`). */
  dropped?: { models: Set<string>; suites: Set<string> };
}

export interface LoadOptions {
  /**
   * Go on past the config's own problems, as far as they allow, so the files, secrets and templates
   * of everything else are checked in the same pass (`evalgate validate`, and a run before any
   * request): an entry of models: or suites: the schema refuses is left out, a refused top-level
   * setting takes its default. The problems are returned in `problems`, never ignored.
   */
  salvage?: boolean;
}

/** Model references that only one provider can serve. */
const REFERENCE_PROVIDERS: Record<string, { provider: string; why: string }> = {
  moderation: { provider: "openai", why: "moderation calls an OpenAI-compatible /moderations route" },
  "embedding-model": { provider: "openai", why: "embedding-model calls an OpenAI-compatible /embeddings route" },
};

/** A config larger than this is refused before it is read (configs are a few kilobytes). */
export const MAX_CONFIG_BYTES = 1024 * 1024;

export async function loadConfig(configPath: string, options: LoadOptions = {}): Promise<LoadedConfig> {
  const absolute = path.resolve(configPath);
  const displayPath = path.relative(process.cwd(), absolute) || absolute;
  return parseConfig(await readConfigText(absolute, displayPath), absolute, displayPath, options);
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

export function parseConfig(text: string, absolutePath: string, displayPath = absolutePath, options: LoadOptions = {}): LoadedConfig {
  const yaml = parseConfigYaml(text, displayPath);
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
  const parsed = evalgateConfig.safeParse(raw, ONE_PARSE);
  let config: EvalgateConfig;
  let schemaProblems: InputProblem[] = [];
  let dropped: LoadedConfig["dropped"];
  const reserved = reservedNames(raw as Record<string, unknown>, displayPath, positionOf);
  if (parsed.success) config = parsed.data;
  else {
    schemaProblems = zodIssueProblems(parsed.error, { file: displayPath, schema: evalgateConfig, data: raw, positionOf });
    const salvaged = options.salvage ? salvageConfig(raw as Record<string, unknown>, parsed.error) : null;
    if (!salvaged) throw new ConfigError(sortProblems([...reserved, ...schemaProblems]));
    ({ config, dropped } = salvaged);
  }

  const problems = [
    ...reserved,
    ...schemaProblems,
    ...checkModelReferences(config, displayPath, positionOf, dropped?.models),
    ...checkPromptedRoles(config, displayPath, positionOf),
    ...checkAnalysisModel(config, displayPath, positionOf),
    ...checkBodyTemplates(config, displayPath, positionOf),
  ];
  if (problems.length > 0 && !options.salvage) throw new ConfigError(sortProblems(problems));
  // promptfoo providers evalgate runs itself become models here, so every later check sees them.
  addPromptfooModels(config, path.dirname(absolutePath));

  return {
    config,
    path: absolutePath,
    dir: path.dirname(absolutePath),
    displayPath,
    lineOf: (fieldPath) => positionOf(fieldPath)?.line,
    text,
    ...(problems.length ? { problems: sortProblems(problems) } : {}),
    ...(dropped ? { dropped } : {}),
  };
}

/**
 * A model or suite named "__proto__": the schema would drop it without a word (JavaScript objects take
 * that key for their prototype), and every message after would be about something else.
 */
function reservedNames(raw: Record<string, unknown>, file: string, positionOf: PositionOf): InputProblem[] {
  return (["models", "suites"] as const).flatMap((section) => {
    const entries = raw[section];
    if (!isRecord(entries) || !Object.hasOwn(entries, "__proto__")) return [];
    const position = positionOf([section, "__proto__"]);
    const message = "__proto__ cannot name a model or suite (JavaScript objects take it for their prototype): choose another name";
    return [{ file, line: position?.line, column: position?.col, field: `${section}.__proto__`, message }];
  });
}

/**
 * The config without what the schema refused, parsed. First only the refused keys of an entry of
 * models: or suites: are removed (an unknown key, a value out of range), so the rest of the entry (its
 * files, its secrets) is still checked; an entry that is still refused is left out, a refused
 * top-level setting (or an unknown top-level key) is removed so its default applies, a refused version
 * is read as 1. Null when that does not give a valid config (models: or suites: themselves refused):
 * the schema's problems are then all there is to report.
 */
function salvageConfig(
  raw: Record<string, unknown>,
  error: z.ZodError,
): { config: EvalgateConfig; dropped: NonNullable<LoadedConfig["dropped"]> } | null {
  const dropped = { models: new Set<string>(), suites: new Set<string>() };
  const copy: Record<string, unknown> = { ...raw };
  for (const key of ["models", "suites"] as const)
    if (isRecord(raw[key]))
      copy[key] = Object.fromEntries(Object.entries(raw[key]).map(([name, entry]) => [name, isRecord(entry) ? { ...entry } : entry]));
  pruneRefusedKeys(copy, error);
  const pruned = evalgateConfig.safeParse(copy, ONE_PARSE);
  if (pruned.success) return { config: pruned.data, dropped };
  for (const issue of pruned.error.issues) {
    const [top, name] = issue.path;
    if (top === undefined) {
      if (issue.code !== "unrecognized_keys") return null;
      for (const key of issue.keys) delete copy[key];
    } else if (top === "models" || top === "suites") {
      const entries = copy[top];
      if (name === undefined || !isRecord(entries)) return null;
      delete entries[String(name)];
      dropped[top].add(String(name));
    } else if (top === "version") copy.version = 1;
    else delete copy[String(top)];
  }
  const parsed = evalgateConfig.safeParse(copy, ONE_PARSE);
  return parsed.success ? { config: parsed.data, dropped } : null;
}

/** The keys of models: and suites: entries the schema refused, removed from the (copied) entries. */
function pruneRefusedKeys(copy: Record<string, unknown>, error: z.ZodError): void {
  for (const issue of error.issues) {
    const [top, name, key] = issue.path;
    if ((top !== "models" && top !== "suites") || name === undefined) continue;
    const entry = isRecord(copy[top]) ? copy[top][String(name)] : undefined;
    if (!isRecord(entry)) continue;
    if (issue.path.length === 2 && issue.code === "unrecognized_keys") for (const unknown of issue.keys) delete entry[unknown];
    // The kind picks the suite's schema: without it nothing else of the suite can be read.
    else if (key !== undefined && !(top === "suites" && key === "kind")) delete entry[String(key)];
  }
}

function checkModelReferences(config: EvalgateConfig, file: string, positionOf: PositionOf, dropped?: Set<string>): InputProblem[] {
  const problems: InputProblem[] = [];
  const modelNames = Object.keys(config.models);
  for (const [suiteName, suite] of Object.entries(config.suites)) {
    for (const [key, value] of Object.entries(suite)) {
      if (!MODEL_REFERENCE_KEYS.includes(key)) continue;
      // One name, a list of names (agents), or a mapping whose values are names (model-map).
      const entries: [string | number | undefined, unknown][] = Array.isArray(value)
        ? value.map((ref, index) => [index, ref])
        : value !== null && typeof value === "object"
          ? Object.entries(value)
          : [[undefined, value]];
      entries.forEach(([at, ref]) => {
        // A model the schema refused is reported as such, not again as unknown.
        if (typeof ref !== "string" || dropped?.has(ref)) return;
        const fieldPath = at === undefined ? ["suites", suiteName, key] : ["suites", suiteName, key, at];
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

/**
 * A model with a prompt file is a system under test: a judge, simulator, grader or moderation model
 * with one would be graded by, or play against, the prompt under review.
 */
function checkPromptedRoles(config: EvalgateConfig, file: string, positionOf: PositionOf): InputProblem[] {
  const problems: InputProblem[] = [];
  for (const [suiteName, suite] of Object.entries(config.suites)) {
    for (const [key, value] of Object.entries(suite)) {
      if (!MODEL_REFERENCE_KEYS.includes(key) || (TARGET_REFERENCE_KEYS as readonly string[]).includes(key) || typeof value !== "string")
        continue;
      const model = Object.hasOwn(config.models, value) ? config.models[value] : undefined;
      const prompt = model ? promptFileOf(model) : undefined;
      if (!prompt) continue;
      const position = positionOf(["suites", suiteName, key]);
      problems.push({
        file,
        line: position?.line,
        column: position?.col,
        field: `suites.${suiteName}.${key}`,
        message: `model "${value}" carries a prompt file (${prompt}): it is a system under test, named only as agents or target; give the ${key} a model entry of its own`,
      });
    }
  }
  return problems;
}

/** The providers that answer a chat request: the failure analysis is one. */
const CHAT_PROVIDERS = ["openai", "anthropic", "http", "command"];

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
  const prompt = promptFileOf(model);
  if (prompt)
    return `model "${name}" carries a prompt file (${prompt}): it is a system under test; the failure analysis needs a model without one`;
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

function sortProblems(problems: InputProblem[]): InputProblem[] {
  return problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
}
