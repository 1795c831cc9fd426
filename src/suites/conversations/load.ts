// Reads a conversations suite: the FlexEval JSONL threads (one case per thread), the rubric files,
// the custom function modules and an optional FlexEval evals.yaml, and plans the metrics. Every
// problem names the file, the line and the field.
import { createHash } from "node:crypto";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ConfigError, type InputProblem } from "../../config/errors.ts";
import { streamSuiteJsonLines } from "../../config/jsonl.ts";
import { type BadLines, withLoadWarnings } from "../../config/text-file.ts";
import type { Case } from "../../results/types.ts";
import { matchGlob } from "../../util/glob.ts";
import { redact } from "../../util/redact.ts";
import type { LoadContext, LoadedSuite } from "../kind.ts";
import { readFlexEvalEval } from "./flexeval-evals.ts";
import { BUILTIN_FUNCTIONS, type FunctionSpec, type MetricFunction } from "./functions.ts";
import { plannedRubrics, ratedPoints, ratedRubrics, type ThreadRatings, takeRatings } from "./human.ts";
import { LONG_THREAD_CHARS, type StreamedThread, scanLongThread, streamablePlan } from "./long-thread.ts";
import type { ConversationsOptions, MetricItem } from "./options.ts";
import { type MetricSources, type PlannedMetric, planMetrics } from "./plan.ts";
import { rubricContextProblem } from "./rubric-size.ts";
import { parseRubricFile, type Rubric } from "./rubrics.ts";
import { type ContentChoice, LEVELS, type Level, parseThreadLine, type RawThread } from "./thread.ts";

/** What a dataset file's messages hold that evalgate reads unlike FlexEval: the warning, once per file. */
const CONTENT_CHOICES: Record<ContentChoice, string> = {
  parts: "content given as a list of parts is read as its text parts joined (FlexEval stores the list's Python repr)",
  null: "null or missing content (a message that only calls tools) is read as empty text (FlexEval refuses such a thread)",
};

export interface ConversationPlan {
  mode: "historical" | "completion";
  metrics: PlannedMetric[];
}

/** A thread read whole at load, or a long one read again as a stream when it is scored (long-thread.ts). */
export type ConversationInput = WholeInput | StreamedInput;

interface InputPlace {
  file: string;
  line: number;
  plan: ConversationPlan;
  /** People's ratings of the thread's messages (human.ts): the grader's calibration, not the case's content. */
  human?: ThreadRatings;
}

export interface WholeInput extends InputPlace {
  thread: RawThread;
}

export interface StreamedInput extends InputPlace {
  streamed: StreamedThread;
}

/** How the load reads threads: lines of at least `longThreadChars` characters are streamed when the plan allows. */
export interface ThreadReading {
  longThreadChars: number;
}

const list = (value: string | string[] | undefined): string[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

function display(rootDir: string, absolute: string): string {
  return path.relative(rootDir, absolute).split(path.sep).join("/") || absolute;
}

/** A path, or a `*` glob on the file name (not on folders), relative to the config's folder. */
async function resolveDataset(pattern: string, configDir: string): Promise<string[]> {
  const absolute = path.resolve(configDir, pattern);
  const base = path.basename(absolute);
  if (!/[*?]/.test(base)) return [absolute];
  const dir = path.dirname(absolute);
  const names = await readdir(dir);
  return names
    .filter((name) => matchGlob(base, name))
    .sort()
    .map((name) => path.join(dir, name));
}

/** Where a config field is: the config file, its line when known, the field's dotted name. */
type ConfigPlace = { file: string; line?: number; field: string };

/** A file the suite names that cannot be used: the config field, and the file. */
function unusable(place: ConfigPlace, what: string, absolute: string, problem: { message: string; missing?: true }): ConfigError {
  return new ConfigError([{ ...place, message: `${what} ${absolute} ${problem.missing ? "does not exist" : problem.message}` }]);
}

/** A YAML file the suite names, read whole; its lines with NUL bytes or invalid UTF-8 go to `badLines`. */
async function readText(absolute: string, file: string, place: ConfigPlace, what: string, badLines: BadLines): Promise<string> {
  const read = await badLines.readWhole(absolute, file, "a YAML file");
  if ("problem" in read) throw unusable(place, what, absolute, read.problem);
  return read.text;
}

/**
 * A custom module's exported functions become function metrics. A function may say where it works
 * with a `levels` property (e.g. fn.levels = ["Turn"]); without one it works at every level.
 */
async function loadFunctionModule(absolute: string, place: ConfigPlace): Promise<Map<string, FunctionSpec>> {
  let module: Record<string, unknown>;
  try {
    module = (await import(pathToFileURL(absolute).href)) as Record<string, unknown>;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === "ERR_MODULE_NOT_FOUND" && String((error as Error).message).includes(absolute)
        ? "does not exist"
        : `cannot be loaded: ${(error as Error).message}`;
    throw new ConfigError([{ ...place, message: `custom metric module ${absolute} ${reason}` }]);
  }
  const specs = new Map<string, FunctionSpec>();
  for (const [name, value] of Object.entries(module)) {
    if (typeof value !== "function") continue;
    const declared = (value as { levels?: unknown }).levels;
    const levels = Array.isArray(declared) ? (declared.filter((l) => LEVELS.includes(l as Level)) as Level[]) : [...LEVELS];
    specs.set(name, { levels, fn: value as MetricFunction });
  }
  return specs;
}

/** sha1 of a line's text: its first 8 characters name the case; a streamed thread keeps it whole. */
function lineHash(text: string): string {
  return createHash("sha1").update(text).digest("hex");
}

export function loadConversationsSuite(
  ctx: LoadContext & { options: ConversationsOptions },
  threads: ThreadReading = { longThreadChars: LONG_THREAD_CHARS },
): Promise<LoadedSuite<ConversationInput>> {
  return withLoadWarnings((badLines, warnings) => readConversationsSuite({ ...ctx, threads }, badLines, warnings));
}

/** What every step of reading one suite shares: its context, where a config field is, and what it found. */
interface Reading {
  ctx: SuiteContext;
  field: (...names: string[]) => ConfigPlace;
  badLines: BadLines;
  warnings: InputProblem[];
  problems: InputProblem[];
}

type SuiteContext = LoadContext & { options: ConversationsOptions; threads: ThreadReading };

async function readConversationsSuite(
  ctx: SuiteContext,
  badLines: BadLines,
  warnings: InputProblem[],
): Promise<Omit<LoadedSuite<ConversationInput>, "warnings">> {
  const configFile = ctx.configFile ?? "evalgate.yml";
  const field = (...names: string[]): ConfigPlace => {
    const line = ctx.lineOf?.(["suites", ctx.suiteName, ...names]);
    return { file: configFile, ...(line ? { line } : {}), field: `suites.${ctx.suiteName}.${names.join(".")}` };
  };
  const reading: Reading = { ctx, field, badLines, warnings, problems: [] };
  const metrics = await readMetricPlan(reading, configFile);
  if (reading.problems.length > 0) throw new ConfigError(reading.problems);
  const cases = await readDataset(reading, { mode: ctx.options.mode, metrics });
  const rated = new Set(cases.flatMap((testCase) => ratedRubrics(testCase.input.human)));
  const points = ratedPoints(rated, plannedRubrics(metrics));
  if (points.problem) reading.problems.push(points.problem);
  if (reading.problems.length > 0) throw new ConfigError(reading.problems);
  if (cases.length === 0) warnings.push({ file: list(ctx.options.dataset).join(", "), message: "no conversations" });
  return { cases, ...graderIdentity(ctx.options, metrics, points.points) };
}

/** The grader of the suite's rubrics as its judge: the rubrics' prompts and scales, the metrics it grades, the rated points. */
function graderIdentity(options: ConversationsOptions, metrics: readonly PlannedMetric[], points: number[] | undefined) {
  const rubrics = metrics.filter((metric) => metric.rubric);
  if (!options.grader || rubrics.length === 0) return {};
  const definition = rubrics.map((metric) => [metric.evaluation, metric.rubric!.prompt, metric.rubric!.choiceScores]);
  const grades = [...new Set(rubrics.map((metric) => `${metric.evaluation}@${metric.level.toLowerCase()}`))];
  const promptHash = createHash("sha256").update(JSON.stringify(definition)).digest("hex").slice(0, 16);
  return { judge: { name: options.grader, promptHash, scale: "rubric", runs: 1, grades, ...(points ? { points } : {}) } };
}

/** The suite's metrics (the config's, then a FlexEval eval's) resolved against its rubrics and functions, in plan order. */
async function readMetricPlan(reading: Reading, configFile: string): Promise<PlannedMetric[]> {
  const { ctx, problems, field } = reading;
  const { options } = ctx;
  const rubrics = await readRubrics(reading);
  const functions = new Map<string, FunctionSpec>(Object.entries(BUILTIN_FUNCTIONS));
  for (const modulePath of list(options.functions)) {
    for (const [name, spec] of await loadFunctionModule(path.resolve(ctx.configDir, modulePath), field("functions"))) {
      functions.set(name, spec);
    }
  }
  const items: { function: MetricItem[]; rubric: MetricItem[] } = {
    function: [...options.metrics.function],
    rubric: [...options.metrics.rubric],
  };
  const evalsWhere = await readEvalsMetrics(reading, items);
  if (problems.length > 0) return [];
  const plan = planMetrics(items, {
    functions,
    rubrics,
    mode: options.mode,
    configured: { moderation: options.moderation !== undefined },
    ...(evalsWhere ? { evalsWhere } : {}),
    where: { file: configFile, path: ["suites", ctx.suiteName, "metrics"], ...(ctx.lineOf ? { lineOf: ctx.lineOf } : {}) },
  });
  problems.push(...plan.problems);
  if (problems.length === 0 && plan.metrics.some((m) => m.type === "rubric") && !options.grader) {
    problems.push({ ...field("grader"), message: "rubric metrics need a grader: the model that grades them" });
  }
  return plan.metrics;
}

/** Rubric files, FlexEval's format as it is; the first definition of a name wins, as in FlexEval. */
async function readRubrics({ ctx, field, badLines, warnings, problems }: Reading): Promise<Map<string, Rubric>> {
  const rubrics = new Map<string, Rubric>();
  for (const rubricPath of list(ctx.options.rubrics)) {
    const absolute = path.resolve(ctx.configDir, rubricPath);
    const file = display(ctx.rootDir, absolute);
    const parsed = parseRubricFile(await readText(absolute, file, field("rubrics"), "the rubrics file", badLines), file);
    problems.push(...parsed.problems);
    for (const [name, rubric] of parsed.rubrics) {
      if (rubrics.has(name))
        warnings.push({ file, line: rubric.line, message: `rubric "${name}" is defined again; the first definition is used` });
      else rubrics.set(name, rubric);
    }
  }
  return rubrics;
}

/** The metrics of `flexeval:`'s eval appended to `items`; where they were written, for the plan's messages. */
async function readEvalsMetrics(
  { ctx, field, badLines, warnings, problems }: Reading,
  items: { function: MetricItem[]; rubric: MetricItem[] },
): Promise<MetricSources["evalsWhere"]> {
  const { options } = ctx;
  if (!options.flexeval) return undefined;
  const absolute = path.resolve(ctx.configDir, options.flexeval.evals);
  const file = display(ctx.rootDir, absolute);
  const text = await readText(absolute, file, field("flexeval", "evals"), "the evals file", badLines);
  const read = readFlexEvalEval(text, file, options.flexeval.eval);
  problems.push(...read.problems);
  if (!read.eval) return undefined;
  if (read.eval.doCompletion && options.mode !== "completion")
    warnings.push({
      file,
      message: `eval "${options.flexeval.eval}" sets do_completion; set mode: completion and a target to ask for completions`,
    });
  const evalsWhere = {
    place: { file, ...(read.eval.line ? { line: read.eval.line } : {}), path: [options.flexeval.eval, "metrics"] },
    offset: { function: items.function.length, rubric: items.rubric.length },
  };
  items.function.push(...read.eval.function);
  items.rubric.push(...read.eval.rubric);
  return evalsWhere;
}

/** One case per thread of every dataset file, in file and line order. */
async function readDataset(reading: Reading, plan: ConversationPlan): Promise<Case<ConversationInput>[]> {
  const { ctx, field, warnings } = reading;
  const cases: Case<ConversationInput>[] = [];
  const seen = new Map<string, number>();
  let skipped = 0;
  for (const pattern of list(ctx.options.dataset)) {
    const files = await resolveDataset(pattern, ctx.configDir).catch((error: Error) => {
      throw new ConfigError([{ ...field("dataset"), message: `cannot list ${pattern}: ${error.message}` }]);
    });
    if (files.length === 0) throw new ConfigError([{ ...field("dataset"), message: `no file matches ${pattern}` }]);
    for (const absolute of files) skipped += await readDatasetFile(reading, absolute, { plan, cases, seen });
  }
  if (skipped > 0)
    warnings.push({ ...field("on-bad-line"), message: `${skipped} dataset line(s) skipped (on-bad-line: skip); each is listed above` });
  return cases;
}

/** A parsed thread, or the problem that it is too large for the suite's sub-thread rubrics (./rubric-size.ts). */
function tooLargeOr(parsed: ReturnType<typeof parseThreadLine>, plan: ConversationPlan, file: string, line: number) {
  if ("problems" in parsed) return parsed;
  const problem = rubricContextProblem(parsed.thread, plan.metrics, plan.mode);
  return problem ? { problems: [{ file, line, field: "input", message: problem }] } : parsed;
}

/** A parsed thread with its ratings taken out and read (historical mode: nobody rated a completion not yet asked). */
function withRatings(
  parsed: ReturnType<typeof tooLargeOr>,
  plan: ConversationPlan,
  at: { file: string; line: number },
): { problems: InputProblem[] } | { thread: RawThread; choices: ContentChoice[]; ratings?: ThreadRatings } {
  if ("problems" in parsed || plan.mode !== "historical") return parsed;
  const taken = takeRatings(parsed.thread, plannedRubrics(plan.metrics), at);
  if (taken.problems.length) return { problems: taken.problems };
  return { ...parsed, thread: taken.thread, ...(taken.ratings ? { ratings: taken.ratings } : {}) };
}

/** One line's case: its thread read whole, or a long one scanned to be streamed (long-thread.ts); or the line's problems. */
function readThreadCase(
  raw: string,
  at: {
    line: number;
    file: string;
    absolute: string;
    plan: ConversationPlan;
    streamable: boolean;
    longThreadChars: number;
    fullHash: string;
  },
):
  | { problems: InputProblem[] }
  | { choices: ContentChoice[]; firstUser: string; input: ConversationInput; fingerprint?: string; rated?: RawThread } {
  const { line, file, plan } = at;
  if (at.streamable && raw.length >= at.longThreadChars) {
    const scanned = scanLongThread(raw, { path: at.absolute, file, lineHash: at.fullHash }, plan);
    if (scanned) {
      const { choices, firstUser, fingerprint, streamed } = scanned;
      return { choices, firstUser, fingerprint, input: { file, line, plan, streamed } };
    }
  }
  const parsed = withRatings(tooLargeOr(parseThreadLine(raw, file, line), plan, file, line), plan, { file, line });
  if ("problems" in parsed) return parsed;
  const { messages } = parsed.thread;
  const firstUser = messages.find((m) => m.role === "user")?.content ?? messages[0]?.content ?? "";
  const input = { thread: parsed.thread, file, line, plan, ...(parsed.ratings ? { human: parsed.ratings } : {}) };
  return { choices: parsed.choices, firstUser, input, ...(parsed.ratings ? { rated: parsed.thread } : {}) };
}

/** A JSONL dataset's threads appended to `into.cases`, streamed; returns the lines skipped (on-bad-line: skip). */
async function readDatasetFile(
  { ctx, field, badLines, warnings, problems }: Reading,
  absolute: string,
  into: { plan: ConversationPlan; cases: Case<ConversationInput>[]; seen: Map<string, number> },
): Promise<number> {
  const { cases, seen, plan } = into;
  const file = display(ctx.rootDir, absolute);
  const choices = new Map<ContentChoice, { first: number; count: number }>();
  let skipped = 0;
  const streamable = streamablePlan(plan.mode, plan.metrics);
  // Streamed; each line's text is parsed by parseThreadLine, which names its own problems.
  const unreadable = await streamSuiteJsonLines(
    absolute,
    file,
    badLines,
    (text) => text,
    ({ line, raw }) => {
      const fullHash = lineHash(raw);
      const parsed = readThreadCase(raw, {
        line,
        file,
        absolute,
        plan,
        streamable,
        longThreadChars: ctx.threads.longThreadChars,
        fullHash,
      });
      if ("problems" in parsed) {
        if (ctx.options["on-bad-line"] === "error") problems.push(...parsed.problems);
        else {
          skipped++;
          for (const problem of parsed.problems) warnings.push({ ...problem, message: `line skipped: ${problem.message}` });
        }
        return;
      }
      for (const choice of parsed.choices) {
        const noted = choices.get(choice) ?? { first: line, count: 0 };
        choices.set(choice, { ...noted, count: noted.count + 1 });
      }
      // A rated thread's id is its content's without the ratings: relabelling a thread leaves it the same case.
      const hash = "rated" in parsed && parsed.rated ? lineHash(JSON.stringify(parsed.rated)).slice(0, 8) : fullHash.slice(0, 8);
      const count = (seen.get(`${file}/${hash}`) ?? 0) + 1;
      seen.set(`${file}/${hash}`, count);
      cases.push({
        id: `${path.basename(file)}/${hash}${count > 1 ? `-${count}` : ""}`,
        title: `${path.basename(file)}:${line} ${redact(parsed.firstUser).slice(0, 200).replace(/\s+/g, " ").slice(0, 60)}`.trim(),
        source: { file, line },
        position: cases.length + 1,
        input: parsed.input,
        ...(parsed.fingerprint ? { fingerprint: parsed.fingerprint } : {}),
      });
    },
  );
  if (unreadable) throw unusable(field("dataset"), "the dataset", absolute, unreadable);
  for (const [choice, { first, count }] of choices)
    warnings.push({ file, line: first, message: `${CONTENT_CHOICES[choice]}: ${count} thread(s), the first here` });
  return skipped;
}
