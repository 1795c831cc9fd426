// Shared plumbing for the SGI tests: load the suite from evals/sgi, run its cases through the real
// model registry against a local server, and collect CaseResults the way the engine would.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { modelConfig } from "../../../src/config/models.ts";
import { createRegistry } from "../../../src/models/registry.ts";
import type { Case, CaseResult, SuiteResults } from "../../../src/results/types.ts";
import { type SgiInput, sgiSuite } from "../../../src/suites/sgi/index.ts";
import { type SgiOptions, sgiOptions } from "../../../src/suites/sgi/options.ts";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
export const EVALS = path.join(ROOT, "evals");
export const BPMN_TEST_CASES = path.join(EVALS, "sgi/bpmn_loan/test_cases");

export function options(extra: Record<string, unknown> = {}): SgiOptions {
  return sgiOptions.parse({ kind: "sgi", scenarios: "sgi/bpmn_loan", target: "athena", costs: "sgi/llm_cost.yml", ...extra });
}

export async function loadBpmn(extra: Record<string, unknown> = {}) {
  const opts = options(extra);
  const loaded = await sgiSuite.load({ suiteName: "uml-feedback", options: opts, configDir: EVALS, rootDir: ROOT });
  return { opts, ...loaded };
}

/** Runs cases sequentially through a registry pointing at `url`; returns results like the engine's. */
export async function runCases(
  cases: Case<SgiInput>[],
  opts: SgiOptions,
  url: string,
  env: NodeJS.ProcessEnv = { ATHENA_SECRET: "athena-shared-secret" },
): Promise<CaseResult[]> {
  const models = {
    athena: modelConfig.parse({
      provider: "athena",
      url,
      "secret-env": "ATHENA_SECRET",
      "retry-backoff": "1ms",
      "max-retries": 3,
      timeout: "5s",
    }),
  };
  const registry = createRegistry(models, { env, cacheDir: null, concurrency: 4 });
  const results: CaseResult[] = [];
  try {
    for (const testCase of cases) {
      const outcome = await sgiSuite.runCase(testCase, {
        suiteName: "uml-feedback",
        options: opts,
        models: registry,
        repeat: 0,
        signal: new AbortController().signal,
      });
      results.push({
        suite: "uml-feedback",
        caseId: testCase.id,
        repeat: 0,
        title: testCase.title,
        source: testCase.source,
        status: outcome.status,
        ...(outcome.error ? { error: outcome.error } : {}),
        metrics: outcome.metrics,
        tags: outcome.tags ?? {},
        costUsd: outcome.costUsd,
        latencyMs: outcome.metrics.request_time_ms ?? 0,
        requests: outcome.requests,
        details: outcome.details,
        finishedAt: new Date().toISOString(),
      });
    }
  } finally {
    await registry.close();
  }
  return results;
}

export function suiteResults(cases: CaseResult[], opts: SgiOptions): SuiteResults {
  const aggregate = sgiSuite.aggregate(cases, opts);
  return {
    kind: "sgi",
    metrics: aggregate.metrics,
    counts: {
      cases: cases.length,
      scored: cases.filter((c) => c.status === "scored").length,
      errors: cases.filter((c) => c.status === "error").length,
    },
    costUsd: aggregate.metrics.cost_usd?.value ?? null,
    requests: cases.reduce((t, c) => t + c.requests, 0),
    durationMs: 0,
    warnings: aggregate.warnings,
    ...(aggregate.breakdowns ? { breakdowns: aggregate.breakdowns } : {}),
    cases,
  };
}

/** Every default instruction, with this test case's replacements: the perfect answer. */
export function perfectAnswer(input: SgiInput): string[] {
  const replacements = new Map(input.scenario.diffs.filter((d) => d.testCase === input.testCase.name).map((d) => [d.key, d.replacement]));
  return input.scenario.defaultExpected.map((id) => input.scenario.instructions[(replacements.get(id) ?? id) - 1]!.textualId);
}
