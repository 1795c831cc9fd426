// The gate's first pass: what each suite is compared on (scope.ts, without the flaky cases when
// `gate.flaky.mode: exclude`) and the noise test of each gated metric (noise.ts), then the correction
// of their p-values across the whole run (correction.ts). The verdict (evaluate.ts) reads these, so
// every row is judged knowing how many comparisons the run made.
import type { GateConfig, GateProfile } from "../config/schema.ts";
import type { Results, SuiteResults } from "../results/types.ts";
import { ownValue } from "../util/is-record.ts";
import { holmAdjust } from "./correction.ts";
import { flakyIds } from "./flaky.ts";
import { estimateNoise } from "./noise.ts";
import { type ResolvedRule, resolveRule } from "./rules.ts";
import { type ComparisonScope, comparisonScope } from "./scope.ts";
import { ALPHA } from "./significance.ts";
import type { FlakyReport, GateContext, NoiseEstimate } from "./types.ts";

/** A suite's comparison: its scope and the noise estimate of each gated metric compared with the baseline. */
export interface MeasuredSuite {
  scope: ComparisonScope;
  noise: Map<string, NoiseEstimate>;
}

export interface MeasureContext {
  gate: GateConfig;
  profile: GateProfile | null;
  repeated: boolean;
  flaky: FlakyReport | undefined;
  ctx: GateContext;
  /** "suite/metric" held out of the gate (judge-calibration.ts). */
  held?: ReadonlySet<string>;
}

/** Every measured suite's comparison, with the p-values corrected across the run (gate.correction). */
export function measureSuites(head: Results, baseline: Results | null, measure: MeasureContext): Map<string, MeasuredSuite> {
  const measured = new Map<string, MeasuredSuite>();
  for (const [name, suite] of Object.entries(head.suites)) {
    if (!suite.carried) measured.set(name, measureSuite(name, suite, ownValue(baseline?.suites, name), measure));
  }
  if (measure.gate.correction === "holm") correctForComparisons([...measured.values()].flatMap((entry) => [...entry.noise.values()]));
  return measured;
}

function measureSuite(name: string, suite: SuiteResults, base: SuiteResults | undefined, measure: MeasureContext): MeasuredSuite {
  const { gate, profile, ctx } = measure;
  const excluded = measure.flaky?.mode === "exclude" ? flakyIds(measure.flaky, name) : new Set<string>();
  const scope = comparisonScope(name, suite, base, ctx, excluded);
  const noise = new Map<string, NoiseEstimate>();
  if (!base) return { scope, noise };
  const clustering = ctx.clustering?.(name, suite.kind) ?? null;
  for (const [metricName, metric] of Object.entries(suite.metrics)) {
    const rule = resolveRule(gate, profile, name, metricName, metric, measure.held);
    // Significance matters only where the verdict does: reported-only metrics skip the bootstrap.
    if (!rule.gated) continue;
    const estimate = estimateNoise(suite, base, {
      metricName,
      metric,
      direction: rule.direction,
      limit: limitOf(rule),
      scope,
      repeated: measure.repeated,
      seed: ctx.seed ?? 1,
      clustering,
      pairedRun: pairedNow(name, ctx),
    });
    if (estimate) noise.set(metricName, estimate);
  }
  return { scope, noise };
}

/** Whether the suite's baseline is the base commit run now (`--pair base`): its scores are then tested by the sign-flip test. */
function pairedNow(name: string, ctx: GateContext): boolean {
  return Boolean(ctx.paired?.base && ctx.paired.baseHalf && ctx.paired.suites.includes(name));
}

/** The relative change a gated metric may make in its bad direction. */
export function limitOf(rule: ResolvedRule): number {
  return rule.direction === "higher" ? rule.maxDrop : rule.maxRise;
}

/**
 * Holm's correction over every gated comparison that has a p-value: each estimate gets its adjusted
 * p, and a change whose adjusted p is not under ALPHA is inside noise. A zero-width bootstrap interval
 * (every matched case moved the same way) stays outside noise, as it is without the correction.
 */
function correctForComparisons(estimates: NoiseEstimate[]): void {
  const tested = estimates.filter((estimate) => estimate.p !== undefined);
  const adjusted = holmAdjust(tested.map((estimate) => estimate.p!));
  tested.forEach((estimate, i) => {
    const p = adjusted[i]!;
    estimate.adjusted = { method: "holm", p, comparisons: tested.length };
    const degenerate = !estimate.mcnemar && !estimate.signFlip?.paired && estimate.ciLow === estimate.ciHigh;
    if (p >= ALPHA && !degenerate) estimate.insideNoise = true;
  });
}
