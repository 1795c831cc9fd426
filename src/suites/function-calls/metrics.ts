// Per-case scoring of the calls a target made against the expected calls. Pure: no I/O.
//
// Definitions (the seed's five metrics, with duplicates counted as a multiset):
//   pairs          optimal same-name pairing of expected and actual calls (ignored names dropped
//                  from both sides first, so an ignored function never moves a metric); a name
//                  called twice must be expected twice.
//   precision_fn = pairs / actual calls          recall_fn = pairs / expected calls
//   per pair p   = correct args / actual args    (1 when both sides have no args, 0 when only the actual side has none)
//   per pair r   = correct args / expected args  (1 when no args are expected)
//   precision_args, recall_args = mean of p, r over the pairs (0 without pairs)
//   reliability  = (recall_fn + recall_args) / 2
// Edge cases: nothing expected and nothing called scores 1 everywhere; nothing expected but calls
// made gives precisions 0 and recalls 1; calls expected but none made gives 0 everywhere.

import { numberSource } from "../../util/json-numbers.ts";
import { maxWeightAssignment } from "./assignment.ts";
import { type ExpectedArgument, matchesValue } from "./matchers.ts";

export interface ExpectedCall {
  name: string;
  arguments: Record<string, ExpectedArgument>;
}

export interface ActualCall {
  name: string;
  arguments: Record<string, unknown>;
}

export const CALL_METRICS = ["precision_fn", "recall_fn", "precision_args", "recall_args", "reliability"] as const;
export type CallMetric = (typeof CALL_METRICS)[number];

export interface PairReport {
  name: string;
  expectedIndex: number;
  actualIndex: number;
  precision: number;
  recall: number;
  /** Argument names by verdict: present and right, present and wrong, expected but absent, sent but not expected. */
  correct: string[];
  wrong: string[];
  missing: string[];
  extra: string[];
}

export interface CallScore {
  metrics: Record<CallMetric, number> & { exact_match: number };
  pairs: PairReport[];
  /** Expected calls no actual call was paired with. */
  missingCalls: { index: number; name: string }[];
  /** Actual calls (not ignored) paired with no expected call. */
  unexpectedCalls: { index: number; name: string }[];
  ignoredCalls: { index: number; name: string }[];
  /** Expected calls left out of scoring because their function is ignored. */
  ignoredExpected: { index: number; name: string }[];
}

export function normalizeName(name: string): string {
  return name.trim().toLowerCase();
}

/** Argument verdicts for one expected/actual pair. */
export function scorePair(expected: ExpectedCall, actual: ActualCall): Omit<PairReport, "name" | "expectedIndex" | "actualIndex"> {
  const correct: string[] = [];
  const wrong: string[] = [];
  const extra: string[] = [];
  for (const [key, value] of Object.entries(actual.arguments)) {
    const spec = expected.arguments[key];
    if (!spec) extra.push(key);
    else if (matchesValue(spec.matcher, value, numberSource(actual.arguments, key))) correct.push(key);
    else wrong.push(key);
  }
  const missing = Object.entries(expected.arguments)
    .filter(([key, spec]) => !(key in actual.arguments) && !spec.optional)
    .map(([key]) => key);
  // Optional arguments left out stay out of the denominator.
  const expectedCount = Object.keys(expected.arguments).filter(
    (key) => key in actual.arguments || !expected.arguments[key]?.optional,
  ).length;
  const actualCount = Object.keys(actual.arguments).length;
  const precision = actualCount === 0 ? (expectedCount === 0 ? 1 : 0) : correct.length / actualCount;
  const recall = expectedCount === 0 ? 1 : correct.length / expectedCount;
  return { precision, recall, correct, wrong, missing, extra };
}

export function scoreCalls(expected: ExpectedCall[], actual: ActualCall[], options: { ignoreCalls?: string[] } = {}): CallScore {
  const ignored = new Set((options.ignoreCalls ?? []).map(normalizeName));
  const ignoredCalls: CallScore["ignoredCalls"] = [];
  const counted: { index: number; call: ActualCall }[] = [];
  actual.forEach((call, index) => {
    if (ignored.has(normalizeName(call.name))) ignoredCalls.push({ index, name: call.name });
    else counted.push({ index, call });
  });

  // The reference drops ignored calls from the actual side only, so an ignored function that is also
  // expected lowers recall; here it is left out of both sides (docs/reference-differences.md).
  const ignoredExpected: CallScore["ignoredExpected"] = [];
  expected.forEach((call, index) => {
    if (ignored.has(normalizeName(call.name))) ignoredExpected.push({ index, name: call.name });
  });
  const expectedCount = expected.length - ignoredExpected.length;

  // Only same-name pairs are allowed, so each name is an independent assignment problem; within a
  // name the pair count is fixed and the weight prefers argument agreement, recall breaking ties.
  const pairs: PairReport[] = [];
  const names = new Set(expected.map((call) => normalizeName(call.name)).filter((name) => !ignored.has(name)));
  for (const name of names) {
    const wanted = expected.map((call, index) => ({ index, call })).filter(({ call }) => normalizeName(call.name) === name);
    const made = counted.filter(({ call }) => normalizeName(call.name) === name);
    if (made.length === 0) continue;
    const grid = wanted.map((e) => made.map((a) => scorePair(e.call, a.call)));
    const weights = grid.map((row) => row.map((pair) => (pair.precision + pair.recall) * 1e6 + pair.recall));
    for (const [row, column] of maxWeightAssignment(weights)) {
      const e = wanted[row] as (typeof wanted)[number];
      const a = made[column] as (typeof made)[number];
      pairs.push({
        name: e.call.name,
        expectedIndex: e.index,
        actualIndex: a.index,
        ...(grid[row]?.[column] as ReturnType<typeof scorePair>),
      });
    }
  }
  pairs.sort((x, y) => x.expectedIndex - y.expectedIndex);
  const pairedExpected = new Set(pairs.map((pair) => pair.expectedIndex));
  const pairedActual = new Set(pairs.map((pair) => pair.actualIndex));
  const missingCalls = expected.flatMap((call, index) =>
    pairedExpected.has(index) || ignored.has(normalizeName(call.name)) ? [] : [{ index, name: call.name }],
  );
  const unexpectedCalls = counted.flatMap(({ index, call }) => (pairedActual.has(index) ? [] : [{ index, name: call.name }]));

  const metrics = callMetrics(expectedCount, counted.length, pairs);
  return { metrics, pairs, missingCalls, unexpectedCalls, ignoredCalls, ignoredExpected };
}

function callMetrics(expectedCount: number, actualCount: number, pairs: PairReport[]): CallScore["metrics"] {
  if (expectedCount === 0 && actualCount === 0) {
    return { precision_fn: 1, recall_fn: 1, precision_args: 1, recall_args: 1, reliability: 1, exact_match: 1 };
  }
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const precision_fn = actualCount === 0 ? 0 : pairs.length / actualCount;
  const recall_fn = expectedCount === 0 ? 1 : pairs.length / expectedCount;
  const precision_args = pairs.length === 0 ? 0 : mean(pairs.map((pair) => pair.precision));
  const recall_args = pairs.length === 0 ? (expectedCount === 0 ? 1 : 0) : mean(pairs.map((pair) => pair.recall));
  const everyArgRight = pairs.every((pair) => pair.precision === 1 && pair.recall === 1);
  const exact_match = pairs.length === expectedCount && pairs.length === actualCount && everyArgRight ? 1 : 0;
  return { precision_fn, recall_fn, precision_args, recall_args, reliability: (recall_fn + recall_args) / 2, exact_match };
}
