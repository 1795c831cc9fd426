import type { ModelConfig } from "../config/models.ts";
export interface JsonResponse {
    json: unknown;
    status: number;
    latencyMs: number;
    attempts: number;
    /** Characters of the body as received (absent for a cached body). */
    bodyChars?: number;
}
export interface JsonEndpoint {
    readonly name: string;
    readonly config: ModelConfig;
    post(body: unknown, signal?: AbortSignal): Promise<JsonResponse>;
}
