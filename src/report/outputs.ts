// Every report output evalgate writes, in one table: `evalgate run`, `evalgate report` and the action
// all read it, so an output exists everywhere under the same name, its path is checked the same way
// before anything is spent, and its text is redacted in one place (writeReportOutputs). A new output
// is one entry here; the CLI flags, the action inputs (checked against action.yml by a test) and the
// help text follow from it. The renderers are imported when an output is written, so reading the
// table costs a command's start-up nothing.
import path from "node:path";
import { ConfigError, type InputProblem } from "../config/errors.ts";
import { checkOutputPaths, STDOUT, writeOutputFile } from "../config/output-file.ts";
import type { GateVerdict } from "../gate/types.ts";
import type { Results } from "../results/types.ts";
import { redact, redactDeep } from "../util/redact.ts";
import type { MarkdownOptions } from "./markdown.ts";
import { foreignText, OUTPUT_HEADS } from "./output-owners.ts";
import type { TrendRun } from "./trends.ts";

/** What every output is made from. */
export interface ReportInput {
  /** The run's results; the cases may lack their details (the engine's in-memory summaries). */
  summaries: Results;
  /** The results with every case's details (prompt, answer, votes), read when an output needs them. */
  full: () => Promise<Results>;
  /** The results file's text (the json output copies it). */
  resultsText: () => Promise<string>;
  verdict: GateVerdict;
  /** The baseline compared with: its answers go beside the new ones. */
  baseline: Results | null;
  /** Earlier runs for the trend charts and sparklines, oldest first. */
  history: TrendRun[];
  /** "Baseline: evals/baseline.json." under the HTML report's header. */
  baselineNote?: string;
  /** The markdown report's links and size budget (the action's job summary), read when it is rendered. */
  markdown?: () => MarkdownOptions;
  /** The HTML report's budget of embedded case details (HtmlReportOptions.detailsBudgetChars). */
  detailsBudgetChars?: number;
}

/** The input for results already in memory with their cases; `more` adds the baseline, history and the rest. */
export function inputFromResults(results: Results, verdict: GateVerdict, more: Partial<ReportInput> = {}): ReportInput {
  return {
    summaries: results,
    full: async () => results,
    resultsText: async () => `${JSON.stringify(results, null, 2)}\n`,
    verdict,
    baseline: null,
    history: [],
    ...more,
  };
}

/** The files one output writes: a path and its text (not yet redacted). */
type Rendered = [file: string, text: string][];

export interface ReportOutput {
  name: string;
  /** The CLI flag (without "--"), the same on `run` and `report`. */
  flag: string;
  /** The action input that asks for it (action.yml); its step output is `actionOutput`, an absolute path. */
  actionInput: string;
  actionOutput: string;
  /** A file, or a folder the output's files go into. */
  arg: "<file>" | "<dir>";
  description: string;
  /** Every file it writes for `target`: checked before any request is sent. */
  files(target: string): string[];
  /** Text outputs: the files and their text; redacted and written by writeReportOutputs. */
  render?(target: string, input: ReportInput): Promise<Rendered>;
  /** Outputs that are not text (SQLite): writes the already redacted results itself. */
  write?(target: string, input: ReportInput, redacted: Results): Promise<void>;
  /**
   * Why a file already at `file` (one of files(target)) is not this output's own earlier one, which
   * alone evalgate writes over; undefined when it is, or when it is empty or absent. Checked before any request.
   */
  foreign(file: string): Promise<string | undefined>;
}

async function renderMarkdown(input: ReportInput): Promise<string> {
  const [{ answerPairs }, { renderMarkdownReport }, { sparklines, trendSeries }] = await Promise.all([
    import("./answer-pairs.ts"),
    import("./markdown.ts"),
    import("./trends.ts"),
  ]);
  const options = input.markdown?.() ?? {};
  return renderMarkdownReport(input.summaries, input.verdict, {
    trends: sparklines(trendSeries(input.history, input.summaries)),
    ...options,
    answers: options.answers ?? answerPairs(input.verdict, await input.full(), input.baseline),
  });
}

async function renderHtml(input: ReportInput): Promise<string> {
  const [{ renderHtmlReport }, { trendSeries }] = await Promise.all([import("./html/page.ts"), import("./trends.ts")]);
  const full = await input.full();
  return renderHtmlReport(full, input.verdict, {
    trends: trendSeries(input.history, full),
    ...(input.baselineNote ? { baselineNote: input.baselineNote } : {}),
    ...(input.baseline ? { baseline: input.baseline } : {}),
    ...(input.detailsBudgetChars !== undefined ? { detailsBudgetChars: input.detailsBudgetChars } : {}),
  });
}

const csvFiles = (dir: string) => [path.join(dir, "cases.csv"), path.join(dir, "metrics.csv")];

/** In the order they are written: the markdown report mentions the HTML report written before it. */
export const REPORT_OUTPUTS = [
  {
    name: "html",
    flag: "html",
    actionInput: "html",
    actionOutput: "html-path",
    arg: "<file>",
    description: "write the HTML report (one self-contained file, works offline)",
    files: (file) => [file],
    foreign: (file) => foreignText(file, OUTPUT_HEADS.html, "an evalgate HTML report"),
    render: async (file, input) => [[file, await renderHtml(input)]],
  },
  {
    name: "csv",
    flag: "csv-dir",
    actionInput: "csv-dir",
    actionOutput: "csv-dir-path",
    arg: "<dir>",
    description: "write cases.csv and metrics.csv into this folder",
    files: csvFiles,
    foreign: (file) =>
      path.basename(file) === "cases.csv"
        ? foreignText(file, OUTPUT_HEADS.casesCsv, "evalgate's cases.csv")
        : foreignText(file, OUTPUT_HEADS.metricsCsv, "evalgate's metrics.csv"),
    render: async (dir, input) => {
      const { casesCsv, metricsCsv } = await import("./csv.ts");
      const full = await input.full();
      const [cases, metrics] = csvFiles(dir) as [string, string];
      return [
        [cases, casesCsv(full, input.verdict)],
        [metrics, metricsCsv(full, input.verdict)],
      ];
    },
  },
  {
    name: "markdown",
    flag: "markdown",
    actionInput: "markdown",
    actionOutput: "report-path",
    arg: "<file>",
    description: "write the markdown report (as posted on PRs)",
    files: (file) => [file],
    foreign: (file) => foreignText(file, OUTPUT_HEADS.markdown, "an evalgate markdown report"),
    render: async (file, input) => [[file, await renderMarkdown(input)]],
  },
  {
    name: "junit",
    flag: "junit",
    actionInput: "junit",
    actionOutput: "junit-path",
    arg: "<file>",
    description: "write JUnit XML",
    files: (file) => [file],
    foreign: (file) => foreignText(file, OUTPUT_HEADS.junit, "evalgate's JUnit XML"),
    render: async (file, input) => [[file, (await import("./junit.ts")).renderJUnit(input.summaries, input.verdict)]],
  },
  {
    name: "sqlite",
    flag: "sqlite",
    actionInput: "sqlite",
    actionOutput: "sqlite-path",
    arg: "<file>",
    description: "write the results to a SQLite file (runs, suites, cases, metrics, the gate's view of each; FlexEval's tables)",
    files: (file) => [file],
    foreign: async (file) => (await import("./sqlite.ts")).foreignSqlite(file),
    // The baseline's answers go beside the new ones; the writer redacts it like the results.
    write: async (file, input, redacted) => (await import("./sqlite.ts")).writeSqliteResults(file, redacted, { baseline: input.baseline }),
  },
  {
    name: "json",
    flag: "results-json",
    actionInput: "results-json",
    actionOutput: "results-json-path",
    arg: "<file>",
    description: 'write a copy of the results file (JSON; "-": stdout)',
    files: (file) => [file],
    foreign: (file) => foreignText(file, OUTPUT_HEADS.results, "an evalgate results file"),
    render: async (file, input) => [[file, await input.resultsText()]],
  },
] as const satisfies readonly ReportOutput[];

export type ReportOutputName = (typeof REPORT_OUTPUTS)[number]["name"];
export type ReportOutputFlag = (typeof REPORT_OUTPUTS)[number]["flag"];

/** Where each asked-for output goes (absent: not asked for). */
export type ReportTargets = Partial<Record<ReportOutputName, string>>;

/** How the user asked for an output, for messages: "--html" on the CLI, "input html" in the action. */
export type NameOutput = (output: ReportOutput) => string;
export const flagName: NameOutput = (output) => `--${output.flag}`;
export const actionInputName: NameOutput = (output) => `input ${output.actionInput}`;

function asked(targets: ReportTargets): [ReportOutput, string][] {
  return REPORT_OUTPUTS.flatMap((output) => {
    const target = targets[output.name];
    return target === undefined || target === "" ? [] : [[output, target] as [ReportOutput, string]];
  });
}

/**
 * Refuses (exit 2, naming the flag or input, every problem at once) any asked-for path that holds
 * something other than a regular file, or a file that is not that output's own earlier one.
 */
export async function checkReportTargets(targets: ReportTargets, name: NameOutput = flagName): Promise<void> {
  const problems: InputProblem[] = [];
  for (const [output, target] of asked(targets)) {
    if (output.write && target === STDOUT) problems.push({ file: target, message: `${name(output)} needs a file, not stdout` });
    problems.push(...(await targetProblems(output, target, name(output))));
  }
  if (problems.length) throw new ConfigError(problems);
}

/** One output's files at `target`, as `label` asked for them ("--html", "input sqlite"): what stops it being written. */
async function targetProblems(output: Pick<ReportOutput, "files" | "foreign">, target: string, label: string): Promise<InputProblem[]> {
  try {
    await checkOutputPaths(output.files(target), `${label} output`);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return error.problems;
  }
  const problems: InputProblem[] = [];
  for (const file of output.files(target)) {
    if (file === STDOUT) continue;
    const foreign = await output.foreign(file);
    if (foreign) problems.push({ file, message: `${label}: ${foreign}; left untouched (move it, or choose another path)` });
  }
  return problems;
}

const OWNED_KINDS = {
  results: "an evalgate results file",
  html: "an evalgate HTML report",
  casesCsv: "evalgate's cases.csv",
} as const;

/**
 * Files given outside the outputs table that take one output's content (`-o` the results,
 * `--output-file` the --output format's): the same checks, named by their flag, refused together (exit 2).
 */
export async function checkOwnedFiles(
  entries: { file: string | undefined; kind: keyof typeof OWNED_KINDS; label: string }[],
): Promise<void> {
  const problems: InputProblem[] = [];
  for (const { file, kind, label } of entries) {
    if (file === undefined || file === STDOUT) continue;
    const owned = { files: () => [file], foreign: (at: string) => foreignText(at, OUTPUT_HEADS[kind], OWNED_KINDS[kind]) };
    problems.push(...(await targetProblems(owned, file, label)));
  }
  if (problems.length) throw new ConfigError(problems);
}

/** Whether any asked-for output goes to stdout (then the console summary moves to stderr). */
export function writesToStdout(targets: ReportTargets): boolean {
  return asked(targets).some(([output, target]) => output.files(target).includes(STDOUT));
}

export interface WrittenOutput {
  output: ReportOutput;
  /** The files written, as given ("-" for stdout). */
  files: string[];
}

/**
 * Writes every asked-for output, in the table's order, secrets redacted. `onError` decides what a
 * failed output does (the action turns it into a warning); by default it is thrown.
 */
export async function writeReportOutputs(
  targets: ReportTargets,
  input: ReportInput,
  onError: (output: ReportOutput, error: unknown, target: string) => void = (_output, error) => {
    throw error;
  },
): Promise<WrittenOutput[]> {
  const written: WrittenOutput[] = [];
  for (const [output, target] of asked(targets)) {
    try {
      written.push({ output, files: await writeReportOutput(output, target, input) });
    } catch (error) {
      onError(output, error, target);
    }
  }
  return written;
}

async function writeReportOutput(output: ReportOutput, target: string, input: ReportInput): Promise<string[]> {
  if (output.write) {
    // model output (answers, transcripts, votes) may echo a secret: every sink gets redacted results
    await output.write(target, input, redactDeep(await input.full()));
    return [target];
  }
  const rendered = (await output.render?.(target, input)) ?? [];
  for (const [file, text] of rendered) await writeOutputFile(file, redact(text));
  return rendered.map(([file]) => file);
}
