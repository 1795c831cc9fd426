// Which thresholds apply to one metric: the gate's defaults, then the branch profile, then the
// per-metric overrides (config order; a later matching glob wins), then the profile's overrides.
import type { GateConfig, GateProfile, MetricRule } from "../config/schema.ts";
import type { Metric, MetricDirection } from "../results/types.ts";
import { matchGlob } from "../util/glob.ts";

export interface ResolvedRule {
  direction: MetricDirection;
  gated: boolean;
  maxDrop: number;
  maxRise: number;
  minScore: number | undefined;
  maxScore: number | undefined;
}

/** The first profile whose branch glob matches, in config order. */
export function pickProfile(gate: GateConfig, branch: string | undefined): { name: string; profile: GateProfile } | null {
  if (!branch) return null;
  for (const [name, profile] of Object.entries(gate.profiles ?? {})) {
    if (matchGlob(name, branch)) return { name, profile };
  }
  return null;
}

function applyThresholds(rule: ResolvedRule, source: Partial<GateProfile> | MetricRule): void {
  if (source["max-drop"] !== undefined) rule.maxDrop = source["max-drop"];
  if (source["max-rise"] !== undefined) rule.maxRise = source["max-rise"];
  if (source["min-score"] !== undefined) rule.minScore = source["min-score"];
  if (source["max-score"] !== undefined) rule.maxScore = source["max-score"];
}

function applyOverrides(rule: ResolvedRule, overrides: Record<string, MetricRule> | undefined, key: string): void {
  for (const [pattern, override] of Object.entries(overrides ?? {})) {
    if (!matchGlob(pattern, key)) continue;
    if (override.direction) rule.direction = override.direction;
    if (override.gated !== undefined) rule.gated = override.gated;
    applyThresholds(rule, override);
  }
}

export function resolveRule(
  gate: GateConfig,
  profile: GateProfile | null,
  suite: string,
  metricName: string,
  metric: Metric,
  /** "suite/metric" kept out of the gate whatever the rules say (a judge not calibrated against people). */
  held?: ReadonlySet<string>,
): ResolvedRule {
  const rule: ResolvedRule = {
    direction: metric.direction,
    gated: metric.gated,
    maxDrop: gate["max-drop"],
    maxRise: gate["max-rise"],
    minScore: gate["min-score"],
    maxScore: gate["max-score"],
  };
  if (profile) applyThresholds(rule, profile);
  if (metric.bounds) {
    rule.minScore = metric.bounds.min;
    rule.maxScore = metric.bounds.max;
  }
  const key = `${suite}/${metricName}`;
  applyOverrides(rule, gate.metrics, key);
  if (profile) applyOverrides(rule, profile.metrics, key);
  if (held?.has(key)) rule.gated = false;
  return rule;
}

export function resolveMaxErrorRate(gate: GateConfig, profile: GateProfile | null): number {
  return profile?.["max-error-rate"] ?? gate["max-error-rate"];
}
