import type { GateConfig } from "../config/schema.ts";
import type { GateVerdict } from "../gate/types.ts";
import type { Results } from "../results/types.ts";
export interface CompareOptions {
    /** The gate to apply; default: the `gate:` of `configPath`. */
    gate?: GateConfig;
    /** evalgate.yml whose suites, metrics and `gate:` apply; default evals/evalgate.yml (one is required). */
    configPath?: string;
    /** Branch that picks the gate profile (e.g. release/1.2); default: the baseline's branch, never the head file's. */
    branch?: string;
    /** Earlier results files or folders of them (`--history`): the flaky cases (gate.flaky). */
    history?: string[];
}
/** The verdict on head against baseline (null: no baseline); returns head too, for the report. */
export declare function compareResults(baseline: Results | string | null, head: Results | string, options?: CompareOptions): Promise<{
    verdict: GateVerdict;
    head: Results;
}>;
