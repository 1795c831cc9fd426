// The run loop: config -> cases -> a pipeline of case runs -> journal -> suite metrics -> results.json.
// Cases flow through a bounded pool (a pipeline, not batches): a new case starts the moment one
// finishes, and the model layer's limiters keep every request slot busy.

import { createHash, randomUUID } from "node:crypto";
import { setMaxListeners } from "node:events";
import path from "node:path";
import { ConfigError, formatProblem } from "../config/errors.ts";
import { checkOutputFolders, checkOutputPaths } from "../config/output-file.ts";
import type { EvalgateConfig } from "../config/schema.ts";
import { combineCacheUse, countCacheUse } from "../models/cache-use.ts";
import { isEndpointError } from "../models/errors.ts";
import { createRegistry, type Registry } from "../models/registry.ts";
import { createRunGuard, RUN_STOPPED, type RunGuard } from "../models/run-guard.ts";
import { foreignText, OUTPUT_HEADS } from "../report/output-owners.ts";
import { sumKnown, sumUnpriced, unpricedField } from "../results/cost-total.ts";
import { runTokensField, tokenTotalsOf } from "../results/tokens.ts";
import type {
  Case,
  CaseError,
  CaseResult,
  CaseSummary,
  PairedRun,
  Results,
  RunCacheInfo,
  SuiteResults,
  TargetIdentity,
} from "../results/types.ts";
import type { CaseOutcome, StreamedDetails } from "../suites/kind.ts";
import { redact, redactDeep } from "../util/redact.ts";
import { VERSION } from "../version.ts";
import { suiteConfigFingerprint } from "./config-fingerprint.ts";
import { configHash as configTextHash } from "./config-hash.ts";
import { caseFingerprint } from "./fingerprint.ts";
import { readGitInfo } from "./git.ts";
import { InterruptedError } from "./interrupted.ts";
import { caseKey, Journal, type JournalEntry, readEntryLines, STREAMED_DETAILS } from "./journal.ts";
import { judgeIdentity, suiteTargets } from "./judge-identity.ts";
import { processLogDir, responseCacheDir } from "./output-dir.ts";
import { stoppedRunReasons } from "./partial-reasons.ts";
import { type PlannedSuite, type PlanOptions, planEvaluation, type RunPlan } from "./plan.ts";
import { plannedRequests } from "./plan-size.ts";
import { forEachBounded } from "./pool.ts";
import { createProgress, type ProgressMode } from "./progress.ts";
import { targetIdentities } from "./prompt-targets.ts";
import { type SuiteWithoutCases, writeResultsFile } from "./results-file.ts";
import { buildSuiteResults, sortInCaseOrder } from "./suite-results.ts";

export interface RunOptions extends PlanOptions {
  resume?: boolean;
  dryRun?: boolean;
  noCache?: boolean;
  /** Ask every cacheable request again and overwrite its entry; nothing written before this run is served. */
  refreshCache?: boolean;
  /** The models are played by the demo targets (`evalgate demo`): recorded, so such a run is never taken for a real one. */
  demo?: boolean;
  /** Where results.json is written; default <outDir>/results.json. */
  resultsPath?: string;
  progress?: ProgressMode;
  /** Wall-clock limit of the run in ms (overrides the config's run.deadline). */
  deadlineMs?: number;
  /** USD the run may spend (overrides the config's run.budget-usd). */
  budgetUsd?: number;
  /** Requests in flight across all models; overrides the config. */
  concurrency?: number;
  /** Stop cleanly on SIGINT/SIGTERM: the journal is closed and the run can be resumed. */
  handleSignals?: boolean;
  /** A signal that came before this run listened (a paired run's checkout): the run stops as if it came now. */
  signalledBefore?: () => boolean;
  /** Called once the first requests are on their way: load what the end of the run needs while they are in flight. */
  whileRunning?: () => void;
  /** The base half of a paired run: its own journal, its commit recorded (never a baseline). */
  half?: { commit: string; ref: string };
  /** The base half's files as the base commit names them, not by the worktree's path: made just before results.json is written. */
  nameFiles?: (results: Results) => void;
  /** The head half of a paired run: what was paired, recorded in results.json. */
  paired?: PairedRun;
  /** Decides the verdict before results.json is written, so the file carries it. */
  decide?: (results: Results, context: { config: EvalgateConfig; rootDir: string; configDir?: string }) => unknown | Promise<unknown>;
}

export interface RunOutcome {
  /** Cases carry their summaries here; results.json on disk also has each case's details. */
  results: Results;
  resultsPath: string;
  config: EvalgateConfig;
  configPath: string;
  rootDir: string;
}

/** Runs the selected suites and writes results.json. Throws ConfigError on bad input, InterruptedError on a signal. */
export async function runEvaluation(options: RunOptions): Promise<RunOutcome> {
  const plan = await planEvaluation(options);
  const { outDir } = plan;
  const identity = runIdentity(plan, options.half);
  const journalFile = path.join(outDir, "runs", identity.runKey, "journal.jsonl");
  const resultsPath = path.resolve(options.resultsPath ?? path.join(outDir, "results.json"));
  await checkRunOutputs(options, { outDir, resultsPath, journalFile });
  const { guard, registry } = startModels(options, plan, outDir);
  const header = {
    journal: "evalgate" as const,
    version: 1 as const,
    runKey: identity.runKey,
    runId: randomUUID(),
    startedAt: new Date().toISOString(),
  };
  // What is planned, and what of it is already done (from a resumed journal).
  const planned = new Map<string, Case>();
  for (const suite of plan.suites)
    for (let r = 0; r < suite.repeat; r++) for (const c of suite.cases) planned.set(caseKey(suite.name, c.id, r), c);
  const resumeCheck = reusableCase(planned, identity.configPrints);
  const opened = await Journal.open(journalFile, header, options.resume ?? false, resumeCheck.reusable).catch(async (error: unknown) => {
    guard.close();
    await registry.close();
    throw error;
  });
  // The journal stays this run's until results.json, read from it, is written.
  try {
    return await runJournaled(options, plan, { identity, registry, guard, header, planned, resumeCheck, resultsPath, opened });
  } finally {
    await opened.journal.release();
  }
}

interface JournaledRun {
  identity: RunIdentity;
  registry: Registry;
  guard: RunGuard;
  header: Awaited<ReturnType<typeof Journal.open>>["journal"]["header"];
  planned: Map<string, Case>;
  resumeCheck: ReturnType<typeof reusableCase>;
  resultsPath: string;
  opened: Awaited<ReturnType<typeof Journal.open>>;
}

/** The cases run into the journal (those resumed from it kept), then results.json and the suites' artifacts written from it. */
async function runJournaled(options: RunOptions, plan: RunPlan, run: JournaledRun): Promise<RunOutcome> {
  const { identity, registry, guard, header, planned, resumeCheck, resultsPath } = run;
  const { journal, resumed, resumedHeader } = run.opened;
  const { loaded, rootDir } = plan;
  // Another run of the same config holding the journal: this one writes its own beside it.
  const journalFile = journal.file;
  const state: CaseRunState = {
    entriesBySuite: new Map(plan.suites.map((suite) => [suite.name, []])),
    done: new Set(),
    suiteTimes: new Map(),
  };
  for (const entry of resumed) {
    state.done.add(caseKey(entry.summary.suite, entry.summary.caseId, entry.summary.repeat));
    state.entriesBySuite.get(entry.summary.suite)?.push(entry);
  }
  const startedAt = Date.now();
  await runPendingCases(options, plan, { identity, registry, guard, journal, journalFile, state, planned: planned.size });

  const suites = runSuiteResults(plan, state, registry);
  const ran = [...state.entriesBySuite.values()].reduce((n, list) => n + list.length, 0);
  const runHeader = resumedHeader ?? header;
  const results = await runResults(options, plan, suites, {
    identity,
    runHeader,
    startedAt,
    registry,
    guard,
    resumed: { done: state.done.size, ran, changed: resumeCheck.changed },
    planned: planned.size,
  });
  if (options.decide) results.verdict = await options.decide(results, { config: loaded.config, rootDir, configDir: loaded.dir });
  options.nameFiles?.(results);
  await writeResultsFile(
    resultsPath,
    results,
    suites.map(({ name, results, entries }) => ({ name, results, lines: readEntryLines(journalFile, entries) })),
  );
  await exportSuiteArtifacts(plan, suites, results, journalFile, runHeader.runId);
  return { results, resultsPath, config: loaded.config, configPath: loaded.path, rootDir };
}

/** Where the run writes, checked before any request, not after the money is spent: the results file and the folders. */
async function checkRunOutputs(options: RunOptions, where: { outDir: string; resultsPath: string; journalFile: string }): Promise<void> {
  const { outDir } = where;
  await checkOutputPaths([where.resultsPath], "results");
  const foreign = await foreignText(where.resultsPath, OUTPUT_HEADS.results, "an evalgate results file");
  if (foreign) throw new ConfigError([{ file: where.resultsPath, message: `results: ${foreign}; left untouched` }]);
  await checkOutputFolders([
    { path: outDir, what: "output folder (output-dir)" },
    ...(options.noCache ? [] : [{ path: responseCacheDir(outDir), what: "response cache (--no-cache runs without it)" }]),
    { path: path.join(outDir, "runs"), what: "journal" },
    { path: path.dirname(where.journalFile), what: "journal" },
  ]);
}

/** What names a run: the config's hash, the journal's key and each suite's config fingerprint. */
interface RunIdentity {
  configHash: string;
  runKey: string;
  configPrints: Map<string, string>;
}

function runIdentity(plan: RunPlan, half: RunOptions["half"]): RunIdentity {
  const { loaded, selection } = plan;
  const configHash = configTextHash(loaded.text);
  // The journal belongs to a config file and a selection; what each case shares with the config is
  // checked case by case on --resume (its fingerprints), so an edit re-runs only the cases it touches.
  const runKey = createHash("sha256")
    .update(
      JSON.stringify({ config: loaded.path, selection, repeats: plan.suites.map((suite) => suite.repeat), ...(half ? { half } : {}) }),
    )
    .digest("hex")
    .slice(0, 16);
  const configPrints = new Map(
    plan.suites.map((suite) => [
      suite.name,
      suiteConfigFingerprint(
        loaded.config,
        {
          options: suite.options,
          modelsUsed: suite.suiteKind.modelsUsed(suite.options),
          read: { targets: suite.targets, checks: suite.checks },
        },
        loaded.dir,
      ),
    ]),
  );
  return { configHash, runKey, configPrints };
}

/** The run guard (deadline, budget) and the model registry behind it, as the options and config set them. */
function startModels(options: RunOptions, { loaded: { config, dir: configDir }, prompts }: RunPlan, outDir: string) {
  const deadlineMs = options.deadlineMs ?? config.run.deadline;
  const budgetUsd = options.budgetUsd ?? config.run["budget-usd"];
  // Its deadline timer (unref'd) ends every wait of the models once it fires; cleared when the run ends.
  const guard = createRunGuard({ ...(deadlineMs !== undefined ? { deadlineMs } : {}), ...(budgetUsd !== undefined ? { budgetUsd } : {}) });
  const registry: Registry = createRegistry(config.models, {
    env: options.env ?? process.env,
    cacheDir: options.noCache ? null : responseCacheDir(outDir),
    cache: { mode: options.refreshCache ? "refresh" : "use", maxAgeMs: config.cache["max-age"] },
    concurrency: options.concurrency ?? config.concurrency,
    guard,
    prompts,
    processes: { configDir, logDir: processLogDir(outDir) },
  });
  return { guard, registry };
}

/** The journal entries of each suite (resumed and run now), the resumed cases, and when each suite's cases ran. */
interface CaseRunState {
  entriesBySuite: Map<string, JournalEntry[]>;
  done: Set<string>;
  suiteTimes: Map<string, { first: number; last: number }>;
}

interface CaseRunContext {
  identity: RunIdentity;
  registry: Registry;
  guard: RunGuard;
  journal: Journal;
  journalFile: string;
  state: CaseRunState;
  planned: number;
}

/** Runs every case not done yet through the pool, journaling each; a signal stops it resumably (InterruptedError). */
async function runPendingCases(options: RunOptions, plan: RunPlan, context: CaseRunContext): Promise<void> {
  const { registry, guard, journal, state } = context;
  const configPrints = context.identity.configPrints;
  const progress = createProgress(options.progress ?? "none");
  const controller = new AbortController();
  // Every waiting request listens for the run's interruption at once: many listeners is the design, not a leak.
  setMaxListeners(0, controller.signal);
  let interrupted = false;
  const onSignal = () => {
    interrupted = true;
    controller.abort(new Error("interrupted"));
  };
  if (options.handleSignals) {
    process.once("SIGINT", onSignal);
    process.once("SIGTERM", onSignal);
  }
  if (options.signalledBefore?.()) onSignal();
  progress.start(
    context.planned,
    state.done.size,
    plan.suites.reduce((sum, suite) => sum + plannedRequests(suite) * suite.repeat, 0),
  );
  // Twice as many cases as request slots: while a case waits for its next request, another case's
  // request is ready to take the slot. Cases are pulled one at a time, never all queued up front;
  // past the deadline or budget none is started (reported as not run).
  const run = async ({ suite, testCase, r }: PendingCase) => {
    const { result, streamed } = await runOneCase(suite, testCase, r, registry, controller.signal, configPrints.get(suite.name)!);
    // An aborted case is not a finished case; nor is one that could not send its next call because the run stopped.
    if (interrupted || (result.status === "error" && result.error?.message.includes(RUN_STOPPED))) return streamed?.dispose();
    recordSuiteTime(state.suiteTimes, suite.name, result.latencyMs);
    state.entriesBySuite.get(suite.name)!.push(streamed ? journal.appendStreamed(result, streamed) : journal.append(result));
    progress.caseFinished(result.status === "scored");
    await journal.drained();
  };
  const concurrency = options.concurrency ?? plan.loaded.config.concurrency;
  const pending = pendingCases(plan.suites, state.done);
  const pool = forEachBounded(pending, concurrency * 2, run, () => interrupted || guard.check() !== null);
  if (options.whileRunning) setImmediate(options.whileRunning);
  try {
    await pool;
  } finally {
    guard.close(); // nothing is sent any more: no deadline to wait for
    if (options.handleSignals) {
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
    }
  }
  progress.finish();
  // The finish is on the clock too: close both at once.
  await Promise.all([journal.close(), registry.close()]);
  if (interrupted)
    throw new InterruptedError(
      context.journalFile,
      [...state.entriesBySuite.values()].reduce((n, list) => n + list.length, 0),
    );
}

/** Widens the suite's span to the case that just finished after `latencyMs`. */
function recordSuiteTime(suiteTimes: CaseRunState["suiteTimes"], suite: string, latencyMs: number): void {
  const times = suiteTimes.get(suite);
  const finished = Date.now();
  const began = finished - latencyMs;
  if (times) {
    times.first = Math.min(times.first, began);
    times.last = Math.max(times.last, finished);
  } else suiteTimes.set(suite, { first: began, last: finished });
}

/** A suite as results.json gets it: its entry without cases, and the journal entries of its cases in case order. */
interface SuiteToWrite {
  name: string;
  results: SuiteWithoutCases;
  summaries: CaseSummary[];
  entries: JournalEntry[];
}

/** Each suite's results from its journaled cases, then the carried suites with the baseline's numbers. */
function runSuiteResults(plan: RunPlan, state: CaseRunState, registry: Registry): SuiteToWrite[] {
  const byModel = registry.stats().byModel;
  const suites: SuiteToWrite[] = plan.suites.map((suite) => {
    const entries = sortInCaseOrder(state.entriesBySuite.get(suite.name)!, (entry) => entry.summary);
    const times = state.suiteTimes.get(suite.name);
    const { cases, ...results } = buildSuiteResults({
      ...suite,
      cases: entries.map((entry) => entry.summary),
      repeat: suite.repeat,
      // Repeats ran on the registry's fresh view (runOneCase): every answer asked anew.
      ...(suite.repeat > 1 ? { fresh: true } : {}),
      durationMs: times ? times.last - times.first : 0,
      warnings: { before: suite.warnings.map(formatProblem), after: unusableUsageWarnings(suite, byModel) },
      ...(suite.judge
        ? {
            judge: judgeIdentity(
              suite.judge,
              plan.loaded.config.models,
              registry.reportedModels(suite.judge.name),
              suiteTargets(suite),
              registry.defaultTemperature(suite.judge.name),
            ),
          }
        : {}),
      ...targetsOf(suite, plan.prompts),
    });
    return { name: suite.name, results, summaries: cases, entries };
  });
  for (const [name, { cases: _none, ...carried }] of plan.carry?.carried ?? [])
    suites.push({ name, results: carried, summaries: [], entries: [] });
  return suites;
}

/** The suite's targets that have a prompt file, as results.json records them. */
function targetsOf(suite: PlannedSuite, prompts: RunPlan["prompts"]): { targets?: Record<string, TargetIdentity> } {
  const targets = { ...targetIdentities(suite.suiteKind.targets?.(suite.options) ?? [], prompts), ...suite.targets };
  return Object.keys(targets).length ? { targets } : {};
}

/** results.json's content (redacted): the run's metadata and each suite with its case summaries. */
async function runResults(
  options: RunOptions,
  plan: RunPlan,
  suites: SuiteToWrite[],
  run: {
    identity: RunIdentity;
    runHeader: { runId: string; startedAt: string };
    startedAt: number;
    registry: Registry;
    guard: RunGuard;
    resumed: { done: number; ran: number; changed: number };
    planned: number;
  },
): Promise<Results> {
  const { registry, guard, resumed } = run;
  const suiteResults: Record<string, SuiteResults> = Object.fromEntries(
    suites.map(({ name, results, summaries }) => [name, { ...results, cases: summaries as SuiteResults["cases"] }]),
  );
  const git = await runGit(options, plan.rootDir);
  // Infrastructure failures of the run: models stopped for good, the deadline or budget reached.
  const stopped = stoppedRunReasons(guard.check(), resumed.ran, run.planned);
  const runErrors = [...registry.stoppedModels(), ...stopped];
  const notes = registry.notes();
  // The base half measures another commit's system: never a baseline (baseline/policy.ts refuses partial runs).
  const half = options.half ? [`the base half of a paired run (base ${options.half.commit.slice(0, 12)}): never a baseline`] : [];
  const partial = [...plan.partial, ...stopped, ...half];
  const stats = registry.stats().total;
  const finishedAt = new Date();
  return redactDeep({
    schema: "evalgate/results@1",
    run: {
      id: run.runHeader.runId,
      startedAt: run.runHeader.startedAt,
      finishedAt: finishedAt.toISOString(),
      durationMs: finishedAt.getTime() - run.startedAt,
      evalgateVersion: VERSION,
      configHash: run.identity.configHash,
      ...git,
      selection: plan.selection,
      ...(options.demo ? { demo: true as const } : {}),
      requests: stats.requests,
      cacheHits: stats.cacheHits,
      ...runTokensField(Object.fromEntries(Object.entries(registry.stats().byModel).map(([name, s]) => [name, tokenTotalsOf(s)]))),
      cache: runCacheInfo(options, plan.loaded.config.cache["max-age"], Object.values(suiteResults), registry),
      costUsd: sumKnown(Object.values(suiteResults).map((s) => s.costUsd)),
      ...unpricedField(sumUnpriced(Object.values(suiteResults))),
      ...(options.resume ? { resumedCases: resumed.done, rerunCases: resumed.ran - resumed.done, changedCases: resumed.changed } : {}),
      ...(partial.length ? { partial } : {}),
      ...(plan.carry ? { changedSince: plan.carry.changedSince } : {}),
      ...(options.paired ? { paired: options.paired } : {}),
      ...(options.half ? { pairedBase: options.half } : {}),
      ...(runErrors.length ? { errors: runErrors } : {}),
      ...(notes.length ? { notes } : {}),
      ...(Object.keys(guard.limits).length ? { limits: { ...guard.limits, spentUsd: guard.spentUsd() } } : {}),
    },
    suites: suiteResults,
  });
}

/** The run's commit, branch and event: read from git or the Actions environment, as options override them (a base half: its commit). */
async function runGit(options: RunOptions, rootDir: string) {
  const { baseCommit: _baseCommit, ...gitOverride } = options.git ?? {};
  const half = options.half ? { commit: options.half.commit } : {};
  return { ...(await readGitInfo(rootDir, options.env ?? process.env)), ...gitOverride, ...half };
}

/** Suite kinds that export artifacts (and whose options ask for them) get their suite with every case's details. */
async function exportSuiteArtifacts(plan: RunPlan, suites: SuiteToWrite[], results: Results, journalFile: string, runId: string) {
  for (const suite of plan.suites) {
    if (!suite.suiteKind.exportArtifacts || !suite.suiteKind.wantsArtifacts?.(suite.options)) continue;
    const full = await readSuiteCases(journalFile, suites.find((w) => w.name === suite.name)!.entries);
    await suite.suiteKind.exportArtifacts(
      { ...results.suites[suite.name]!, cases: full },
      { suiteName: suite.name, options: suite.options, outDir: plan.outDir, runId },
    );
  }
}

interface PendingCase {
  suite: PlannedSuite;
  testCase: Case;
  r: number;
}

/** A model that reported impossible token counts: its answers' usage and cost are unknown, and the suite says so. */
function unusableUsageWarnings(suite: PlannedSuite, byModel: Record<string, { unusableUsage: number }>): string[] {
  return suite.suiteKind.modelsUsed(suite.options).flatMap((name) => {
    const count = byModel[name]?.unusableUsage ?? 0;
    return count > 0
      ? [`model "${name}" reported negative or non-finite token counts in ${count} answer(s): their usage and cost are unknown`]
      : [];
  });
}

/** The cases still to run, in run order (repeat, suite, file order), produced as the pool asks for them. */
function* pendingCases(suites: PlannedSuite[], done: Set<string>): Generator<PendingCase> {
  const repeats = Math.max(1, ...suites.map((suite) => suite.repeat));
  for (let r = 0; r < repeats; r++)
    for (const suite of suites) {
      if (r >= suite.repeat) continue;
      for (const testCase of suite.cases) if (!done.has(caseKey(suite.name, testCase.id, r))) yield { suite, testCase, r };
    }
}

/**
 * Which journaled cases a resumed run reuses: those still selected, scored, and whose inputs
 * (fingerprint) and config parts (configFingerprint) are the same now. Counts those that changed.
 */
function reusableCase(planned: Map<string, Case>, configPrints: Map<string, string>) {
  const check = {
    changed: 0,
    reusable(result: CaseResult): boolean {
      const current = planned.get(caseKey(result.suite, result.caseId, result.repeat));
      if (!current || result.status !== "scored") return false;
      const same =
        result.fingerprint === (current.fingerprint ?? caseFingerprint(current.input)) &&
        result.configFingerprint === configPrints.get(result.suite);
      if (!same) check.changed++;
      return same;
    },
  };
  return check;
}

async function runOneCase(
  suite: PlannedSuite,
  testCase: Case,
  repeat: number,
  registry: Registry,
  signal: AbortSignal,
  configFingerprint: string,
): Promise<{ result: CaseResult; streamed?: StreamedDetails }> {
  const started = performance.now();
  // A repeated suite asks afresh every time: a repeat served another repeat's cached answer would measure nothing.
  const models = (suite.repeat > 1 ? registry.fresh : registry).forCase({ suite: suite.name, id: testCase.id, repeat });
  const { value: ran, use } = await countCacheUse(async (): Promise<CaseOutcome> => {
    try {
      return await suite.suiteKind.runCase(testCase, { suiteName: suite.name, options: suite.options, models, repeat, signal });
    } catch (error) {
      // A suite kind should report endpoint failures itself; anything that escapes still becomes this case's error.
      return { status: "error", error: toCaseError(error), metrics: {}, costUsd: null, requests: 0 };
    }
  });
  const outcome = measurable(ran);
  const result: CaseResult = {
    suite: suite.name,
    caseId: testCase.id,
    repeat,
    title: testCase.title,
    source: testCase.source,
    fingerprint: testCase.fingerprint ?? caseFingerprint(testCase.input),
    ...(testCase.cluster !== undefined ? { cluster: testCase.cluster } : {}),
    configFingerprint,
    status: outcome.status,
    ...(outcome.error ? { error: caseError(outcome.error) } : {}),
    metrics: outcome.metrics,
    tags: outcome.tags ?? {},
    costUsd: outcome.costUsd,
    latencyMs: Math.round(performance.now() - started),
    requests: outcome.requests,
    cache: use,
    ...(outcome.streamedDetails ? { details: STREAMED_DETAILS } : outcome.details !== undefined ? { details: outcome.details } : {}),
    ...(outcome.metricErrors ? { metricErrors: outcome.metricErrors } : {}),
    ...(outcome.failedChecks?.length ? { failedChecks: outcome.failedChecks } : {}),
    finishedAt: new Date().toISOString(),
  };
  // Model output included: an answer that echoes a key must not reach the journal or results.json
  // (streamed details come redacted).
  return { result: redactDeep(result), ...(outcome.streamedDetails ? { streamed: outcome.streamedDetails } : {}) };
}

/**
 * A case whose metrics hold a number that is not finite did not measure anything: an internal error
 * of that case (counted against max-error-rate as a failed computation), never a value to average,
 * and never written (JSON has no Infinity).
 */
function measurable(outcome: CaseOutcome): CaseOutcome {
  const bad = Object.entries(outcome.metrics).find(([, value]) => !Number.isFinite(value));
  if (!bad) return outcome;
  const metrics = Object.fromEntries(Object.entries(outcome.metrics).filter(([, value]) => Number.isFinite(value)));
  const message = `metric ${bad[0]} came out ${bad[1]}, not a finite number: the case measured nothing`;
  return { ...outcome, status: "error", error: { kind: "internal", message }, metrics };
}

/** The run's cache line in results.json: its mode, what it served across suites, what it refused. */
function runCacheInfo(
  options: Pick<RunOptions, "noCache" | "refreshCache">,
  maxAgeMs: number,
  suites: SuiteResults[],
  registry: Registry,
): RunCacheInfo {
  if (options.noCache) return { mode: "off", hits: 0 };
  const misses = registry.cacheMisses();
  return {
    mode: options.refreshCache ? "refresh" : "on",
    ...combineCacheUse(suites.map((suite) => suite.cache)),
    maxAgeMs,
    ...(misses?.expired ? { expired: misses.expired } : {}),
    ...(misses?.otherIdentity ? { otherIdentity: misses.otherIdentity } : {}),
  };
}

export function toCaseError(error: unknown): CaseError {
  if (isEndpointError(error)) return { kind: error.kind === "fatal" ? "fatal" : "endpoint", message: error.message };
  return { kind: "internal", message: error instanceof Error ? error.message : String(error), side: "scorer" };
}

/** A case's error as results.json keeps it: redacted, with the side the suite kind named (scoring that threw is the scorer's). */
function caseError(error: CaseError): CaseError {
  const side = error.kind === "internal" ? "scorer" : error.side;
  return { kind: error.kind, message: redact(error.message), ...(side ? { side } : {}), ...(error.answered ? { answered: true } : {}) };
}

async function readSuiteCases(journalFile: string, entries: JournalEntry[]): Promise<CaseResult[]> {
  const cases: CaseResult[] = [];
  // Artifacts (a SQLite file) hold every case's details: a long conversation's line is read whole here.
  for await (const line of readEntryLines(journalFile, entries)) {
    let text = typeof line === "string" ? line : "";
    if (typeof line !== "string") for await (const part of line) text += part;
    cases.push(JSON.parse(text) as CaseResult);
  }
  return cases;
}
