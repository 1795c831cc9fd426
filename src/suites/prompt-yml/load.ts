// Reads a prompt-yml suite: every file `files:` matches, each `testData` row a case. Everything that
// would make a row's request or grade a guess is exit 2 here, before any request, with the file and
// line: a placeholder a row does not fill (gh models eval would send it as written), an evaluator
// reading a key a row lacks, a model the suite cannot send the file to.
import { createHash } from "node:crypto";
import { ConfigError, excerpt, type InputProblem } from "../../config/errors.ts";
import { type ModelConfig, promptFileOf, promptTargetOf, providersTakingResponseFormat } from "../../config/models.ts";
import { type PromptFile, type PromptMessage, type PromptModelParameters, readPromptFile } from "../../config/prompt-file.ts";
import { promptParameterOrigins, promptParameters } from "../../config/prompt-parameters.ts";
import { adapterOf, providersServing } from "../../models/providers.ts";
import type { ResponseFormat } from "../../models/types.ts";
import type { Case, TargetIdentity } from "../../results/types.ts";
import { redact } from "../../util/redact.ts";
import type { LoadContext, LoadedSuite } from "../kind.ts";
import { builtInsHash } from "./builtins.ts";
import { asksJudge, type CompiledEvaluator, compileEvaluators } from "./evaluators.ts";
import { type PromptYmlFile, promptYmlFiles } from "./files.ts";
import { labelledPoints, rowLabels, withoutLabel } from "./human.ts";
import type { PromptYmlOptions } from "./options.ts";
import { rowProblems } from "./rows.ts";

/** One file as its cases run it: shared by the file's cases, the system under test and its graders (not a case's content). */
export interface PromptYmlSubject {
  file: string;
  /** The metrics' group. */
  key: string;
  /** The configured model the messages go to. */
  model: string;
  /** The file's `model:` id, as written. */
  modelId?: string;
  messages: PromptMessage[];
  /** The file's modelParameters the model entry leaves to it. */
  parameters: PromptModelParameters;
  /** Where the file sets them, for the note naming one the model refuses. */
  origins?: Partial<Record<keyof PromptModelParameters, string>>;
  responseFormat?: ResponseFormat;
  evaluators: CompiledEvaluator[];
}

export interface PromptYmlInput {
  file: string;
  /** 1-based index of the row in the file's testData. */
  row: number;
  /** The row as the file writes it, without its `human` label: what the case is (its fingerprint). */
  values: Record<string, unknown>;
  subject: PromptYmlSubject;
  /** People's grades of the row's answer, by judged evaluator name, on its scale (human.ts): the judge's calibration, not the case's content. */
  human?: Record<string, number>;
}

/** A file read whole: its subject, its rows without their labels, and the labels by row index. */
interface ReadFile {
  subject: PromptYmlSubject;
  prompt: PromptFile;
  labels: Map<number, Record<string, number>>;
}

type Ctx = LoadContext & { options: PromptYmlOptions };

export async function loadPromptYmlSuite(ctx: Ctx): Promise<LoadedSuite<PromptYmlInput>> {
  const files = await matchedFiles(ctx);
  const problems: InputProblem[] = [];
  const warnings: InputProblem[] = [];
  const subjects: ReadFile[] = [];
  let graded: Graded | undefined;
  for (const file of files) {
    const read = await readPromptYml(file, ctx, warnings);
    graded ??= read.graded;
    if ("problems" in read) problems.push(...read.problems);
    else if (read.prompt) subjects.push(read as ReadFile);
  }
  problems.push(...judgeProblems(ctx, graded));
  const points = labelledPoints(labelledEvaluators(subjects));
  if (points.problem) problems.push(points.problem);
  if (problems.length > 0) throw new ConfigError(problems).withWarnings(warnings);
  warnings.push(...unmappedModels(ctx, subjects));
  const leftOut = unchangedLeftOut(ctx, subjects);
  const cases: Case<PromptYmlInput>[] = [];
  for (const { subject, prompt, labels } of subjects) {
    if (leftOut.has(subject.file)) continue;
    for (const [index, row] of prompt.testData.entries()) cases.push(rowCase(subject, row, index, cases.length, labels.get(index)));
  }
  const kept = ctx.keep ? cases.filter((c) => ctx.keep!(c.id)) : cases;
  return {
    cases: kept,
    warnings,
    ...(ctx.keep ? { total: cases.length } : {}),
    ...identities(ctx, subjects, points.points),
    ...(leftOut.size ? { partial: leftOutReason(leftOut, subjects.length, ctx) } : {}),
  };
}

async function matchedFiles(ctx: Ctx): Promise<PromptYmlFile[]> {
  const found = await promptYmlFiles(ctx.options.files, ctx);
  if ("files" in found) return found.files;
  const field = `suites.${ctx.suiteName}.files`;
  throw new ConfigError([
    { file: ctx.configFile ?? "evalgate.yml", line: ctx.lineOf?.(["suites", ctx.suiteName, "files"]), field, message: found.problem },
  ]);
}

/** The first evaluator a judge grades, in the file it is in. */
interface Graded {
  file: string;
  evaluator: CompiledEvaluator;
}

/**
 * One file read and checked: its subject, or its problems; nothing when it has nothing to evaluate (a
 * warning). `graded`: its first evaluator a judge grades, problems or not (a missing judge is said too).
 */
async function readPromptYml(
  file: PromptYmlFile,
  ctx: Ctx,
  warnings: InputProblem[],
): Promise<(Partial<ReadFile> | { problems: InputProblem[] }) & { graded?: Graded }> {
  const read = await readPromptFile(file.absolute, file.file);
  if ("problems" in read) return read;
  const written = read.prompt;
  if (written.format !== "prompt-yml")
    return {
      problems: [
        { file: file.file, line: 1, message: "not a .prompt.yml file: expected a mapping with messages, testData and evaluators" },
      ],
    };
  const empty = written.testData.length === 0 ? "no testData" : written.evaluators.length === 0 ? "no evaluators" : undefined;
  if (empty) {
    warnings.push({ file: file.file, line: written.fieldLines?.testData ?? 1, message: `${empty}: the file is not evaluated` });
    return {};
  }
  // The rows' labels are read apart: their messages and evaluators never see them.
  const prompt = { ...written, testData: written.testData.map((row) => ({ ...row, values: withoutLabel(row.values) })) };
  const problems: InputProblem[] = [];
  const model = routedModel(prompt, ctx, problems);
  const compiled = await compileEvaluators(file.file, prompt.evaluators);
  const labelled = rowLabels(written, compiled.evaluators);
  problems.push(...compiled.problems, ...labelled.problems, ...rowProblems(prompt, compiled.evaluators));
  const asking = compiled.evaluators.find(asksJudge);
  const graded = asking ? { graded: { file: file.file, evaluator: asking } } : {};
  if (model === undefined || problems.length > 0) return { problems: problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0)), ...graded };
  const config = ctx.models?.[model];
  const parameters = config ? promptParameters(prompt, config) : prompt.modelParameters;
  const origins = promptParameterOrigins(prompt, parameters);
  const subject: PromptYmlSubject = {
    file: file.file,
    key: file.key,
    model,
    ...(prompt.model !== undefined ? { modelId: prompt.model } : {}),
    messages: prompt.messages,
    parameters,
    ...(origins ? { origins } : {}),
    ...responseFormatOf(prompt),
    evaluators: compiled.evaluators,
  };
  return { subject, prompt, labels: labelled.labels, ...graded };
}

/** The judged evaluators some row labels, with their files. */
function labelledEvaluators(subjects: readonly ReadFile[]) {
  return subjects.flatMap(({ subject, labels }) => {
    const names = new Set([...labels.values()].flatMap((label) => Object.keys(label)));
    return subject.evaluators
      .filter((evaluator) => names.has(evaluator.name) && asksJudge(evaluator))
      .map((evaluator) => ({ file: subject.file, evaluator: evaluator as Exclude<CompiledEvaluator, { kind: "string" }> }));
  });
}

/** The configured model a file's messages go to: model-map's for its `model:` id, else the suite's target; checked it can take them. */
function routedModel(prompt: PromptFile, ctx: Ctx, problems: InputProblem[]): string | undefined {
  const { options } = ctx;
  const map = options["model-map"];
  const at = { file: prompt.file, line: prompt.fieldLines?.model ?? 1, field: "model" };
  let model: string | undefined;
  if (map && prompt.model !== undefined) {
    model = Object.hasOwn(map, prompt.model) ? map[prompt.model] : undefined;
    if (model === undefined)
      problems.push({
        ...at,
        message: `"${prompt.model}" is not in suites.${ctx.suiteName}.model-map: map it to a configured model (mapped: ${Object.keys(map).join(", ")})`,
      });
  } else {
    model = options.target;
    if (model === undefined)
      problems.push({
        ...at,
        message: `the file names no model and suite ${ctx.suiteName} has no target: give it model: with an id model-map lists`,
      });
  }
  const config = model !== undefined ? ctx.models?.[model] : undefined;
  if (model === undefined || !config) return model;
  const unusable = unusableTarget(model, config, prompt);
  if (unusable) problems.push({ ...at, line: unusable.line ?? at.line, field: unusable.field, message: unusable.message });
  return unusable ? undefined : model;
}

/** Why a configured model cannot be sent this file: not a chat model, a prompt file of its own, or a responseFormat its provider cannot send. */
function unusableTarget(
  name: string,
  config: ModelConfig,
  prompt: PromptFile,
): { message: string; field: string; line?: number } | undefined {
  if (!adapterOf(config).chat)
    return {
      field: "model",
      message: `model "${name}" has provider ${config.provider}: the file's messages need a chat model (provider ${providersServing("chat").join(", ")})`,
    };
  const own = promptFileOf(config);
  if (own !== undefined)
    return {
      field: "model",
      message: `model "${name}" carries a prompt file (${own}): this file is its prompt; give the suite a model entry without prompt:`,
    };
  const format = prompt.responseFormat;
  if (format && format !== "text" && !promptTargetOf(config)?.responseFormat)
    return {
      field: "responseFormat",
      ...(prompt.fieldLines?.responseFormat !== undefined ? { line: prompt.fieldLines.responseFormat } : {}),
      message: `responseFormat ${format} cannot be sent to model "${name}" (provider ${config.provider}); use a provider that takes it (${providersTakingResponseFormat().join(", ")})`,
    };
  return undefined;
}

function responseFormatOf(prompt: PromptFile): { responseFormat?: ResponseFormat } {
  if (prompt.responseFormat === "json_object") return { responseFormat: { type: "json_object" } };
  if (prompt.responseFormat === "json_schema" && prompt.jsonSchema)
    return { responseFormat: { type: "json_schema", jsonSchema: prompt.jsonSchema } };
  return {};
}

/** llm and uses evaluators need the suite's judge: one problem at the config, naming the first such evaluator. */
function judgeProblems(ctx: Ctx, graded: Graded | undefined): InputProblem[] {
  if (ctx.options.judge !== undefined || !graded) return [];
  const { file, evaluator } = graded;
  return [
    {
      file: ctx.configFile ?? "evalgate.yml",
      line: ctx.lineOf?.(["suites", ctx.suiteName]),
      field: `suites.${ctx.suiteName}.judge`,
      message: `required: ${file}:${evaluator.line} has the ${evaluator.kind === "llm" ? "llm" : "uses"} evaluator "${evaluator.label}", which a judge grades (a file's modelId never picks its grader)`,
    },
  ];
}

/** Without model-map every file goes to the target: when the files ask for other models, the warning says so. */
function unmappedModels(ctx: Ctx, subjects: readonly { subject: PromptYmlSubject }[]): InputProblem[] {
  if (ctx.options["model-map"] || ctx.options.target === undefined) return [];
  const config = ctx.models?.[ctx.options.target];
  const sent = config && "model" in config ? config.model : undefined;
  const ids = [
    ...new Set(subjects.flatMap(({ subject }) => (subject.modelId !== undefined && subject.modelId !== sent ? [subject.modelId] : []))),
  ];
  if (ids.length === 0) return [];
  return [
    {
      file: ctx.configFile ?? "evalgate.yml",
      line: ctx.lineOf?.(["suites", ctx.suiteName, "target"]),
      field: `suites.${ctx.suiteName}.target`,
      message: `the files ask for ${ids.join(", ")}; without model-map every file's messages go to ${ctx.options.target}${sent ? ` (model ${sent})` : ""}`,
    },
  ];
}

/** The files left out as unchanged since the change request's ref (and measured by the baseline); none when every file would be. */
function unchangedLeftOut(ctx: Ctx, subjects: readonly { subject: PromptYmlSubject }[]): Set<string> {
  if (!ctx.unchangedFiles) return new Set();
  const unchanged = subjects.filter(({ subject }) => ctx.unchangedFiles!.has(subject.file)).map(({ subject }) => subject.file);
  // A suite whose every file is unchanged was touched by something else (a file deleted): it runs whole.
  return unchanged.length < subjects.length ? new Set(unchanged) : new Set();
}

function leftOutReason(leftOut: ReadonlySet<string>, total: number, ctx: Ctx): string {
  const listed = [...leftOut].slice(0, 5).join(", ") + (leftOut.size > 5 ? `, … (${leftOut.size} in all)` : "");
  return `${ctx.suiteName}: ${leftOut.size} of ${total} files not run, unchanged since ${ctx.unchangedFiles!.since} (${listed})`;
}

/** The suite's graders and systems under test, as results.json records them. */
function identities(
  ctx: Ctx,
  subjects: readonly { subject: PromptYmlSubject; prompt: PromptFile }[],
  points: number[] | undefined,
): Pick<LoadedSuite, "judge" | "checks" | "targets"> {
  const checks = Object.fromEntries(
    subjects.flatMap(({ subject }) => subject.evaluators.map((e) => [`${subject.key}/${e.name}`, e.definition])),
  );
  const targets: Record<string, TargetIdentity> = Object.fromEntries(
    subjects.map(({ subject, prompt }) => [subject.key, { prompt: { file: subject.file, hash: subjectHash(prompt) } }]),
  );
  const judge = ctx.options.judge
    ? {
        judge: {
          name: ctx.options.judge,
          promptHash: builtInsHash(),
          scale: "choices",
          runs: 1,
          grades: judgedMetrics(subjects),
          ...(points ? { points } : {}),
        },
      }
    : {};
  return { ...judge, ...(Object.keys(checks).length ? { checks } : {}), ...(subjects.length ? { targets } : {}) };
}

/** The metrics a judge's grade goes into: its evaluators' (by prefix), each file's and the suite's row pass; not a string evaluator's. */
function judgedMetrics(subjects: readonly { subject: PromptYmlSubject }[]): string[] {
  const judged = subjects.flatMap(({ subject }) => {
    const names = subject.evaluators.filter(asksJudge).map((evaluator) => `${subject.key}/${evaluator.name}`);
    return names.length ? [...names, `${subject.key}/pass_rate`] : [];
  });
  return judged.length ? [...judged, "pass_rate"] : [];
}

/** What the file asks of the system under test (not its rows or evaluators): an edit here is the prompt's, compared as such. */
function subjectHash(prompt: PromptFile): string {
  const { model, modelParameters, responseFormat, jsonSchema } = prompt;
  const messages = prompt.messages.map(({ role, content }) => ({ role, content }));
  return createHash("sha256")
    .update(JSON.stringify({ model, modelParameters, responseFormat, jsonSchema, messages }))
    .digest("hex")
    .slice(0, 16);
}

function rowCase(
  subject: PromptYmlSubject,
  row: PromptFile["testData"][number],
  index: number,
  before: number,
  human: Record<string, number> | undefined,
): Case<PromptYmlInput> {
  const first = Object.values(row.values).find((value) => typeof value === "string" && value.trim() !== "");
  const text = typeof first === "string" ? `: ${redact(first).slice(0, 200)}` : "";
  return {
    id: `${subject.file}#${index + 1}`,
    title: excerpt(`${subject.key} #${index + 1}${text}`, 80),
    source: { file: subject.file, line: row.line },
    position: before + 1,
    input: { file: subject.file, row: index + 1, values: row.values, subject, ...(human ? { human } : {}) },
  };
}
