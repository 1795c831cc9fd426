import type { LoadContext, LoadedSuite } from "../../engine/types.ts";
import { type PriceTable } from "./cost.ts";
import type { SgiOptions } from "./options.ts";
import type { Scenario, SgiTestCase } from "./types.ts";
export interface SgiInput {
    /** Shared by every case of the scenario. */
    scenario: Scenario;
    testCase: SgiTestCase;
    /** null when no price table was found: costs are then unknown. */
    prices: PriceTable | null;
}
export declare function loadSgiSuite(ctx: LoadContext & {
    options: SgiOptions;
}): Promise<LoadedSuite<SgiInput>>;
