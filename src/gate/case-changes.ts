// Per-case comparison: cases matched by (case id, repeat) between the baseline and this run, and
// what changed for each (regressed, improved, errored, appeared, ...). A case's score is ./case-scores.ts.
import { failedChecksOf } from "../results/failed-checks.ts";
import type { CaseResult, SuiteResults } from "../results/types.ts";
import { caseGroup, caseScore, mainScoreMetrics } from "./case-scores.ts";
import { sideOf } from "./error-sides.ts";
import type { CaseChange, CaseChangeKind } from "./types.ts";

/** Per-case score changes smaller than this are float noise, not a change. */
const EPSILON = 1e-9;

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
  if (result.status === "error" && result.error) {
    entry.error = result.error.message;
    entry.errorSide = sideOf(result.error);
  }
  const failedChecks = failedChecksOf(result);
  if (failedChecks.length && kind !== "disappeared") entry.failedChecks = failedChecks;
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
