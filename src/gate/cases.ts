// Per-case comparison: cases matched by (case id, repeat) between the baseline and this run.
import type { CaseResult, SuiteResults } from "../engine/types.ts";
import { mean } from "../util/stats.ts";
import type { CaseChange, CaseChangeKind } from "./types.ts";

/** Per-case score changes smaller than this are float noise, not a change. */
const EPSILON = 1e-9;

/**
 * The metrics that make a case's main score: the suite's gated higher-is-better metrics, also by their
 * last part, since a per-group metric ("demo-agent-good/score") is "score" on the case. Without that,
 * a judged case fell back to the mean of all its metrics, timings included.
 */
export function mainScoreMetrics(suite: SuiteResults): string[] {
  const names = Object.entries(suite.metrics)
    .filter(([, metric]) => metric.gated && metric.direction === "higher")
    .map(([name]) => name);
  return [...new Set([...names, ...names.map((name) => name.slice(name.lastIndexOf("/") + 1))])];
}

/** Mean of the case's values for the main metrics (all its metrics when none match); null for an error. */
export function caseScore(result: CaseResult, mainMetrics: readonly string[]): number | null {
  if (result.status !== "scored") return null;
  let values = mainMetrics.filter((name) => typeof result.metrics[name] === "number").map((name) => result.metrics[name]!);
  if (values.length === 0) values = Object.values(result.metrics).filter((value) => Number.isFinite(value));
  return values.length ? mean(values) : null;
}

const KIND_ORDER: CaseChangeKind[] = ["errored", "regressed", "low", "disappeared", "appeared", "recovered", "improved"];

export function emptyChangeCounts(): Record<CaseChangeKind, number> {
  return { regressed: 0, improved: 0, appeared: 0, disappeared: 0, errored: 0, recovered: 0, low: 0 };
}

function change(result: CaseResult, kind: CaseChangeKind, before: number | null, after: number | null): CaseChange {
  const entry: CaseChange = {
    suite: result.suite,
    caseId: result.caseId,
    repeat: result.repeat,
    title: result.title,
    source: result.source,
    kind,
    before,
    after,
  };
  if (result.status === "error" && result.error) entry.error = result.error.message;
  return entry;
}

/** Worst first: errors, then the largest regressions; stable by case id after that. */
export function sortChanges(changes: CaseChange[]): CaseChange[] {
  const size = (entry: CaseChange) => (entry.before !== null && entry.after !== null ? entry.after - entry.before : 0);
  return changes.sort(
    (a, b) =>
      KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) ||
      (a.kind === "improved" ? size(b) - size(a) : size(a) - size(b)) ||
      (a.caseId < b.caseId ? -1 : a.caseId > b.caseId ? 1 : a.repeat - b.repeat),
  );
}

export function compareCases(head: SuiteResults, baseline: SuiteResults | undefined): CaseChange[] {
  const main = mainScoreMetrics(head);
  const key = (result: CaseResult) => `${result.caseId}\u0000${result.repeat}`;
  const before = new Map((baseline?.cases ?? []).map((result) => [key(result), result]));
  const changes: CaseChange[] = [];
  const seen = new Set<string>();
  for (const result of head.cases) {
    seen.add(key(result));
    const old = before.get(key(result));
    const after = caseScore(result, main);
    const previous = old ? caseScore(old, main) : null;
    if (result.status === "error") {
      changes.push(change(result, "errored", previous, null));
    } else if (!baseline) {
    } else if (!old) {
      changes.push(change(result, "appeared", null, after));
    } else if (old.status === "error") {
      changes.push(change(result, "recovered", null, after));
    } else if (after !== null && previous !== null && after < previous - EPSILON) {
      changes.push(change(result, "regressed", previous, after));
    } else if (after !== null && previous !== null && after > previous + EPSILON) {
      changes.push(change(result, "improved", previous, after));
    }
  }
  for (const old of baseline?.cases ?? []) {
    if (!seen.has(key(old))) changes.push(change(old, "disappeared", caseScore(old, main), null));
  }
  return sortChanges(changes);
}

/** Scored cases whose main score is under `minScore`: the cases behind a failing suite without a baseline. */
export function lowScoringCases(head: SuiteResults, minScore: number): CaseChange[] {
  const main = mainScoreMetrics(head);
  const low: CaseChange[] = [];
  for (const result of head.cases) {
    const score = caseScore(result, main);
    if (score !== null && score < minScore) low.push(change(result, "low", null, score));
  }
  return low.sort((a, b) => (a.after ?? 0) - (b.after ?? 0));
}
