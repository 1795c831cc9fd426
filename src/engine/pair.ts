// A paired run (`--pair base`): before the head's run, the base commit's system under test runs the
// suites whose inputs changed, on head's cases, with head's judges, gate and cache policy. Only the
// files that make the system under test come from the base commit (pair-config.ts says which); the
// gate then compares each case with its pair instead of with a baseline measured on another day.
import path from "node:path";
import { ConfigError, formatProblem } from "../config/errors.ts";
import { type LoadedConfig, loadConfig } from "../config/load.ts";
import { containmentRoot } from "../config/paths.ts";
import { inputsUnchangedSince, type Results } from "../results/types.ts";
import { ChangesUnknownError } from "./changes.ts";
import { findRepositoryRoot } from "./git.ts";
import { InterruptedError } from "./interrupted.ts";
import type { BaseHalf } from "./pair-baseline.ts";
import { type BaseCheckout, checkoutBase, mergeBase } from "./pair-checkout.ts";
import { baseHalfConfig } from "./pair-config.ts";
import { planEvaluation } from "./plan.ts";
import type { RunOptions } from "./run.ts";

export type { BaseHalf } from "./pair-baseline.ts";

/**
 * Runs the base half for the suites whose inputs changed since `ref`; the rest, and every suite when
 * the base cannot be checked out (a shallow clone), keep the stored baseline, and the record says so.
 * The worktree is gone when this returns or throws (a signal ends the run with InterruptedError).
 */
export async function runBaseHalf(options: RunOptions, ref: string, run: HalfRunner): Promise<BaseHalf> {
  const started = Date.now();
  const loaded = options.loadConfig ? await options.loadConfig() : await loadConfig(options.configPath, { salvage: true });
  // A config with problems is reported by the head's run, in one pass, before any request.
  if (loaded.problems?.length) return { paired: { ref, suites: [], stored: [] }, results: null };
  const half = await pairedHalf(options, ref, run, loaded);
  const deadline = options.deadlineMs ?? loaded.config.run.deadline;
  const budget = options.budgetUsd ?? loaded.config.run["budget-usd"];
  const remaining = {
    ...(deadline !== undefined ? { deadlineMs: Math.max(1, deadline - (Date.now() - started)) } : {}),
    ...(budget !== undefined ? { budgetUsd: Math.max(0, budget - (half.results?.run.costUsd ?? 0)) } : {}),
  };
  return { ...half, remaining };
}

type HalfRunner = (options: RunOptions) => Promise<{ results: Results }>;

async function pairedHalf(options: RunOptions, ref: string, run: HalfRunner, loaded: LoadedConfig): Promise<BaseHalf> {
  const repositoryRoot = findRepositoryRoot(loaded.dir);
  const rootDir = repositoryRoot ?? process.cwd();
  const names = (options.selection.suites ?? Object.keys(loaded.config.suites)).filter((name) => Object.hasOwn(loaded.config.suites, name));
  const base = await mergeBase(rootDir, ref);
  if ("unavailable" in base) return fallback(ref, names, base.unavailable);
  const allowedRoot = loaded.config["allow-outside-repo"] ? undefined : containmentRoot(repositoryRoot, loaded.dir);
  const changes = await touched(loaded, { rootDir, allowedRoot }, names, ref);
  if (typeof changes === "string") return fallback(ref, names, changes);
  const paired = names.filter((name) => changes.touched.has(name));
  const stored = changes.untouched.map((suite) => ({ suite, why: inputsUnchangedSince(ref) }));
  if (paired.length === 0) return { paired: { ref, base: base.sha, suites: [], stored }, results: null };
  const stop = signalWatch();
  let checkout: BaseCheckout | undefined;
  try {
    const started = await checkoutBase(rootDir, base.sha);
    if ("unavailable" in started) return fallback(ref, names, started.unavailable);
    checkout = started;
    stop.check();
    const outDir = path.resolve(rootDir, options.outDir ?? loaded.config["output-dir"]);
    const resultsPath = path.join(outDir, "pair", `base-${checkout.sha.slice(0, 12)}.json`);
    const half = { commit: checkout.sha, ref };
    const worktree = path.relative(rootDir, checkout.dir);
    // Head's config with these suites' systems under test from the base commit (only theirs: another
    // suite's model the base cannot load does not stop these).
    let note: string | undefined;
    const halfOptions = async (suites: string[]) => {
      const made = await baseHalfConfig(loaded, { rootDir, worktree: started.dir, suites });
      note = made.note;
      return baseOptions(options, { loaded: made.loaded, resultsPath, suites, half });
    };
    const ran = await runLoadable(paired, {
      run: async (suites) =>
        run({
          ...(await halfOptions(suites)),
          signalledBefore: () => stop.signalled(),
          nameFiles: (results) => asInBaseCommit(results, worktree),
        }),
      plan: async (suites) => planEvaluation({ ...(await halfOptions(suites)), startsNothing: true }),
    });
    if (typeof ran === "string") return fallback(ref, names, ran);
    const { outcome } = ran;
    stored.push(...ran.unloadable);
    stop.check();
    const { run: meta } = outcome.results;
    const baseHalf = {
      costUsd: meta.costUsd,
      durationMs: meta.durationMs,
      requests: meta.requests,
      cacheHits: meta.cacheHits,
      results: resultsPath,
    };
    const record = { ref, base: checkout.sha, suites: ran.suites, stored, baseHalf, ...(note ? { notes: [note] } : {}) };
    return { paired: record, results: outcome.results };
  } finally {
    await checkout?.remove();
    stop.close();
  }
}

type Loadable = { outcome: { results: Results }; suites: string[]; unloadable: { suite: string; why: string }[] };

/**
 * Runs the base half of `suites`. When the base commit's system under test cannot load some of them
 * (a prompt file this pull request adds), each is planned alone to find which: those keep the stored
 * baseline, saying why, and the others are still paired. A string: none could be loaded, and why.
 */
async function runLoadable(
  suites: string[],
  half: { run: (suites: string[]) => Promise<{ results: Results }>; plan: (suites: string[]) => Promise<unknown> },
): Promise<Loadable | string> {
  const whole = await unlessConfigError(() => half.run(suites));
  if (!(whole instanceof ConfigError)) return { outcome: whole, suites, unloadable: [] };
  const unloadable: Loadable["unloadable"] = [];
  for (const suite of suites.length > 1 ? suites : []) {
    const alone = await unlessConfigError(() => half.plan([suite]));
    if (alone instanceof ConfigError) unloadable.push({ suite, why: notLoadable(alone) });
  }
  const loadable = suites.filter((suite) => !unloadable.some((entry) => entry.suite === suite));
  if (unloadable.length === 0 || loadable.length === 0) return notLoadable(whole);
  const rest = await unlessConfigError(() => half.run(loadable));
  return rest instanceof ConfigError ? notLoadable(rest) : { outcome: rest, suites: loadable, unloadable };
}

/** What `work` gives, or the ConfigError it failed with (any other error is thrown). */
async function unlessConfigError<T>(work: () => Promise<T>): Promise<T | ConfigError> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
}

/** The base commit's system could not be loaded (a prompt file this pull request adds): nothing to pair with. */
function notLoadable(error: ConfigError): string {
  return `the base commit's system under test could not be loaded (${error.problems.map(formatProblem).join("; ")})`;
}

/** The base half's prompt files as the base commit names them (prompts/system.md, not the worktree's path to it). */
function asInBaseCommit(results: Results, worktree: string): void {
  const prefix = `${worktree.split(path.sep).join("/")}/`;
  for (const suite of Object.values(results.suites))
    for (const target of Object.values(suite.targets ?? {}))
      if (target.prompt?.file.startsWith(prefix)) target.prompt.file = target.prompt.file.slice(prefix.length);
}

/** Nothing paired: every suite keeps the stored baseline, and the record says why (not an error). */
function fallback(ref: string, names: string[], why: string): BaseHalf {
  const stored = names.map((suite) => ({ suite, why: "not paired (above)" }));
  return { paired: { ref, suites: [], stored, fallback: `not paired: ${why}; compared with the stored baseline` }, results: null };
}

async function touched(loaded: LoadedConfig, where: { rootDir: string; allowedRoot: string | undefined }, names: string[], ref: string) {
  const { touchedSuites } = await import("./carry.ts");
  try {
    return await touchedSuites(loaded, where, names, ref);
  } catch (error) {
    if (error instanceof ChangesUnknownError) return error.message;
    throw error;
  }
}

/** The base half's options: head's selection of the paired suites, cache policy, limits and concurrency; its own journal and results file. */
function baseOptions(
  options: RunOptions,
  half: { loaded: LoadedConfig; resultsPath: string; suites: string[]; half: { commit: string; ref: string } },
): RunOptions {
  const {
    decide: _decide,
    whileRunning: _while,
    changes: _changes,
    shardBaseline: _shard,
    resume: _resume,
    paired: _paired,
    ...kept
  } = options;
  return {
    ...kept,
    loadConfig: async () => half.loaded,
    selection: { ...options.selection, suites: half.suites },
    resultsPath: half.resultsPath,
    half: half.half,
    handleSignals: true,
  };
}

/** SIGINT/SIGTERM while no run is listening (checking out, between the halves): the run stops at the next check, the worktree removed. */
function signalWatch(): { check(): void; signalled(): boolean; close(): void } {
  let stopped = false;
  const onSignal = () => {
    stopped = true;
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  return {
    check() {
      if (stopped) throw new InterruptedError("(the base half of the paired run)", 0);
    },
    signalled: () => stopped,
    close() {
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
    },
  };
}
