// Reads a function-call suite's ground truth into cases: evalgate JSONL (the seed's format, with
// optional tools, mocked results and recorded calls) or BFCL question + possible-answer files.
// Every problem names the file, the line and the field.
import { createHash } from "node:crypto";
import { basename, dirname, join, relative, resolve, sep } from "node:path";
import { ConfigError, excerpt, type InputProblem } from "../../config/errors.ts";
import { type JsonLine, streamSuiteJsonLines } from "../../config/jsonl.ts";
import { templateValue } from "../../config/prompt-template.ts";
import { type BadLines, withLoadWarnings } from "../../config/text-file.ts";
import { parseToolArguments } from "../../models/tool-calls.ts";
import type { ChatMessage, ToolSchema } from "../../models/types.ts";
import type { Case } from "../../results/types.ts";
import { clipText } from "../../util/escape.ts";
import { isRecord } from "../../util/is-record.ts";
import { numberSource, parseJsonKeepingNumbers } from "../../util/json-numbers.ts";
import type { LoadContext, LoadedSuite } from "../kind.ts";
import { type CompileOptions, compileBfclParameter, compileExpected, MatcherSpecError } from "./matchers.ts";
import type { ActualCall, ExpectedCall } from "./metrics.ts";
import type { FunctionCallOptions } from "./options.ts";
import { readToolSchema } from "./tools.ts";

export interface FunctionCallInput {
  origin: "evalgate" | "bfcl";
  scenarioType: string;
  /** The simulated user's instructions (live multi-turn). */
  instructions: string;
  completionCondition: string;
  /** Single-turn cases (BFCL): the messages sent to the target as they are. */
  question?: ChatMessage[];
  /** Offered to the target, with the case's own names. */
  tools: ToolSchema[];
  expected: ExpectedCall[];
  /** Function name → what the tool returns when the target calls it. */
  mockedResults: Record<string, unknown>;
  /** Calls already made (recorded): scored without running anything. */
  recorded?: ActualCall[];
  /** The line's `vars`: values for a prompt file's {{name}} placeholders; absent when it has none. */
  vars?: Record<string, string>;
}

type Options = FunctionCallOptions;

export function displayPath(rootDir: string, path: string): string {
  return relative(rootDir, path).split(sep).join("/");
}

/** BFCL possible answers, streamed like the dataset; null (and a problem) when the file cannot be read. */
async function readAnswerLines(
  path: string,
  file: string,
  field: string,
  problems: InputProblem[],
  badLines: BadLines,
): Promise<{ line: number; value: unknown }[] | null> {
  const lines: { line: number; value: unknown }[] = [];
  const unreadable = await streamSuiteJsonLines(path, file, badLines, parseJsonKeepingNumbers, (line) =>
    lines.push(...keepJson(line, file, problems)),
  );
  if (!unreadable) return lines;
  const { line, message } = unreadable;
  problems.push({ file, ...(line !== undefined ? { line } : {}), field, message: `cannot read the BFCL possible answers: ${message}` });
  return null;
}

export function keepJson(line: JsonLine, file: string, problems: InputProblem[]): { line: number; raw: string; value: unknown }[] {
  if (line.error === undefined) return [{ line: line.line, raw: line.raw, value: line.value }];
  problems.push({ file, line: line.line, message: `not valid JSON: ${line.error}` });
  return [];
}

export function loadFunctionCallSuite(ctx: LoadContext & { options: Options }): Promise<LoadedSuite<FunctionCallInput>> {
  return withLoadWarnings((badLines, warnings) => readFunctionCallSuite(ctx, badLines, warnings));
}

async function readFunctionCallSuite(
  ctx: LoadContext & { options: Options },
  badLines: BadLines,
  warnings: InputProblem[],
): Promise<Omit<LoadedSuite<FunctionCallInput>, "warnings">> {
  const { options } = ctx;
  const datasetPath = resolve(ctx.configDir, options.dataset);
  const file = displayPath(ctx.rootDir, datasetPath);
  const problems: InputProblem[] = [];
  // Streamed: the file's text is never held whole (the parsed lines still are, until cases are built).
  const lines: { line: number; raw: string; value: unknown }[] = [];
  const unreadable = await streamSuiteJsonLines(datasetPath, file, badLines, parseJsonKeepingNumbers, (line) =>
    lines.push(...keepJson(line, file, problems)),
  );
  if (unreadable) {
    throw new ConfigError([
      { file, line: unreadable.line, field: `suites.${ctx.suiteName}.dataset`, message: `the dataset ${unreadable.message}` },
    ]);
  }
  if (lines.length === 0 && problems.length === 0) problems.push({ file, message: "the dataset holds no cases" });
  const format = options.format === "auto" ? detectFormat(lines[0]?.value) : options.format;
  const compile: CompileOptions = { mode: options.matcher, threshold: options["similarity-threshold"] };

  const source = { datasetPath, file, lines, compile };
  const cases =
    format === "bfcl"
      ? await readBfclCases(ctx, source, { badLines, warnings, problems })
      : await readEvalgateCases(ctx, source, { badLines, warnings, problems });
  problems.push(...unrunnableCases(cases, ctx, file));
  if (problems.length > 0) throw new ConfigError(problems);
  return { cases };
}

type DatasetLines = { datasetPath: string; file: string; lines: { line: number; raw: string; value: unknown }[]; compile: CompileOptions };
type Findings = { badLines: BadLines; warnings: InputProblem[]; problems: InputProblem[] };

/** BFCL questions, each with its ground truth from the possible-answers file beside the dataset (or named by the suite). */
async function readBfclCases(
  ctx: LoadContext & { options: Options },
  { datasetPath, file, lines }: DatasetLines,
  { badLines, warnings, problems }: Findings,
): Promise<Case<FunctionCallInput>[]> {
  const { options } = ctx;
  const answersPath = options["possible-answers"]
    ? resolve(ctx.configDir, options["possible-answers"])
    : join(dirname(datasetPath), "possible_answer", basename(datasetPath));
  const answersFile = displayPath(ctx.rootDir, answersPath);
  const answerLines = await readAnswerLines(answersPath, answersFile, `suites.${ctx.suiteName}.possible-answers`, problems, badLines);
  if (!answerLines) return [];
  const answers = readBfclAnswers(answerLines, answersFile, problems);
  const cases = lines.flatMap((line) => bfclCase(line, file, answers, answersFile, problems) ?? []);
  const used = new Set(cases.map((c) => c.id));
  const unused = [...answers.keys()].filter((id) => !used.has(id));
  if (unused.length > 0)
    warnings.push({
      file: answersFile,
      message: `${unused.length} possible answers have no question (${unused.slice(0, 3).join(", ")}${unused.length > 3 ? ", …" : ""})`,
    });
  return cases;
}

/** evalgate's own JSONL cases, with the suite's shared tools file when it names one. */
async function readEvalgateCases(
  ctx: LoadContext & { options: Options },
  { file, lines, compile }: DatasetLines,
  { badLines, warnings, problems }: Findings,
): Promise<Case<FunctionCallInput>[]> {
  const { options } = ctx;
  let sharedTools: ToolSchema[] = [];
  if (options.tools) {
    const toolsPath = resolve(ctx.configDir, options.tools);
    const where = { file: displayPath(ctx.rootDir, toolsPath), field: `suites.${ctx.suiteName}.tools` };
    sharedTools = await readToolsFile(toolsPath, where, problems, badLines);
  }
  const seen = new Map<string, number>();
  return lines.flatMap((line) => evalgateCase(line, file, { options, compile, sharedTools, seen, warnings }, problems) ?? []);
}

/** Cases the configured models cannot run: without a target every case needs recorded calls; live cases need a simulator. */
function unrunnableCases(cases: Case<FunctionCallInput>[], ctx: LoadContext & { options: Options }, file: string): InputProblem[] {
  const { options } = ctx;
  if (options.target === undefined) {
    return cases
      .filter((c) => !c.input.recorded)
      .map((c) => ({
        file,
        line: c.source.line,
        field: "actual_function_calls",
        message: "no target is configured, so every case needs its recorded calls",
      }));
  }
  if (cases.some((c) => !c.input.recorded && !c.input.question) && options.simulator === undefined) {
    return [{ file, field: `suites.${ctx.suiteName}.simulator`, message: "live multi-turn cases need a simulator model to play the user" }];
  }
  return [];
}

function detectFormat(first: unknown): "bfcl" | "evalgate" {
  return isRecord(first) && "question" in first && "function" in first ? "bfcl" : "evalgate";
}

/** The shared tool schemas (a JSON file); lines with NUL bytes or invalid UTF-8 are warnings. */
async function readToolsFile(
  path: string,
  { file, field }: { file: string; field: string },
  problems: InputProblem[],
  badLines: BadLines,
): Promise<ToolSchema[]> {
  const read = await badLines.readWhole(path, file, "a JSON file");
  if ("problem" in read) {
    problems.push({ file, line: read.problem.line, field, message: `cannot read the tool schemas: ${read.problem.message}` });
    return [];
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(read.text);
  } catch (error) {
    problems.push({ file, message: `cannot read the tool schemas: ${excerpt((error as Error).message, 100)}` });
    return [];
  }
  const list = Array.isArray(parsed) ? parsed : isRecord(parsed) && Array.isArray(parsed.tools) ? parsed.tools : undefined;
  if (!list) {
    problems.push({ file, message: "expected a JSON array of tool schemas (or {tools: [...]})" });
    return [];
  }
  return list.flatMap((tool, i) => {
    const schema = readToolSchema(tool);
    if (typeof schema === "string") {
      problems.push({ file, field: `tools.${i}`, message: schema });
      return [];
    }
    return [schema];
  });
}

// ---------------------------------------------------------------- evalgate JSONL

const KNOWN_FIELDS = new Set([
  "id",
  "scenarioType",
  "scenario_type",
  "instructions",
  "task_completion_condition",
  "taskCompletionCondition",
  "expected_function_calls",
  "expectedFunctionCalls",
  "tools",
  "mocked_results",
  "mockedResults",
  "actual_function_calls",
  "actualFunctionCalls",
  "question",
  "vars",
  "group",
]);

/** The first of the spellings present (the seed mixes camelCase and snake_case). */
function pick(record: Record<string, unknown>, names: string[]): [string, unknown] {
  for (const name of names) if (name in record) return [name, record[name]];
  return [names[0] as string, undefined];
}

function shortHash(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 10);
}

function evalgateCase(
  line: { line: number; raw: string; value: unknown },
  file: string,
  ctx: { options: Options; compile: CompileOptions; sharedTools: ToolSchema[]; seen: Map<string, number>; warnings: InputProblem[] },
  problems: InputProblem[],
): Case<FunctionCallInput> | undefined {
  const at = (field: string, message: string) => problems.push({ file, line: line.line, field, message });
  const before = problems.length;
  if (!isRecord(line.value)) {
    at("(line)", "each line must be a JSON object");
    return undefined;
  }
  const record = line.value;
  const unknown = Object.keys(record).filter((key) => !KNOWN_FIELDS.has(key));
  if (unknown.length > 0) ctx.warnings.push({ file, line: line.line, message: `unknown fields ignored: ${unknown.join(", ")}` });

  const [scenarioField, scenarioType] = pick(record, ["scenarioType", "scenario_type"]);
  if (typeof scenarioType !== "string" || scenarioType.trim() === "")
    at(scenarioField, "a non-empty string naming the scenario type is required");
  const [expectedField, expectedRaw] = pick(record, ["expected_function_calls", "expectedFunctionCalls"]);
  const expected = readExpectedCalls(expectedRaw, expectedField, ctx.compile, at);
  const [actualField, actualRaw] = pick(record, ["actual_function_calls", "actualFunctionCalls"]);
  const recorded = actualRaw === undefined ? undefined : readActualCalls(actualRaw, actualField, at);
  const { instructions, condition, question } = readCaseTexts(record, recorded === undefined, ctx.options, at);
  const tools = record.tools === undefined ? ctx.sharedTools : readCaseTools(record.tools, at);
  const [mockedField, mocked] = pick(record, ["mocked_results", "mockedResults"]);
  if (mocked !== undefined && !isRecord(mocked)) at(mockedField, "must be an object mapping function names to results");
  if (record.id !== undefined && (typeof record.id !== "string" || record.id.trim() === "")) at("id", "must be a non-empty string");
  const vars = readCaseVars(record.vars, at);
  if (record.group !== undefined && (typeof record.group !== "string" || record.group.trim() === ""))
    at("group", "must be a non-empty string (cases of one group are compared as a cluster)");
  if (problems.length > before) return undefined;

  const scenario = (scenarioType as string).trim();
  const id = caseId(record, scenario, line.raw, ctx.seen, at);
  if (id === undefined) return undefined;
  return {
    id,
    title: typeof record.id === "string" ? `${scenario}: ${id}` : `${scenario} (line ${line.line})`,
    source: { file, line: line.line },
    position: line.line,
    ...(typeof record.group === "string" ? { cluster: record.group.trim() } : {}),
    input: {
      origin: "evalgate",
      scenarioType: scenario,
      instructions: typeof instructions === "string" ? instructions : "",
      completionCondition: typeof condition === "string" ? condition : "",
      ...(typeof question === "string" && { question: [{ role: "user", content: question }] }),
      tools,
      expected,
      mockedResults: (mocked as Record<string, unknown> | undefined) ?? {},
      ...(recorded && { recorded }),
      ...(vars && { vars }),
    },
  };
}

/** A line's `vars`: an object of texts, numbers or booleans (numbers and booleans as JSON writes them). */
function readCaseVars(raw: unknown, at: (field: string, message: string) => void): Record<string, string> | undefined {
  if (raw === undefined) return undefined;
  if (!isRecord(raw)) {
    at("vars", "must be an object of name → text, number or boolean (a prompt file's {{name}} values)");
    return undefined;
  }
  const vars: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    // A number as the line writes it: 5.0 stays 5.0.
    const text = (typeof value === "number" ? numberSource(raw, name) : undefined) ?? templateValue(value);
    if (text === undefined) at(`vars.${name}`, "must be a text, a number or a boolean");
    else vars[name] = text;
  }
  return vars;
}

/** The texts a live case is driven by (the simulated user's instructions, the completion condition) and a one-shot question. */
function readCaseTexts(
  record: Record<string, unknown>,
  unrecorded: boolean,
  options: Options,
  at: (field: string, message: string) => void,
): { instructions: unknown; condition: unknown; question: unknown } {
  const instructions = record.instructions;
  const [conditionField, condition] = pick(record, ["task_completion_condition", "taskCompletionCondition"]);
  const question = record.question;
  if (question !== undefined && (typeof question !== "string" || question.trim() === ""))
    at("question", "must be a non-empty string (sent to the target as the user's message)");
  const live = unrecorded && question === undefined && options.target !== undefined;
  if (instructions !== undefined && typeof instructions !== "string") at("instructions", "must be a string");
  if (live && (typeof instructions !== "string" || instructions.trim() === ""))
    at("instructions", "live multi-turn cases need the simulated user's instructions");
  if (condition !== undefined && typeof condition !== "string") at(conditionField, "must be a string");
  if (live && options["judge-completion"] && (typeof condition !== "string" || condition.trim() === ""))
    at(conditionField, "live multi-turn cases need a task completion condition");
  return { instructions, condition, question };
}

/** A case's own tool schemas (instead of the suite's shared ones). */
function readCaseTools(raw: unknown, at: (field: string, message: string) => void): ToolSchema[] {
  if (!Array.isArray(raw)) {
    at("tools", "must be an array of tool schemas");
    return [];
  }
  return raw.flatMap((tool, i) => {
    const schema = readToolSchema(tool);
    if (typeof schema === "string") {
      at(`tools.${i}`, schema);
      return [];
    }
    return [schema];
  });
}

/** The case's own id, or one stable in the line's content; a repeated own id is a problem (undefined). */
function caseId(
  record: Record<string, unknown>,
  scenario: string,
  raw: string,
  seen: Map<string, number>,
  at: (field: string, message: string) => void,
): string | undefined {
  const id = typeof record.id === "string" ? record.id.trim() : `${scenario}-${shortHash(raw.trim())}`;
  const count = (seen.get(id) ?? 0) + 1;
  seen.set(id, count);
  if (count === 1) return id;
  if (typeof record.id === "string") {
    at("id", `duplicate case id "${id}"`);
    return undefined;
  }
  return `${id}-${count}`; // identical lines: still distinct, still stable
}

export function readExpectedCalls(
  raw: unknown,
  field: string,
  compile: CompileOptions,
  at: (field: string, message: string) => void,
): ExpectedCall[] {
  if (!Array.isArray(raw)) {
    at(field, "an array of {functionName, arguments} is required (it may be empty)");
    return [];
  }
  return raw.flatMap((entry, i) => {
    const where = `${field}.${i}`;
    if (!isRecord(entry)) {
      at(where, "must be an object {functionName, arguments}");
      return [];
    }
    const [, name] = pick(entry, ["functionName", "function_name", "name"]);
    if (typeof name !== "string" || name.trim() === "") {
      at(`${where}.functionName`, "a non-empty function name is required");
      return [];
    }
    const args = entry.arguments ?? {};
    if (!isRecord(args)) {
      at(`${where}.arguments`, "must be an object of argument name → expected value");
      return [];
    }
    const compiled: ExpectedCall["arguments"] = {};
    for (const [key, value] of Object.entries(args)) {
      try {
        compiled[key] = compileExpected(value, compile, key, numberSource(args, key));
      } catch (error) {
        if (!(error instanceof MatcherSpecError)) throw error;
        at(`${where}.arguments.${error.path}`, error.message.slice(error.path.length + 2));
      }
    }
    return [{ name: name.trim(), arguments: compiled }];
  });
}

function readActualCalls(raw: unknown, field: string, at: (field: string, message: string) => void): ActualCall[] {
  if (!Array.isArray(raw)) {
    at(field, "must be an array of {functionName, arguments}");
    return [];
  }
  return raw.flatMap((entry, i) => {
    if (!isRecord(entry)) {
      at(`${field}.${i}`, "must be an object {functionName, arguments}");
      return [];
    }
    const [, name] = pick(entry, ["functionName", "function_name", "name"]);
    if (typeof name !== "string" || name.trim() === "") {
      at(`${field}.${i}.functionName`, "a non-empty function name is required");
      return [];
    }
    // Recorded arguments may be a JSON string, as providers send them.
    return [{ name: name.trim(), arguments: parseToolArguments(entry.arguments) }];
  });
}

// ---------------------------------------------------------------- BFCL

interface BfclAnswer {
  line: number;
  groundTruth: unknown;
}

function readBfclAnswers(lines: { line: number; value: unknown }[], file: string, problems: InputProblem[]): Map<string, BfclAnswer> {
  const answers = new Map<string, BfclAnswer>();
  for (const { line, value } of lines) {
    if (!isRecord(value) || typeof value.id !== "string") {
      problems.push({ file, line, field: "id", message: "each possible answer needs a string id" });
      continue;
    }
    if (answers.has(value.id)) problems.push({ file, line, field: "id", message: `duplicate id "${value.id}"` });
    answers.set(value.id, { line, groundTruth: value.ground_truth });
  }
  return answers;
}

/** BFCL categories from ids: simple_python_12 → simple_python, live_multiple_3-1-0 → live_multiple. */
export function bfclCategory(id: string): string {
  return id.replace(/_[\d-]+$/, "") || id;
}

function bfclCase(
  line: { line: number; value: unknown },
  file: string,
  answers: Map<string, BfclAnswer>,
  answersFile: string,
  problems: InputProblem[],
): Case<FunctionCallInput> | undefined {
  const at = (field: string, message: string) => problems.push({ file, line: line.line, field, message });
  const record = line.value;
  if (!isRecord(record) || typeof record.id !== "string") {
    at("id", "each BFCL question needs a string id");
    return undefined;
  }
  const id = record.id;
  const turns = record.question;
  if (!Array.isArray(turns) || turns.length === 0 || !turns.every(Array.isArray)) {
    at("question", "must be a list of turns, each a list of {role, content} messages");
    return undefined;
  }
  if (turns.length > 1) {
    at("question", "multi-turn BFCL categories are not supported; use single-turn files (simple, multiple, parallel, live_*)");
    return undefined;
  }
  const messages = readBfclMessages(turns[0] as unknown[], at);
  if (!messages) return undefined;
  const tools = readBfclFunctions(record.function, at);
  if (!tools) return undefined;
  const answer = answers.get(id);
  if (!answer) {
    at("id", `no possible answer has the id "${id}"`);
    return undefined;
  }
  const expected = readBfclGroundTruth(answer.groundTruth, (field, message) =>
    problems.push({ file: answersFile, line: answer.line, field, message }),
  );
  if (!expected) return undefined;
  const content = messages.filter((m) => m.role === "user").at(-1)?.content ?? id;
  return {
    id,
    title: `${id}: ${clipText(content, 80)}`,
    source: { file, line: line.line },
    position: line.line,
    input: {
      origin: "bfcl",
      scenarioType: bfclCategory(id),
      instructions: "",
      completionCondition: "",
      question: messages,
      tools,
      expected,
      mockedResults: {},
    },
  };
}

function readBfclMessages(turn: unknown[], at: (field: string, message: string) => void): ChatMessage[] | undefined {
  const messages: ChatMessage[] = [];
  for (const [i, message] of turn.entries()) {
    if (!isRecord(message) || typeof message.content !== "string" || !["system", "user", "assistant"].includes(String(message.role))) {
      at(`question.0.${i}`, "must be {role: system|user|assistant, content: string}");
      return undefined;
    }
    messages.push({ role: message.role as ChatMessage["role"], content: message.content });
  }
  return messages;
}

function readBfclFunctions(raw: unknown, at: (field: string, message: string) => void): ToolSchema[] | undefined {
  if (!Array.isArray(raw)) {
    at("function", "must be a list of function schemas");
    return undefined;
  }
  const tools: ToolSchema[] = [];
  for (const [i, fn] of raw.entries()) {
    const schema = readToolSchema(fn);
    if (typeof schema === "string") {
      at(`function.${i}`, schema);
      return undefined;
    }
    tools.push(schema);
  }
  return tools;
}

function readBfclGroundTruth(raw: unknown, at: (field: string, message: string) => void): ExpectedCall[] | undefined {
  if (!Array.isArray(raw)) {
    at("ground_truth", "must be a list of {function name: {parameter: [acceptable values]}}");
    return undefined;
  }
  const calls: ExpectedCall[] = [];
  for (const [i, entry] of raw.entries()) {
    if (!isRecord(entry) || Object.keys(entry).length !== 1) {
      at(
        `ground_truth.${i}`,
        typeof entry === "string" ? "multi-turn call strings are not supported" : "must be an object with exactly one function name",
      );
      return undefined;
    }
    const [name, params] = Object.entries(entry)[0] as [string, unknown];
    if (!isRecord(params)) {
      at(`ground_truth.${i}.${name}`, "must map parameter names to lists of acceptable values");
      return undefined;
    }
    const args: ExpectedCall["arguments"] = {};
    for (const [param, acceptable] of Object.entries(params)) {
      try {
        args[param] = compileBfclParameter(acceptable, param);
      } catch (error) {
        if (!(error instanceof MatcherSpecError)) throw error;
        at(`ground_truth.${i}.${name}.${error.path}`, error.message.slice(error.path.length + 2));
        return undefined;
      }
    }
    calls.push({ name, arguments: args });
  }
  return calls;
}
