import type { ModelConfig } from "../config/models.ts";
export interface JsonResponse {
    json: unknown;
    status: number;
    latencyMs: number;
    attempts: number;
}
export interface JsonEndpoint {
    readonly name: string;
    readonly config: ModelConfig;
    post(body: unknown, signal?: AbortSignal): Promise<JsonResponse>;
}
