import { type ModelConfig } from "../config/models.ts";
import { type CacheMisses, type CacheSettings } from "./cache.ts";
import { type JsonEndpoint } from "./json-endpoint.ts";
import type { ModerationModel } from "./moderation.ts";
import { type PacerState } from "./pacer.ts";
import type { RunGuard } from "./run-guard.ts";
import { type ModelStats } from "./stats.ts";
import type { ChatModel } from "./types.ts";
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
    stats(): {
        total: ModelStats;
        byModel: Record<string, ModelStats>;
    };
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
export declare function createRegistry(models: Record<string, ModelConfig>, options: RegistryOptions): Registry;
