// The run loop: config -> cases -> a pipeline of case runs -> journal -> suite metrics -> results.json.
// Cases flow through a bounded pool (a pipeline, not batches): a new case starts the moment one
// finishes, and the model layer's limiters keep every request slot busy.

import { createHash, randomUUID } from "node:crypto";
import { setMaxListeners } from "node:events";
import { existsSync } from "node:fs";
import path from "node:path";
import { ConfigError, excerpt, formatProblem, type InputProblem } from "../config/errors.ts";
import { closest, type LoadedConfig, loadConfig } from "../config/load.ts";
import { containmentRoot, resolveInside, SUITE_PATH_KEYS } from "../config/paths.ts";
import type { EvalgateConfig, SuiteConfig } from "../config/schema.ts";
import { combineCacheUse, countCacheUse } from "../models/cache-use.ts";
import { isEndpointError } from "../models/errors.ts";
import { createRegistry, missingSecrets, type Registry } from "../models/registry.ts";
import { createRunGuard, RUN_STOPPED } from "../models/run-guard.ts";
import { countUnpricedCases, sumKnown, sumUnpriced, unpricedField } from "../results/cost-total.ts";
import type {
  Case,
  CaseError,
  CaseResult,
  CaseSummary,
  Metric,
  Results,
  RunCacheInfo,
  RunSelection,
  SuiteResults,
} from "../results/types.ts";
import { loadSuiteKinds } from "../suites/index.ts";
import type { CaseOutcome, LoadedSuite, SuiteKind } from "../suites/kind.ts";
import { checkOutputPaths } from "../util/output-file.ts";
import { redact, redactDeep } from "../util/redact.ts";
import { populationSd } from "../util/stats.ts";
import { VERSION } from "../version.ts";
import type { CarryPlan, ChangeRequest } from "./carry.ts";
import { suiteConfigFingerprint } from "./config-fingerprint.ts";
import { caseFingerprint } from "./fingerprint.ts";
import { findRepositoryRoot, readGitInfo } from "./git.ts";
import { InterruptedError } from "./interrupted.ts";
import { caseKey, Journal, type JournalEntry, readEntryLines } from "./journal.ts";
import { judgeIdentity } from "./judge-identity.ts";
import { responseCacheDir } from "./output-dir.ts";
import { partialReasons, stoppedRunReasons } from "./partial-reasons.ts";
import { planTooLarge } from "./plan-size.ts";
import { forEachBounded } from "./pool.ts";
import { createProgress, type ProgressMode } from "./progress.ts";
import { type SuiteWithoutCases, writeResultsFile } from "./results-file.ts";
import { withSampleSeed } from "./sample-seed.ts";
import { inShard, parseFilter, sampleByPosition } from "./select.ts";

export interface RunOptions {
  configPath: string;
  selection: RunSelection;
  resume?: boolean;
  dryRun?: boolean;
  noCache?: boolean;
  /** Ask every cacheable request again and overwrite its entry; nothing written before this run is served. */
  refreshCache?: boolean;
  /** Journal, cache and results go here; default: the config's output-dir under the repository root. */
  outDir?: string;
  /** Where results.json is written; default <outDir>/results.json. */
  resultsPath?: string;
  env?: NodeJS.ProcessEnv;
  progress?: ProgressMode;
  /** baseCommit: a PR's base, from which `sample` without a seed derives its seed. */
  git?: { commit?: string; branch?: string; event?: string; baseCommit?: string };
  /** Wall-clock limit of the run in ms (overrides the config's run.deadline). */
  deadlineMs?: number;
  /** USD the run may spend (overrides the config's run.budget-usd). */
  budgetUsd?: number;
  /** Requests in flight across all models; overrides the config. */
  concurrency?: number;
  /** Run a plan past MAX_PLANNED_REQUESTS (./plan-size.ts) anyway: the user means it. */
  allowLargePlan?: boolean;
  /** Stop cleanly on SIGINT/SIGTERM: the journal is closed and the run can be resumed. */
  handleSignals?: boolean;
  /** Loads the config instead of reading configPath (CLI flags that override or replace evalgate.yml). */
  loadConfig?: () => Promise<LoadedConfig>;
  /** Called once the first requests are on their way: load what the end of the run needs while they are in flight. */
  whileRunning?: () => void;
  /** --changed-since or a pull request: suites whose inputs did not change are carried from the baseline, not run. */
  changes?: ChangeRequest;
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

export interface PlannedSuite {
  name: string;
  kind: string;
  options: SuiteConfig;
  suiteKind: SuiteKind;
  cases: Case[];
  warnings: InputProblem[];
  judge?: LoadedSuite["judge"];
}

export interface RunPlan {
  loaded: LoadedConfig;
  rootDir: string;
  outDir: string;
  suites: PlannedSuite[];
  /** Models the selected suites call. */
  models: string[];
  /** The selection as run: with the derived sample seed when none was given. */
  selection: RunSelection;
  /** Why the run is not the whole config (RunMetadata.partial); empty for a whole run. */
  partial: string[];
  /** With `changes`: the suites carried from the baseline instead of run. */
  carry?: CarryPlan;
}

/** Loads the config and every selected suite's cases, and checks secrets: no request is sent. */
export async function planEvaluation(options: RunOptions): Promise<RunPlan> {
  const env = options.env ?? process.env;
  const loaded = options.loadConfig ? await options.loadConfig() : await loadConfig(options.configPath);
  const { config } = loaded;
  const repositoryRoot = findRepositoryRoot(loaded.dir);
  const rootDir = repositoryRoot ?? process.cwd();
  const allowedRoot = config["allow-outside-repo"] ? undefined : containmentRoot(repositoryRoot, loaded.dir);
  // Paths, suite files and secrets are all checked before any of them stops the run, so one
  // `evalgate validate` shows every problem (a config the schema refuses stops at loadConfig).
  const pathProblems = checkConfiguredPaths(loaded, allowedRoot, repositoryRoot);
  const outDir = path.resolve(rootDir, options.outDir ?? config["output-dir"]);

  const names = Object.keys(config.suites);
  if (names.length === 0) {
    throw new ConfigError([
      {
        file: loaded.displayPath,
        line: loaded.lineOf(["suites"]),
        field: "suites",
        message: "no suites defined; a config needs at least one",
      },
    ]);
  }
  const wanted = options.selection.suites?.length ? options.selection.suites : names;
  const unknown = wanted.filter((name) => !names.includes(name));
  if (unknown.length) {
    throw new ConfigError(
      unknown.map((name) => {
        const suggestion = closest(name, names);
        return {
          file: loaded.displayPath,
          field: "suites",
          message: `no suite named "${name}"${suggestion ? ` (did you mean "${suggestion}"?)` : ""}; suites: ${names.join(", ")}`,
        };
      }),
    );
  }

  // Only a run that asks for it loads the change detection (git, globs).
  const carry = options.changes ? await (await import("./carry.ts")).planCarried(loaded, rootDir, wanted, options.changes) : undefined;
  const toRun = carry ? wanted.filter((name) => !carry.carried.has(name)) : wanted;
  const filter = options.selection.filter ? selectionFilter(options.selection.filter, loaded.displayPath) : undefined;
  const { selection, seedSource } = withSampleSeed(options.selection, {
    base: options.git?.baseCommit,
    head: options.git?.commit ?? (await readGitInfo(rootDir, env)).commit,
  });
  const counts = { selected: 0, total: 0 };
  const leftOut: string[] = [];
  const problems: InputProblem[] = [...pathProblems];
  const suites: PlannedSuite[] = [];
  /** Suites whose files could not be read: their models' secrets are checked all the same. */
  const unreadSuites: string[] = [];
  // The warnings of the suites loaded so far: a problem found after them comes with them, printed
  // before it, so the user sees everything the input was found to have, not only what stopped the run.
  const loadedWarnings: InputProblem[] = [];
  const withLoadedWarnings = (error: ConfigError) => error.withWarnings(loadedWarnings);
  const kinds = await loadSuiteKinds(toRun.map((name) => config.suites[name]!.kind));
  for (const name of toRun) {
    const suiteOptions = config.suites[name]!;
    const suiteKind = kinds.get(suiteOptions.kind);
    if (!suiteKind) throw new Error(`suite kind "${suiteOptions.kind}" is not built in`);
    if (pathProblems.some((problem) => problem.field?.startsWith(`suites.${name}.`))) {
      unreadSuites.push(name); // a path already reported: reading it would only say so again
      continue;
    }
    try {
      const shard = selection.shard;
      // Filters and samples pick by position in the whole list, so only a plain shard reads less.
      const keep = shard && !filter && selection.sample === undefined ? (caseId: string) => inShard(name, caseId, shard) : undefined;
      const { cases, warnings, total, judge } = await suiteKind.load({
        suiteName: name,
        options: suiteOptions,
        configDir: loaded.dir,
        rootDir,
        configFile: loaded.displayPath,
        lineOf: loaded.lineOf,
        allowedRoot,
        ...(keep ? { keep } : {}),
      });
      if ((total ?? cases.length) === 0) {
        problems.push({
          file: loaded.displayPath,
          line: loaded.lineOf(["suites", name]),
          field: `suites.${name}`,
          message: `the suite has no cases${warnings.length ? ` (${warnings.map(formatProblem).join("; ")})` : ""}`,
        });
        continue;
      }
      loadedWarnings.push(...warnings);
      let selected = filter ? cases.filter((c, i) => filter(c, i)) : cases;
      if (selection.sample !== undefined) selected = sampleByPosition(selected, selection.sample, selection.seed);
      if (shard) selected = selected.filter((c) => inShard(name, c.id, shard));
      counts.selected += selected.length;
      counts.total += total ?? cases.length;
      // A filter or shard that selects nothing in a suite leaves the suite out: not run, not "nothing measured".
      if ((filter || shard) && (total ?? cases.length) > 0 && selected.length === 0) {
        leftOut.push(name);
        continue;
      }
      assertUniqueIds(name, selected);
      suites.push({
        name,
        kind: suiteOptions.kind,
        options: suiteOptions,
        suiteKind,
        cases: selected,
        warnings,
        ...(judge ? { judge } : {}),
      });
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      problems.push(...error.problems);
      unreadSuites.push(name);
    }
  }
  const models = [...new Set(suites.flatMap((suite) => suite.suiteKind.modelsUsed(suite.options)))];
  const unreadModels = unreadSuites.flatMap((name) => kinds.get(config.suites[name]!.kind)!.modelsUsed(config.suites[name]!));
  for (const message of missingSecrets(config.models, [...new Set([...models, ...unreadModels])], env)) {
    const model = /^model "([^"]+)"/.exec(message)?.[1];
    const fieldPath = model && model in config.models ? ["models", model] : ["models"];
    problems.push({ file: loaded.displayPath, line: loaded.lineOf(fieldPath), field: fieldPath.join("."), message });
  }
  if (problems.some((problem) => problem.severity !== "warning")) throw withLoadedWarnings(new ConfigError(problems));
  if (filter && suites.length === 0 && leftOut.length > 0) {
    throw withLoadedWarnings(
      new ConfigError([
        {
          file: loaded.displayPath,
          field: "filter",
          message: `--filter "${options.selection.filter}" selects no case in ${leftOut.join(", ")}`,
        },
      ]),
    );
  }

  const tooLarge = planTooLarge(suites, selection.repeat, options.allowLargePlan ?? false);
  if (tooLarge) {
    throw withLoadedWarnings(
      new ConfigError([{ file: loaded.displayPath, field: options.selection.repeat > 1 ? "repeat" : "suites", message: tooLarge }]),
    );
  }
  const partial = partialReasons(selection, names, counts, seedSource);
  if (leftOut.length) partial.push(`no case selected in ${leftOut.join(", ")}: not run`);
  if (carry?.carried.size) partial.push(carry.partialReason);
  return { loaded, rootDir, outDir, suites, models, selection, partial, ...(carry ? { carry } : {}) };
}

/** A filter that cannot select anything as written (a range 5-2) is bad input, like any other. */
function selectionFilter(spec: string, file: string) {
  try {
    return parseFilter(spec);
  } catch (error) {
    throw new ConfigError([{ file, field: "filter", message: (error as Error).message }]);
  }
}

/** Every path the config names that resolves outside the allowed root (see config/paths.ts), or names nothing. */
function checkConfiguredPaths(loaded: LoadedConfig, allowedRoot: string | undefined, repositoryRoot: string | undefined): InputProblem[] {
  const problems: InputProblem[] = [];
  const check = (fieldPath: (string | number)[], value: unknown, baseDir: string, mustExist = false): void => {
    if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) check([...fieldPath, index], item, baseDir, mustExist);
      return;
    }
    if (typeof value !== "string") return;
    // A `*` glob on the file name (conversation datasets): its folder must exist and stay inside.
    const globbed = /[*?]/.test(path.basename(value));
    const resolved = resolveInside(baseDir, globbed ? path.dirname(value) : value, allowedRoot);
    const message =
      "error" in resolved
        ? resolved.error
        : mustExist && !existsSync(resolved.path)
          ? `${JSON.stringify(excerpt(value, 80))} does not exist (paths are relative to the config's folder)`
          : undefined;
    if (message) problems.push({ file: loaded.displayPath, line: loaded.lineOf(fieldPath), field: fieldPath.join("."), message });
  };
  // Outputs resolve against the repository root; outside a repository they follow the working directory.
  if (repositoryRoot) {
    check(["output-dir"], loaded.config["output-dir"], repositoryRoot);
    if (loaded.config.baseline.store === "file") check(["baseline", "path"], loaded.config.baseline.path, repositoryRoot);
  }
  for (const [name, suite] of Object.entries(loaded.config.suites)) {
    const fields = suite as Record<string, unknown>;
    for (const key of SUITE_PATH_KEYS) check(["suites", name, key], fields[key], loaded.dir, true);
    const flexeval = fields.flexeval as { evals?: unknown } | undefined;
    if (flexeval) check(["suites", name, "flexeval", "evals"], flexeval.evals, loaded.dir, true);
  }
  return problems;
}

function assertUniqueIds(suite: string, cases: Case[]): void {
  const seen = new Map<string, Case>();
  for (const testCase of cases) {
    const other = seen.get(testCase.id);
    if (other) {
      throw new ConfigError([
        {
          file: testCase.source.file,
          line: testCase.source.line,
          message: `suite ${suite}: case id "${testCase.id}" is also used at line ${other.source.line ?? "?"}; case ids must be unique`,
        },
      ]);
    }
    seen.set(testCase.id, testCase);
  }
}

/** Runs the selected suites and writes results.json. Throws ConfigError on bad input, InterruptedError on a signal. */
export async function runEvaluation(options: RunOptions): Promise<RunOutcome> {
  const env = options.env ?? process.env;
  const plan = await planEvaluation(options);
  const { loaded, rootDir, outDir, selection } = plan;
  const { config } = loaded;
  const repeat = Math.max(1, selection.repeat);
  const configHash = createHash("sha256").update(loaded.text).digest("hex").slice(0, 16);
  // The journal belongs to a config file and a selection; what each case shares with the config is
  // checked case by case on --resume (its fingerprints), so an edit re-runs only the cases it touches.
  const runKey = createHash("sha256")
    .update(JSON.stringify({ config: loaded.path, selection: { ...selection, repeat } }))
    .digest("hex")
    .slice(0, 16);
  const configPrints = new Map(
    plan.suites.map((suite) => [
      suite.name,
      suiteConfigFingerprint(config, { options: suite.options, modelsUsed: suite.suiteKind.modelsUsed(suite.options) }, loaded.dir),
    ]),
  );
  const journalFile = path.join(outDir, "runs", runKey, "journal.jsonl");
  const resultsPath = path.resolve(options.resultsPath ?? path.join(outDir, "results.json"));
  await checkOutputPaths([resultsPath], "results"); // before any request, not after the money is spent
  const concurrency = options.concurrency ?? config.concurrency;

  const deadlineMs = options.deadlineMs ?? config.run.deadline;
  const budgetUsd = options.budgetUsd ?? config.run["budget-usd"];
  // Its deadline timer (unref'd) ends every wait of the models once it fires; cleared when the run ends.
  const guard = createRunGuard({ ...(deadlineMs !== undefined ? { deadlineMs } : {}), ...(budgetUsd !== undefined ? { budgetUsd } : {}) });
  const registry: Registry = createRegistry(config.models, {
    env,
    cacheDir: options.noCache ? null : responseCacheDir(outDir),
    cache: { mode: options.refreshCache ? "refresh" : "use", maxAgeMs: config.cache["max-age"] },
    concurrency,
    guard,
  });
  const header = { journal: "evalgate" as const, version: 1 as const, runKey, runId: randomUUID(), startedAt: new Date().toISOString() };
  // What is planned, and what of it is already done (from a resumed journal).
  const planned = new Map<string, Case>();
  for (const suite of plan.suites)
    for (let r = 0; r < repeat; r++) for (const c of suite.cases) planned.set(caseKey(suite.name, c.id, r), c);
  const resumeCheck = reusableCase(planned, configPrints);
  const { journal, resumed, resumedHeader } = await Journal.open(journalFile, header, options.resume ?? false, resumeCheck.reusable).catch(
    async (error: unknown) => {
      guard.close();
      await registry.close();
      throw error;
    },
  );
  const runHeader = resumedHeader ?? header;
  const entriesBySuite = new Map<string, JournalEntry[]>(plan.suites.map((suite) => [suite.name, []]));
  const done = new Set<string>();
  for (const entry of resumed) {
    done.add(caseKey(entry.summary.suite, entry.summary.caseId, entry.summary.repeat));
    entriesBySuite.get(entry.summary.suite)?.push(entry);
  }

  const progress = createProgress(options.progress ?? "none");
  const controller = new AbortController();
  // Every waiting request listens for the run's interruption at once: many listeners is the design, not a leak.
  setMaxListeners(0, controller.signal);
  const suiteTimes = new Map<string, { first: number; last: number }>();
  let interrupted = false;
  const onSignal = () => {
    interrupted = true;
    controller.abort(new Error("interrupted"));
  };
  if (options.handleSignals) {
    process.once("SIGINT", onSignal);
    process.once("SIGTERM", onSignal);
  }

  progress.start(planned.size, done.size);
  const startedAt = Date.now();
  // Twice as many cases as request slots: while a case waits for its next request, another case's
  // request is ready to take the slot. Cases are pulled one at a time, never all queued up front;
  // past the deadline or budget none is started (reported as not run).
  const run = async ({ suite, testCase, r }: PendingCase) => {
    const result = await runOneCase(suite, testCase, r, registry, controller.signal, configPrints.get(suite.name)!);
    if (interrupted) return; // an aborted case is not a finished case
    // A case that could not send its next call because the run stopped did not run.
    if (result.status === "error" && result.error?.message.includes(RUN_STOPPED)) return;
    const times = suiteTimes.get(suite.name);
    const finished = Date.now();
    const began = finished - result.latencyMs;
    if (times) {
      times.first = Math.min(times.first, began);
      times.last = Math.max(times.last, finished);
    } else suiteTimes.set(suite.name, { first: began, last: finished });
    entriesBySuite.get(suite.name)!.push(journal.append(result));
    progress.caseFinished(result.status === "scored");
    await journal.drained();
  };
  const pool = forEachBounded(pendingCases(plan.suites, repeat, done), concurrency * 2, run, () => interrupted || guard.check() !== null);
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
      journalFile,
      [...entriesBySuite.values()].reduce((n, list) => n + list.length, 0),
    );

  // Aggregate each suite over its case summaries, in a stable order.
  const suiteResults: Record<string, SuiteResults> = {};
  const toWrite: { name: string; results: SuiteWithoutCases; entries: JournalEntry[] }[] = [];
  const byModel = registry.stats().byModel;
  for (const suite of plan.suites) {
    const order = new Map(suite.cases.map((c, i) => [c.id, i]));
    const entries = entriesBySuite
      .get(suite.name)!
      .sort((a, b) => order.get(a.summary.caseId)! - order.get(b.summary.caseId)! || a.summary.repeat - b.summary.repeat);
    const summaries = entries.map((entry) => entry.summary);
    const aggregated = aggregateSuite(suite, summaries, repeat);
    const times = suiteTimes.get(suite.name);
    const withoutCases: SuiteWithoutCases = {
      kind: suite.kind,
      metrics: aggregated.metrics,
      counts: caseCounts(summaries),
      costUsd: sumKnown(summaries.map((s) => s.costUsd)),
      ...unpricedField(countUnpricedCases(summaries)),
      requests: summaries.reduce((n, s) => n + s.requests, 0),
      cache: combineCacheUse(summaries.map((s) => s.cache)),
      durationMs: times ? times.last - times.first : 0,
      warnings: [...suite.warnings.map(formatProblem), ...aggregated.warnings, ...unusableUsageWarnings(suite, byModel)],
      ...(aggregated.breakdowns ? { breakdowns: aggregated.breakdowns } : {}),
      ...(suite.judge ? { judge: judgeIdentity(suite.judge, config.models, registry.reportedModels(suite.judge.name)) } : {}),
    };
    suiteResults[suite.name] = { ...withoutCases, cases: summaries };
    toWrite.push({ name: suite.name, results: withoutCases, entries });
  }
  for (const [name, { cases: _none, ...carried }] of plan.carry?.carried ?? []) {
    suiteResults[name] = { ...carried, cases: [] };
    toWrite.push({ name, results: carried, entries: [] });
  }

  const { baseCommit: _baseCommit, ...gitOverride } = options.git ?? {};
  const git = { ...(await readGitInfo(rootDir, env)), ...gitOverride };
  // Infrastructure failures of the run: models stopped for good, the deadline or budget reached.
  const ran = [...entriesBySuite.values()].reduce((n, list) => n + list.length, 0);
  const stopped = stoppedRunReasons(guard.check(), ran, planned.size);
  const runErrors = [...registry.stoppedModels(), ...stopped];
  const partial = [...plan.partial, ...stopped];
  const stats = registry.stats().total;
  const finishedAt = new Date();
  const results: Results = redactDeep({
    schema: "evalgate/results@1",
    run: {
      id: runHeader.runId,
      startedAt: runHeader.startedAt,
      finishedAt: finishedAt.toISOString(),
      durationMs: finishedAt.getTime() - startedAt,
      evalgateVersion: VERSION,
      configHash,
      ...git,
      selection: { ...selection, repeat },
      requests: stats.requests,
      cacheHits: stats.cacheHits,
      cache: runCacheInfo(options, config.cache["max-age"], Object.values(suiteResults), registry),
      costUsd: sumKnown(Object.values(suiteResults).map((s) => s.costUsd)),
      ...unpricedField(sumUnpriced(Object.values(suiteResults))),
      ...(options.resume ? { resumedCases: done.size, rerunCases: ran - done.size, changedCases: resumeCheck.changed } : {}),
      ...(partial.length ? { partial } : {}),
      ...(plan.carry ? { changedSince: plan.carry.changedSince } : {}),
      ...(runErrors.length ? { errors: runErrors } : {}),
      ...(Object.keys(guard.limits).length ? { limits: { ...guard.limits, spentUsd: guard.spentUsd() } } : {}),
    },
    suites: suiteResults,
  });
  if (options.decide) results.verdict = await options.decide(results, { config, rootDir, configDir: loaded.dir });
  await writeResultsFile(
    resultsPath,
    results,
    toWrite.map(({ name, results, entries }) => ({ name, results, lines: readEntryLines(journalFile, entries) })),
  );

  for (const suite of plan.suites) {
    if (!suite.suiteKind.exportArtifacts || !suite.suiteKind.wantsArtifacts?.(suite.options)) continue;
    const full = await readSuiteCases(journalFile, toWrite.find((w) => w.name === suite.name)!.entries);
    await suite.suiteKind.exportArtifacts(
      { ...suiteResults[suite.name]!, cases: full },
      { suiteName: suite.name, options: suite.options, outDir, runId: runHeader.runId },
    );
  }
  return { results, resultsPath, config, configPath: loaded.path, rootDir };
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
function* pendingCases(suites: PlannedSuite[], repeat: number, done: Set<string>): Generator<PendingCase> {
  for (let r = 0; r < repeat; r++)
    for (const suite of suites)
      for (const testCase of suite.cases) if (!done.has(caseKey(suite.name, testCase.id, r))) yield { suite, testCase, r };
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
      const same = result.fingerprint === caseFingerprint(current.input) && result.configFingerprint === configPrints.get(result.suite);
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
): Promise<CaseResult> {
  const started = performance.now();
  const { value: outcome, use } = await countCacheUse(async (): Promise<CaseOutcome> => {
    try {
      return await suite.suiteKind.runCase(testCase, { suiteName: suite.name, options: suite.options, models: registry, repeat, signal });
    } catch (error) {
      // A suite kind should report endpoint failures itself; anything that escapes still becomes this case's error.
      return { status: "error", error: toCaseError(error), metrics: {}, costUsd: null, requests: 0 };
    }
  });
  const result: CaseResult = {
    suite: suite.name,
    caseId: testCase.id,
    repeat,
    title: testCase.title,
    source: testCase.source,
    fingerprint: caseFingerprint(testCase.input),
    configFingerprint,
    status: outcome.status,
    ...(outcome.error ? { error: { kind: outcome.error.kind, message: redact(outcome.error.message) } } : {}),
    metrics: outcome.metrics,
    tags: outcome.tags ?? {},
    costUsd: outcome.costUsd,
    latencyMs: Math.round(performance.now() - started),
    requests: outcome.requests,
    cache: use,
    ...(outcome.details !== undefined ? { details: outcome.details } : {}),
    ...(outcome.metricErrors ? { metricErrors: outcome.metricErrors } : {}),
    finishedAt: new Date().toISOString(),
  };
  // Model output included: an answer that echoes a key must not reach the journal or results.json.
  return redactDeep(result);
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
  return { kind: "internal", message: error instanceof Error ? error.message : String(error) };
}

/** Suite metrics; with repeats, each metric also carries its spread across the repeats. */
/** A suite's case counts: all, scored, errored. */
export function caseCounts(cases: readonly Pick<CaseSummary, "status">[]): SuiteResults["counts"] {
  return {
    cases: cases.length,
    scored: cases.filter((c) => c.status === "scored").length,
    errors: cases.filter((c) => c.status === "error").length,
  };
}

export function aggregateSuite(suite: Pick<PlannedSuite, "suiteKind" | "options">, summaries: CaseSummary[], repeat: number) {
  const aggregated = suite.suiteKind.aggregate(summaries, suite.options);
  if (repeat < 2) return aggregated;
  const perRepeat = Array.from(
    { length: repeat },
    (_, r) =>
      suite.suiteKind.aggregate(
        summaries.filter((s) => s.repeat === r),
        suite.options,
      ).metrics,
  );
  const metrics: Record<string, Metric> = {};
  for (const [name, metric] of Object.entries(aggregated.metrics)) {
    const values = perRepeat.map((m) => m[name]?.value).filter((v): v is number => typeof v === "number");
    metrics[name] = values.length >= 2 ? { ...metric, spread: populationSd(values) } : metric;
  }
  return { ...aggregated, metrics };
}

async function readSuiteCases(journalFile: string, entries: JournalEntry[]): Promise<CaseResult[]> {
  const cases: CaseResult[] = [];
  for await (const line of readEntryLines(journalFile, entries)) cases.push(JSON.parse(line) as CaseResult);
  return cases;
}
