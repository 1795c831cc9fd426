import type { Case, CaseOutcome, RunContext } from "../../engine/types.ts";
import type { SgiInput } from "./load.ts";
import type { SgiOptions } from "./options.ts";
/** Metric keys carrying one model's cost and calls for a case (read back by aggregate). */
export declare const MODEL_COST_PREFIX = "cost_usd:";
export declare const MODEL_CALLS_PREFIX = "llm_calls:";
export declare function runSgiCase(testCase: Case<SgiInput>, ctx: RunContext & {
    options: SgiOptions;
}): Promise<CaseOutcome>;
