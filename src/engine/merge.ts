// `evalgate merge`: shards of one run (a job matrix with --shard I/N) become one results file.
// Metrics are recomputed from the merged cases, never averaged across shards.
import type { EvalgateConfig } from "../config/schema.ts";
import { combineCacheUse } from "../models/cache-use.ts";
import { sumKnown, sumUnpriced, unpricedField } from "../results/cost-total.ts";
import { mergedTokensField } from "../results/tokens.ts";
import {
  type CacheUse,
  type CaseSummary,
  type JudgeIdentity,
  RESULTS_SCHEMA,
  type Results,
  type RunCacheInfo,
  type SuiteResults,
  type TargetIdentity,
} from "../results/types.ts";
import { loadSuiteKinds, type SuiteKinds } from "../suites/index.ts";
import { checkAgainstConfig } from "./checked-results.ts";
import { type BuiltSuite, buildSuiteResults, repeatsIn } from "./suite-results.ts";

/** A shard's results; `C` is what a case is in memory (the full result, or a summary when streamed). */
export interface MergeInput<C extends CaseSummary = CaseSummary> {
  file: string;
  results: Omit<Results, "suites"> & { suites: Record<string, Omit<SuiteResults, "cases"> & { cases: C[] }> };
}

export type MergedResults<C extends CaseSummary> = Omit<Results, "suites"> & { suites: Record<string, BuiltSuite<C>> };

/** Loads the kinds of every suite in the shards, for mergeResults. */
export function kindsOfShards(inputs: MergeInput<CaseSummary>[]): Promise<SuiteKinds> {
  return loadSuiteKinds(inputs.flatMap((input) => Object.values(input.results.suites).map((suite) => suite.kind)));
}

export function mergeResults<C extends CaseSummary>(
  inputs: MergeInput<C>[],
  config: EvalgateConfig,
  /** The kinds of the shards' suites, loaded by the caller (loadSuiteKinds). */
  kinds: SuiteKinds,
): { results: MergedResults<C>; warnings: string[] } {
  for (const input of inputs) checkShard(input, config, kinds);
  return mergeCheckedShards(inputs, config, kinds);
}

/**
 * A shard checked against itself and the config before its cases are trusted (a ConfigError, exit 2,
 * when it contradicts itself); its own metrics and rules are never used.
 */
export function checkShard(input: MergeInput<CaseSummary>, config: EvalgateConfig, kinds: SuiteKinds): void {
  checkAgainstConfig(input.results, config, kinds, { file: input.file, role: "shard" });
}

/** mergeResults for shards that each passed checkShard (a streamed merge checks each as it reads it). */
export function mergeCheckedShards<C extends CaseSummary>(
  inputs: MergeInput<C>[],
  config: EvalgateConfig,
  kinds: SuiteKinds,
): { results: MergedResults<C>; warnings: string[] } {
  if (inputs.length === 0) throw new Error("merge: no results files given");
  refuseMixedBalance(inputs);
  const suites: MergedResults<C>["suites"] = {};
  for (const [name, bucket] of casesBySuite(inputs)) {
    const options = config.suites[name];
    const suiteKind = kinds.get(bucket.kind);
    if (!options || !suiteKind) throw new Error(`merge: suite "${name}" is not in the config, so its metrics cannot be recomputed`);
    // Fresh repeats only when every shard that ran the suite says its repeats were fresh.
    const shards = inputs.flatMap((input) => input.results.suites[name] ?? []);
    const fresh = shards.length > 0 && shards.every((suite) => suite.repeats?.fresh === true);
    const repeat = repeatsIn(bucket.cases);
    suites[name] = buildSuiteResults({ ...bucket, suiteKind, options, repeat, fresh, warnings: { before: bucket.warnings } });
  }
  return { warnings: shardMismatches(inputs), results: { schema: RESULTS_SCHEMA, run: mergedRun(inputs, suites), suites } };
}

/** Shards dealt by different costs did not split the same cases (some may be in none): never merged as one run. */
function refuseMixedBalance(inputs: MergeInput<CaseSummary>[]): void {
  const by = (input: MergeInput<CaseSummary>) => input.results.run.selection.shard?.balancedBy ?? "their hash";
  const other = inputs.find((input) => by(input) !== by(inputs[0]!));
  if (other)
    throw new Error(
      `merge: ${other.file} dealt its cases by ${by(other)}, ${inputs[0]!.file} by ${by(inputs[0]!)} (the baseline's case durations changed between the shards): run them again from one baseline`,
    );
}

/** Shards made from another config or at another commit than the first: merged all the same, and said so. */
function shardMismatches(inputs: MergeInput<CaseSummary>[]): string[] {
  const warnings: string[] = [];
  const first = inputs[0]!.results;
  for (const { file, results } of inputs.slice(1)) {
    if (results.run.configHash !== first.run.configHash)
      warnings.push(`${file}: made from a different config (hash ${results.run.configHash} vs ${first.run.configHash})`);
    if (results.run.commit !== first.run.commit)
      warnings.push(`${file}: made at commit ${results.run.commit ?? "?"}, not ${first.run.commit ?? "?"}`);
  }
  return warnings;
}

/**
 * Per suite, per case id (its own string: no new key per case, which was a merge's largest allocation
 * after the cases), the file of its repeat 0, or of each repeat when there are several.
 */
type SeenRepeats = Map<string, string | Map<number, string>>;

/** Records where a case came from; returns the file that already had it, if one did. */
function noteCase(ids: SeenRepeats, c: CaseSummary, file: string): string | undefined {
  const known = ids.get(c.caseId);
  if (known === undefined && c.repeat === 0) {
    ids.set(c.caseId, file);
    return undefined;
  }
  const repeats = typeof known === "string" ? new Map([[0, known]]) : (known ?? new Map<number, string>());
  const other = repeats.get(c.repeat);
  repeats.set(c.repeat, file);
  ids.set(c.caseId, repeats);
  return other;
}

interface SuiteBucket<C> {
  kind: string;
  cases: C[];
  warnings: string[];
  durationMs: number;
  judge?: JudgeIdentity;
  targets?: Record<string, TargetIdentity>;
  checks?: Record<string, string>;
}

/** Each suite's cases from every shard; a case in two shards is refused, since it would count twice. */
function casesBySuite<C extends CaseSummary>(inputs: MergeInput<C>[]): Map<string, SuiteBucket<C>> {
  const buckets = new Map<string, SuiteBucket<C>>();
  const seen = new Map<string, SeenRepeats>();
  for (const { file, results } of inputs) {
    for (const [name, suite] of Object.entries(results.suites)) {
      const bucket = buckets.get(name) ?? { kind: suite.kind, cases: [], warnings: [], durationMs: 0 };
      bucket.durationMs = Math.max(bucket.durationMs, suite.durationMs);
      if (suite.judge) bucket.judge = mergeJudges(bucket.judge, suite.judge);
      // Shards of one run read one checkout: their prompt files are the same.
      if (suite.targets) bucket.targets ??= suite.targets;
      if (suite.checks) bucket.checks ??= suite.checks; // shards of one run share the config's checks
      for (const warning of suite.warnings) if (!bucket.warnings.includes(warning)) bucket.warnings.push(warning);
      const ids = seen.get(name) ?? new Map<string, string | Map<number, string>>();
      seen.set(name, ids);
      for (const c of suite.cases) {
        const other = noteCase(ids, c, file);
        if (other)
          throw new Error(
            `merge: case ${name}/${c.caseId} (repeat ${c.repeat}) is in both ${other} and ${file}; were the shards overlapping?`,
          );
        bucket.cases.push(c);
      }
      buckets.set(name, bucket);
    }
  }
  return buckets;
}

/** The merged run's metadata: the whole span of the shards, their sums, and what still makes it partial. */
function mergedRun(inputs: MergeInput<CaseSummary>[], suites: Record<string, BuiltSuite<CaseSummary>>): Results["run"] {
  const first = inputs[0]!.results;
  const starts = inputs.map((i) => i.results.run.startedAt).sort();
  const ends = inputs.map((i) => i.results.run.finishedAt).sort();
  const { shard: _shard, ...selection } = first.run.selection;
  // Shards together are the whole run when all N are here; any other narrowing (and every error) stays.
  const shardTotal = first.run.selection.shard?.total;
  const partial = [
    ...new Set(inputs.flatMap((i) => (i.results.run.partial ?? []).filter((reason) => !/^shard \d+\/\d+/.test(reason)))),
    ...(shardTotal !== undefined && inputs.length < shardTotal ? [`${inputs.length} of ${shardTotal} shards merged`] : []),
  ];
  const errors = [...new Set(inputs.flatMap((i) => i.results.run.errors ?? []))];
  const notes = [...new Set(inputs.flatMap((i) => i.results.run.notes ?? []))];
  return {
    ...first.run,
    startedAt: starts[0]!,
    finishedAt: ends[ends.length - 1]!,
    durationMs: Math.max(...inputs.map((i) => i.results.run.durationMs)),
    selection,
    requests: inputs.reduce((n, i) => n + (i.results.run.requests ?? 0), 0),
    cacheHits: inputs.reduce((n, i) => n + (i.results.run.cacheHits ?? 0), 0),
    ...mergedTokensField(inputs.map((i) => i.results.run.tokens)),
    ...mergedCacheInfo(
      inputs.map((i) => i.results.run.cache),
      Object.values(suites),
    ),
    costUsd: sumKnown(Object.values(suites).map((s) => s.costUsd)),
    ...unpricedField(sumUnpriced(Object.values(suites))),
    mergedFrom: inputs.length,
    partial: partial.length ? partial : undefined,
    errors: errors.length ? errors : undefined,
    notes: notes.length ? notes : undefined,
  };
}

/** The shards' cache lines as one: the mode they share (else "mixed" as "on"), hits from the merged suites. */
function mergedCacheInfo(shards: (RunCacheInfo | undefined)[], suites: { cache?: CacheUse }[]): { cache?: RunCacheInfo } {
  const known = shards.filter((info): info is RunCacheInfo => info !== undefined);
  if (known.length === 0) return {};
  const modes = new Set(known.map((info) => info.mode));
  const sum = (field: "expired" | "otherIdentity") => known.reduce((n, info) => n + (info[field] ?? 0), 0);
  return {
    cache: {
      mode: modes.size === 1 ? known[0]!.mode : modes.has("on") ? "on" : "refresh",
      ...combineCacheUse(suites.map((suite) => suite.cache)),
      ...(known[0]!.maxAgeMs !== undefined ? { maxAgeMs: known[0]!.maxAgeMs } : {}),
      ...(sum("expired") ? { expired: sum("expired") } : {}),
      ...(sum("otherIdentity") ? { otherIdentity: sum("otherIdentity") } : {}),
    },
  };
}

/** Shards of one run share their judge; the models the provider reported are the union of theirs. */
function mergeJudges(merged: JudgeIdentity | undefined, shard: JudgeIdentity): JudgeIdentity {
  if (!merged) return shard;
  const reported = [...new Set([...(merged.reportedModels ?? []), ...(shard.reportedModels ?? [])])].sort();
  return { ...merged, ...(reported.length ? { reportedModels: reported } : {}) };
}
