// JSON endpoints that are not chat models: Athena's feedback_suggestions route, and raw posts to an
// `http` model. Same transport, limits, fatal stop and stats as the chat clients.
import type { AthenaModelConfig, HttpModelConfig } from "../config/models.ts";
import { cacheKey, cacheModelKey, type ResponseCache } from "./cache.ts";
import { noteCacheHit } from "./cache-use.ts";
import { countsAsModelError } from "./errors.ts";
import { httpHeaders } from "./http-target.ts";
import type { JsonEndpoint, JsonResponse } from "./json-endpoint.ts";
import { type HttpRequestSpec, type ModelChannel, postJson, throwIfStopped } from "./transport.ts";

export interface JsonEndpointDeps {
  channel: ModelChannel;
  cache: ResponseCache | null;
}

/** Athena: X-Server-URL names the LMS, Authorization carries the shared secret as it is. */
export function athenaHeaders(config: AthenaModelConfig, secret: string | undefined): Record<string, string> {
  const headers: Record<string, string> = { "X-Server-URL": config["lms-url"] };
  if (secret) headers["Authorization"] = secret;
  return { ...headers, ...config.headers };
}

export function createJsonEndpoint(
  name: string,
  config: AthenaModelConfig | HttpModelConfig,
  secret: string | undefined,
  deps: JsonEndpointDeps,
): JsonEndpoint {
  const { channel } = deps;
  const headers = config.provider === "athena" ? athenaHeaders(config, secret) : httpHeaders(config, secret);
  const method = config.provider === "http" ? config.method : "POST";
  // Posts have side effects we cannot judge, so they are cached only when the config says so.
  const cache = config.cache === true ? deps.cache : null;

  const post = async (body: unknown, signal?: AbortSignal): Promise<JsonResponse> => {
    throwIfStopped(channel, signal);
    const spec: HttpRequestSpec = { url: config.url, method, headers, body };
    const key = cache ? cacheKey({ provider: config.provider, url: spec.url, body }) : null;
    if (cache && key) {
      const hit = await cache.get(key, cacheModelKey({ provider: config.provider, url: spec.url, body: null }));
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
