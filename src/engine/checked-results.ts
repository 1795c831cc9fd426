// A results file is data written by the run that made it (in the fork pattern, an untrusted run):
// it never sets a gate rule. Before a file is gated or merged, each suite is checked against itself
// (its counts against its cases, its stored metrics against what its cases give) and its metrics are
// recomputed by the config's suite kind, so direction, gated and bounds come from the config.
import { ConfigError, type InputProblem } from "../config/errors.ts";
import type { EvalgateConfig } from "../config/schema.ts";
import type { CaseSummary, Metric, Results, SuiteResults } from "../results/types.ts";
import { loadSuiteKinds, type SuiteKinds } from "../suites/index.ts";
import { aggregateSuite, repeatsIn } from "./suite-results.ts";

type SuiteLike = Omit<SuiteResults, "cases"> & { cases: CaseSummary[] };
type ResultsLike = Omit<Results, "suites"> & { suites: Record<string, SuiteLike> };

export interface CheckOptions {
  /** The file as named in messages. */
  file: string;
  /**
   * head: holds every configured suite and no other; shard: one share of a run (it may lack a suite);
   * baseline: stored by a trusted run, perhaps under an older config, so only its counts are checked,
   * and a suite the config no longer has is left out.
   */
  role: "head" | "shard" | "baseline";
}

/** The results with each suite's metrics recomputed under the config; a file that contradicts itself is a ConfigError (exit 2). */
export async function checkedAgainstConfig<R extends ResultsLike>(results: R, config: EvalgateConfig, options: CheckOptions): Promise<R> {
  return checkAgainstConfig(results, config, await configuredKinds(config), options);
}

export function configuredKinds(config: EvalgateConfig): Promise<SuiteKinds> {
  return loadSuiteKinds(Object.values(config.suites).map((suite) => suite.kind));
}

/** checkedAgainstConfig with the config's kinds already loaded (configuredKinds). */
export function checkAgainstConfig<R extends ResultsLike>(results: R, config: EvalgateConfig, kinds: SuiteKinds, options: CheckOptions): R {
  const problems: InputProblem[] = [];
  const suites: Record<string, SuiteLike> = {};
  const problem = (field: string, message: string) => problems.push({ file: options.file, field, message });
  if (options.role === "head") {
    for (const name of Object.keys(config.suites))
      if (!Object.hasOwn(results.suites ?? {}, name))
        problem(`suites.${name}`, "missing: the config has this suite, so a run that skipped it cannot be gated");
  }
  for (const [name, suite] of Object.entries(results.suites ?? {})) {
    const configured = Object.hasOwn(config.suites, name) ? config.suites[name] : undefined;
    if (!configured || configured.kind !== suite.kind) {
      if (options.role === "baseline") continue; // a suite removed or re-kinded since: no baseline for it
      problem(`suites.${name}`, configured ? `kind "${suite.kind}", but the config says "${configured.kind}"` : "not in the config");
      continue;
    }
    // A carried suite holds the baseline's numbers without their cases: never gated or stored again.
    if (suite.carried) {
      if (options.role !== "baseline")
        problem(`suites.${name}`, "carried from the baseline, not measured by this run: it cannot be gated again (rerun with --all)");
      continue;
    }
    const problemsBefore = problems.length;
    checkCounts(suite, (message) => problem(`suites.${name}.counts`, message));
    if (problems.length > problemsBefore) continue;
    if (options.role === "baseline") {
      suites[name] = suite;
      continue;
    }
    const recomputed = recomputeMetrics(suite, configured, kinds);
    checkMetrics(suite.metrics, recomputed, (metric, message) => problem(`suites.${name}.metrics.${metric}`, message));
    suites[name] = { ...suite, metrics: recomputed };
  }
  if (problems.length) throw new ConfigError(problems);
  return { ...results, suites };
}

function checkCounts(suite: SuiteLike, problem: (message: string) => void): void {
  const cases = Array.isArray(suite.cases) ? suite.cases : [];
  const scored = cases.filter((c) => c.status === "scored").length;
  const errors = cases.filter((c) => c.status === "error").length;
  const counts = suite.counts ?? { cases: Number.NaN, scored: Number.NaN, errors: Number.NaN };
  if (counts.cases !== cases.length) problem(`claims ${counts.cases} cases but holds ${cases.length}`);
  else if (counts.scored !== scored || counts.errors !== errors)
    problem(`claims ${counts.scored} scored and ${counts.errors} errors but its cases hold ${scored} and ${errors}`);
}

function recomputeMetrics(suite: SuiteLike, options: EvalgateConfig["suites"][string], kinds: SuiteKinds): Record<string, Metric> {
  const suiteKind = kinds.get(options.kind);
  if (!suiteKind) return suite.metrics;
  return aggregateSuite({ suiteKind, options }, suite.cases, repeatsIn(suite.cases)).metrics;
}

/** Every metric the cases give must be in the file with the same value and n, and the file claims no other. */
function checkMetrics(
  stored: Record<string, Metric>,
  recomputed: Record<string, Metric>,
  problem: (metric: string, message: string) => void,
) {
  for (const [name, metric] of Object.entries(recomputed)) {
    const claimed = Object.hasOwn(stored ?? {}, name) ? stored[name] : undefined;
    if (!claimed) problem(name, `missing, though its cases give ${show(metric.value)}`);
    else if (!sameValue(claimed.value, metric.value) || claimed.n !== metric.n)
      problem(name, `says ${show(claimed.value)} (n = ${claimed.n}) but its cases give ${show(metric.value)} (n = ${metric.n})`);
  }
  for (const name of Object.keys(stored ?? {}))
    if (!Object.hasOwn(recomputed, name)) problem(name, "not a metric this suite makes under the config");
}

function sameValue(a: unknown, b: number | null): boolean {
  if (a === null || b === null) return a === b;
  return typeof a === "number" && Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));
}

function show(value: unknown): string {
  return typeof value === "number" ? String(Number(value.toPrecision(6))) : JSON.stringify(value);
}
