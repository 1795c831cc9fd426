// What `evalgate run` does once the cases are done: the gate's verdict against the local baseline,
// the report files and the console text. A module of its own, loaded when the run has finished, so
// the gate and the renderers are not initialised before the first request goes out.
import { access } from "node:fs/promises";
import path from "node:path";
import { ConfigError, formatProblem } from "../config/errors.ts";
import { STDOUT, writeOutputFile } from "../config/output-file.ts";
import type { EvalgateConfig } from "../config/schema.ts";
import { gateContextFor } from "../engine/gate-context.ts";
import { type BaseHalf, pairedSource, withPairedSuites } from "../engine/pair-baseline.ts";
import { baselineForGate } from "../engine/rejudge.ts";
import { readResultsFile } from "../engine/results-file.ts";
import { evaluateGate } from "../gate/evaluate.ts";
import type { GateContext, GateVerdict, HistoryRun } from "../gate/types.ts";
import { casesCsv } from "../report/csv.ts";
import { type ReportInput, writeReportOutputs, writesToStdout } from "../report/outputs.ts";
import { renderTextReport } from "../report/text.ts";
import type { TrendRun } from "../report/trends.ts";
import type { Results } from "../results/types.ts";
import { redact } from "../util/redact.ts";
import { readRegularFile } from "../util/regular-file.ts";
import { wantsColor } from "./color.ts";
import type { ParsedRunArgs } from "./options.ts";
import { outputTargets } from "./shared-options.ts";

/** The verdict of a finished run against the --baseline file or the config's local baseline store. */
export async function decideLocally(
  results: Results,
  config: EvalgateConfig,
  rootDir: string,
  explicit: { baseline: Results; source: string } | undefined,
  /** --branch, the --history files (for the flaky cases), and a paired run's base half (--pair base). */
  local: { branch?: string; history?: HistoryRun[]; paired?: BaseHalf },
  configDir: string | undefined = rootDir,
): Promise<{ verdict: GateVerdict; baselineSource: string; baseline: Results | null }> {
  const found = explicit ? { ...explicit, error: undefined } : await localBaseline(config, rootDir);
  let { source } = found;
  const { error } = found;
  let baseline = found.baseline;
  let rejudgeNotes: string[] = [];
  let notComparable: NonNullable<GateContext["notComparable"]> = {};
  if (baseline) {
    const dirs = { rootDir, configDir: configDir ?? rootDir };
    ({ baseline, notes: rejudgeNotes, notComparable } = await baselineForGate({ head: results, baseline, config, dirs, env: process.env }));
  }
  if (local.paired?.results) {
    // The paired suites' baseline is the base half, run now with the current judge: nothing of it to re-judge.
    ({ baseline, notComparable } = withPairedSuites(baseline, local.paired, notComparable));
    source = pairedSource(local.paired, source);
  }
  const branch = local.branch ?? results.run.branch;
  const context = await gateContextFor(config, {
    ...(branch ? { branch } : {}),
    ...(error ? { errors: [error] } : {}),
    ...(local.history?.length ? { history: local.history } : {}),
    notComparable,
    ...(results.run.paired ? { paired: results.run.paired } : {}),
  });
  const verdict = evaluateGate(results, baseline, config.gate, context);
  return { verdict: { ...verdict, notes: [...verdict.notes, ...rejudgeNotes] }, baselineSource: source, baseline };
}

/**
 * Everything after the verdict: report files, SQLite, and the verdict on the console (text or JSON).
 * An output that cannot be written costs only itself: the others are written and the verdict printed
 * all the same; the outputs that failed are returned (and named on stderr) for the exit code.
 */
export async function reportRun(
  outcome: { results: Results; resultsPath: string },
  verdict: GateVerdict,
  values: ParsedRunArgs,
  history: TrendRun[],
  baseline: { source: string; results: Results | null },
): Promise<string[]> {
  if (values.verbose) process.stderr.write(caseLog(outcome.results));
  const { toStdout: reportToStdout, failed } = await writeReports(reportInput(outcome, verdict, history, baseline), values);
  if (values.json) process.stdout.write(`${JSON.stringify(verdict, null, 2)}\n`);
  else {
    const text = renderTextReport(outcome.results, verdict, {
      color: wantsColor(process.stdout),
      details: values.details,
      baselineSource: baseline.source,
    });
    // With a report on stdout the human summary moves to stderr, so the report can be piped.
    (reportToStdout ? process.stderr : process.stdout).write(`${text}results: ${path.relative(process.cwd(), outcome.resultsPath)}\n`);
  }
  for (const line of failed) process.stderr.write(redact(`evalgate: error: ${line}\n`));
  return failed;
}

/** What the reports are made of; each case's prompt, answer and votes are read back from results.json once, if needed. */
function reportInput(
  outcome: { results: Results; resultsPath: string },
  verdict: GateVerdict,
  history: TrendRun[],
  baseline: { source: string; results: Results | null },
): ReportInput {
  let full: Promise<Results> | undefined;
  return {
    summaries: outcome.results,
    full: () => {
      full ??= readResultsFile(outcome.resultsPath);
      return full;
    },
    resultsText: () => readRegularFile(outcome.resultsPath, "utf8"),
    verdict,
    baseline: baseline.results,
    history,
    ...(baseline.source ? { baselineNote: `Baseline: ${baseline.source}.` } : {}),
  };
}

/** --verbose: a line per case (suite, status, latency, requests, answers from the cache, tags, error), secrets redacted. */
function caseLog(results: Results): string {
  const lines: string[] = [];
  for (const [suite, suiteResults] of Object.entries(results.suites)) {
    for (const result of suiteResults.cases) {
      const tags = Object.entries(result.tags).map(([key, value]) => `${key}=${value}`);
      const error = result.error ? `  ${result.error.kind}: ${result.error.message}` : "";
      const cached = result.cache?.hits ? ` ${result.cache.hits} from cache (saved ${result.cache.oldest})` : "";
      lines.push(
        `evalgate: ${suite}/${result.caseId}${result.repeat ? `#${result.repeat}` : ""} ${result.status} ${Math.round(result.latencyMs)} ms ${result.requests} requests${cached}${tags.length ? ` ${tags.join(" ")}` : ""}${error}`.replace(
          /[\u0000-\u001f\u007f]+/g,
          " ",
        ),
      );
    }
  }
  return redact(`${lines.join("\n")}\n`);
}

/**
 * Writes the report outputs asked for, then `--output` (the Dust CLI's spelling: json and html are
 * those outputs at --output-file, csv is cases.csv alone) and `-o -`, each whatever became of the
 * others. Says whether any went to stdout, and which could not be written ("--html r.html could not
 * be written: …").
 */
async function writeReports(input: ReportInput, values: ParsedRunArgs): Promise<{ toStdout: boolean; failed: string[] }> {
  const targets = outputTargets(values);
  const failed: string[] = [];
  const note = (what: string) => (error: unknown) => {
    failed.push(
      `${what} could not be written: ${error instanceof ConfigError ? error.problems.map(formatProblem).join("; ") : String((error as Error)?.message ?? error)}`,
    );
  };
  await writeReportOutputs(targets, input, (output, error, target) => note(`--${output.flag} ${target}`)(error));
  const file = values["output-file"];
  const output = values.output;
  if (output === "json" || output === "html")
    await writeReportOutputs({ [output]: file ?? STDOUT }, input, (_output, error) => note(`--output-file ${file ?? STDOUT}`)(error));
  if (output === "csv")
    await writeOutputFile(file ?? STDOUT, casesCsv(await input.full(), input.verdict)).catch(note(`--output-file ${file ?? STDOUT}`));
  if (values.out === STDOUT) await writeReportOutputs({ json: STDOUT }, input, (_output, error) => note("-o -")(error));
  const outputToStdout = output !== "console" && output !== "html" && (!file || file === STDOUT);
  return { toStdout: writesToStdout(targets) || outputToStdout || values.out === STDOUT, failed };
}

/**
 * Locally only a `file` baseline can be read; the branch store lives on GitHub. Only "not found"
 * means no baseline: a file that cannot be read or is not a results file is an infrastructure error
 * (the verdict is "error", exit 3), never "thresholds only".
 */
export async function localBaseline(
  config: EvalgateConfig,
  rootDir: string,
): Promise<{ baseline: Results | null; source: string; error?: string }> {
  const store = config.baseline;
  if (store.store === "file") {
    const file = path.resolve(rootDir, store.path);
    const present = await access(file).then(
      () => true,
      () => false,
    );
    if (!present) return { baseline: null, source: `${store.path} does not exist yet` };
    try {
      return { baseline: await readResultsFile(file), source: store.path };
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      return { baseline: null, source: `${store.path} could not be read`, error: `baseline could not be read: ${why}` };
    }
  }
  if (store.store === "branch") {
    return { baseline: null, source: `the "${store.branch}" data branch is read on GitHub; pass --baseline <file> to compare locally` };
  }
  return { baseline: null, source: "baseline store: none" };
}
