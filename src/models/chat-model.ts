// A ChatModel from a provider adapter (request builder + reply reader): the cache, the transport,
// cost and stats are the same for every provider and live here once.
import type { ModelConfig } from "../config/models.ts";
import { redact } from "../util/redact.ts";
import { cacheKey, isCacheable, type ResponseCache } from "./cache.ts";
import { countsAsModelError, EndpointError } from "./errors.ts";
import { costUsd } from "./pricing.ts";
import { excerpt, type HttpRequestSpec, type ModelChannel, postJson, throwIfStopped } from "./transport.ts";
import type { ChatModel, ChatRequest, ChatResponse, TokenUsage, ToolCall } from "./types.ts";

export interface ParsedReply {
  text: string;
  toolCalls: ToolCall[];
  usage: TokenUsage | null;
  requestId?: string;
  /** The model the provider says answered (the reply's `model` field), when it says. */
  reportedModel?: string;
}

/** What differs between providers. `parse` throws a plain Error saying what is missing. */
export interface ChatAdapter {
  provider: ModelConfig["provider"];
  build(request: ChatRequest): HttpRequestSpec;
  parse(json: unknown): ParsedReply;
}

export interface ChatModelDeps {
  config: ModelConfig;
  channel: ModelChannel;
  cache: ResponseCache | null;
}

export function createChatModel(name: string, adapter: ChatAdapter, deps: ChatModelDeps): ChatModel {
  const { config, channel, cache } = deps;
  const { stats } = channel;

  const read = (json: unknown, spec: HttpRequestSpec, status: number, attempts: number): ParsedReply => {
    try {
      return adapter.parse(json);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      const body = excerpt(JSON.stringify(json) ?? "");
      throw new EndpointError("parse", name, redact(`${spec.method} ${spec.url} answered HTTP ${status}, but ${why}: ${body}`), {
        status,
        attempts,
      });
    }
  };

  const noteReportedModel = (reply: ParsedReply) => {
    if (!reply.reportedModel) return;
    channel.reportedModels ??= new Set();
    channel.reportedModels.add(reply.reportedModel);
  };

  const call = async (request: ChatRequest, signal?: AbortSignal): Promise<ChatResponse> => {
    // A stopped model fails at once, even for requests the cache could answer.
    throwIfStopped(channel, signal);
    const spec = adapter.build(request);
    const key =
      cache && isCacheable(config, request.purpose)
        ? cacheKey({ provider: adapter.provider, url: spec.url, body: spec.body, sample: request.sample })
        : null;
    if (cache && key) {
      const hit = await cache.get(key);
      if (hit) {
        try {
          const reply = adapter.parse(hit.json);
          stats.cacheHits++;
          noteReportedModel(reply);
          // Nothing was spent: no latency, no cost, no attempts.
          return { ...reply, costUsd: 0, latencyMs: 0, cached: true, model: name, attempts: 0 };
        } catch {
          // An entry the current reader cannot use (written by an older version): ask again.
        }
      }
    }
    // The budget guard learns each call's cost before the next request may start.
    const costOfBody = (json: unknown) => {
      try {
        return costUsd(config.price, adapter.parse(json).usage);
      } catch {
        return null;
      }
    };
    const response = await postJson(channel, spec, signal, config.price ? costOfBody : undefined);
    const reply = read(response.json, spec, response.status, response.attempts);
    noteReportedModel(reply);
    const cost = costUsd(config.price, reply.usage);
    if (reply.usage) {
      stats.inputTokens += reply.usage.inputTokens;
      stats.outputTokens += reply.usage.outputTokens;
    }
    if (cost !== null) stats.costUsd += cost;
    if (cache && key) cache.set(key, { json: response.json, status: response.status });
    return { ...reply, costUsd: cost, latencyMs: response.latencyMs, cached: false, model: name, attempts: response.attempts };
  };

  return {
    name,
    async chat(request, signal) {
      try {
        return await call(request, signal);
      } catch (error) {
        if (countsAsModelError(error, signal)) stats.errors++;
        throw error;
      }
    },
  };
}
