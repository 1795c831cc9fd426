import type { OpenAIModelConfig } from "../../config/models.ts";
import type { ResponseCache } from "../cache.ts";
import type { ModelChannel } from "../transport.ts";
export interface EmbeddingResult {
    embedding: number[];
    cached: boolean;
    /** From the model's price and the reported usage; null when either is missing. */
    costUsd: number | null;
}
export interface EmbeddingModel {
    readonly name: string;
    embed(input: string, signal?: AbortSignal): Promise<EmbeddingResult>;
}
export declare function createEmbeddingModel(name: string, config: OpenAIModelConfig, apiKey: string | undefined, deps: {
    channel: ModelChannel;
    cache: ResponseCache | null;
}): EmbeddingModel;
