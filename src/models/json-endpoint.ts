// A named endpoint that takes and returns JSON (Athena feedback, raw posts to an `http` model),
// with the same transport, limits, fatal stop, stats and redaction as the chat models.
import type { ModelConfig } from "../config/models.ts";
import { cacheKey, cacheModelKey, type ResponseCache } from "./cache.ts";
import { noteCacheHit } from "./cache-use.ts";
import { countsAsModelError } from "./errors.ts";
import { type HttpRequestSpec, type JsonResponse, type ModelChannel, pauseOn, postJson, throwIfStopped } from "./transport.ts";

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
export function createJsonEndpoint(
  name: string,
  config: ModelConfig,
  request: JsonPostShape & { url: string },
  deps: JsonEndpointDeps,
): JsonEndpoint {
  const { channel } = deps;
  // Posts have side effects we cannot judge, so they are cached only when the config says so.
  const cache = config.cache === true ? deps.cache : null;

  const post = async (body: unknown, signal?: AbortSignal): Promise<JsonResponse> => {
    throwIfStopped(channel, signal);
    const spec: HttpRequestSpec = { url: request.url, method: request.method, headers: request.headers, body };
    const endpoint = { provider: config.provider, url: spec.url, headers: spec.headers };
    const key = cache ? cacheKey({ ...endpoint, body }) : null;
    if (cache && key) {
      const hit = await cache.get(key, cacheModelKey({ ...endpoint, body: null }));
      if (hit) {
        channel.stats.cacheHits++;
        noteCacheHit(hit.savedAt);
        return { json: hit.json, status: hit.status, latencyMs: 0, attempts: 0 };
      }
    }
    const response = await postJson(channel, spec, signal);
    if (cache && key) cache.set(key, { json: response.json, status: response.status });
    return response;
  };

  return {
    name,
    config,
    pause: (ms, signal) => pauseOn(channel, ms, signal),
    async post(body, signal) {
      try {
        return await post(body, signal);
      } catch (error) {
        if (countsAsModelError(error, signal)) channel.stats.errors++;
        throw error;
      }
    },
  };
}
