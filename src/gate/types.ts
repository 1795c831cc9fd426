// The verdict the gate returns: what every report (comment, check run, summary, CLI) renders.
import type { MetricDirection, MetricUnit, SourceLocation } from "../engine/types.ts";

export type RowStatus = "pass" | "fail" | "new" | "noise" | "info" | "error";

/** The change of a metric with its bootstrap confidence interval (only when the runs were repeated). */
export interface NoiseEstimate {
  /** Spread of the metric across repeats (population standard deviation), head run. */
  spread: number | null;
  /** 95% bootstrap interval of the absolute change (now − baseline). */
  ciLow: number;
  ciHigh: number;
  /** Whether the bootstrap paired cases by id (both runs scored the same cases). */
  paired: boolean;
  /** True when the interval includes no change: the move is within run-to-run noise. */
  insideNoise: boolean;
}

export interface MetricRow {
  metric: string;
  unit: MetricUnit;
  direction: MetricDirection;
  gated: boolean;
  baseline: number | null;
  now: number | null;
  n: number;
  delta: number | null;
  /** Relative change (delta / |baseline|); null without a non-zero baseline. */
  relDelta: number | null;
  status: RowStatus;
  /** Why it failed (or why it is marked noise / new / error); empty for a plain pass. */
  reason: string;
  /** Whether this row makes the gate fail. */
  failing: boolean;
  noise?: NoiseEstimate;
}

/** errored: an error in this run; recovered: an error before, scored now; low: under min-score in a failing suite without a baseline. */
export type CaseChangeKind = "regressed" | "improved" | "appeared" | "disappeared" | "errored" | "recovered" | "low";

export interface CaseChange {
  suite: string;
  caseId: string;
  repeat: number;
  title: string;
  source: SourceLocation;
  kind: CaseChangeKind;
  /** The case's main score before and now (null for an error or a missing side). */
  before: number | null;
  after: number | null;
  /** The error message, when the case failed now. */
  error?: string;
}

export interface SuiteVerdict {
  suite: string;
  kind: string;
  status: "pass" | "fail";
  rows: MetricRow[];
  /** Suite-level reasons (error rate, no scored case) plus the reasons of failing rows. */
  reasons: string[];
  counts: { cases: number; scored: number; errors: number };
  errorRate: number;
  maxErrorRate: number;
  costUsd: number | null;
  /** Cases whose cost is unknown: costUsd is then a lower bound. */
  unpricedCases?: number;
  durationMs: number;
  hasBaseline: boolean;
  /** Changed cases, worst first: errors now, then regressions by size. */
  changes: CaseChange[];
  changeCounts: Record<CaseChangeKind, number>;
  /** Cases behind the failure, for annotations: errors now, regressions, low scores. */
  failingCases: CaseChange[];
}

export interface GateVerdict {
  verdict: "pass" | "fail" | "error";
  /** Infrastructure errors (baseline unreadable, endpoint unauthorised or unreachable, deadline or budget reached, nothing measured): verdict "error", exit 3. */
  errors: string[];
  /** The branch profile applied ("release/**"), if any. */
  profile: string | null;
  baseline: { found: boolean; commit?: string; branch?: string; finishedAt?: string };
  suites: SuiteVerdict[];
  /** Suites in the baseline that this run did not run (a suite filter, a shard): shown, never failing. */
  notRun: string[];
  /** One line per failure, "suite/metric: reason". */
  failures: string[];
  repeated: boolean;
}
