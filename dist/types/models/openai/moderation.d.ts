import type { OpenAIModelConfig } from "../../config/models.ts";
import type { ResponseCache } from "../cache.ts";
import type { ModelChannel } from "../transport.ts";
export interface ModerationResult {
    /** results[0].category_scores as the endpoint returns them ("harassment/threatening": 0.01, …). */
    categoryScores: Record<string, number>;
    model: string;
    cached: boolean;
    /** From the model's price and the reported usage; null when either is missing. */
    costUsd: number | null;
}
export interface ModerationModel {
    readonly name: string;
    moderate(input: string, extra: Record<string, unknown>, signal?: AbortSignal): Promise<ModerationResult>;
}
export declare function createModerationModel(name: string, config: OpenAIModelConfig, apiKey: string | undefined, deps: {
    channel: ModelChannel;
    cache: ResponseCache | null;
}): ModerationModel;
