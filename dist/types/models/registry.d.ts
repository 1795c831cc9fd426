import { type ModelConfig } from "../config/models.ts";
import type { PromptFile } from "../config/prompt-file.ts";
import { type CacheMisses, type CacheSettings } from "./cache.ts";
import { type JsonEndpoint } from "./json-endpoint.ts";
import type { EmbeddingModel } from "./openai/embeddings.ts";
import type { ModerationModel } from "./openai/moderation.ts";
import { type PacerState } from "./pacer.ts";
import { type ProcessHost } from "./process/host.ts";
import type { RunGuard } from "./run-guard.ts";
import { type ModelStats } from "./stats.ts";
import type { CaseRef, ChatModel } from "./types.ts";
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
    processes?: {
        configDir: string;
        logDir: string;
    };
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
    stats(): {
        total: ModelStats;
        byModel: Record<string, ModelStats>;
    };
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
export declare function createRegistry(models: Record<string, ModelConfig>, options: RegistryOptions): Registry;
