// The gate: this run's results, the baseline and the thresholds in; a verdict with a reason per
// failure out. Pure: no I/O, no clock. A metric that measured nothing never passes: it is an error
// (the gate could not decide), never a pass and never a regression.
import type { GateConfig } from "../config/schema.ts";
import type { Metric, Results, SuiteResults } from "../results/types.ts";
import { ownValue } from "../util/is-record.ts";
import { carriedVerdict, changeNotes, isCarriedReason } from "./carried.ts";
import { compareCases, emptyChangeCounts, lowScoringCases } from "./case-changes.ts";
import { checkChangeNotes } from "./check-change.ts";
import { countErrorSides, errorRateFindings, failedOnItsOwnAnswers } from "./error-sides.ts";
import { findFlakyCases } from "./flaky.ts";
import { formatAge, formatNumber, formatPercent } from "./format.ts";
import { type CalibrationHold, heldMetrics, judgeCalibrationFindings } from "./judge-calibration.ts";
import { judgeChangeNotes } from "./judge-change.ts";
import { judgeKinNotes } from "./judge-independence.ts";
import { limitOf, type MeasuredSuite, measureSuites } from "./measure.ts";
import { noiseEvidence, statisticsNotes } from "./methods.ts";
import { baselineFromOf, pairedNotes } from "./paired.ts";
import { pickProfile, type ResolvedRule, resolveMaxErrorRate, resolveRule } from "./rules.ts";
import { spreadParts } from "./spread.ts";
import { targetChangeNotes } from "./target-change.ts";
import type { BaselineFrom, BaselineInfo, CaseChange, GateContext, GateVerdict, MetricRow, NoiseEstimate, SuiteVerdict } from "./types.ts";

export function evaluateGate(head: Results, baseline: Results | null, gate: GateConfig, ctx: GateContext = {}): GateVerdict {
  const picked = pickProfile(gate, ctx.branch);
  const profile = picked?.profile ?? null;
  const repeated = hasRepeats(head) || (baseline !== null && hasRepeats(baseline));
  // The suites a run measured are whole unless a selection (not a carried suite) made the run partial.
  const partial = (head.run.partial ?? []).some((reason) => !isCarriedReason(head, reason));
  const flaky = findFlakyCases(head, ctx.history, gate, profile);
  const calibration = judgeCalibrationFindings(head, gate["judge-calibration"]);
  const held = heldMetrics(calibration);
  const measured = measureSuites(head, baseline, { gate, profile, repeated, flaky, ctx, held });
  const suites: SuiteVerdict[] = [];
  for (const [name, suite] of Object.entries(head.suites)) {
    const compared = measured.get(name);
    suites.push(
      suite.carried || !compared
        ? carriedVerdict(name, suite)
        : evaluateSuite(name, suite, ownValue(baseline?.suites, name), gate, profile, {
            repeated,
            partial,
            ctx,
            measured: compared,
            hold: calibration.held.get(name),
          }),
    );
  }
  const failures = suites.flatMap((suite) => suite.reasons.map((reason) => `${suite.suite}: ${reason}`));
  const errors = [
    ...(ctx.errors ?? []),
    ...(head.run.errors ?? []),
    ...suites.flatMap((suite) => suite.errors.map((error) => `${suite.suite}: ${error}`)),
  ];
  if (suites.length === 0) errors.push("no suite ran");
  const info = baselineInfo(baseline, ctx.now);
  return {
    verdict: errors.length > 0 ? "error" : failures.length > 0 ? "fail" : "pass",
    errors,
    notes: [
      ...runNotes(head, info, ctx),
      ...pairedNotes(head),
      ...suites.flatMap((suite) => (suite.notes ?? []).map((note) => `${suite.suite}/${note}`)),
      ...judgeKinNotes(head),
      ...calibration.notes,
      ...(baseline ? judgeChangeNotes(head, baseline) : []),
      ...(baseline ? targetChangeNotes(head, baseline) : []),
      ...statisticsNotes(head, flaky),
      ...(baseline ? checkChangeNotes(head, baseline) : []),
    ],
    profile: picked?.name ?? null,
    baseline: info,
    suites,
    notRun: baseline ? Object.keys(baseline.suites).filter((name) => !Object.hasOwn(head.suites, name)) : [],
    carried: suites.filter((suite) => suite.status === "carried").map((suite) => suite.suite),
    failures,
    repeated,
    ...(flaky ? { flaky } : {}),
  };
}

function baselineInfo(baseline: Results | null, now: Date | undefined): BaselineInfo {
  if (!baseline) return { found: false };
  const info: BaselineInfo = { found: true, commit: baseline.run.commit, branch: baseline.run.branch, finishedAt: baseline.run.finishedAt };
  const finished = Date.parse(baseline.run.finishedAt);
  if (now && Number.isFinite(finished)) info.ageMs = Math.max(0, now.getTime() - finished);
  if (baseline.run.configHash) info.configHash = baseline.run.configHash;
  return info;
}

function runNotes(head: Results, baseline: BaselineInfo, ctx: GateContext): string[] {
  const notes: string[] = [];
  // Carried suites have a note of their own (changeNotes); the rest of a partial run is compared on what it ran.
  const subset = (head.run.partial ?? []).filter((reason) => !isCarriedReason(head, reason));
  if (subset.length) notes.push(`partial run (${subset.join("; ")}): compared on the cases it ran`);
  notes.push(...changeNotes(head));
  notes.push(...(head.run.notes ?? []));
  if (baseline.ageMs !== undefined && ctx.maxBaselineAgeMs !== undefined && baseline.ageMs > ctx.maxBaselineAgeMs) {
    notes.push(`the baseline is ${formatAge(baseline.ageMs)} old, older than baseline.max-age (${formatAge(ctx.maxBaselineAgeMs)})`);
  }
  if (baseline.configHash && head.run.configHash && baseline.configHash !== head.run.configHash) {
    notes.push("the baseline was made with a different evalgate.yml: thresholds, models or suites may differ");
  }
  return notes;
}

function hasRepeats(results: Results): boolean {
  return Object.values(results.suites).some((suite) => suite.cases.some((result) => result.repeat > 0));
}

interface SuiteContext {
  repeated: boolean;
  partial: boolean;
  ctx: GateContext;
  /** Its scope and noise estimates (measure.ts), corrected across the run. */
  measured: MeasuredSuite;
  /** Its judge's metrics held out of the gate: the judge is not calibrated against people. */
  hold?: CalibrationHold;
}

function evaluateSuite(
  name: string,
  suite: SuiteResults,
  base: SuiteResults | undefined,
  gate: GateConfig,
  profile: Parameters<typeof resolveRule>[1],
  { repeated, partial, measured, hold, ctx }: SuiteContext,
): SuiteVerdict {
  const found: SuiteFindings = { reasons: [], errors: [], notes: [] };
  const { cases, scored, errors: errorCount } = suite.counts;
  const errorRate = cases > 0 ? errorCount / cases : 0;
  const maxErrorRate = resolveMaxErrorRate(gate, profile);
  const sides = countErrorSides(suite.cases);
  const ownFailure = failedOnItsOwnAnswers(suite.cases, suite.counts, maxErrorRate);
  if (scored === 0 && !ownFailure)
    found.errors.push(cases === 0 ? "no case ran" : `nothing measured: no case could be scored (${errorCount} of ${cases} failed)`);
  else {
    // The system's own errors past the limit are a measured failure; the scorer's taking it past are not measured.
    const { reason, error } = errorRateFindings(cases, sides, maxErrorRate, formatPercent);
    if (reason) found.reasons.push(reason);
    if (error) found.errors.push(error);
  }

  const { scope } = measured;
  const tooFew = flakyExclusionError(suite, scope.excluded);
  if (tooFew) found.errors.push(tooFew);
  const rules = { gate, profile, repeated, partial, maxErrorRate, ownFailure, hold };
  const { rows, minScore } = metricRows(name, suite, base, measured, rules, found);
  rows.push(...vanishedMetricRows(suite, base));
  const { reasons, errors, notes } = found;
  return {
    suite: name,
    kind: suite.kind,
    status: errors.length > 0 ? "error" : reasons.length > 0 ? "fail" : "pass",
    rows,
    reasons,
    errors,
    ...(scope.note ? { comparedOn: scope.note } : {}),
    ...(notes.length ? { notes } : {}),
    counts: suite.counts,
    errorSides: { system: sides.system, scorer: sides.scorer },
    errorRate,
    maxErrorRate,
    costUsd: suite.costUsd,
    ...(suite.unpricedCases ? { unpricedCases: suite.unpricedCases } : {}),
    durationMs: suite.durationMs,
    hasBaseline: base !== undefined,
    ...(hold ? { judgeHeld: hold.why } : {}),
    ...withBaselineFrom(baselineFromOf(name, ctx.paired)),
    ...caseChanges(suite, base, { partial, failed: reasons.length > 0, minScore }),
  };
}

function withBaselineFrom(from: BaselineFrom | undefined): { baselineFrom?: BaselineFrom } {
  return from ? { baselineFrom: from } : {};
}

/**
 * Leaving flaky cases out never leaves the gate deciding on less than half of a suite's cases: past
 * that, a change on the cases that count could hide behind the ones left out, and the gate cannot decide.
 */
function flakyExclusionError(suite: SuiteResults, excluded: Set<string> | undefined): string | undefined {
  if (!excluded?.size) return undefined;
  const total = new Set(suite.cases.map((result) => result.caseId)).size;
  if ((total - excluded.size) * 2 >= total) return undefined;
  return `gate.flaky: exclude left ${excluded.size} of ${total} cases out as flaky, so fewer than half would decide the gate: it cannot decide (fix or remove the flaky cases, or use mode: report)`;
}

/** A suite's failure reasons, infrastructure errors and notes, in the order they were found. */
interface SuiteFindings {
  reasons: string[];
  errors: string[];
  notes: string[];
}

interface MetricRules {
  gate: GateConfig;
  profile: Parameters<typeof resolveRule>[1];
  repeated: boolean;
  partial: boolean;
  maxErrorRate: number;
  /** The suite failed on its system's own unusable answers, none scored: a metric with no value is that failure, not an error. */
  ownFailure: boolean;
  hold?: CalibrationHold;
}

/** A row per metric the run reports, judged by its rule; failures and errors go to `found`. */
function metricRows(
  name: string,
  suite: SuiteResults,
  base: SuiteResults | undefined,
  { scope, noise: estimates }: MeasuredSuite,
  rules: MetricRules,
  found: SuiteFindings,
): { rows: MetricRow[]; minScore: number | undefined } {
  const rows: MetricRow[] = [];
  let minScore: number | undefined;
  for (const [metricName, metric] of Object.entries(suite.metrics)) {
    const held = rules.hold?.metrics.includes(metricName) ?? false;
    const rule = resolveRule(rules.gate, rules.profile, name, metricName, metric, held ? new Set([`${name}/${metricName}`]) : undefined);
    if (rule.gated && rule.direction === "higher" && minScore === undefined) minScore = rule.minScore;
    const noise = estimates.get(metricName);
    const compared = ownValue(scope.head, metricName) ?? { ...metric, value: null, n: 0 };
    const row = evaluateMetric(metricName, compared, ownValue(scope.base, metricName), rule, noise, rules.gate["fail-inside-noise"], {
      measured: metric,
      partial: rules.partial,
    });
    if (held && metric.gated) row.reason = `reported, not gated: ${rules.hold!.why}`;
    if (scope.ids) row.whole = { baseline: ownValue(base?.metrics, metricName)?.value ?? null, now: metric.value };
    const parts = rule.gated && rules.repeated && !metric.ofRepeats ? spreadParts(suite.cases, metricName) : undefined;
    if (parts) row.spreadParts = parts;
    const failures = holdFailures(row, metric, rules.maxErrorRate);
    if (failures) found.notes.push(`${metricName}: ${failures}`);
    rows.push(row);
    if (row.failing && row.status === "error" && rules.ownFailure && compared.n === 0) row.status = "fail";
    else if (row.failing && row.status === "error") found.errors.push(`${metricName}: ${row.reason}`);
    else if (row.failing) found.reasons.push(`${metricName}: ${row.reason}`);
  }
  return { rows, minScore };
}

/** Metrics the baseline had and this run lacks are shown, so a vanished metric is never silent. */
function vanishedMetricRows(suite: SuiteResults, base: SuiteResults | undefined): MetricRow[] {
  return Object.entries(base?.metrics ?? {})
    .filter(([metricName]) => !Object.hasOwn(suite.metrics, metricName))
    .map(([metricName, baseMetric]) => ({
      metric: metricName,
      unit: baseMetric.unit,
      direction: baseMetric.direction,
      gated: false,
      baseline: baseMetric.value,
      now: null,
      n: 0,
      delta: null,
      relDelta: null,
      status: "info",
      reason: "not reported by this run",
      failing: false,
    }));
}

/** The per-case changes against the baseline, their counts, and the cases behind a failure. */
function caseChanges(
  suite: SuiteResults,
  base: SuiteResults | undefined,
  { partial, failed, minScore }: { partial: boolean; failed: boolean; minScore: number | undefined },
): Pick<SuiteVerdict, "changes" | "changeCounts" | "failingCases"> {
  // A partial run left the other baseline cases out on purpose: they are not "gone".
  const headIds = new Set(suite.cases.map((result) => result.caseId));
  const comparedBase = base && partial ? { ...base, cases: base.cases.filter((result) => headIds.has(result.caseId)) } : base;
  const changes = compareCases(suite, comparedBase);
  const changeCounts = emptyChangeCounts();
  for (const entry of changes) changeCounts[entry.kind]++;
  // Per-case regressions are annotated only when the suite failed: a passing rerun's per-case jitter is not a warning.
  let failingCases: CaseChange[] = changes.filter((entry) => entry.kind === "errored" || (entry.kind === "regressed" && failed));
  if (failed && !base && minScore !== undefined) failingCases = failingCases.concat(lowScoringCases(suite, minScore));
  return { changes, changeCounts, failingCases };
}

/**
 * A gated metric whose computation failed on some objects: past max-error-rate it is an error (the
 * gate could not decide), under it a pass that says so. Returns the line for the suite's notes.
 */
function holdFailures(row: MetricRow, metric: Metric, maxErrorRate: number): string | undefined {
  const failed = metric.failed ?? 0;
  if (!row.gated || failed <= 0) return undefined;
  const attempted = metric.n + failed;
  const share = failed / attempted;
  const first = metric.firstError ? `; first error: ${metric.firstError}` : "";
  if (share > maxErrorRate) {
    row.status = "error";
    row.failing = true;
    row.reason = `${failed} of ${attempted} computations failed (${formatPercent(share)}), over max-error-rate ${formatPercent(maxErrorRate)}${first}`;
    return undefined;
  }
  const counted = `${metric.n}/${attempted} scored, ${failed} failed`;
  if (row.status !== "error") row.reason = row.reason ? `${row.reason}; ${counted}` : counted;
  return `${counted} (under max-error-rate ${formatPercent(maxErrorRate)})${first}`;
}

export function evaluateMetric(
  name: string,
  metric: Metric,
  baseMetric: Metric | undefined,
  rule: ResolvedRule,
  noise: NoiseEstimate | undefined,
  failInsideNoise: boolean,
  /** measured: the metric over everything this run scored (absolute thresholds apply to it); partial: the run is a subset. */
  scope: { measured?: Metric; partial?: boolean } = {},
): MetricRow {
  const now = metric.value;
  const measured = scope.measured ?? metric;
  const baseline = baseMetric?.value ?? null;
  const delta = now !== null && baseline !== null ? now - baseline : null;
  const relDelta = delta !== null && baseline !== null && baseline !== 0 ? delta / Math.abs(baseline) : null;
  const row: MetricRow = {
    metric: name,
    unit: metric.unit,
    direction: rule.direction,
    gated: rule.gated,
    baseline,
    now,
    n: metric.n,
    delta,
    relDelta,
    status: "pass",
    reason: "",
    failing: false,
  };
  if (noise) row.noise = noise;
  const set = (status: MetricRow["status"], reason: string, failing: boolean) => {
    row.status = status;
    row.reason = reason;
    row.failing = failing;
    return row;
  };

  const value = measured.value;
  if (value === null || measured.n === 0) {
    // Nothing measured: an error for a gated metric (never a pass); only a note for a reported one.
    return rule.gated ? set("error", "nothing measured: no scored case (n = 0)", true) : set("info", "no value (n = 0)", false);
  }
  if (!Number.isFinite(value)) {
    const what = `the value is ${value}, not a finite number: not a measurement`;
    return rule.gated ? set("error", what, true) : set("info", what, false);
  }
  if (!rule.gated) return set("info", "", false);

  const threshold = thresholdCheck(value, baseline, rule, scope.partial ?? false);
  const compared = baseline !== null && delta !== null && now !== null;
  const change = compared ? changeCheck(baseline, now, delta, rule, noise, failInsideNoise) : null;
  // Every rule a failing metric breaks is its reason: under min-score and dropped past max-drop both say so
  // (a drop inside noise too, as such: it is not what fails the row).
  if (threshold.failure)
    return set("fail", change ? `${threshold.failure}; ${change.failing ? change.reason : change.asNote}` : threshold.failure, true);
  if (!compared) return set("new", "no baseline yet", false);
  if (change) return set(change.status, change.reason, change.failing);
  return set("pass", threshold.note, false);
}

/**
 * min-score / max-score on the measured value. A partial run never fails a threshold just because it
 * drew weaker cases: when the baseline over the same cases is on the wrong side too, that is a note.
 */
function thresholdCheck(value: number, baseline: number | null, rule: ResolvedRule, partial: boolean): { failure?: string; note: string } {
  const higher = rule.direction === "higher";
  let note = "";
  const overThreshold = (limit: number, under: boolean) => (under ? value < limit : value > limit);
  const thresholds: Array<[number | undefined, boolean, string]> = [
    [higher ? rule.minScore : undefined, true, "under min-score"],
    [higher ? undefined : rule.maxScore, false, "over max-score"],
  ];
  for (const [limit, under, words] of thresholds) {
    if (limit === undefined || !overThreshold(limit, under)) continue;
    const what = `${formatNumber(value)} is ${words} ${formatNumber(limit)}`;
    if (partial && baseline !== null && (under ? baseline < limit : baseline > limit)) {
      note = `${what}, as is the baseline on the same cases (${formatNumber(baseline)}): not a new failure`;
    } else return { failure: what, note };
  }
  return { note };
}

/** max-drop / max-rise against the baseline, with the noise verdict when the runs were repeated; null when within the limit. */
function changeCheck(
  baseline: number,
  now: number,
  delta: number,
  rule: ResolvedRule,
  noise: NoiseEstimate | undefined,
  failInsideNoise: boolean,
): (Pick<MetricRow, "status" | "reason" | "failing"> & { asNote?: string }) | null {
  const higher = rule.direction === "higher";
  const limit = limitOf(rule);
  const worse = higher ? -delta : delta;
  // A zero baseline has no relative change: any move in the bad direction counts as over the limit.
  const relativeWorse = baseline !== 0 ? worse / Math.abs(baseline) : worse > 0 ? Number.POSITIVE_INFINITY : 0;
  if (relativeWorse <= limit + 1e-12) return null;
  const verb = higher ? "dropped" : "rose";
  const what = `${verb} ${baseline !== 0 ? formatPercent(relativeWorse) : formatNumber(worse)} (${formatNumber(baseline)} → ${formatNumber(now)}), over max-${higher ? "drop" : "rise"} ${formatPercent(limit)}`;
  if (!noise?.insideNoise) return { status: "fail", reason: what, failing: true };
  const evidence = noiseEvidence(noise);
  // A row that fails the gate reads as failing in every report; "inside noise" is its reason, not its status.
  if (failInsideNoise)
    return { status: "fail", reason: `${what}, inside noise (${evidence}); fails anyway (fail-inside-noise: true)`, failing: true };
  return {
    status: "noise",
    reason: `${what}, but inside noise (${evidence}): inconclusive, not failed (fail-inside-noise: false)`,
    failing: false,
    asNote: `${what}, inside noise (${evidence})`,
  };
}
