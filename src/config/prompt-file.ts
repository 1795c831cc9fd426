// A prompt file from the checkout: the system under test's prompt, read as one of three formats and
// checked before any request. Every problem names the file, the line and the field.
//
//   *.prompt.yml / *.prompt.yaml   GitHub Models' format (github/gh-models pkg/prompt/prompt.go): name,
//                                  description, model, modelParameters {maxTokens, temperature, topP},
//                                  responseFormat, jsonSchema, messages, testData, evaluators
//   *.yml / *.yaml / *.json        the same when it is a mapping; a list of {role, content} messages
//   *.md / *.markdown / *.txt      the whole text is the system message
//
// testData and evaluators are parsed and typed (a `kind: prompt-yml` suite reads them); a prompt
// target uses only the messages, the model parameters and the response format.
import { createHash } from "node:crypto";
import { isMap, isNode, isScalar } from "yaml";
import * as z from "zod";
import type { InputProblem } from "./errors.ts";
import { ghPlainScalarText } from "./gh-yaml-values.ts";
import { configNumber } from "./primitives.ts";
import { placeholdersIn } from "./prompt-template.ts";
import { loneCrAsLf, readTextFile } from "./text-file.ts";
import { type PositionedYaml, parsePositionedYaml, yamlProblems } from "./yaml-positions.ts";
import { describeValue, joinPath, zodIssueProblems } from "./zod-problems.ts";

export type PromptFormat = "prompt-yml" | "messages" | "text";
export type PromptRole = "system" | "user" | "assistant";

export interface PromptPlaceholder {
  name: string;
  /** 1-based line of the `{{` in the file. */
  line: number;
}

export interface PromptMessage {
  role: PromptRole;
  content: string;
  /** 1-based line where the content starts in the file. */
  line: number;
  /** The `{{name}}` placeholders of the content, in order. */
  placeholders: PromptPlaceholder[];
}

export interface PromptModelParameters {
  maxTokens?: number;
  temperature?: number;
  topP?: number;
}

export interface PromptJsonSchema {
  name: string;
  strict?: boolean;
  description?: string;
  schema: Record<string, unknown>;
}

export interface PromptTestDatum {
  line: number;
  values: Record<string, unknown>;
}

export type PromptEvaluator = { name: string; line: number } & (
  | { string: { startsWith?: string; endsWith?: string; contains?: string; equals?: string } }
  | { llm: { modelId: string; prompt: string; choices: { choice: string; score: number }[]; systemPrompt?: string } }
  | { uses: string }
);

export interface PromptFile {
  format: PromptFormat;
  /** The file as shown in messages (repository-relative). */
  file: string;
  /** The file's identity: the first 16 hex digits of the SHA-256 of its text. */
  hash: string;
  name?: string;
  description?: string;
  /** The model the file asks for (GitHub Models' id); evalgate.yml's `model:` is what is sent. */
  model?: string;
  modelParameters: PromptModelParameters;
  responseFormat?: "text" | "json_object" | "json_schema";
  jsonSchema?: PromptJsonSchema;
  messages: PromptMessage[];
  testData: PromptTestDatum[];
  evaluators: PromptEvaluator[];
  /** Lines of the top-level fields a prompt-yml file sets (for problems about their values); absent in the other formats. */
  fieldLines?: Partial<Record<"model" | "responseFormat" | "testData" | "evaluators", number>>;
  /** Where each of modelParameters is set, as the file names it ("prompts/careful.prompt.yml:8 temperature"); prompt-yml only. */
  parameterOrigins?: Partial<Record<keyof PromptModelParameters, string>>;
}

export type PromptFileRead = { prompt: PromptFile } | { problems: InputProblem[] };

/** A prompt file larger than this is refused (prompts are kilobytes). */
export const MAX_PROMPT_FILE_BYTES = 1024 * 1024;

const TEXT_EXTENSIONS = [".md", ".markdown", ".txt"];
const STRUCTURED_EXTENSIONS = [".yml", ".yaml", ".json"];

/** What a file's name says it holds: GitHub Models' format, YAML/JSON (a mapping or a list of messages), or text; undefined for anything else. */
export function promptFormatOf(file: string): "prompt-yml" | "structured" | "text" | undefined {
  const name = file.toLowerCase();
  if (name.endsWith(".prompt.yml") || name.endsWith(".prompt.yaml")) return "prompt-yml";
  if (STRUCTURED_EXTENSIONS.some((extension) => name.endsWith(extension))) return "structured";
  if (TEXT_EXTENSIONS.some((extension) => name.endsWith(extension))) return "text";
  return undefined;
}

/** Reads and parses a prompt file; a missing, huge, binary or badly encoded file is a problem like a bad field. */
export async function readPromptFile(absolute: string, file: string): Promise<PromptFileRead> {
  const read = await readTextFile(absolute, { maxBytes: MAX_PROMPT_FILE_BYTES, what: "a prompt file" });
  if ("problem" in read) {
    const { line, message, missing } = read.problem;
    return { problems: [{ file, ...(line !== undefined ? { line } : {}), message: missing ? "the prompt file does not exist" : message }] };
  }
  // Text sent to a model is never guessed at: a bad byte is an error here, not a warning.
  if (read.warnings.length > 0)
    return { problems: read.warnings.map(({ line, message }) => ({ file, ...(line ? { line } : {}), message })) };
  return parsePromptFile(read.text, file);
}

/** Parses a prompt file's text in the format its name says; every problem at once. */
export function parsePromptFile(text: string, file: string): PromptFileRead {
  const format = promptFormatOf(file);
  const hash = createHash("sha256").update(text).digest("hex").slice(0, 16);
  if (format === undefined) {
    return {
      problems: [
        {
          file,
          message: "unknown prompt file type: expected .prompt.yml, .yml, .yaml or .json (messages), or .md or .txt (a system message)",
        },
      ],
    };
  }
  if (format === "text") return parseTextPrompt(text, file, hash);
  return parseStructuredPrompt(text, file, hash, format === "prompt-yml");
}

function parseTextPrompt(text: string, file: string, hash: string): PromptFileRead {
  const content = loneCrAsLf(text).trimEnd();
  if (content.trim() === "") return { problems: [{ file, line: 1, message: "the prompt file is empty" }] };
  const placeholders = placeholdersIn(content).map(({ name, index }) => ({ name, line: lineAt(content, 0, index, 1) }));
  const message: PromptMessage = { role: "system", content, line: 1, placeholders };
  return { prompt: { format: "text", file, hash, modelParameters: {}, messages: [message], testData: [], evaluators: [] } };
}

// ------------------------------------------------------------------ YAML and JSON

/** One of a prompt file's evaluators: a string test, an LLM grader, or a built-in it uses. */
function buildEvaluatorSchema() {
  const stringEvaluator = z.strictObject({
    startsWith: z.string().optional(),
    endsWith: z.string().optional(),
    contains: z.string().optional(),
    equals: z.string().optional(),
  });

  const llmEvaluator = z.strictObject({
    modelId: z.string().min(1),
    prompt: z.string(),
    choices: z.array(z.strictObject({ choice: z.string(), score: configNumber() })).min(1),
    systemPrompt: z.string().optional(),
  });

  return z
    .strictObject({
      name: z.string().min(1),
      string: stringEvaluator.optional(),
      llm: llmEvaluator.optional(),
      uses: z.string().min(1).optional(),
    })
    .refine(
      (e) => [e.string, e.llm, e.uses].filter((part) => part !== undefined).length === 1,
      "an evaluator is one of string, llm or uses",
    );
}

/**
 * The schemas of a structured prompt file: built when the first one is read, so a run whose models
 * take no prompt file never builds them.
 */
function buildPromptSchemas() {
  /** A role as GitHub Models reads it: any case. */
  const role = z
    .string()
    .transform((value) => value.toLowerCase())
    .pipe(z.enum(["system", "user", "assistant"]));

  const message = z.strictObject({ role, content: z.string() });

  const modelParameters = z.strictObject({
    maxTokens: z.number().int().positive().optional(),
    /** actions/ai-inference's name for the same limit. */
    maxCompletionTokens: z.number().int().positive().optional(),
    temperature: z.number().min(0).max(2).optional(),
    topP: z.number().min(0).max(1).optional(),
  });

  const jsonSchemaObject = z.strictObject({
    name: z.string().min(1),
    strict: z.boolean().optional(),
    description: z.string().optional(),
    schema: z.record(z.string(), z.unknown()),
  });

  const evaluator = buildEvaluatorSchema();

  const promptYml = z
    .strictObject({
      name: z.string().optional(),
      description: z.string().optional(),
      model: z.string().optional(),
      modelParameters: modelParameters.optional(),
      responseFormat: z.enum(["text", "json_object", "json_schema"]).optional(),
      /** A JSON text (GitHub Models today) or a mapping (its first version). */
      jsonSchema: z.union([z.string(), jsonSchemaObject]).optional(),
      messages: z.array(message).min(1),
      testData: z.array(z.record(z.string(), z.unknown())).optional(),
      evaluators: z.array(evaluator).optional(),
    })
    .superRefine((file, ctx) => {
      if (file.responseFormat === "json_schema" && file.jsonSchema === undefined)
        ctx.addIssue({ code: "custom", path: ["jsonSchema"], message: "responseFormat json_schema needs a jsonSchema" });
      const limits = file.modelParameters;
      if (limits?.maxTokens !== undefined && limits.maxCompletionTokens !== undefined && limits.maxTokens !== limits.maxCompletionTokens)
        ctx.addIssue({
          code: "custom",
          path: ["modelParameters", "maxCompletionTokens"],
          message: "differs from maxTokens; give one of them",
        });
    });
  return { message, modelParameters, jsonSchemaObject, evaluator, promptYml };
}

type PromptSchemas = ReturnType<typeof buildPromptSchemas>;
let promptSchemas: PromptSchemas | undefined;
const promptSchemasBuilt = () => (promptSchemas ??= buildPromptSchemas());

type PromptYml = z.output<PromptSchemas["promptYml"]>;

function parseStructuredPrompt(text: string, file: string, hash: string, promptYml: boolean): PromptFileRead {
  const yaml = parsePositionedYaml(text);
  if (yaml.problems.length > 0) return { problems: yamlProblems(yaml, file) };
  const value = yaml.value;
  if (value === null || value === undefined) return { problems: [{ file, line: 1, message: "the prompt file is empty" }] };
  if (Array.isArray(value) && !promptYml) return parseMessageList(yaml, text, file, hash);
  if (typeof value !== "object" || Array.isArray(value)) {
    const expected = promptYml ? "a mapping with messages:" : "a mapping with messages:, or a list of {role, content} messages";
    return { problems: [{ file, line: 1, column: 1, message: `expected ${expected}, got ${describeValue(value)}` }] };
  }
  const { promptYml: promptYmlSchema } = promptSchemasBuilt();
  const parsed = promptYmlSchema.safeParse(value);
  const positionOf = (fieldPath: PropertyKey[], key?: string) => yaml.positionOf(fieldPath, key);
  if (!parsed.success)
    return { problems: inLineOrder(zodIssueProblems(parsed.error, { file, schema: promptYmlSchema, data: value, positionOf })) };
  const jsonSchema = readJsonSchema(parsed.data.jsonSchema, file, positionOf(["jsonSchema"])?.line);
  if (jsonSchema && "problems" in jsonSchema) return jsonSchema;
  return { prompt: promptFromYml(parsed.data, { yaml, text, file, hash, jsonSchema: jsonSchema?.schema }) };
}

function parseMessageList(yaml: PositionedYaml, text: string, file: string, hash: string): PromptFileRead {
  const list = z.array(promptSchemasBuilt().message).min(1);
  const parsed = list.safeParse(yaml.value);
  if (!parsed.success) {
    const positionOf = (fieldPath: PropertyKey[], key?: string) => yaml.positionOf(fieldPath, key);
    return {
      problems: inLineOrder(zodIssueProblems(parsed.error, { file, schema: list, data: yaml.value, positionOf, at: ["messages"] })),
    };
  }
  const messages = parsed.data.map((entry, i) => positionedMessage(entry, [i], { yaml, text }));
  return { prompt: { format: "messages", file, hash, modelParameters: {}, messages, testData: [], evaluators: [] } };
}

function promptFromYml(
  data: PromptYml,
  source: { yaml: PositionedYaml; text: string; file: string; hash: string; jsonSchema: PromptJsonSchema | undefined },
): PromptFile {
  const { yaml, file, hash } = source;
  const lineOf = (fieldPath: PropertyKey[]) => yaml.positionOf(fieldPath)?.line ?? 1;
  const limits = data.modelParameters ?? {};
  const maxTokens = limits.maxTokens ?? limits.maxCompletionTokens;
  return {
    format: "prompt-yml",
    file,
    hash,
    ...(data.name !== undefined ? { name: data.name } : {}),
    ...(data.description !== undefined ? { description: data.description } : {}),
    ...(data.model !== undefined ? { model: data.model } : {}),
    modelParameters: {
      ...(maxTokens !== undefined ? { maxTokens } : {}),
      ...(limits.temperature !== undefined ? { temperature: limits.temperature } : {}),
      ...(limits.topP !== undefined ? { topP: limits.topP } : {}),
    },
    ...(data.responseFormat !== undefined ? { responseFormat: data.responseFormat } : {}),
    ...(source.jsonSchema ? { jsonSchema: source.jsonSchema } : {}),
    messages: data.messages.map((entry, i) => positionedMessage(entry, ["messages", i], source)),
    testData: (data.testData ?? []).map((values, i) => ({ line: lineOf(["testData", i]), values: asGhReadsThem(values, yaml, i) })),
    evaluators: (data.evaluators ?? []).map((entry, i) => evaluatorOf(entry, lineOf(["evaluators", i]))),
    fieldLines: Object.fromEntries(FIELDS_WITH_LINES.flatMap((field) => (data[field] !== undefined ? [[field, lineOf([field])]] : []))),
    parameterOrigins: parameterOrigins(limits, file, lineOf),
  };
}

/** Each model parameter the file sets, with its file, line and key as written (maxCompletionTokens is maxTokens). */
function parameterOrigins(
  limits: z.output<PromptSchemas["modelParameters"]>,
  file: string,
  lineOf: (fieldPath: PropertyKey[]) => number,
): PromptFile["parameterOrigins"] {
  const written: [keyof PromptModelParameters, keyof typeof limits][] = [
    ["temperature", "temperature"],
    ["topP", "topP"],
    ["maxTokens", limits.maxTokens !== undefined ? "maxTokens" : "maxCompletionTokens"],
  ];
  const origins: NonNullable<PromptFile["parameterOrigins"]> = {};
  for (const [parameter, key] of written) {
    if (limits[key] !== undefined) origins[parameter] = `${file}:${lineOf(["modelParameters", key])} ${key}`;
  }
  return origins;
}

const FIELDS_WITH_LINES = ["model", "responseFormat", "testData", "evaluators"] as const;

/** A row's values with each plain scalar gh reads as a number or a timestamp replaced by the text gh sends for it. */
function asGhReadsThem(values: Record<string, unknown>, yaml: PositionedYaml, index: number): Record<string, unknown> {
  const row = yaml.doc.getIn(["testData", index], true);
  if (!isMap(row)) return values;
  const read: Record<string, unknown> = { ...values };
  for (const pair of row.items) {
    const { key, value } = pair;
    if (!isScalar(key) || !isScalar(value) || value.type !== "PLAIN" || value.tag !== undefined) continue;
    const text = typeof value.source === "string" ? ghPlainScalarText(value.source) : undefined;
    if (text !== undefined && Object.hasOwn(read, String(key.value))) read[String(key.value)] = text;
  }
  return read;
}

function evaluatorOf(entry: z.output<PromptSchemas["evaluator"]>, line: number): PromptEvaluator {
  if (entry.string) return { name: entry.name, line, string: entry.string };
  if (entry.llm) return { name: entry.name, line, llm: entry.llm };
  return { name: entry.name, line, uses: entry.uses! };
}

/** jsonSchema given as JSON text is parsed and checked like the mapping form; problems at its line. */
function readJsonSchema(
  value: PromptYml["jsonSchema"],
  file: string,
  line: number | undefined,
): { schema: PromptJsonSchema } | { problems: InputProblem[] } | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string") return { schema: value };
  const at = { file, ...(line !== undefined ? { line } : {}), field: "jsonSchema" };
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch (error) {
    return { problems: [{ ...at, message: `not valid JSON: ${(error as Error).message}` }] };
  }
  const checked = promptSchemasBuilt().jsonSchemaObject.safeParse(parsed);
  if (checked.success) return { schema: checked.data };
  const issue = checked.error.issues[0]!;
  const where = issue.path.length ? `${joinPath(issue.path)}: ` : "";
  return { problems: [{ ...at, message: `${where}${issue.message} (expected JSON with name and schema, and optionally strict)` }] };
}

/** A message with the line its content starts on and the line of each placeholder in it. */
function positionedMessage(
  entry: { role: PromptRole; content: string },
  at: (string | number)[],
  source: { yaml: PositionedYaml; text: string },
): PromptMessage {
  const node = source.yaml.doc.getIn([...at, "content"], true);
  const line = source.yaml.positionOfNode(node)?.line ?? source.yaml.positionOf(at)?.line ?? 1;
  const uses = placeholdersIn(entry.content);
  const range = isNode(node) ? node.range : undefined;
  // Placeholders are found again in the file's own text of the value: the k-th there is the k-th in the content.
  const raw = range ? placeholdersIn(loneCrAsLf(source.text).slice(range[0], range[1])) : [];
  const text = loneCrAsLf(source.text);
  const placeholders = uses.map(({ name }, k) => {
    const match = raw.length === uses.length ? raw[k] : undefined;
    return { name, line: match && range ? lineAt(text, range[0], range[0] + match.index, line) : line };
  });
  return { role: entry.role, content: entry.content, line, placeholders };
}

function inLineOrder(problems: InputProblem[]): InputProblem[] {
  return problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
}

/** The line of `offset`, counting from `from` (which is on `fromLine`). */
function lineAt(text: string, from: number, offset: number, fromLine: number): number {
  let line = fromLine;
  for (let i = text.indexOf("\n", from); i !== -1 && i < offset; i = text.indexOf("\n", i + 1)) line++;
  return line;
}
