import type { BadLines } from "../../config/text-file.ts";
import type { LlmRequestUsage } from "./types.ts";
export interface PriceTable {
    /** Path shown in warnings. */
    file: string;
    prices: Record<string, {
        inputPerMillion: number;
        outputPerMillion: number;
    }>;
}
export declare function parsePriceTable(text: string, file: string): PriceTable;
/** The price table; its lines with NUL bytes or invalid UTF-8 go to `badLines`. */
export declare function loadPriceTable(absPath: string, file: string, badLines: BadLines): Promise<PriceTable>;
/** One model's share of a test case, in the per-test-case JSON's `cost.details` format. */
export interface ModelCost {
    llm: string;
    calls: number;
    input_tokens: number;
    output_tokens: number;
    input_cost: number | null;
    output_cost: number | null;
    total: number | null;
}
export interface CaseCost {
    total_cost: number | null;
    total_input_cost: number | null;
    total_output_cost: number | null;
    details: ModelCost[];
    /** Models used but missing from the price table (or every model, when there is no table). */
    unknown_models: string[];
}
/** Per request: tokens / 1e6 × the model's rate, summed per model and overall. */
export declare function costOfRequests(requests: LlmRequestUsage[] | null, table: PriceTable | null): CaseCost;
