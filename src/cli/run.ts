// `evalgate run`: run the suites, gate them against the baseline, print and write the reports.
import { access, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { plural } from "../config/errors.ts";
import { loadConfig } from "../config/load.ts";
import type { EvalgateConfig } from "../config/schema.ts";
import { gateContextFor } from "../engine/gate-context.ts";
import { ResultsFileError, readResultsFile } from "../engine/results-file.ts";
import { planEvaluation, type RunOptions, type RunPlan, runEvaluation } from "../engine/run.ts";
import type { Results } from "../engine/types.ts";
import { evaluateGate } from "../gate/evaluate.ts";
import type { GateVerdict } from "../gate/types.ts";
import { casesCsv, writeCsvReports } from "../report/csv.ts";
import { readHistoryFiles } from "../report/history-files.ts";
import { writeHtmlReport } from "../report/html/write.ts";
import { renderJUnit } from "../report/junit.ts";
import { renderMarkdownReport } from "../report/markdown.ts";
import { writeSqliteResults } from "../report/sqlite.ts";
import { renderTextReport } from "../report/text.ts";
import { sparklines, trendSeries } from "../report/trends.ts";
import { redact } from "../util/redact.ts";
import { EXIT, exitCodeOf, UsageError } from "./errors.ts";
import { type ParsedRunArgs, parseRunArgs, RUN_OPTIONS_HELP, toRunOptions } from "./options.ts";

export async function runCommand(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const { values, given } = parseRunArgs(argv);
  if (values.help) {
    process.stdout.write(`Usage: evalgate run [options]\n\n${RUN_OPTIONS_HELP}\n`);
    return EXIT.pass;
  }
  return runWithOptions(toRunOptions(values, env, given), values);
}

/** With --verbose the effective config (after any flags) is printed first, secrets redacted. */
function verboseLoader(options: RunOptions): RunOptions["loadConfig"] {
  const load = options.loadConfig ?? (() => loadConfig(options.configPath));
  return async () => {
    const loaded = await load();
    process.stderr.write(redact(`evalgate: config ${loaded.displayPath}\n${JSON.stringify(loaded.config, null, 2)}\n`));
    return loaded;
  };
}

export async function runWithOptions(options: RunOptions, values: ParsedRunArgs): Promise<number> {
  if (values.output === "html" && !values["output-file"]) throw new UsageError("--output html needs --output-file <file>");
  if (values.verbose) options = { ...options, loadConfig: verboseLoader(options) };
  // Read the history first too: a wrong path should fail before any request.
  const history = values.history ? await readHistoryFiles(values.history) : [];
  if (options.dryRun) {
    printPlan(await planEvaluation(options));
    return EXIT.pass;
  }
  // Read an explicit baseline first: a bad file should fail before any money is spent.
  const explicitBaseline = values.baseline ? await readExplicitBaseline(String(values.baseline)) : undefined;
  let baselineSource = "";
  const outcome = await runEvaluation({
    ...options,
    decide: async (results, { config, rootDir }) => {
      const { baseline, source, error } = explicitBaseline
        ? { baseline: explicitBaseline, source: String(values.baseline), error: undefined }
        : await localBaseline(config, rootDir);
      baselineSource = source;
      const branch = values.branch ? String(values.branch) : results.run.branch;
      return evaluateGate(
        results,
        baseline,
        config.gate,
        gateContextFor(config, { ...(branch ? { branch } : {}), ...(error ? { errors: [error] } : {}) }),
      );
    },
  });
  const verdict = outcome.results.verdict as GateVerdict;
  if (values.verbose) process.stderr.write(caseLog(outcome.results));
  const reportToStdout = await writeReports(outcome.resultsPath, outcome.results, verdict, values, history, baselineSource);
  if (values.sqlite) await writeSqliteResults(String(values.sqlite), await readResultsFile(outcome.resultsPath));
  if (values.json) process.stdout.write(`${JSON.stringify(verdict, null, 2)}\n`);
  else {
    const text = renderTextReport(outcome.results, verdict, {
      color: (process.stdout.isTTY ?? false) && !process.env.NO_COLOR,
      details: values.details,
      baselineSource,
    });
    // With a report on stdout the human summary moves to stderr, so the report can be piped.
    (reportToStdout ? process.stderr : process.stdout).write(`${text}results: ${path.relative(process.cwd(), outcome.resultsPath)}\n`);
  }
  return exitCodeOf(verdict);
}

/**
 * --baseline is input the user typed: a missing file or one that is not a results file is a usage
 * error (exit 2), found before anything is spent; a file that exists but cannot be read is exit 3.
 */
async function readExplicitBaseline(file: string) {
  try {
    return await readResultsFile(file);
  } catch (error) {
    if (error instanceof ResultsFileError && error.reason !== "unreadable") throw new UsageError(`--baseline ${error.message}`);
    throw error;
  }
}

/** --verbose: a line per case (suite, status, latency, requests, tags, error), secrets redacted. */
function caseLog(results: Results): string {
  const lines: string[] = [];
  for (const [suite, suiteResults] of Object.entries(results.suites)) {
    for (const result of suiteResults.cases) {
      const tags = Object.entries(result.tags).map(([key, value]) => `${key}=${value}`);
      const error = result.error ? `  ${result.error.kind}: ${result.error.message}` : "";
      lines.push(
        `evalgate: ${suite}/${result.caseId}${result.repeat ? `#${result.repeat}` : ""} ${result.status} ${Math.round(result.latencyMs)} ms ${result.requests} requests${tags.length ? ` ${tags.join(" ")}` : ""}${error}`.replace(
          /[\u0000-\u001f\u007f]+/g,
          " ",
        ),
      );
    }
  }
  return redact(`${lines.join("\n")}\n`);
}

/** Writes the report files asked for; returns true when --output sent one to stdout. */
async function writeReports(
  resultsPath: string,
  summaries: Results,
  verdict: GateVerdict,
  values: ParsedRunArgs,
  history: Awaited<ReturnType<typeof readHistoryFiles>>,
  baselineSource: string,
): Promise<boolean> {
  if (values.markdown)
    await writeFile(
      values.markdown,
      redact(renderMarkdownReport(summaries, verdict, { trends: sparklines(trendSeries(history, summaries)) })),
    );
  if (values.junit) await writeFile(values.junit, redact(renderJUnit(summaries, verdict)));
  const wantsDetails = values.html || values["csv-dir"] || values.output === "html" || values.output === "csv";
  // The reports that show each case's prompt, answer and votes read them back from results.json.
  const full = wantsDetails ? await readResultsFile(resultsPath) : summaries;
  const html = { history, ...(baselineSource ? { baselineNote: `Baseline: ${baselineSource}.` } : {}) };
  if (values.html) await writeHtmlReport(values.html, full, verdict, html);
  if (values["csv-dir"]) await writeCsvReports(values["csv-dir"], full, verdict);
  if (values.output === "console") return false;
  const file = values["output-file"];
  if (values.output === "html") {
    await writeHtmlReport(file!, full, verdict, html);
    return false;
  }
  const text = values.output === "json" ? redact(await readFile(resultsPath, "utf8")) : casesCsv(full, verdict);
  if (file) await writeFile(file, text);
  else process.stdout.write(text);
  return !file;
}

/**
 * Locally only a `file` baseline can be read; the branch store lives on GitHub. Only "not found"
 * means no baseline: a file that cannot be read or is not a results file is an infrastructure error
 * (the verdict is "error", exit 3), never "thresholds only".
 */
async function localBaseline(
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

function printPlan(plan: RunPlan): void {
  const lines = [`dry run: ${plan.loaded.displayPath} is valid; no request sent`];
  for (const suite of plan.suites) {
    lines.push(`  ${suite.name} (${suite.kind}): ${plural(suite.cases.length, "case")}`);
    for (const warning of suite.warnings) lines.push(`    warning: ${warning}`);
  }
  lines.push(`  models: ${plan.models.join(", ") || "none"}`);
  for (const reason of plan.partial) lines.push(`  partial run: ${reason}`);
  process.stdout.write(`${lines.join("\n")}\n`);
}
