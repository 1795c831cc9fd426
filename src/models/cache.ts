// On-disk response cache keyed by the request's content. Reads are async; writes happen off the
// request path (tracked so flush() can await them) and go through a temp file + rename, so a
// killed run never leaves a torn entry behind.
//
// What is served: an entry younger than the max age, written under the model identity the
// provider reports now. The cache remembers, per configured model (provider, URL, requested model),
// the identity the last fresh answer reported (`model`, `system_fingerprint`) in identities.json;
// an entry written under another identity is a miss from then on. In refresh mode nothing written
// before this run is served: every request is asked again and its entry overwritten.
import { createHash, randomBytes } from "node:crypto";
import { mkdir, readFile, rename, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { ModelConfig } from "../config/models.ts";
import { DEFAULT_CACHE_MAX_AGE_MS } from "../config/schema.ts";
import { parseJsonKeepingNumbers, stringifyKeepingNumbers } from "../util/json-numbers.ts";
import { redact } from "../util/redact.ts";
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

/** Which configured model an entry belongs to, for its identity: provider, redacted URL, requested model. */
export function cacheModelKey(parts: { provider: string; url: string; body: unknown }): string {
  const model = typeof parts.body === "object" && parts.body !== null ? (parts.body as { model?: unknown }).model : undefined;
  return createHash("sha256")
    .update(JSON.stringify([parts.provider, redact(parts.url), typeof model === "string" ? model : null]))
    .digest("hex")
    .slice(0, 32);
}

/** `cache: true/false` decides; when unset, everything but the system under test is cached. */
export function isCacheable(config: Pick<ModelConfig, "cache">, purpose: CallPurpose | undefined): boolean {
  if (config.cache !== undefined) return config.cache;
  return purpose !== undefined && purpose !== "target";
}

export function cachePath(dir: string, key: string): string {
  return join(dir, key.slice(0, 2), `${key}.json`);
}

/** The identities file: `{ <modelKey>: { identity, seenAt } }`, next to the entry folders. */
export const IDENTITIES_FILE = "identities.json";

const sameIdentity = (a: ModelIdentity | undefined, b: ModelIdentity | undefined) =>
  (a?.model ?? null) === (b?.model ?? null) && (a?.fingerprint ?? null) === (b?.fingerprint ?? null);

/** Writes text to file through a temp file and a rename, so no reader sees half of it. */
async function writeAtomically(file: string, text: string): Promise<void> {
  const temp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  try {
    await writeFile(temp, text);
    await rename(temp, file);
  } catch (error) {
    await unlink(temp).catch(() => {});
    throw error;
  }
}

async function readJson(file: string): Promise<unknown> {
  try {
    return parseJsonKeepingNumbers(await readFile(file, "utf8"));
  } catch {
    return null; // absent or unreadable: as if empty
  }
}

type IdentityRecord = Record<string, { identity: ModelIdentity; seenAt: string }>;

export function createResponseCache(
  dir: string,
  settings: CacheSettings = { mode: "use", maxAgeMs: DEFAULT_CACHE_MAX_AGE_MS },
): ResponseCache {
  const writes = createWriteTracker();
  const identities = createIdentityStore(dir, writes);
  const ensureFolder = createFolderMaker();
  // Entries still being written, so an identical request right after is a hit, not a second call.
  const writing = new Map<string, CacheEntry>();
  // In refresh mode, the keys written by this run: the only ones served.
  const writtenNow = new Set<string>();
  const misses: CacheMisses = { expired: 0, otherIdentity: 0 };

  const lookUp = async (key: string): Promise<CacheEntry | null> => {
    const fresh = writing.get(key);
    if (fresh) return fresh;
    const entry = (await readJson(cachePath(dir, key))) as CacheEntry | null;
    return entry && typeof entry === "object" && "json" in entry && typeof entry.savedAt === "string" ? entry : null;
  };

  return {
    mode: settings.mode,
    async get(key, modelKey) {
      if (settings.mode === "refresh" && !writtenNow.has(key)) return null;
      const entry = await lookUp(key);
      return entry && (await servable(entry, modelKey, settings, identities, misses)) ? entry : null;
    },
    set(key, entry) {
      // Cached bodies are redacted: a model that echoes its key must not leave it on disk. Redacted as
      // text (every form of a secret is matched there), re-read so numbers keep their source text.
      const text = redact(stringifyKeepingNumbers({ ...entry, savedAt: new Date().toISOString() }));
      const full = parseJsonKeepingNumbers(text) as CacheEntry;
      writing.set(key, full);
      writtenNow.add(key);
      const job = ensureFolder(join(dir, key.slice(0, 2)))
        .then(() => writeAtomically(cachePath(dir, key), text))
        .finally(() => {
          if (writing.get(key) === full) writing.delete(key);
        });
      writes.track(job);
    },
    sawIdentity: identities.saw,
    async flush() {
      await writes.settle();
      await identities.save();
    },
    get writeErrors() {
      return writes.errors;
    },
    misses: () => ({ ...misses }),
  };
}

/** Whether an entry may be served: young enough, and written under the identity its model reported last; else a counted miss. */
async function servable(
  entry: CacheEntry,
  modelKey: string,
  settings: CacheSettings,
  identities: IdentityStore,
  misses: CacheMisses,
): Promise<boolean> {
  const age = Date.now() - Date.parse(entry.savedAt);
  if (!(age <= settings.maxAgeMs)) {
    misses.expired++;
    return false;
  }
  const known = await identities.known(modelKey);
  if (known && !sameIdentity(known.identity, entry.identity)) {
    misses.otherIdentity++;
    return false;
  }
  return true;
}

interface WriteTracker {
  /** Follows a write started off the request path; a failed one is counted, never thrown. */
  track(job: Promise<void>): void;
  /** Resolves when every write tracked so far (and any they started) has finished. */
  settle(): Promise<void>;
  failed(): void;
  readonly errors: number;
}

function createWriteTracker(): WriteTracker {
  const pending = new Set<Promise<void>>();
  let errors = 0;
  return {
    track(job) {
      const tracked = job
        .catch(() => {
          errors++;
        })
        .finally(() => pending.delete(tracked));
      pending.add(tracked);
    },
    async settle() {
      while (pending.size > 0) await Promise.all(pending);
    },
    failed() {
      errors++;
    },
    get errors() {
      return errors;
    },
  };
}

type IdentityStore = ReturnType<typeof createIdentityStore>;

/** The identity each configured model reported last (IDENTITIES_FILE): read once, written back by save() when it changed. */
function createIdentityStore(dir: string, writes: WriteTracker) {
  let identities: Promise<IdentityRecord> | null = null;
  let changed = false;
  const load = () => {
    identities ??= readJson(join(dir, IDENTITIES_FILE)).then((value) =>
      value && typeof value === "object" && !Array.isArray(value) ? (value as IdentityRecord) : {},
    );
    return identities;
  };
  return {
    known: async (modelKey: string) => (await load())[modelKey],
    saw(modelKey: string, identity: ModelIdentity | undefined): void {
      if (!identity) return;
      writes.track(
        load().then((record) => {
          if (record[modelKey] && sameIdentity(record[modelKey].identity, identity)) return;
          record[modelKey] = { identity, seenAt: new Date().toISOString() };
          changed = true;
        }),
      );
    },
    async save(): Promise<void> {
      if (!changed || !identities) return;
      changed = false;
      const record = await identities;
      await mkdir(dir, { recursive: true });
      await writeAtomically(join(dir, IDENTITIES_FILE), `${redact(JSON.stringify(record, null, 2))}\n`).catch(writes.failed);
    },
  };
}

/** Makes each entry folder once per run, however many writes go into it; a failed mkdir is tried again. */
function createFolderMaker(): (folder: string) => Promise<unknown> {
  const folders = new Map<string, Promise<unknown>>();
  return (folder) => {
    let made = folders.get(folder);
    if (!made) {
      made = mkdir(folder, { recursive: true });
      folders.set(folder, made);
      made.catch(() => folders.delete(folder));
    }
    return made;
  };
}
