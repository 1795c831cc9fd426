// The failure analysis, after the gate: when `analysis.model` is set (or --analysis-model, the action's
// `analysis-model`) and the gate found failing or regressed cases, those cases go once to that model,
// through the response cache and within what is left of the run's budget and deadline. Its patterns
// go into results.json (`analysis`) for the reports. Whatever happens here is a warning in the reports:
// never a verdict, an exit code, a score or a rule.
import path from "node:path";
import { ConfigError } from "../config/errors.ts";
import { analysisModelProblem, type LoadedConfig } from "../config/load.ts";
import type { EvalgateConfig } from "../config/schema.ts";
import type { GateVerdict } from "../gate/types.ts";
import { countCacheUse } from "../models/cache-use.ts";
import { missingSecrets } from "../models/env.ts";
import { createRegistry } from "../models/registry.ts";
import { createRunGuard } from "../models/run-guard.ts";
import type { FailureAnalysis, Results, RunMetadata } from "../results/types.ts";
import { plainText } from "../util/escape.ts";
import { redact, redactDeep } from "../util/redact.ts";
import type { AnalysisCases } from "./failure-prompt.ts";
import { processLogDir, responseCacheDir } from "./output-dir.ts";
import { remainingLimits } from "./remaining-limits.ts";
import { readResultsFile, writeResultsFile } from "./results-file.ts";

export interface AnalysisRun {
  results: Results;
  resultsPath: string;
  config: EvalgateConfig;
  rootDir: string;
  /** The config file: a command model runs in its folder by default. */
  configPath?: string;
}

/**
 * The analysis model of a run: the override (a flag, an action input) else the config's; undefined when
 * the analysis is off. Checked before anything is spent: unknown, not a chat model or without its secret
 * is bad input (exit 2), a ConfigError at the config's line, or `overrideError`'s error for the override.
 */
export function checkedAnalysisModel(
  loaded: Pick<LoadedConfig, "config" | "displayPath" | "lineOf">,
  override: string | undefined,
  env: NodeJS.ProcessEnv,
  overrideError: (message: string) => Error,
): string | undefined {
  const { config } = loaded;
  const name = override || config.analysis?.model;
  if (!name) return undefined;
  const problem = analysisModelProblem(config.models, name) ?? missingSecrets(config.models, [name], env)[0];
  if (problem && override) throw overrideError(problem);
  if (problem) {
    const line = loaded.lineOf(["analysis", "model"]);
    throw new ConfigError([{ file: loaded.displayPath, ...(line ? { line } : {}), field: "analysis.model", message: problem }]);
  }
  return name;
}

/** Answer tokens at most: a short list of patterns. */
const MAX_REPLY_TOKENS = 1500;

/**
 * Runs the analysis when it is on and there is something to analyse, rewrites results.json with it
 * (and its cost and requests in `run`), and returns the results with it; the results unchanged otherwise.
 */
export async function analyzeFailures(run: AnalysisRun, model: string | undefined, env: NodeJS.ProcessEnv): Promise<Results> {
  const verdict = run.results.verdict as GateVerdict | undefined;
  if (!model || !verdict || verdict.verdict === "error") return run.results;
  const full = await readResultsFile(run.resultsPath);
  const { analysisCases } = await failurePrompt();
  const cases = analysisCases(verdict, full);
  if (cases.sent.length === 0) return run.results;
  const analysis = redactDeep(await askModel(run, model, verdict, cases, env));
  const runMeta = withAnalysisSpend(run.results.run, analysis);
  await writeResultsFile(
    run.resultsPath,
    { run: runMeta, ...(full.verdict !== undefined ? { verdict: full.verdict } : {}), analysis },
    Object.entries(full.suites).map(([name, { cases: all, ...suite }]) => ({ name, results: suite, lines: linesOf(all) })),
  );
  return { ...run.results, run: runMeta, analysis };
}

/** The request and the reading of the reply (with its schema), loaded only by a run that asks for the analysis. */
function failurePrompt(): Promise<typeof import("./failure-prompt.ts")> {
  return import("./failure-prompt.ts");
}

async function* linesOf(values: unknown[]): AsyncGenerator<string> {
  for (const value of values) yield JSON.stringify(value);
}

/** The run's totals with the analysis's call in them: cost, requests, cache hits, spend against the budget. */
function withAnalysisSpend(meta: RunMetadata, analysis: FailureAnalysis): RunMetadata {
  const cost = analysis.costUsd;
  return {
    ...meta,
    requests: meta.requests + analysis.requests,
    cacheHits: meta.cacheHits + (analysis.cachedAt ? 1 : 0),
    costUsd: cost === null ? meta.costUsd : (meta.costUsd ?? 0) + cost,
    ...(meta.limits ? { limits: { ...meta.limits, spentUsd: (meta.limits.spentUsd ?? 0) + (cost ?? 0) } } : {}),
  };
}

/** The one call, through the response cache and the run's remaining limits; a failure becomes the analysis's warning. */
async function askModel(run: AnalysisRun, model: string, verdict: GateVerdict, cases: AnalysisCases, env: NodeJS.ProcessEnv) {
  const base: FailureAnalysis = {
    model,
    status: "failed",
    patterns: [],
    casesSent: cases.sent.length,
    casesLeftOut: cases.leftOut,
    costUsd: null,
    requests: 0,
  };
  const { spent, ...limits } = remainingLimits(run.results.run);
  if (spent) return { ...base, warning: `not asked: ${spent}` };
  const { analysisMessages, parsePatterns } = await failurePrompt();
  const cacheMode = run.results.run.cache?.mode ?? "on";
  const guard = createRunGuard(limits);
  const outDir = path.resolve(run.rootDir, run.config["output-dir"]);
  const registry = createRegistry(run.config.models, {
    env,
    cacheDir: cacheMode === "off" ? null : responseCacheDir(outDir),
    cache: { mode: cacheMode === "refresh" ? "refresh" : "use", maxAgeMs: run.config.cache["max-age"] },
    concurrency: 1,
    guard,
    processes: { configDir: run.configPath ? path.dirname(run.configPath) : run.rootDir, logDir: processLogDir(outDir) },
  });
  try {
    const { value: reply, use } = await countCacheUse(() =>
      registry.chat(model).chat({
        messages: analysisMessages(verdict, cases),
        purpose: "grader",
        temperature: 0,
        maxTokens: MAX_REPLY_TOKENS,
        origins: {
          temperature: "the failure analysis's temperature (set by evalgate)",
          maxTokens: "the failure analysis's max tokens (set by evalgate)",
        },
        usable: (text) => parsePatterns(text, cases.sent) !== null,
      }),
    );
    const patterns = parsePatterns(reply.text, cases.sent);
    const spend = { costUsd: reply.costUsd, requests: registry.stats().total.requests, ...(use.oldest ? { cachedAt: use.oldest } : {}) };
    if (patterns === null) return { ...base, ...spend, warning: "the reply was not the JSON asked for; no pattern was read from it" };
    return { ...base, ...spend, status: "done" as const, patterns };
  } catch (error) {
    const why = plainText(redact(error instanceof Error ? error.message : String(error)), 300);
    const stats = registry.stats().total;
    return { ...base, costUsd: stats.costUsd || null, requests: stats.requests, warning: `the model could not be asked: ${why}` };
  } finally {
    guard.close();
    await registry.close();
  }
}
