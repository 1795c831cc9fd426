// The registry the engine hands to suites: named chat models and JSON endpoints built from
// `models:` on first use, sharing one undici Agent, one global concurrency limit and one cache.

import type { ModelConfig } from "../config/models.ts";
import type { ModelRegistry } from "../engine/types.ts";
import { anthropicAdapter } from "./anthropic.ts";
import { createJsonEndpoint } from "./athena.ts";
import { createResponseCache, type ResponseCache } from "./cache.ts";
import { type ChatAdapter, createChatModel } from "./chat-model.ts";
import { resolveModel } from "./env.ts";
import { httpTargetAdapter } from "./http-target.ts";
import type { JsonEndpoint } from "./json-endpoint.ts";
import { createLimits } from "./limits.ts";
import { createModerationModel, type ModerationModel } from "./moderation.ts";
import { openAIAdapter } from "./openai.ts";
import type { RunGuard } from "./run-guard.ts";
import { emptyStats, type ModelStats, sumStats } from "./stats.ts";
import type { ModelChannel } from "./transport.ts";
import type { ChatModel } from "./types.ts";
import { Agent } from "./undici-lite.ts";

export { missingSecrets } from "./env.ts";
export type { ModelStats } from "./stats.ts";

export interface RegistryOptions {
  env: NodeJS.ProcessEnv;
  /** Folder for the response cache; null turns caching off. */
  cacheDir: string | null;
  /** Requests in flight across all models at most. */
  concurrency: number;
  /** The run's deadline and budget, checked before every request. */
  guard?: RunGuard;
}

export interface Registry extends ModelRegistry {
  stats(): { total: ModelStats; byModel: Record<string, ModelStats> };
  /** Models stopped for the rest of the run (401/403/404, a circuit breaker), one line each. */
  stoppedModels(): string[];
  /** What the provider said answered this configured model's requests (replies' `model` field), sorted. */
  reportedModels(name: string): string[];
  /** Awaits pending cache writes. */
  flush(): Promise<void>;
  /** Flushes and closes the HTTP connection pool. */
  close(): Promise<void>;
}

const CHAT_PROVIDERS = ["openai", "anthropic", "http"] as const;
const ENDPOINT_PROVIDERS = ["athena", "http"] as const;
const MODERATION_PROVIDERS = ["openai"] as const;
/** Connecting should be quick; the per-request timeout bounds everything after. */
const CONNECT_TIMEOUT_MS = 10_000;

export function createRegistry(models: Record<string, ModelConfig>, options: RegistryOptions): Registry {
  const agent = new Agent({ connect: { timeout: CONNECT_TIMEOUT_MS }, keepAliveTimeout: 30_000 });
  // The guard's stop ends every wait for a model's slot (a Retry-After pause) once the run stops.
  const limits = createLimits(options.concurrency, options.guard ? { stop: options.guard.signal } : {});
  const cache: ResponseCache | null = options.cacheDir ? createResponseCache(options.cacheDir) : null;
  const channels = new Map<string, ModelChannel>();
  const chats = new Map<string, ChatModel>();
  const endpoints = new Map<string, JsonEndpoint>();
  const moderations = new Map<string, ModerationModel>();
  let closed: Promise<void> | null = null;

  const configOf = (name: string, use: string, allowed: readonly string[]): ModelConfig => {
    const config = Object.hasOwn(models, name) ? models[name] : undefined;
    const needs = `${use} needs a model with provider ${allowed.join(" or ")}`;
    if (!config) {
      const defined = Object.keys(models);
      throw new Error(
        `model "${name}" is not defined under models: (${defined.length ? `defined: ${defined.join(", ")}` : "none defined"}); ${needs}`,
      );
    }
    if (!allowed.includes(config.provider)) throw new Error(`model "${name}" has provider "${config.provider}", but ${needs}`);
    return config;
  };

  // One channel per model name: chat() and endpoint() on the same http model share its limits,
  // its fatal stop and its stats.
  const channelOf = (name: string, config: ModelConfig): ModelChannel => {
    let channel = channels.get(name);
    if (!channel) {
      channel = {
        name,
        dispatcher: agent,
        limiter: limits.forModel(config.concurrency),
        policy: { timeoutMs: config.timeout, maxRetries: config["max-retries"], backoffMs: config["retry-backoff"] },
        stats: emptyStats(),
        fatal: null,
        ...(options.guard ? { guard: options.guard } : {}),
      };
      channels.set(name, channel);
    }
    return channel;
  };

  const flush = async () => {
    await cache?.flush();
  };

  return {
    chat(name) {
      const existing = chats.get(name);
      if (existing) return existing;
      const config = configOf(name, "chat", CHAT_PROVIDERS);
      const resolved = resolveModel(name, config, options.env);
      let adapter: ChatAdapter;
      switch (resolved.config.provider) {
        case "openai":
          adapter = openAIAdapter(resolved.config, resolved.secret);
          break;
        case "anthropic":
          adapter = anthropicAdapter(resolved.config, resolved.secret);
          break;
        case "http":
          adapter = httpTargetAdapter(name, resolved.config, resolved.secret);
          break;
        default:
          throw new Error(
            `model "${name}" has provider "${resolved.config.provider}", but chat needs a model with provider openai, anthropic or http`,
          );
      }
      const model = createChatModel(name, adapter, { config: resolved.config, channel: channelOf(name, config), cache });
      chats.set(name, model);
      return model;
    },
    endpoint(name) {
      const existing = endpoints.get(name);
      if (existing) return existing;
      const config = configOf(name, "endpoint", ENDPOINT_PROVIDERS);
      const resolved = resolveModel(name, config, options.env);
      if (resolved.config.provider !== "athena" && resolved.config.provider !== "http") {
        throw new Error(
          `model "${name}" has provider "${resolved.config.provider}", but endpoint needs a model with provider athena or http`,
        );
      }
      const endpoint = createJsonEndpoint(name, resolved.config, resolved.secret, { channel: channelOf(name, config), cache });
      endpoints.set(name, endpoint);
      return endpoint;
    },
    moderation(name) {
      const existing = moderations.get(name);
      if (existing) return existing;
      const config = configOf(name, "moderation", MODERATION_PROVIDERS);
      const resolved = resolveModel(name, config, options.env);
      if (resolved.config.provider !== "openai")
        throw new Error(`model "${name}" has provider "${resolved.config.provider}", but moderation needs a model with provider openai`);
      const model = createModerationModel(name, resolved.config, resolved.secret, { channel: channelOf(name, config), cache });
      moderations.set(name, model);
      return model;
    },
    stats() {
      const byModel: Record<string, ModelStats> = {};
      for (const [name, channel] of channels) byModel[name] = { ...channel.stats };
      return { total: sumStats(Object.values(byModel)), byModel };
    },
    reportedModels(name) {
      return [...(channels.get(name)?.reportedModels ?? [])].sort();
    },
    stoppedModels() {
      return [...channels].flatMap(([name, channel]) => (channel.fatal ? [`model "${name}" stopped: ${channel.fatal.message}`] : []));
    },
    flush,
    close() {
      closed ??= flush().then(() => agent.close());
      return closed;
    },
  };
}
