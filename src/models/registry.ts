// The registry the engine hands to suites: named chat models and JSON endpoints built from
// `models:` on first use, sharing one undici Agent, one global concurrency limit and one cache.

import { endpointUrl, type ModelConfig } from "../config/models.ts";
import { DEFAULT_CACHE_MAX_AGE_MS } from "../config/schema.ts";
import { timerDelay } from "../util/timers.ts";
import { type CacheMisses, type CacheSettings, createResponseCache, type ResponseCache } from "./cache.ts";
import { createChatModel } from "./chat-model.ts";
import { type ResolvedModel, resolveModel } from "./env.ts";
import { createJsonEndpoint, type JsonEndpoint } from "./json-endpoint.ts";
import { createLimits, type ModelPacers } from "./limits.ts";
import type { ModerationModel } from "./moderation.ts";
import { createPacer, type Pacer, type PacerOptions, type PacerState } from "./pacer.ts";
import { adapterOf, type ProviderUse, providersServing } from "./providers.ts";
import { createDispatcher } from "./proxy.ts";
import { quotaOwner } from "./quota.ts";
import type { RunGuard } from "./run-guard.ts";
import { emptyStats, type ModelStats, sumStats } from "./stats.ts";
import type { ModelChannel } from "./transport.ts";
import type { ChatModel } from "./types.ts";
import type { Dispatcher } from "./undici-lite.ts";

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
  /** What the model layer capped on its own (an absurd Retry-After, reset or limit a provider announced), each named once. */
  notes(): string[];
  /** Cache entries found but not served (too old, another model identity); null without a cache. */
  cacheMisses(): CacheMisses | null;
  /** What the provider said answered this configured model's requests (replies' `model` field), sorted. */
  reportedModels(name: string): string[];
  /** Awaits pending cache writes. */
  flush(): Promise<void>;
  /** Flushes and closes the HTTP connection pool. */
  close(): Promise<void>;
}

/** Connecting should be quick; the per-request timeout bounds everything after. */
const CONNECT_TIMEOUT_MS = 10_000;

export function createRegistry(models: Record<string, ModelConfig>, options: RegistryOptions): Registry {
  const cache: ResponseCache | null = options.cacheDir
    ? createResponseCache(options.cacheDir, { mode: "use", maxAgeMs: DEFAULT_CACHE_MAX_AGE_MS, ...options.cache })
    : null;
  const dispatchers = createDispatchers(options.env);
  const notes = new Map<string, string>();
  const note = (key: string, text: string) => {
    if (!notes.has(key)) notes.set(key, text);
  };
  const channels = createChannels(options, dispatchers, note);
  const build = createModelBuilders(models, options.env, channels, cache);
  const flush = async () => {
    await cache?.flush();
  };
  let closed: Promise<void> | null = null;

  return {
    ...build,
    stats() {
      const byModel: Record<string, ModelStats> = {};
      for (const [name, channel] of channels.all) byModel[name] = { ...channel.stats };
      return { total: sumStats(Object.values(byModel)), byModel };
    },
    pacing() {
      return Object.fromEntries([...channels.all].map(([name, channel]) => [name, { ...channel.limiter.state }]));
    },
    reportedModels(name) {
      return [...(channels.all.get(name)?.reportedModels ?? [])].sort();
    },
    stoppedModels() {
      return [...channels.all].flatMap(([name, channel]) => (channel.fatal ? [`model "${name}" stopped: ${channel.fatal.message}`] : []));
    },
    notes: () => [...notes.values()],
    cacheMisses: () => cache?.misses() ?? null,
    flush,
    close() {
      closed ??= flush().then(dispatchers.close);
      return closed;
    },
  };
}

/** chat(), endpoint() and moderation(): each model built once per use, on first use, by its provider's adapter. */
function createModelBuilders(
  models: Record<string, ModelConfig>,
  env: NodeJS.ProcessEnv,
  channels: Channels,
  cache: ResponseCache | null,
): ModelRegistry {
  const chats = new Map<string, ChatModel>();
  const endpoints = new Map<string, JsonEndpoint>();
  const moderations = new Map<string, ModerationModel>();
  const resolved = (name: string, use: ProviderUse): ResolvedModel => resolveModel(name, configOf(models, name, use), env);
  return {
    chat: (name) =>
      once(chats, name, () => {
        const { config, secret } = resolved(name, "chat");
        const adapter = adapterOf(config).chat!(name, config, secret);
        return createChatModel(name, adapter, { config, channel: channels.of(name, config), cache });
      }),
    endpoint: (name) =>
      once(endpoints, name, () => {
        const { config, secret } = resolved(name, "endpoint");
        const request = { url: endpointUrl(config).value, ...adapterOf(config).endpoint!(config, secret) };
        return createJsonEndpoint(name, config, request, { channel: channels.of(name, config), cache });
      }),
    moderation: (name) =>
      once(moderations, name, () => {
        const { config, secret } = resolved(name, "moderation");
        return adapterOf(config).moderation!(name, config, secret, { channel: channels.of(name, config), cache });
      }),
  };
}

/** The value built for `name`, building it on first use. */
function once<T>(built: Map<string, T>, name: string, build: () => T): T {
  let value = built.get(name);
  if (value === undefined) {
    value = build();
    built.set(name, value);
  }
  return value;
}

/** The model `name` as configured, when its provider serves `use`; else an error naming the providers that do. */
function configOf(models: Record<string, ModelConfig>, name: string, use: ProviderUse): ModelConfig {
  const config = Object.hasOwn(models, name) ? models[name] : undefined;
  const allowed = providersServing(use);
  const needs = `${use} needs a model with provider ${allowed.join(" or ")}`;
  if (!config) {
    const defined = Object.keys(models);
    throw new Error(
      `model "${name}" is not defined under models: (${defined.length ? `defined: ${defined.join(", ")}` : "none defined"}); ${needs}`,
    );
  }
  if (!(allowed as string[]).includes(config.provider)) throw new Error(`model "${name}" has provider "${config.provider}", but ${needs}`);
  return config;
}

interface Dispatchers {
  of(proxy: string | undefined): Dispatcher;
  close(): Promise<void>;
}

/** One connection pool per proxy setting: most runs have one, shared by every model. */
function createDispatchers(env: NodeJS.ProcessEnv): Dispatchers {
  const pools = new Map<string, Dispatcher>();
  return {
    of: (proxy) =>
      once(pools, proxy ?? "", () => createDispatcher(proxy, env, { connect: { timeout: CONNECT_TIMEOUT_MS }, keepAliveTimeout: 30_000 })),
    close: async () => {
      await Promise.all([...pools.values()].map((dispatcher) => dispatcher.close()));
    },
  };
}

interface Channels {
  /** The channel of model `name`, made on first use from its resolved `config`. */
  of(name: string, config: ModelConfig): ModelChannel;
  readonly all: ReadonlyMap<string, ModelChannel>;
}

/**
 * One channel per model name: chat() and endpoint() on the same http model share its limits,
 * its fatal stop and its stats. `config` is resolved: its URL and proxy are interpolated.
 */
function createChannels(options: RegistryOptions, dispatchers: Dispatchers, note: (key: string, text: string) => void): Channels {
  const stop = options.guard ? { stop: options.guard.signal } : {};
  // The guard's stop ends every wait for a model's slot (a Retry-After pause) once the run stops.
  const limits = createLimits(options.concurrency, stop);
  const pacersFor = createPacers({ ...stop, note });
  const all = new Map<string, ModelChannel>();
  return {
    all,
    of: (name, config) =>
      once(all, name, () => ({
        name,
        dispatcher: dispatchers.of(config.proxy),
        limiter: limits.forModel(config.concurrency, pacersFor(config)),
        // A timeout past what a timer holds (30d) is as good as none: it is held to the longest one.
        policy: { timeoutMs: timerDelay(config.timeout), maxRetries: config["max-retries"], backoffMs: config["retry-backoff"] },
        stats: emptyStats(),
        fatal: null,
        quotaOwner: quotaOwner(name, config),
        note,
        ...(options.guard ? { guard: options.guard } : {}),
      })),
  };
}

/**
 * Pacers: one per endpoint (host and provider model), shared by the models that point at it, for
 * its configured and announced limits; one per host for the rate learned from its refusals.
 */
function createPacers(shared: Pick<PacerOptions, "stop" | "note">): (config: ModelConfig) => ModelPacers {
  const pacers = new Map<string, Pacer>();
  const pacerOf = (key: string) => once(pacers, key, () => createPacer({ ...shared, name: key.replace(/^(endpoint|host) /, "") }));
  return (config) => {
    const { host, endpoint } = endpointKeys(config);
    const model = pacerOf(`endpoint ${endpoint}`);
    model.configure({
      ...(config.rate ? { requestsPerSecond: config.rate } : {}),
      ...(config["tokens-per-minute"] ? { tokensPerMinute: config["tokens-per-minute"] } : {}),
    });
    return { model, host: pacerOf(`host ${host}`) };
  };
}

/** Which limits a model's requests count against: its host's, and its endpoint's (host and the model as the provider names it). */
function endpointKeys(config: ModelConfig): { host: string; endpoint: string } {
  const url = endpointUrl(config).value;
  let host = url;
  try {
    host = new URL(url).host;
  } catch {
    // a URL that does not parse fails at its first request; its pacers are its own
  }
  return { host, endpoint: "model" in config ? `${host} ${config.model}` : url };
}
