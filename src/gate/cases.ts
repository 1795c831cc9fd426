// Per-case comparison: cases matched by (case id, repeat) between the baseline and this run.
import type { CaseResult, SuiteResults } from "../results/types.ts";
import { mean } from "../util/stats.ts";
import { caseMetricValue, metricGroup } from "./case-values.ts";
import type { CaseChange, CaseChangeKind } from "./types.ts";

/** Per-case score changes smaller than this are float noise, not a change. */
const EPSILON = 1e-9;

/**
 * The metrics that make a case's main score: the suite's gated higher-is-better metrics, the 0..1
 * ratios among them when there are any (a reading ease of 60 must not outweigh a 0..1 rubric score).
 */
export function mainScoreMetrics(suite: SuiteResults): string[] {
  const gated = Object.entries(suite.metrics).filter(([, metric]) => metric.gated && metric.direction === "higher");
  const ratios = gated.filter(([, metric]) => metric.unit === "ratio");
  return (ratios.length > 0 ? ratios : gated).map(([name]) => name);
}

/**
 * Mean of the case's values for the main metrics, each read from the case's own group ("agent/score"
 * is the case metric "score" of that agent's cases); null for an error or when no main metric applies.
 * Never a fallback to other values: timings, counts and variances are not scores.
 */
export function caseScore(result: CaseResult, mainMetrics: readonly string[]): number | null {
  if (result.status !== "scored") return null;
  const values = mainMetrics.flatMap((name) => {
    const value = caseMetricValue(result, name);
    return value === undefined ? [] : [value];
  });
  return values.length ? mean(values) : null;
}

/** The group (agent) whose gated metric scores this case, for rows that name it. */
export function caseGroup(result: CaseResult, mainMetrics: readonly string[]): string | undefined {
  for (const name of mainMetrics) {
    const group = caseMetricValue(result, name) !== undefined ? metricGroup(result, name) : undefined;
    if (group) return group;
  }
  return undefined;
}

const KIND_ORDER: CaseChangeKind[] = ["errored", "regressed", "low", "disappeared", "appeared", "changed", "recovered", "improved"];

export function emptyChangeCounts(): Record<CaseChangeKind, number> {
  return { regressed: 0, improved: 0, appeared: 0, disappeared: 0, errored: 0, recovered: 0, low: 0, changed: 0 };
}

/** Case ids whose fingerprint (inputs and expectations) differs between the two runs; cases without one match anything. */
export function changedCaseIds(head: SuiteResults, baseline: SuiteResults | undefined): Set<string> {
  const before = new Map<string, string>();
  for (const result of baseline?.cases ?? []) if (result.fingerprint) before.set(result.caseId, result.fingerprint);
  const changed = new Set<string>();
  for (const result of head.cases) {
    const old = before.get(result.caseId);
    if (old && result.fingerprint && old !== result.fingerprint) changed.add(result.caseId);
  }
  return changed;
}

function change(result: CaseResult, kind: CaseChangeKind, before: number | null, after: number | null, group?: string): CaseChange {
  const entry: CaseChange = {
    suite: result.suite,
    caseId: result.caseId,
    repeat: result.repeat,
    title: result.title,
    source: result.source,
    kind,
    ...(group ? { group } : {}),
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
  const changedIds = changedCaseIds(head, baseline);
  const changes: CaseChange[] = [];
  const seen = new Set<string>();
  for (const result of head.cases) {
    seen.add(key(result));
    const old = before.get(key(result));
    const after = caseScore(result, main);
    const previous = old ? caseScore(old, main) : null;
    const group = caseGroup(result, main) ?? (old ? caseGroup(old, main) : undefined);
    if (result.status === "error") {
      changes.push(change(result, "errored", previous, null, group));
    } else if (!baseline) {
    } else if (!old) {
      changes.push(change(result, "appeared", null, after, group));
    } else if (changedIds.has(result.caseId)) {
      // Its inputs or expectations were edited: a different case, not a better or worse answer.
      changes.push(change(result, "changed", previous, after, group));
    } else if (old.status === "error") {
      changes.push(change(result, "recovered", null, after, group));
    } else if (after !== null && previous !== null && after < previous - EPSILON) {
      changes.push(change(result, "regressed", previous, after, group));
    } else if (after !== null && previous !== null && after > previous + EPSILON) {
      changes.push(change(result, "improved", previous, after, group));
    }
  }
  // A partial run leaves cases out on purpose: those are not "gone" (the caller passes only what it compares).
  for (const old of baseline?.cases ?? []) {
    if (!seen.has(key(old))) changes.push(change(old, "disappeared", caseScore(old, main), null, caseGroup(old, main)));
  }
  return sortChanges(changes);
}

/** Scored cases whose main score is under `minScore`: the cases behind a failing suite without a baseline. */
export function lowScoringCases(head: SuiteResults, minScore: number): CaseChange[] {
  const main = mainScoreMetrics(head);
  const low: CaseChange[] = [];
  for (const result of head.cases) {
    const score = caseScore(result, main);
    if (score !== null && score < minScore) low.push(change(result, "low", null, score, caseGroup(result, main)));
  }
  return low.sort((a, b) => (a.after ?? 0) - (b.after ?? 0));
}
