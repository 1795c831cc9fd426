import type { ModelConfig } from "../config/models.ts";
import { type ResponseCache } from "./cache.ts";
import { type JsonResponse, type ModelChannel } from "./transport.ts";
/** What a raw JSON post to the provider carries besides its body. */
export interface JsonPostShape {
    method: "POST" | "PUT";
    headers: Record<string, string>;
}
export interface JsonEndpoint {
    readonly name: string;
    readonly config: ModelConfig;
    post(body: unknown, signal?: AbortSignal): Promise<JsonResponse>;
    /**
     * Waits `ms` before asking again (a suite's own retry of an unusable answer): ended by `signal`
     * (rejecting with its reason) and by the run's deadline or budget (rejecting with the "stopped"
     * EndpointError a request would get), so no wait outlives the run.
     */
    pause(ms: number, signal?: AbortSignal): Promise<void>;
}
export interface JsonEndpointDeps {
    channel: ModelChannel;
    cache: ResponseCache | null;
}
/** `config` is resolved; `request` holds its endpoint URL and the method and headers its provider posts with. */
export declare function createJsonEndpoint(name: string, config: ModelConfig, request: JsonPostShape & {
    url: string;
}, deps: JsonEndpointDeps): JsonEndpoint;
