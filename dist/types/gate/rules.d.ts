import type { GateConfig, GateProfile } from "../config/schema.ts";
import type { Metric, MetricDirection } from "../engine/types.ts";
export interface ResolvedRule {
    direction: MetricDirection;
    gated: boolean;
    maxDrop: number;
    maxRise: number;
    minScore: number | undefined;
    maxScore: number | undefined;
}
/** The first profile whose branch glob matches, in config order. */
export declare function pickProfile(gate: GateConfig, branch: string | undefined): {
    name: string;
    profile: GateProfile;
} | null;
export declare function resolveRule(gate: GateConfig, profile: GateProfile | null, suite: string, metricName: string, metric: Metric): ResolvedRule;
export declare function resolveMaxErrorRate(gate: GateConfig, profile: GateProfile | null): number;
