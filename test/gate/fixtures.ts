// Builders for results.json values used across the gate, report and GitHub tests.
import type { GateConfig } from "../../src/config/schema.ts";
import { gateConfig } from "../../src/config/schema.ts";
import { type CaseResult, type Metric, RESULTS_SCHEMA, type Results, type SuiteResults } from "../../src/results/types.ts";

export function metric(value: number | null, options: Partial<Metric> = {}): Metric {
  return { value, n: value === null ? 0 : 10, gated: true, direction: "higher", unit: "ratio", ...options };
}

export function caseResult(suite: string, caseId: string, metrics: Record<string, number>, options: Partial<CaseResult> = {}): CaseResult {
  return {
    suite,
    caseId,
    repeat: 0,
    title: `case ${caseId}`,
    source: { file: `evals/${suite}/cases.jsonl`, line: Number(caseId.replace(/\D/g, "")) || 1 },
    status: "scored",
    metrics,
    tags: {},
    costUsd: 0.001,
    latencyMs: 120,
    requests: 1,
    finishedAt: "2026-08-01T10:00:00.000Z",
    ...options,
  };
}

export function suite(metrics: Record<string, Metric>, cases: CaseResult[] = [], options: Partial<SuiteResults> = {}): SuiteResults {
  const errors = cases.filter((c) => c.status === "error").length;
  return {
    kind: "function-calls",
    metrics,
    counts: { cases: cases.length || 10, scored: cases.length ? cases.length - errors : 10, errors },
    costUsd: 0.0123,
    requests: 20,
    durationMs: 4200,
    warnings: [],
    cases,
    ...options,
  };
}

export function results(suites: Record<string, SuiteResults>, run: Partial<Results["run"]> = {}): Results {
  return {
    schema: RESULTS_SCHEMA,
    run: {
      id: "run-1",
      startedAt: "2026-08-01T10:00:00.000Z",
      finishedAt: "2026-08-01T10:01:23.000Z",
      durationMs: 83_000,
      evalgateVersion: "0.1.0",
      configHash: "abc",
      commit: "0123456789abcdef0123456789abcdef01234567",
      branch: "main",
      event: "push",
      selection: { repeat: 1 },
      requests: 60,
      cacheHits: 0,
      costUsd: null,
      ...run,
    },
    suites,
  };
}

export function gate(overrides: Record<string, unknown> = {}): GateConfig {
  return gateConfig.parse(overrides);
}
