// How the action gets its results, by mode: a whole run or one shard (the engine, with the response
// cache restored before and saved after), or the merge of the shards' files (no engine, no request).
import path from "node:path";
import * as core from "@actions/core";
import type { LoadedConfig } from "../config/load.ts";
import type { ChangeRequest } from "../engine/carry.ts";
import { findRepositoryRoot } from "../engine/git.ts";
import { engineOutputDir } from "../engine/output-dir.ts";
import { runBaseHalf } from "../engine/pair.ts";
import type { BaseHalf } from "../engine/pair-baseline.ts";
import type { RunOptions, RunOutcome } from "../engine/run.ts";
import type { GateVerdict } from "../gate/types.ts";
import type { Results } from "../results/types.ts";
import { escapeMarkdownText } from "../util/escape.ts";
import type { RunContext } from "./context.ts";
import type { ActionInputs } from "./inputs.ts";
import { type CacheService, planResponseCache, restoreResponseCache, saveResponseCache } from "./response-cache.ts";
import { mergeShards, shardResultsName } from "./shards.ts";
import { writeJobSummary } from "./summary.ts";

export interface EngineRun {
  loaded: LoadedConfig;
  inputs: ActionInputs;
  context: RunContext;
  env: NodeJS.ProcessEnv;
  runEngine: (options: RunOptions) => Promise<RunOutcome>;
  /** The gate, for a whole run; a shard is not gated (the merge job is). `paired`: the base half of `pair: base`. */
  decide?: (results: Results, config: LoadedConfig["config"], paired?: BaseHalf) => Promise<GateVerdict>;
  /** `pair: base` on a pull request: the base sha whose system runs first, in a worktree. */
  pairWith?: string;
  /** A whole pull-request run: suites whose inputs the PR did not change are carried from this baseline. */
  changes?: ChangeRequest;
  cacheService?: CacheService;
  /** A shard: the baseline whose per-case durations deal the cases (engine/shard-balance.ts). */
  shardBaseline?: () => Promise<Results | null>;
}

/**
 * Only a pull request skips suites, diffed in the checkout against its base commit (git, not the API's
 * file list: no page or 3000-file cap, and the same code as the CLI's --changed-since). A base commit the
 * checkout lacks (a shallow clone) runs every suite, with a notice. Pushes, dispatch and the schedule run everything.
 */
/** `pair: base` pairs a pull request with its base commit; elsewhere there is no base to pair with (said in the log). */
export function pairWith(context: RunContext, inputs: ActionInputs): { pairWith?: string } {
  if (!inputs.pair) return {};
  if (context.prNumber !== undefined && context.baseSha) return { pairWith: context.baseSha };
  core.info("evalgate: pair: base pairs a pull request with its base commit; this run has none, so the stored baseline decides");
  return {};
}

export function pullRequestChanges(context: RunContext, inputs: ActionInputs, baseline: Results | null): ChangeRequest | undefined {
  if (context.prNumber === undefined || !context.baseSha || inputs.all) return undefined;
  return { since: context.baseSha, ifUnknown: "run-all", baseline: async () => baseline };
}

/** Runs the engine between a restore and a save of the response cache (unless `response-cache: false`). */
export async function runWithResponseCache(run: EngineRun): Promise<RunOutcome> {
  const { loaded, inputs, context, env } = run;
  const { shard } = inputs.selection;
  const outDir = engineOutputDir(loaded);
  const plan = inputs.responseCache
    ? planResponseCache(loaded, {
        outDir,
        branch: context.branch,
        ...(shard ? { shard } : {}),
        workspace: env.GITHUB_WORKSPACE || process.cwd(),
        maxBytes: inputs.cacheMaxBytes,
      })
    : null;
  const restored = plan ? await restoreResponseCache(plan, run.cacheService) : null;
  if (restored) core.info(`evalgate: ${restored.note}`);
  const { decide } = run;
  try {
    const options: RunOptions = {
      configPath: inputs.config,
      selection: inputs.selection,
      env,
      progress: "lines",
      ...(inputs.refreshCache ? { refreshCache: true } : {}),
      git: { commit: context.headSha, branch: context.branch, event: context.event, baseCommit: context.baseSha },
      ...(shard ? { resultsPath: path.join(outDir, shardResultsName(shard)) } : {}),
      ...(inputs.deadlineMs !== undefined ? { deadlineMs: inputs.deadlineMs } : {}),
      ...(inputs.budgetUsd !== undefined ? { budgetUsd: inputs.budgetUsd } : {}),
      ...(run.changes ? { changes: run.changes } : {}),
      ...(run.shardBaseline ? { shardBaseline: run.shardBaseline } : {}),
    };
    // pair: base: the base commit's system first (its worktree removed when it is done), then head's.
    const paired = run.pairWith ? await runBaseHalf(options, run.pairWith, run.runEngine) : undefined;
    return await run.runEngine({
      ...options,
      ...(paired ? { ...paired.remaining, paired: paired.paired } : {}),
      ...(decide ? { decide: (results, { config }) => decide(results, config, paired) } : {}),
    });
  } finally {
    // Answers paid for are kept even when the run failed: the rerun needs them most.
    if (plan) core.info(`evalgate: ${(await saveResponseCache(plan, restored?.restoredKey, run.cacheService)).note}`);
  }
}

/** A shard's job summary and outputs: what ran and where its results are; the merge job gates. */
export async function reportShard(outcome: RunOutcome, inputs: ActionInputs, env: NodeJS.ProcessEnv): Promise<void> {
  const shard = inputs.selection.shard!;
  const suites = Object.entries(outcome.results.suites);
  const count = (key: "cases" | "scored" | "errors") => suites.reduce((n, [, suite]) => n + suite.counts[key], 0);
  const lines = [
    `### evalgate: shard ${shard.index}/${shard.total}`,
    "",
    `${count("cases")} cases run (${count("scored")} scored, ${count("errors")} errors) in ${suites.map(([name]) => `\`${escapeMarkdownText(name).replace(/`/g, "")}\``).join(", ") || "no suite"}.`,
    outcome.results.run.selection.shard?.balancedBy
      ? "Cases dealt by the baseline's per-case durations, longest first to the least-loaded shard (new cases by a hash of their id)."
      : "Cases dealt by a hash of their id (the baseline has no per-case durations).",
    `Results: \`${path.basename(outcome.resultsPath)}\`. This shard is partial: it posts no comment or check run and stores no baseline; the merge job (\`merge:\`) gates the whole run.`,
  ];
  await writeJobSummary(lines.join("\n"), env);
  core.info(`evalgate: shard ${shard.index}/${shard.total} wrote ${outcome.resultsPath}`);
  core.setOutput("results-path", outcome.resultsPath);
  core.setOutput("baseline-stored", "false");
}

/** The merge job's outcome: the shards' files checked and merged into <output-dir>/results.json, gated once. */
export async function mergeShardResults(
  loaded: LoadedConfig,
  patterns: string[],
  decide: (results: Results, config: LoadedConfig["config"]) => Promise<GateVerdict>,
): Promise<RunOutcome> {
  const rootDir = findRepositoryRoot(loaded.dir) ?? process.cwd();
  const merged = await mergeShards({
    patterns,
    cwd: process.cwd(),
    config: loaded.config,
    out: path.join(engineOutputDir(loaded), "results.json"),
    decide: (results) => decide(results, loaded.config),
  });
  for (const warning of merged.warnings) core.warning(`evalgate merge: ${warning}`);
  core.info(`evalgate: merged ${merged.files.length} shards into ${merged.resultsPath}`);
  return { results: merged.results, resultsPath: merged.resultsPath, config: loaded.config, configPath: loaded.path, rootDir };
}
