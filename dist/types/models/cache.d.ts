import type { ModelConfig } from "../config/models.ts";
import type { CallPurpose } from "./types.ts";
/** What the cache keeps: the endpoint's raw JSON answer, re-parsed on every hit. */
export interface CacheEntry {
    json: unknown;
    status: number;
    savedAt: string;
}
export interface ResponseCache {
    get(key: string): Promise<CacheEntry | null>;
    /** Starts the write and returns at once. */
    set(key: string, entry: Omit<CacheEntry, "savedAt">): void;
    /** Resolves when every write started so far has finished. */
    flush(): Promise<void>;
    /** Writes that failed (disk full, permissions); the run goes on without them. */
    readonly writeErrors: number;
}
/**
 * The key: sha256 of everything that decides the answer (provider, URL, the request body with
 * model, messages, tools, temperature and max tokens, and the `sample` number). Never headers, and
 * the URL only redacted: keys rotate without changing answers, and a key is never part of a cache key.
 */
export declare function cacheKey(parts: {
    provider: string;
    url: string;
    body: unknown;
    sample?: number;
}): string;
/** `cache: true/false` decides; when unset, everything but the system under test is cached. */
export declare function isCacheable(config: Pick<ModelConfig, "cache">, purpose: CallPurpose | undefined): boolean;
export declare function cachePath(dir: string, key: string): string;
export declare function createResponseCache(dir: string): ResponseCache;
