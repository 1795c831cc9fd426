// The gate: this run's results, the baseline and the thresholds in; a verdict with a reason per
// failure out. Pure: no I/O, no clock. A metric that measured nothing never passes.
import type { GateConfig } from "../config/schema.ts";
import type { CaseResult, Metric, Results, SuiteResults } from "../engine/types.ts";
import { mean, populationSd } from "../util/stats.ts";
import { compareCases, emptyChangeCounts, lowScoringCases } from "./cases.ts";
import { bootstrapChange } from "./noise.ts";
import { pickProfile, type ResolvedRule, resolveMaxErrorRate, resolveRule } from "./rules.ts";
import type { CaseChange, GateVerdict, MetricRow, NoiseEstimate, SuiteVerdict } from "./types.ts";

export interface GateContext {
  /** The branch whose profile applies: a PR's base branch, or the pushed branch. */
  branch?: string;
  /** Seed of the bootstrap; the same inputs and seed give the same verdict. */
  seed?: number;
}

export function evaluateGate(head: Results, baseline: Results | null, gate: GateConfig, ctx: GateContext = {}): GateVerdict {
  const picked = pickProfile(gate, ctx.branch);
  const profile = picked?.profile ?? null;
  const repeated = hasRepeats(head) || (baseline !== null && hasRepeats(baseline));
  const suites: SuiteVerdict[] = [];
  for (const [name, suite] of Object.entries(head.suites)) {
    suites.push(evaluateSuite(name, suite, baseline?.suites[name], gate, profile, repeated, ctx.seed ?? 1));
  }
  const failures = suites.flatMap((suite) => suite.reasons.map((reason) => `${suite.suite}: ${reason}`));
  if (suites.length === 0) failures.push("no suite ran");
  return {
    verdict: failures.length > 0 ? "fail" : "pass",
    profile: picked?.name ?? null,
    baseline: baseline
      ? { found: true, commit: baseline.run.commit, branch: baseline.run.branch, finishedAt: baseline.run.finishedAt }
      : { found: false },
    suites,
    notRun: baseline ? Object.keys(baseline.suites).filter((name) => !(name in head.suites)) : [],
    failures,
    errors: [],
    repeated,
  };
}

function hasRepeats(results: Results): boolean {
  return Object.values(results.suites).some((suite) => suite.cases.some((result) => result.repeat > 0));
}

function evaluateSuite(
  name: string,
  suite: SuiteResults,
  base: SuiteResults | undefined,
  gate: GateConfig,
  profile: Parameters<typeof resolveRule>[1],
  repeated: boolean,
  seed: number,
): SuiteVerdict {
  const reasons: string[] = [];
  const { cases, scored, errors } = suite.counts;
  const errorRate = cases > 0 ? errors / cases : 0;
  const maxErrorRate = resolveMaxErrorRate(gate, profile);
  if (scored === 0) reasons.push(cases === 0 ? "no case ran" : `no case could be scored (${errors} of ${cases} failed)`);
  else if (errorRate > maxErrorRate)
    reasons.push(
      `error rate ${formatPercent(errorRate)} (${errors} of ${cases} cases) is over max-error-rate ${formatPercent(maxErrorRate)}`,
    );

  const rows: MetricRow[] = [];
  let minScore: number | undefined;
  for (const [metricName, metric] of Object.entries(suite.metrics)) {
    const rule = resolveRule(gate, profile, name, metricName, metric);
    if (rule.gated && rule.direction === "higher" && minScore === undefined) minScore = rule.minScore;
    const baseMetric = base?.metrics[metricName];
    const noise = repeated ? estimateNoise(suite, base, metricName, metric, seed) : undefined;
    const row = evaluateMetric(metricName, metric, baseMetric, rule, noise, gate["fail-inside-noise"]);
    rows.push(row);
    if (row.failing) reasons.push(`${metricName}: ${row.reason}`);
  }
  // Metrics the baseline had and this run lacks are shown, so a vanished metric is never silent.
  for (const [metricName, baseMetric] of Object.entries(base?.metrics ?? {})) {
    if (metricName in suite.metrics) continue;
    rows.push({
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
    });
  }

  const changes = compareCases(suite, base);
  const changeCounts = emptyChangeCounts();
  for (const entry of changes) changeCounts[entry.kind]++;
  let failingCases: CaseChange[] = changes.filter((entry) => entry.kind === "errored" || entry.kind === "regressed");
  if (reasons.length > 0 && !base && minScore !== undefined) failingCases = failingCases.concat(lowScoringCases(suite, minScore));

  return {
    suite: name,
    kind: suite.kind,
    status: reasons.length > 0 ? "fail" : "pass",
    rows,
    reasons,
    counts: suite.counts,
    errorRate,
    maxErrorRate,
    costUsd: suite.costUsd,
    ...(suite.unpricedCases ? { unpricedCases: suite.unpricedCases } : {}),
    durationMs: suite.durationMs,
    hasBaseline: base !== undefined,
    changes,
    changeCounts,
    failingCases,
  };
}

export function evaluateMetric(
  name: string,
  metric: Metric,
  baseMetric: Metric | undefined,
  rule: ResolvedRule,
  noise: NoiseEstimate | undefined,
  failInsideNoise: boolean,
): MetricRow {
  const now = metric.value;
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

  if (now === null || metric.n === 0 || !Number.isFinite(now)) {
    // Nothing measured: an error for a gated metric (never a pass); only a note for a reported one.
    return rule.gated ? set("error", "no scored case (n = 0)", true) : set("info", "no value (n = 0)", false);
  }
  if (!rule.gated) return set("info", "", false);

  const higher = rule.direction === "higher";
  if (higher && rule.minScore !== undefined && now < rule.minScore) {
    return set("fail", `${formatNumber(now)} is under min-score ${formatNumber(rule.minScore)}`, true);
  }
  if (!higher && rule.maxScore !== undefined && now > rule.maxScore) {
    return set("fail", `${formatNumber(now)} is over max-score ${formatNumber(rule.maxScore)}`, true);
  }
  if (baseline === null || delta === null) return set("new", "no baseline yet", false);

  const limit = higher ? rule.maxDrop : rule.maxRise;
  const worse = higher ? -delta : delta;
  // A zero baseline has no relative change: any move in the bad direction counts as over the limit.
  const relativeWorse = baseline !== 0 ? worse / Math.abs(baseline) : worse > 0 ? Number.POSITIVE_INFINITY : 0;
  if (relativeWorse > limit + 1e-12) {
    const verb = higher ? "dropped" : "rose";
    const what = `${verb} ${baseline !== 0 ? formatPercent(relativeWorse) : formatNumber(worse)} (${formatNumber(baseline)} → ${formatNumber(now)}), over max-${higher ? "drop" : "rise"} ${formatPercent(limit)}`;
    if (noise?.insideNoise) {
      const interval = `95% CI of the change ${formatSigned(noise.ciLow)} … ${formatSigned(noise.ciHigh)}`;
      return set("noise", `${what}, but within the noise (${interval})`, failInsideNoise);
    }
    return set("fail", what, true);
  }
  return set("pass", "", false);
}

/** Per-case values of one metric, averaged over each case's repeats (scored cases only). */
function perCaseValues(cases: readonly CaseResult[], metric: string): Map<string, number> {
  const sums = new Map<string, number[]>();
  for (const result of cases) {
    const value = result.metrics[metric];
    if (result.status !== "scored" || typeof value !== "number" || !Number.isFinite(value)) continue;
    const list = sums.get(result.caseId) ?? [];
    list.push(value);
    sums.set(result.caseId, list);
  }
  return new Map([...sums].map(([id, values]) => [id, mean(values)]));
}

/** Spread across repeats of the mean per-case value (when the engine did not write one). */
function repeatSpread(cases: readonly CaseResult[], metric: string): number | null {
  const byRepeat = new Map<number, number[]>();
  for (const result of cases) {
    const value = result.metrics[metric];
    if (result.status !== "scored" || typeof value !== "number") continue;
    const list = byRepeat.get(result.repeat) ?? [];
    list.push(value);
    byRepeat.set(result.repeat, list);
  }
  if (byRepeat.size < 2) return null;
  return populationSd([...byRepeat.values()].map(mean));
}

function estimateNoise(
  suite: SuiteResults,
  base: SuiteResults | undefined,
  metricName: string,
  metric: Metric,
  seed: number,
): NoiseEstimate | undefined {
  const spread = metric.spread ?? repeatSpread(suite.cases, metricName);
  if (!base) return undefined;
  const headValues = perCaseValues(suite.cases, metricName);
  const baseValues = perCaseValues(base.cases, metricName);
  const paired: Array<[number, number]> = [];
  for (const [id, value] of headValues) {
    const old = baseValues.get(id);
    if (old !== undefined) paired.push([old, value]);
  }
  const isPaired = paired.length >= 2;
  const interval = isPaired
    ? bootstrapChange({ paired }, { seed })
    : bootstrapChange({ base: [...baseValues.values()], head: [...headValues.values()] }, { seed });
  if (!interval) return undefined;
  return {
    spread,
    ciLow: interval.low,
    ciHigh: interval.high,
    paired: isPaired,
    insideNoise: interval.low <= 0 && interval.high >= 0,
  };
}

export function formatNumber(value: number): string {
  if (Number.isInteger(value)) return String(value);
  const abs = Math.abs(value);
  return abs >= 100 ? value.toFixed(0) : abs >= 1 ? value.toFixed(2) : value.toFixed(3);
}

export function formatPercent(value: number): string {
  return `${(value * 100).toFixed(1).replace(/\.0$/, "")}%`;
}

function formatSigned(value: number): string {
  return `${value >= 0 ? "+" : "−"}${formatNumber(Math.abs(value))}`;
}
