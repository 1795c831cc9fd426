// Prompt targets at planning time: every prompt file the config's models name is read and checked
// with the rest of the input, and every placeholder of a suite's targets is checked against every
// case the suite will run, before any request. A placeholder with no value is exit 2 naming the
// prompt file's line and the dataset's.
import { existsSync } from "node:fs";
import path from "node:path";
import type { InputProblem } from "../config/errors.ts";
import type { LoadedConfig } from "../config/load.ts";
import { type ModelConfig, promptFileOf, promptTargetOf, providersTakingResponseFormat, thinkingBudgetProblem } from "../config/models.ts";
import { resolveInside } from "../config/paths.ts";
import type { PromptFile, readPromptFile } from "../config/prompt-file.ts";
import { parameterChoices } from "../config/prompt-parameters.ts";
import { firstPlaceholderUses } from "../config/prompt-template.ts";
import type { Case, TargetIdentity } from "../results/types.ts";
import type { SuiteKind, TemplateVars } from "../suites/kind.ts";

/** Where the config's files are: its folder, the repository root paths are shown from, the folder they must stay inside. */
interface Where {
  rootDir: string;
  allowedRoot: string | undefined;
}

/** Reads the prompt file of every model that names one; problems at the config's `prompt:` line, or in the file. */
export async function readPromptFiles(
  loaded: LoadedConfig,
  where: Where,
): Promise<{ prompts: Map<string, PromptFile>; problems: InputProblem[] }> {
  const prompts = new Map<string, PromptFile>();
  const problems: InputProblem[] = [];
  const byPath = new Map<string, Promise<Awaited<ReturnType<typeof readPromptFile>>>>();
  for (const [name, model] of Object.entries(loaded.config.models)) {
    const value = promptFileOf(model);
    if (value === undefined) continue;
    const at: InputProblem = {
      file: loaded.displayPath,
      line: loaded.lineOf(["models", name, "prompt"]),
      field: `models.${name}.prompt`,
      message: "",
    };
    const inside = resolveInside(loaded.dir, value, where.allowedRoot);
    if ("error" in inside) problems.push({ ...at, message: inside.error });
    else if (!existsSync(inside.path))
      problems.push({ ...at, message: `${JSON.stringify(value)} does not exist (paths are relative to the config's folder)` });
    if ("error" in inside || !existsSync(inside.path)) continue;
    // Two models may share a prompt file: read it once, report its problems once.
    const first = !byPath.has(inside.path);
    if (first) byPath.set(inside.path, (await promptFileReader())(inside.path, displayPath(where.rootDir, inside.path)));
    const read = await byPath.get(inside.path)!;
    if ("problems" in read) {
      if (first) problems.push(...read.problems);
      continue;
    }
    const unsupported = unsupportedFormat(model, read.prompt);
    if (unsupported) problems.push({ ...at, message: unsupported });
    else prompts.set(name, read.prompt);
    const budgetAt = { ...at, line: loaded.lineOf(["models", name, "thinking-budget"]), field: `models.${name}.thinking-budget` };
    const thinking = thinkingBudgetAgainstPrompt(name, model, read.prompt, budgetAt);
    if (thinking) problems.push(thinking);
  }
  return { prompts, problems };
}

/** The prompt-file reader and its schemas, loaded when a model names a prompt file (most runs have none). */
async function promptFileReader(): Promise<typeof readPromptFile> {
  return (await import("../config/prompt-file.ts")).readPromptFile;
}

/** Why the provider cannot be sent the file's responseFormat; undefined when it can (or there is none to send). */
function unsupportedFormat(model: ModelConfig, prompt: PromptFile): string | undefined {
  if (prompt.responseFormat === undefined || prompt.responseFormat === "text") return undefined;
  if (promptTargetOf(model)?.responseFormat) return undefined;
  return `${prompt.file} asks for responseFormat ${prompt.responseFormat}, which provider ${model.provider} cannot be sent; remove it from the file or use a provider that takes it (${providersTakingResponseFormat().join(", ")})`;
}

/**
 * A thinking budget the max_tokens sent would not exceed, when that max_tokens is the prompt file's
 * (the model sets none): at the file's maxTokens line, or at the budget's when the file sets none either.
 */
function thinkingBudgetAgainstPrompt(
  name: string,
  model: ModelConfig,
  prompt: PromptFile,
  budgetAt: InputProblem,
): InputProblem | undefined {
  if (model.provider !== "anthropic" || model["max-tokens"] !== undefined) return undefined;
  const fromFile = parameterChoices(prompt, model).find((choice) => choice.parameter === "maxTokens")?.value;
  const message = thinkingBudgetProblem(model, fromFile);
  if (!message) return undefined;
  const origin = /:(\d+) (\w+)$/.exec(prompt.parameterOrigins?.maxTokens ?? "");
  if (fromFile === undefined || !origin) return { ...budgetAt, message };
  const budget = model["thinking-budget"];
  return {
    file: prompt.file,
    line: Number(origin[1]),
    field: `modelParameters.${origin[2]}`,
    message: `${fromFile} is the max_tokens model ${name} sends (its entry sets no max-tokens), and its thinking-budget ${budget} is not below it: Anthropic refuses a thinking budget of max_tokens or more; raise ${origin[2]} above ${budget}, or set max-tokens on the model`,
  };
}

function displayPath(rootDir: string, absolute: string): string {
  return path.relative(rootDir, absolute).split(path.sep).join("/");
}

/** A suite as the check needs it: its kind, options and the cases it will run. */
interface SuiteToCheck {
  name: string;
  options: unknown;
  suiteKind: SuiteKind;
  cases: Case[];
}

/** Every placeholder of a suite's targets' prompt files that some case the suite runs gives no value: one problem per placeholder. */
export function placeholderProblems(suites: readonly SuiteToCheck[], prompts: ReadonlyMap<string, PromptFile>): InputProblem[] {
  const problems: InputProblem[] = [];
  for (const suite of suites) {
    const targets = (suite.suiteKind.targets?.(suite.options) ?? []).filter((model) => prompts.has(model));
    if (targets.length === 0) continue;
    const vars = suite.cases.map((testCase) => ({ testCase, vars: varsOf(suite, testCase) }));
    for (const model of targets) problems.push(...missingValues(suite.name, model, prompts.get(model)!, vars));
  }
  return problems;
}

function varsOf(suite: SuiteToCheck, testCase: Case): TemplateVars | undefined {
  // A kind that names targets but gives no values gives none: every placeholder is missing.
  return suite.suiteKind.templateVars ? suite.suiteKind.templateVars(testCase, suite.options) : { values: {} };
}

function missingValues(
  suite: string,
  model: string,
  prompt: PromptFile,
  cases: readonly { testCase: Case; vars: TemplateVars | undefined }[],
): InputProblem[] {
  const problems: InputProblem[] = [];
  for (const { name, line, message } of firstPlaceholderUses(prompt.messages)) {
    const lacking = cases.filter(({ vars }) => vars !== undefined && !Object.hasOwn(vars.values, name));
    if (lacking.length === 0) continue;
    const first = lacking[0]!;
    const field = prompt.format === "text" ? "(system message)" : `messages[${message}].content`;
    problems.push({ file: prompt.file, line, field, message: missingMessage(name, { suite, model, first, lacking }) });
  }
  return problems;
}

function missingMessage(
  name: string,
  found: {
    suite: string;
    model: string;
    first: { testCase: Case; vars: TemplateVars | undefined };
    lacking: readonly { testCase: Case }[];
  },
): string {
  const { testCase, vars } = found.first;
  const where = `${testCase.source.file}${testCase.source.line !== undefined ? `:${testCase.source.line}` : ""}`;
  const lines = new Set(found.lacking.map(({ testCase: c }) => `${c.source.file}:${c.source.line ?? ""}`)).size;
  const more = lines > 1 ? ` (and ${lines - 1} more line${lines > 2 ? "s" : ""})` : "";
  const context = `suite ${found.suite}, model ${found.model}`;
  // Own keys only: {{constructor}} or {{__proto__}} must not read Object.prototype's.
  const withheld = vars?.withheld && Object.hasOwn(vars.withheld, name) ? vars.withheld[name] : undefined;
  if (withheld) return `{{${name}}} has no value in ${where}${more} (${context}): ${withheld}`;
  const given = Object.keys(vars?.values ?? {});
  return `{{${name}}} has no value in ${where}${more} (${context}); the case gives ${given.length ? given.map((n) => `{{${n}}}`).join(", ") : "no values"}`;
}

/** The identity results.json records for each of a suite's targets that has a prompt file. */
export function targetIdentities(
  targets: readonly string[],
  prompts: ReadonlyMap<string, PromptFile>,
): Record<string, TargetIdentity> | undefined {
  const entries = targets.flatMap((model) => {
    const prompt = prompts.get(model);
    return prompt ? [[model, { prompt: { file: prompt.file, hash: prompt.hash } }] as const] : [];
  });
  return entries.length ? Object.fromEntries(entries) : undefined;
}

/** What `--verbose` says about each prompt target: its file, and where each setting sent comes from. */
export function promptTargetNotes(models: Record<string, ModelConfig>, prompts: ReadonlyMap<string, PromptFile>): string[] {
  const lines: string[] = [];
  for (const [name, prompt] of prompts) {
    const config = models[name]!;
    const names = [...new Set(prompt.messages.flatMap((message) => message.placeholders.map((p) => `{{${p.name}}}`)))];
    lines.push(
      `model ${name}: prompt ${prompt.file} (${prompt.format}, ${prompt.messages.length} message(s)${names.length ? `; placeholders ${names.join(", ")}` : ""})`,
    );
    for (const choice of parameterChoices(prompt, config)) {
      if (choice.from === "prompt")
        lines.push(`model ${name}: ${choice.configKey} ${choice.value} from the prompt file's modelParameters.${choice.parameter}`);
      else if (choice.overridden !== undefined)
        lines.push(
          `model ${name}: ${choice.configKey} ${choice.value} from evalgate.yml; the prompt file's modelParameters.${choice.parameter} ${choice.overridden} is not used (the config wins)`,
        );
    }
    if (prompt.model !== undefined && "model" in config && prompt.model !== config.model)
      lines.push(`model ${name}: the prompt file asks for model ${prompt.model}; evalgate.yml's model ${config.model} is sent`);
    if (prompt.responseFormat && prompt.responseFormat !== "text")
      lines.push(`model ${name}: responseFormat ${prompt.responseFormat} sent`);
  }
  return lines;
}
