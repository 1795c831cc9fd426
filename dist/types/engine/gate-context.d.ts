import type { EvalgateConfig } from "../config/schema.ts";
import type { GateContext } from "../gate/evaluate.ts";
export declare function gateContextFor(config: EvalgateConfig | null, extra?: GateContext): Promise<GateContext>;
