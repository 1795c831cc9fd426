// On-disk response cache keyed by the request's content. Reads are async; writes happen off the
// request path (tracked so flush() can await them) and go through a temp file + rename, so a
// killed run never leaves a torn entry behind.
import { createHash, randomBytes } from "node:crypto";
import { mkdir, readFile, rename, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { ModelConfig } from "../config/models.ts";
import { parseJsonKeepingNumbers, stringifyKeepingNumbers } from "../util/json-numbers.ts";
import { redact, redactDeep } from "../util/redact.ts";
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
export function cacheKey(parts: { provider: string; url: string; body: unknown; sample?: number }): string {
  return createHash("sha256")
    .update(JSON.stringify([parts.provider, redact(parts.url), parts.sample ?? null, parts.body]))
    .digest("hex");
}

/** `cache: true/false` decides; when unset, everything but the system under test is cached. */
export function isCacheable(config: Pick<ModelConfig, "cache">, purpose: CallPurpose | undefined): boolean {
  if (config.cache !== undefined) return config.cache;
  return purpose !== undefined && purpose !== "target";
}

export function cachePath(dir: string, key: string): string {
  return join(dir, key.slice(0, 2), `${key}.json`);
}

export function createResponseCache(dir: string): ResponseCache {
  const pending = new Set<Promise<void>>();
  // Entries still being written, so an identical request right after is a hit, not a second call.
  const writing = new Map<string, CacheEntry>();
  const folders = new Map<string, Promise<unknown>>();
  let writeErrors = 0;

  const ensureFolder = (folder: string) => {
    let made = folders.get(folder);
    if (!made) {
      made = mkdir(folder, { recursive: true });
      folders.set(folder, made);
      made.catch(() => folders.delete(folder));
    }
    return made;
  };

  const write = async (key: string, entry: CacheEntry) => {
    const file = cachePath(dir, key);
    await ensureFolder(join(dir, key.slice(0, 2)));
    const temp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
    try {
      await writeFile(temp, stringifyKeepingNumbers(entry));
      await rename(temp, file);
    } catch (error) {
      await unlink(temp).catch(() => {});
      throw error;
    }
  };

  return {
    async get(key) {
      const fresh = writing.get(key);
      if (fresh) return fresh;
      let text: string;
      try {
        text = await readFile(cachePath(dir, key), "utf8");
      } catch {
        return null; // not cached (or unreadable): ask the endpoint
      }
      try {
        const entry = parseJsonKeepingNumbers(text) as CacheEntry;
        return entry && typeof entry === "object" && "json" in entry ? entry : null;
      } catch {
        return null;
      }
    },
    set(key, entry) {
      // Cached bodies are redacted: a model that echoes its key must not leave it on disk.
      const full = { ...entry, json: redactDeep(entry.json), savedAt: new Date().toISOString() };
      writing.set(key, full);
      const job = write(key, full)
        .catch(() => {
          writeErrors++;
        })
        .finally(() => {
          pending.delete(job);
          if (writing.get(key) === full) writing.delete(key);
        });
      pending.add(job);
    },
    async flush() {
      while (pending.size > 0) await Promise.all(pending);
    },
    get writeErrors() {
      return writeErrors;
    },
  };
}
