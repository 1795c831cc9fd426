// The registry the engine hands to suites: named chat models and JSON endpoints built from
// `models:` on first use, sharing one undici Agent, one global concurrency limit, one cache and the
// run's processes (command targets' workers, services under `start:`), stopped when it closes.

import path from "node:path";
import { endpointUrl, httpSettings, type ModelConfig, startOf } from "../config/models.ts";
import type { PromptFile } from "../config/prompt-file.ts";
import { DEFAULT_CACHE_MAX_AGE_MS } from "../config/schema.ts";
import { timerDelay } from "../util/timers.ts";
import type { ModelDeps, ProviderUse } from "./adapter.ts";
import { type CacheMisses, type CacheSettings, createResponseCache, type ResponseCache } from "./cache.ts";
import { type ResolvedModel, registerNamedSecrets, resolveModel } from "./env.ts";
import { createJsonEndpoint, type JsonEndpoint } from "./json-endpoint.ts";
import { createLimits, type ModelPacers } from "./limits.ts";
import type { EmbeddingModel } from "./openai/embeddings.ts";
import type { ModerationModel } from "./openai/moderation.ts";
import { createPacer, type Pacer, type PacerOptions, type PacerState } from "./pacer.ts";
import { createProcessHost, type ProcessHost } from "./process/host.ts";
import { withPromptFile } from "./prompt-target.ts";
import { adapterOf, providersServing } from "./providers.ts";
import { createDispatcher } from "./proxy.ts";
import { quotaOwner } from "./quota.ts";
import type { RunGuard } from "./run-guard.ts";
import { emptyStats, type ModelStats, sumStats } from "./stats.ts";
import type { ModelChannel } from "./transport.ts";
import type { CaseRef, ChatModel } from "./types.ts";
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
  /** Prompt files of the models that carry `prompt:`, read and checked by the engine, by model name. */
  prompts?: ReadonlyMap<string, PromptFile>;
  /**
   * Where the processes models start run and log: the config's folder (a command's default `cwd`) and
   * <output-dir>/logs. Default: the working folder and .evalgate/logs under it.
   */
  processes?: { configDir: string; logDir: string };
}

/** The models a suite kind may call, by their names in evalgate.yml. */
export interface ModelRegistry {
  chat(name: string): ChatModel;
  endpoint(name: string): JsonEndpoint;
  /** An OpenAI-compatible model's /moderations route. */
  moderation(name: string): ModerationModel;
  /** An OpenAI-compatible model's /embeddings route (absent in stand-ins that have none). */
  embeddings?(name: string): EmbeddingModel;
  /** Where the run's processes start and are stopped (an agent suite's MCP servers); absent in tests' stand-ins. */
  processes?: ProcessHost;
}

/** Models that can say which case each chat request is for. */
export interface CaseModels extends ModelRegistry {
  /** The registry for one case: every chat request says which case it is for (a command target's `case`). */
  forCase(ref: CaseRef): ModelRegistry;
}

export interface Registry extends CaseModels {
  /**
   * The same models (limits, stats, stops, started services) asking afresh: nothing is served from
   * the response cache, every answer is still stored. A repeated suite runs on it, so no repeat gets
   * another's answer.
   */
  fresh: CaseModels;
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
  /** Why a judge's requests went without their temperature (it votes at its default); undefined when they did not. */
  defaultTemperature(name: string): string | undefined;
  /** Awaits pending cache writes. */
  flush(): Promise<void>;
  /** Flushes, stops every process the models started, and closes the HTTP connection pool. */
  close(): Promise<void>;
}

/** Connecting should be quick; the per-request timeout bounds everything after. */
const CONNECT_TIMEOUT_MS = 10_000;

export function createRegistry(models: Record<string, ModelConfig>, options: RegistryOptions): Registry {
  const cache: ResponseCache | null = options.cacheDir
    ? createResponseCache(options.cacheDir, { mode: "use", maxAgeMs: DEFAULT_CACHE_MAX_AGE_MS, ...options.cache })
    : null;
  registerNamedSecrets(models, options.env);
  const dispatchers = createDispatchers(options.env);
  const notes = new Map<string, string>();
  const note = (key: string, text: string) => {
    if (!notes.has(key)) notes.set(key, text);
  };
  const channels = createChannels(options, dispatchers, note);
  const host = createProcessHost({
    configDir: options.processes?.configDir ?? process.cwd(),
    logDir: options.processes?.logDir ?? path.resolve(".evalgate", "logs"),
    env: options.env,
    models,
    note,
    concurrency: options.concurrency,
  });
  const shared = { env: options.env, channels, host, prompts: options.prompts };
  // One start per service, whichever view (cached or fresh) calls its model first.
  const started = createStartedModels(shared);
  const build = createModelBuilders(models, { ...shared, cache, started });
  const fresh = createModelBuilders(models, { ...shared, cache: cache ? writeOnly(cache) : null, started });
  const flush = async () => {
    await cache?.flush();
  };
  let closed: Promise<void> | null = null;

  const cached = { ...build, processes: host };
  const asked = { ...fresh, processes: host };
  return {
    ...cached,
    forCase: (ref) => forCase(cached, ref),
    fresh: { ...asked, forCase: (ref) => forCase(asked, ref) },
    stats() {
      const byModel: Record<string, ModelStats> = {};
      for (const [name, channel] of channels.all) byModel[name] = { ...channel.stats };
      return { total: sumStats(Object.values(byModel)), byModel };
    },
    pacing() {
      return Object.fromEntries([...channels.all].map(([name, channel]) => [name, { ...channel.limiter.state }]));
    },
    defaultTemperature: (name) => channels.all.get(name)?.defaultTemperature,
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
      // Every process the models started is stopped (and its log closed) before the connection pools close.
      closed ??= Promise.all([flush(), host.close()]).then(dispatchers.close);
      return closed;
    },
  };
}

interface BuildContext {
  env: NodeJS.ProcessEnv;
  channels: Channels;
  cache: ResponseCache | null;
  host: ProcessHost;
  /** Prompt files of the models that carry `prompt:`, by model name. */
  prompts: ReadonlyMap<string, PromptFile> | undefined;
  started: StartedModels;
}

/**
 * chat(), endpoint() and moderation(): each model built once per use, on first use, by its provider's
 * adapter. A model with `start:` is built once its service answers (./service/start.ts), on its first call.
 */
function createModelBuilders(models: Record<string, ModelConfig>, context: BuildContext): ModelRegistry {
  const chats = new Map<string, ChatModel>();
  const endpoints = new Map<string, JsonEndpoint>();
  const { started } = context;
  const depsOf = (name: string, config: ModelConfig): ModelDeps => ({
    channel: context.channels.of(name, config),
    cache: context.cache,
    host: context.host,
  });
  /** The model `name` built by `build` from its resolved config: now, or once its service is up. */
  const built = <T>(name: string, use: ProviderUse, build: (resolved: ResolvedModel) => T, later: (ready: Ready<T>) => T): T => {
    const config = configOf(models, name, use);
    return startOf(config) ? later(started(name, config, build)) : build(resolveModel(name, config, context.env));
  };
  return {
    chat: (name) =>
      once(chats, name, () =>
        built(
          name,
          "chat",
          ({ config, secret }) => {
            const model = adapterOf(config).chat!(name, config, secret, depsOf(name, config));
            const prompt = context.prompts?.get(name);
            return prompt ? withPromptFile(model, prompt, config) : model;
          },
          (ready) => ({ name, chat: async (request, signal) => (await ready(signal)).chat(request, signal) }),
        ),
      ),
    endpoint: (name) =>
      once(endpoints, name, () =>
        built(
          name,
          "endpoint",
          ({ config, secret }) => {
            const request = { url: endpointUrl(config)!.value, ...adapterOf(config).endpoint!(config, secret) };
            return createJsonEndpoint(name, config, request, depsOf(name, config));
          },
          (ready) => ({
            name,
            config: models[name]!,
            post: async (body, signal) => (await ready(signal)).post(body, signal),
            pause: async (ms, signal) => (await ready(signal)).pause(ms, signal),
          }),
        ),
      ),
    ...routeBuilders(built, depsOf),
  };
}

type Built = <T>(name: string, use: ProviderUse, build: (resolved: ResolvedModel) => T, later: (ready: Ready<T>) => T) => T;

/** moderation() and embeddings(): an OpenAI-compatible model's other routes, each built once per model. */
function routeBuilders(
  built: Built,
  depsOf: (name: string, config: ModelConfig) => ModelDeps,
): Pick<ModelRegistry, "moderation" | "embeddings"> {
  const moderations = new Map<string, ModerationModel>();
  const embeddings = new Map<string, EmbeddingModel>();
  return {
    moderation: (name) =>
      once(moderations, name, () =>
        built(
          name,
          "moderation",
          ({ config, secret }) => adapterOf(config).moderation!(name, config, secret, depsOf(name, config)),
          (ready) => ({ name, moderate: async (input, extra, signal) => (await ready(signal)).moderate(input, extra, signal) }),
        ),
      ),
    embeddings: (name) =>
      once(embeddings, name, () =>
        built(
          name,
          "embeddings",
          ({ config, secret }) => adapterOf(config).embeddings!(name, config, secret, depsOf(name, config)),
          (ready) => ({ name, embed: async (input, signal) => (await ready(signal)).embed(input, signal) }),
        ),
      ),
  };
}

/** The cache as the fresh view sees it: nothing served, every answer still written. */
function writeOnly(cache: ResponseCache): ResponseCache {
  return Object.create(cache, { get: { value: async () => null } }) as ResponseCache;
}

/** The models of `registry` for one case: every chat request carries `ref`. */
function forCase(registry: ModelRegistry, ref: CaseRef): ModelRegistry {
  return {
    ...registry,
    chat(name) {
      const model = registry.chat(name);
      return { name: model.name, chat: (request, signal) => model.chat({ ...request, case: ref }, signal) };
    },
  };
}

type StartedModels = ReturnType<typeof createStartedModels>;

/** A model whose service is starting: the first call starts it; every call waits for it (or for its own abort). */
type Ready<T> = (signal?: AbortSignal) => Promise<T>;

/** Models with `start:`: one service per model name (its chat and endpoint share it), started on first call. */
function createStartedModels(context: Pick<BuildContext, "env" | "host" | "channels">) {
  const services = new Map<string, Promise<ResolvedModel>>();
  return <T>(name: string, config: ModelConfig, build: (resolved: ResolvedModel) => T): Ready<T> => {
    let model: Promise<T> | null = null;
    return (signal) => {
      model ??= once(services, name, () =>
        import("./service/start.ts").then(({ startService }) =>
          startService(name, config, {
            env: context.env,
            host: context.host,
            channelOf: (resolved) => context.channels.of(name, resolved),
          }),
        ),
      ).then(build);
      return untilAborted(model, signal);
    };
  };
}

/** `promise`, or the abort reason of `signal` as soon as it aborts. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
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
        dispatcher: dispatchers.of(httpSettings(config).proxy),
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
 * its configured and announced limits; one per host for the rate learned from its refusals. A
 * program (a command target) has no endpoint to pace: its concurrency is its only limit.
 */
function createPacers(shared: Pick<PacerOptions, "stop" | "note">): (config: ModelConfig) => ModelPacers | undefined {
  const pacers = new Map<string, Pacer>();
  const pacerOf = (key: string) => once(pacers, key, () => createPacer({ ...shared, name: key.replace(/^(endpoint|host) /, "") }));
  return (config) => {
    const keys = endpointKeys(config);
    if (!keys) return undefined;
    const model = pacerOf(`endpoint ${keys.endpoint}`);
    const { rate, "tokens-per-minute": tokensPerMinute } = httpSettings(config);
    model.configure({ ...(rate ? { requestsPerSecond: rate } : {}), ...(tokensPerMinute ? { tokensPerMinute } : {}) });
    return { model, host: pacerOf(`host ${keys.host}`) };
  };
}

/** Which limits a model's requests count against: its host's, and its endpoint's (host and the model as the provider names it). */
function endpointKeys(config: ModelConfig): { host: string; endpoint: string } | undefined {
  const url = endpointUrl(config)?.value;
  if (url === undefined) return undefined;
  let host = url;
  try {
    host = new URL(url).host;
  } catch {
    // a URL that does not parse fails at its first request; its pacers are its own
  }
  return { host, endpoint: "model" in config ? `${host} ${config.model}` : url };
}
