// The registry the engine hands to suites: named chat models and JSON endpoints built from
// `models:` on first use, sharing one undici Agent, one global concurrency limit and one cache.

import type { ModelConfig } from "../config/models.ts";
import { DEFAULT_CACHE_MAX_AGE_MS } from "../config/schema.ts";
import { anthropicAdapter } from "./anthropic.ts";
import { createJsonEndpoint } from "./athena.ts";
import { type CacheMisses, type CacheSettings, createResponseCache, type ResponseCache } from "./cache.ts";
import { type ChatAdapter, createChatModel } from "./chat-model.ts";
import { resolveModel } from "./env.ts";
import { httpTargetAdapter } from "./http-target.ts";
import type { JsonEndpoint } from "./json-endpoint.ts";
import { createLimits, type ModelPacers } from "./limits.ts";
import { createModerationModel, type ModerationModel } from "./moderation.ts";
import { openAIAdapter } from "./openai.ts";
import { createPacer, type Pacer, type PacerState } from "./pacer.ts";
import { createDispatcher } from "./proxy.ts";
import type { RunGuard } from "./run-guard.ts";
import { emptyStats, type ModelStats, sumStats } from "./stats.ts";
import type { ModelChannel } from "./transport.ts";
import type { ChatModel } from "./types.ts";
import type { Dispatcher } from "./undici-lite.ts";

export { missingSecrets } from "./env.ts";
export type { ModelStats } from "./stats.ts";

export interface RegistryOptions {
  env: NodeJS.ProcessEnv;
  /** Folder for the response cache; null turns caching off. */
  cacheDir: string | null;
  /** How the cache is used (default: read and written, entries up to a week old served). */
  cache?: Partial<CacheSettings>;
  /** Requests in flight across all models at most. */
  concurrency: number;
  /** The run's deadline and budget, checked before every request. */
  guard?: RunGuard;
}

/** The models a suite kind may call, by their names in evalgate.yml. */
export interface ModelRegistry {
  chat(name: string): ChatModel;
  endpoint(name: string): JsonEndpoint;
  /** An OpenAI-compatible model's /moderations route. */
  moderation(name: string): ModerationModel;
}

export interface Registry extends ModelRegistry {
  stats(): { total: ModelStats; byModel: Record<string, ModelStats> };
  /** The pace each model's requests are held to now (its endpoint's pacer), by model name. */
  pacing(): Record<string, PacerState>;
  /** Models stopped for the rest of the run (401/403/404, a circuit breaker), one line each. */
  stoppedModels(): string[];
  /** Cache entries found but not served (too old, another model identity); null without a cache. */
  cacheMisses(): CacheMisses | null;
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
  // One connection pool per proxy setting: most runs have one, shared by every model.
  const dispatchers = new Map<string, Dispatcher>();
  const dispatcherFor = (proxy: string | undefined) => {
    let dispatcher = dispatchers.get(proxy ?? "");
    if (!dispatcher) {
      dispatcher = createDispatcher(proxy, options.env, { connect: { timeout: CONNECT_TIMEOUT_MS }, keepAliveTimeout: 30_000 });
      dispatchers.set(proxy ?? "", dispatcher);
    }
    return dispatcher;
  };
  // Pacers: one per endpoint (host and provider model), shared by the models that point at it, for
  // its configured and announced limits; one per host for the rate learned from its refusals.
  const pacers = new Map<string, Pacer>();
  const pacerOf = (key: string) => {
    let pacer = pacers.get(key);
    if (!pacer) {
      pacer = createPacer(options.guard ? { stop: options.guard.signal } : {});
      pacers.set(key, pacer);
    }
    return pacer;
  };
  const pacersFor = (config: ModelConfig): ModelPacers => {
    const { host, endpoint } = endpointKeys(config);
    const model = pacerOf(`endpoint ${endpoint}`);
    model.configure({
      ...(config.rate ? { requestsPerSecond: config.rate } : {}),
      ...(config["tokens-per-minute"] ? { tokensPerMinute: config["tokens-per-minute"] } : {}),
    });
    return { model, host: pacerOf(`host ${host}`) };
  };
  // The guard's stop ends every wait for a model's slot (a Retry-After pause) once the run stops.
  const limits = createLimits(options.concurrency, options.guard ? { stop: options.guard.signal } : {});
  const cache: ResponseCache | null = options.cacheDir
    ? createResponseCache(options.cacheDir, { mode: "use", maxAgeMs: DEFAULT_CACHE_MAX_AGE_MS, ...options.cache })
    : null;
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
  // its fatal stop and its stats. `config` is resolved: its URL and proxy are interpolated.
  const channelOf = (name: string, config: ModelConfig): ModelChannel => {
    let channel = channels.get(name);
    if (!channel) {
      channel = {
        name,
        dispatcher: dispatcherFor(config.proxy),
        limiter: limits.forModel(config.concurrency, pacersFor(config)),
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
      const model = createChatModel(name, adapter, { config: resolved.config, channel: channelOf(name, resolved.config), cache });
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
      const endpoint = createJsonEndpoint(name, resolved.config, resolved.secret, { channel: channelOf(name, resolved.config), cache });
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
    pacing() {
      return Object.fromEntries([...channels].map(([name, channel]) => [name, { ...channel.limiter.state }]));
    },
    reportedModels(name) {
      return [...(channels.get(name)?.reportedModels ?? [])].sort();
    },
    stoppedModels() {
      return [...channels].flatMap(([name, channel]) => (channel.fatal ? [`model "${name}" stopped: ${channel.fatal.message}`] : []));
    },
    cacheMisses: () => cache?.misses() ?? null,
    flush,
    close() {
      closed ??= flush().then(async () => {
        await Promise.all([...dispatchers.values()].map((dispatcher) => dispatcher.close()));
      });
      return closed;
    },
  };
}

/** Which limits a model's requests count against: its host's, and its endpoint's (host and the model as the provider names it). */
function endpointKeys(config: ModelConfig): { host: string; endpoint: string } {
  const url = config.provider === "openai" || config.provider === "anthropic" ? config["base-url"] : config.url;
  let host = url;
  try {
    host = new URL(url).host;
  } catch {
    // a URL that does not parse fails at its first request; its pacers are its own
  }
  return { host, endpoint: config.provider === "openai" || config.provider === "anthropic" ? `${host} ${config.model}` : url };
}
