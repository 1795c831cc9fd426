// `evalgate run`: run the suites, gate them against the baseline, print and write the reports.
// Only what a run needs before its first request is imported here; the gate and the reports come
// with run-outcome.ts once the cases are done.
import { ConfigError, formatProblem, type InputProblem, plural } from "../config/errors.ts";
import { loadConfig } from "../config/load.ts";
import { checkOutputPaths } from "../config/output-file.ts";
import type { EvalgateConfig } from "../config/schema.ts";
import { analyzeFailures, checkedAnalysisModel } from "../engine/failure-analysis.ts";
import { DEFAULT_PAIR_REF } from "../engine/pair-ref.ts";
import { planEvaluation, type RunPlan } from "../engine/plan.ts";
import { plannedRequests } from "../engine/plan-size.ts";
import { ResultsFileError, readResultsFile } from "../engine/results-file.ts";
import { type RunOptions, runEvaluation } from "../engine/run.ts";
import type { GateVerdict } from "../gate/types.ts";
import { checkOwnedFiles, checkReportTargets } from "../report/outputs.ts";
import type { TrendRun } from "../report/trends.ts";
import type { Results } from "../results/types.ts";
import { EXIT, exitCodeOf } from "../util/exit-codes.ts";
import { redact } from "../util/redact.ts";
import { UsageError } from "./errors.ts";
import { type ParsedRunArgs, parseRunArgs, runOptionsHelp, toRunOptions } from "./options.ts";
import { outputTargets } from "./shared-options.ts";

export async function runCommand(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const { values, given } = await parseRunArgs(argv);
  if (values.help) {
    process.stdout.write(`Usage: evalgate run [options]\n\n${runOptionsHelp()}\n`);
    return EXIT.pass;
  }
  return runWithOptions(toRunOptions(values, env, given), values);
}

/** With --verbose the effective config (after any flags) is printed first, secrets redacted. */
function verboseLoader(options: RunOptions): RunOptions["loadConfig"] {
  const load = options.loadConfig ?? (() => loadConfig(options.configPath, { salvage: true }));
  return async () => {
    const loaded = await load();
    process.stderr.write(redact(`evalgate: config ${loaded.displayPath}\n${JSON.stringify(loaded.config, null, 2)}\n`));
    return loaded;
  };
}

/** The failure analysis's model (analysis.model, or --analysis-model over it), checked with the config before any request. */
function analysisChecked(options: RunOptions, override: string | undefined): RunOptions["loadConfig"] {
  const load = options.loadConfig ?? (() => loadConfig(options.configPath, { salvage: true }));
  return async () => {
    const loaded = await load();
    const env = options.env ?? process.env;
    const model = checkedAnalysisModel(loaded, override, env, (problem) => new UsageError(`--analysis-model: ${problem}`));
    return model ? { ...loaded, config: { ...loaded.config, analysis: { model } } } : loaded;
  };
}

export async function runWithOptions(options: RunOptions, values: ParsedRunArgs): Promise<number> {
  options = { ...options, loadConfig: analysisChecked(options, values["analysis-model"]) };
  if (values.verbose)
    options = { ...options, loadConfig: verboseLoader(options), log: (line) => process.stderr.write(redact(`evalgate: ${line}\n`)) };
  // Read the history first too: a wrong path should fail before any request.
  const history = values.history ? await (await import("../engine/history-files.ts")).readHistoryFiles(values.history) : [];
  // A FIFO, device, folder or symlink at an output path is refused before any request is sent.
  await checkRunOutputPaths(values);
  // Read an explicit baseline first: a bad file should fail before any money is spent.
  const explicit = values.baseline
    ? { baseline: await readExplicitBaseline(String(values.baseline)), source: String(values.baseline) }
    : undefined;
  let outcomeModule: Promise<typeof import("./run-outcome.ts")> | undefined;
  const loadOutcome = () => {
    outcomeModule ??= import("./run-outcome.ts");
    return outcomeModule;
  };
  const baseline = async (config: EvalgateConfig, rootDir: string) =>
    explicit?.baseline ?? (await (await loadOutcome()).localBaseline(config, rootDir)).baseline;
  const since = values["changed-since"];
  if (since !== undefined && !values.all) options = { ...options, changes: { since, ifUnknown: "error", baseline } };
  // A shard is dealt by the baseline's case durations when it has them (engine/shard-balance.ts).
  if (options.selection.shard) options = { ...options, shardBaseline: baseline };
  const pairRef = values.pair ? (since ?? DEFAULT_PAIR_REF) : undefined;
  return withChangesAsUsage(() => runPlanned(options, values, explicit, loadOutcome, history, pairRef));
}

/** A --changed-since ref git cannot read is the user's input: exit 2. */
async function withChangesAsUsage<T>(body: () => Promise<T>): Promise<T> {
  try {
    return await body();
  } catch (error) {
    const { ChangesUnknownError } = await import("../engine/changes.ts");
    if (error instanceof ChangesUnknownError) throw new UsageError(`--changed-since: ${error.message}`);
    throw error;
  }
}

async function runPlanned(
  options: RunOptions,
  values: ParsedRunArgs,
  explicit: { baseline: Results; source: string } | undefined,
  loadOutcome: () => Promise<typeof import("./run-outcome.ts")>,
  history: TrendRun[],
  pairRef: string | undefined,
): Promise<number> {
  if (options.dryRun) {
    printPlan(await planEvaluation({ ...options, startsNothing: true }));
    return EXIT.pass;
  }
  let baseline: { source: string; results: Results | null } = { source: "", results: null };
  // --pair base: the base commit's system runs first (its worktree gone when this returns), then head's.
  const paired = pairRef ? await (await import("../engine/pair.ts")).runBaseHalf(options, pairRef, runEvaluation) : undefined;
  const outcome = await runEvaluation({
    ...options,
    ...(paired ? { ...paired.remaining, paired: paired.paired } : {}),
    // Initialised while the first requests are in flight, so the finish does not wait for it.
    whileRunning: () => void loadOutcome().catch(() => undefined),
    decide: async (results, { config, rootDir, configDir }) => {
      const { decideLocally } = await loadOutcome();
      const local = { ...(values.branch ? { branch: String(values.branch) } : {}), history, ...(paired ? { paired } : {}) };
      const decided = await decideLocally(results, config, rootDir, explicit, local, configDir);
      baseline = { source: decided.baselineSource, results: decided.baseline };
      return decided.verdict;
    },
  });
  const verdict = outcome.results.verdict as GateVerdict;
  const results = await analyzeFailures(outcome, outcome.config.analysis?.model, options.env ?? process.env);
  if (results.analysis?.warning) process.stderr.write(redact(`evalgate: warning: failure analysis: ${results.analysis.warning}\n`));
  const failed = await (await loadOutcome()).reportRun({ ...outcome, results }, verdict, values, history, baseline);
  // A passed gate whose asked-for output is missing is not a clean pass; a failed or undecided one keeps its code.
  if (failed.length && verdict.verdict === "pass") {
    process.stderr.write(`evalgate: the gate passed, but ${plural(failed.length, "output")} could not be written (above)\n`);
    return EXIT.runtime;
  }
  return exitCodeOf(verdict);
}

/**
 * The report outputs (checked by report/outputs.ts, naming the flag), the results file (-o) and
 * --output-file: each a regular file evalgate wrote before (or nothing), every problem at once.
 */
async function checkRunOutputPaths(values: ParsedRunArgs): Promise<void> {
  const format =
    values.output === "json" ? "results" : values.output === "html" ? "html" : values.output === "csv" ? "casesCsv" : undefined;
  const problems: InputProblem[] = [];
  for (const check of [
    () => checkReportTargets(outputTargets(values)),
    () => checkOutputPaths([values.out, values["output-file"]]),
    () =>
      checkOwnedFiles([
        { file: values.out, kind: "results", label: "-o" },
        ...(format ? [{ file: values["output-file"], kind: format, label: "--output-file" } as const] : []),
      ]),
  ]) {
    await check().catch((error: unknown) => {
      if (!(error instanceof ConfigError)) throw error;
      problems.push(...error.problems);
    });
  }
  if (problems.length) throw new ConfigError(problems);
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

function printPlan(plan: RunPlan): void {
  const lines = [`dry run: ${plan.loaded.displayPath} is valid; no request sent`];
  let requests = 0;
  for (const suite of plan.suites) {
    const planned = plannedRequests(suite) * suite.repeat;
    requests += planned;
    const repeats = suite.repeat > 1 ? ` (x ${suite.repeat} repeats)` : "";
    lines.push(`  ${suite.name} (${suite.kind}): ${plural(suite.cases.length, "case")}${repeats}, ${plural(planned, "request")}`);
    for (const warning of suite.warnings) lines.push(`    warning: ${formatProblem(warning)}`);
  }
  lines.push(`  requests planned: ${requests} (each case once per repeat, before retries; cached answers send none)`);
  lines.push(`  models: ${plan.models.join(", ") || "none"}`);
  for (const [name, prompt] of plan.prompts) lines.push(`  model ${name}: prompt ${prompt.file} (${prompt.format}, hash ${prompt.hash})`);
  for (const [name, suite] of plan.carry?.carried ?? []) lines.push(`  ${name}: ${suite.carried!.reason}`);
  for (const reason of plan.partial) lines.push(`  partial run: ${reason}`);
  process.stdout.write(`${lines.join("\n")}\n`);
}
