// Every case of a gated run as a reviewer asks about it: its state against the baseline, its main
// score then and now, and why, in words the gate's own numbers support. Built from the verdict's
// case changes (gate/cases.ts), so it says what the comment and the HTML report say.
import { caseGroup, caseMetricValue, caseScore, mainScoreMetrics } from "../gate/case-scores.ts";
import type { CaseChange, GateVerdict, MetricRow, SuiteVerdict } from "../gate/types.ts";
import { failedChecksOf } from "../results/failed-checks.ts";
import type { CaseResult, Results, SourceLocation } from "../results/types.ts";
import { formatValue } from "./format.ts";

/** The gate's case change kinds, with "appeared" (and every case of a suite without a baseline) as "new", and "unchanged". */
export type CaseState = "errored" | "regressed" | "low" | "disappeared" | "new" | "changed" | "recovered" | "improved" | "unchanged";

export interface CaseStateRow {
  suite: string;
  caseId: string;
  repeat: number;
  title: string;
  source: SourceLocation;
  group?: string;
  state: CaseState;
  /** The case's main score in the baseline and now (null for an error, a missing side or no baseline). */
  baseline: number | null;
  score: number | null;
  reason: string;
  /** This run's result; absent for a case only the baseline has. */
  result?: CaseResult;
}

const changeKey = (suite: string, caseId: string, repeat: number) => `${suite}\u0000${caseId}\u0000${repeat}`;

/** The change the verdict records for each case: its changes first, then the failing cases (low scores) it adds. */
function changesByCase(suite: SuiteVerdict): Map<string, CaseChange> {
  const changes = new Map<string, CaseChange>();
  for (const change of [...suite.changes, ...suite.failingCases]) {
    const key = changeKey(change.suite, change.caseId, change.repeat);
    if (!changes.has(key)) changes.set(key, change);
  }
  return changes;
}

const score = (value: number | null) => formatValue(value, "ratio");

/** The gated rows this case's value feeds that fail the gate ("demo-agent-good/score: 0.606 is under min-score 0.800"). */
function failingRowsOf(result: CaseResult | undefined, rows: readonly MetricRow[]): string[] {
  if (!result) return [];
  return rows
    .filter((row) => row.failing && caseMetricValue(result, row.metric) !== undefined)
    .map((row) => `${row.metric}: ${row.reason}`);
}

/** "main score 1 → 0 (agent/score)": the case's own main metrics, named when they are not just "score". */
function scoreChange(row: Omit<CaseStateRow, "reason">, main: string[]): string {
  const own = row.result ? main.filter((name) => caseMetricValue(row.result!, name) !== undefined) : [];
  const named = own.length && own.join() !== "score" ? ` (${own.join(", ")})` : "";
  return `main score ${score(row.baseline)} → ${score(row.score)}${named}`;
}

function stateReason(state: CaseState, row: Omit<CaseStateRow, "reason">, hasBaseline: boolean, main: string[]): string {
  const scores = scoreChange(row, main);
  switch (state) {
    case "errored":
      return `error: ${row.result?.error ? `${row.result.error.kind}: ${row.result.error.message}` : "the case failed"}`;
    case "regressed":
      return `${scores}: lower than the baseline`;
    case "improved":
      return `${scores}: higher than the baseline`;
    case "low":
      return `main score ${score(row.score)}: low, in a suite failing without a baseline`;
    case "changed":
      return "its inputs or expectations changed since the baseline: a different case, scores not compared";
    case "recovered":
      return `an error in the baseline, scored ${score(row.score)} now`;
    case "disappeared":
      return "in the baseline, not in this run";
    case "new":
      return hasBaseline ? "not in the baseline" : "no baseline for this suite";
    case "unchanged":
      return row.score === null ? "" : `${scores}: as in the baseline`;
  }
}

/** State and scores: the verdict's change when it lists one; else unchanged against a baseline (the same score, within rounding), or new. */
function stateOf(suite: SuiteVerdict, result: CaseResult | undefined, change: CaseChange | undefined, main: string[]) {
  if (change) return { state: change.kind === "appeared" ? "new" : change.kind, baseline: change.before, score: change.after } as const;
  const now = result ? caseScore(result, main) : null;
  if (result?.status === "error") return { state: "errored", baseline: null, score: null } as const;
  // The gate compared an unchanged case's scores and found them equal: the baseline's is this run's.
  return suite.hasBaseline
    ? ({ state: "unchanged", baseline: now, score: now } as const)
    : ({ state: "new", baseline: null, score: now } as const);
}

/** One case: this run's result, the verdict's change for it, or both (a case only the baseline has has no result). */
function stateRow(suite: SuiteVerdict, result: CaseResult | undefined, change: CaseChange | undefined, main: string[]): CaseStateRow {
  const subject = (result ?? change)!;
  const group = change?.group ?? (result ? caseGroup(result, main) : undefined);
  const row = {
    suite: suite.suite,
    caseId: subject.caseId,
    repeat: subject.repeat,
    title: subject.title,
    source: subject.source,
    ...(group ? { group } : {}),
    ...stateOf(suite, result, change, main),
    ...(result ? { result } : {}),
  };
  const failing = ["regressed", "errored", "low"].includes(row.state) ? failingRowsOf(result, suite.rows) : [];
  const checks = result && row.state !== "errored" ? failedChecksOf(result) : [];
  const reason = [
    stateReason(row.state, row, suite.hasBaseline, main),
    ...checks.map((check) => `fails check ${check.name}: ${check.reason}`),
    ...failing.map((line) => `fails the gate with ${line}`),
  ];
  return { ...row, reason: reason.filter(Boolean).join("; ") };
}

/** Every case of the run in its order, then the cases only the baseline has. */
export function caseStates(verdict: GateVerdict, results: Results): CaseStateRow[] {
  const rows: CaseStateRow[] = [];
  for (const suite of verdict.suites) {
    const suiteResults = results.suites[suite.suite];
    if (!suiteResults) continue;
    const main = mainScoreMetrics(suiteResults);
    const changes = changesByCase(suite);
    for (const result of suiteResults.cases) {
      const key = changeKey(suite.suite, result.caseId, result.repeat);
      rows.push(stateRow(suite, result, changes.get(key), main));
      changes.delete(key);
    }
    // What is left changed without a case in this run: the cases only the baseline has.
    for (const change of changes.values()) rows.push(stateRow(suite, undefined, change, main));
  }
  return rows;
}
