import type { EvalgateConfig } from "../config/schema.ts";
import type { GateContext } from "../gate/evaluate.ts";
export declare function gateContextFor(config: EvalgateConfig | null, extra?: GateContext): GateContext;
/** A suite's metrics over some of its cases, by the suite kind's own aggregate; null when the config has no such suite. */
export declare function suiteAggregator(config: EvalgateConfig): NonNullable<GateContext["aggregate"]>;
