import type { ModelConfig } from "../config/models.ts";
import type { CallPurpose } from "./types.ts";
/** What a provider says about the model that answered; absent parts were not reported. */
export interface ModelIdentity {
    model?: string;
    fingerprint?: string;
}
/** What the cache keeps: the endpoint's raw JSON answer, re-parsed on every hit. */
export interface CacheEntry {
    json: unknown;
    status: number;
    /** ISO time the answer was received. */
    savedAt: string;
    /** The identity the provider reported with this answer, when it reported one. */
    identity?: ModelIdentity;
}
/** "use": serve and write; "refresh": serve nothing written before this run, write every answer. */
export type CacheMode = "use" | "refresh";
export interface CacheSettings {
    mode: CacheMode;
    /** Entries older than this are misses. */
    maxAgeMs: number;
}
export interface CacheMisses {
    /** Entries found but older than the max age. */
    expired: number;
    /** Entries found but written under another model identity than the one last reported. */
    otherIdentity: number;
}
export interface ResponseCache {
    readonly mode: CacheMode;
    /** The entry for this request, if one may be served. `modelKey` names the configured model (cacheModelKey). */
    get(key: string, modelKey: string): Promise<CacheEntry | null>;
    /** Starts the write and returns at once. Only answers the caller could use are written. */
    set(key: string, entry: Omit<CacheEntry, "savedAt">): void;
    /** Records the identity a fresh answer reported: entries under another one are misses from now on. */
    sawIdentity(modelKey: string, identity: ModelIdentity | undefined): void;
    /** Resolves when every write started so far has finished (identities included). */
    flush(): Promise<void>;
    /** Writes that failed (disk full, permissions); the run goes on without them. */
    readonly writeErrors: number;
    misses(): CacheMisses;
}
/** The parts of a request that select its answer: where it goes (URL and headers, the key among them) and what it asks. */
export interface CacheKeyParts {
    provider: string;
    url: string;
    headers: Record<string, string>;
    body: unknown;
}
/**
 * The key: sha256 of everything that selects the answer: the provider, the endpoint (its whole URL
 * and headers, secrets included, as endpointDigest), the request body (model, messages, tools,
 * temperature, max tokens) and the `sample` number. Two endpoints that differ only in a secret (a
 * tenant in the URL, a key, a header) never share an entry; no secret is kept in clear.
 */
export declare function cacheKey(parts: CacheKeyParts & {
    sample?: number;
}): string;
/** Which configured model an entry belongs to, for its identity: provider, endpoint (endpointDigest) and requested model. */
export declare function cacheModelKey(parts: CacheKeyParts): string;
/** `cache: true/false` decides; when unset, everything but the system under test is cached. */
export declare function isCacheable(config: Pick<ModelConfig, "cache">, purpose: CallPurpose | undefined): boolean;
export declare function cachePath(dir: string, key: string): string;
/** The identities file: `{ <modelKey>: { identity, seenAt } }`, next to the entry folders. */
export declare const IDENTITIES_FILE = "identities.json";
/**
 * A cache file's JSON, or null (as if absent) when it is absent, unreadable, not JSON, too big, or not
 * a regular file: a symlink is not followed (O_NOFOLLOW), a FIFO is not waited on (O_NONBLOCK).
 */
export declare function readCacheFile(file: string): Promise<unknown>;
export declare function createResponseCache(dir: string, settings?: CacheSettings): ResponseCache;
