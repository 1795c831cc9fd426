// Shared plumbing for the function-call integration tests: a real registry pointed at scripted
// OpenAI-compatible servers on 127.0.0.1, and a loop that runs a suite's cases through the kind.
import { modelConfig } from "../../../src/config/models.ts";
import { createRegistry, type Registry } from "../../../src/models/registry.ts";
import type { CaseSummary, SuiteMetrics } from "../../../src/results/types.ts";
import { type FunctionCallInput, type FunctionCallOptions, functionCallSuite } from "../../../src/suites/function-calls/index.ts";
import { functionCallOptions } from "../../../src/suites/function-calls/options.ts";
import type { LoadedSuite } from "../../../src/suites/kind.ts";

export function registryFor(models: Record<string, string>): Registry {
  const configs = Object.fromEntries(
    Object.entries(models).map(([name, baseUrl]) => [
      name,
      modelConfig.parse({ provider: "openai", "base-url": baseUrl, model: name, "max-retries": 0, "retry-backoff": 1 }),
    ]),
  );
  return createRegistry(configs, { env: {}, cacheDir: null, concurrency: 4 });
}

export function optionsFor(raw: Record<string, unknown>): FunctionCallOptions {
  return functionCallOptions.parse({ kind: "function-calls", ...raw });
}

export interface SuiteRun {
  loaded: LoadedSuite<FunctionCallInput>;
  summaries: (CaseSummary & { details?: unknown })[];
  aggregate: SuiteMetrics;
}

export async function runSuite(
  options: FunctionCallOptions,
  dirs: { configDir: string; rootDir: string },
  registry: Registry,
): Promise<SuiteRun> {
  const loaded = await functionCallSuite.load({ suiteName: "fc", options, ...dirs });
  const summaries: SuiteRun["summaries"] = [];
  for (const testCase of loaded.cases) {
    const outcome = await functionCallSuite.runCase(testCase, {
      suiteName: "fc",
      options,
      models: registry,
      repeat: 0,
      signal: new AbortController().signal,
    });
    summaries.push({
      suite: "fc",
      caseId: testCase.id,
      repeat: 0,
      title: testCase.title,
      source: testCase.source,
      status: outcome.status,
      ...(outcome.error && { error: outcome.error }),
      metrics: outcome.metrics,
      tags: outcome.tags ?? {},
      costUsd: outcome.costUsd,
      latencyMs: 0,
      requests: outcome.requests,
      finishedAt: new Date(0).toISOString(),
      details: outcome.details,
    });
  }
  return { loaded, summaries, aggregate: functionCallSuite.aggregate(summaries, options) };
}
