// On-disk response cache keyed by the request's content. Reads are async; writes happen off the
// request path (tracked so flush() can await them) and go through a temp file + rename, so a
// killed run never leaves a torn entry behind.
//
// What is served: an entry younger than the max age, written under the model identity the
// provider reports now. The cache remembers, per configured model (provider, URL, requested model),
// the identity the last fresh answer reported (`model`, `system_fingerprint`) in identities.json;
// an entry written under another identity is a miss from then on. In refresh mode nothing written
// before this run is served: every request is asked again and its entry overwritten.
import { createHash, randomBytes, scryptSync } from "node:crypto";
import { constants } from "node:fs";
import { type FileHandle, mkdir, open, rename, unlink, writeFile } from "node:fs/promises";
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
export function cacheKey(parts: CacheKeyParts & { sample?: number }): string {
  return createHash("sha256")
    .update(JSON.stringify(["v2", parts.provider, endpointDigest(parts.url, parts.headers), parts.sample ?? null, parts.body]))
    .digest("hex");
}

/** Which configured model an entry belongs to, for its identity: provider, endpoint (endpointDigest) and requested model. */
export function cacheModelKey(parts: CacheKeyParts): string {
  const model = typeof parts.body === "object" && parts.body !== null ? (parts.body as { model?: unknown }).model : undefined;
  return createHash("sha256")
    .update(JSON.stringify(["v2", parts.provider, endpointDigest(parts.url, parts.headers), typeof model === "string" ? model : null]))
    .digest("hex")
    .slice(0, 32);
}

const endpointDigests = new Map<string, string>();

/**
 * An endpoint's URL and headers (secrets included) as a slow digest (scrypt), computed once per
 * endpoint and run: the cache's file names, which the Actions cache carries, cannot be searched for
 * a short secret (a tenant name in a URL) by hashing guesses.
 */
function endpointDigest(url: string, headers: Record<string, string>): string {
  const named = Object.entries(headers)
    .map(([name, value]) => [name.toLowerCase(), value])
    .sort(([a], [b]) => (a! < b! ? -1 : a! > b! ? 1 : 0));
  const text = JSON.stringify([url, named]);
  let digest = endpointDigests.get(text);
  if (!digest) {
    digest = scryptSync(text, "evalgate response cache endpoint", 32, { N: 2 ** 13 }).toString("hex");
    endpointDigests.set(text, digest);
  }
  return digest;
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

/** Cache files past this size are not read: an answer is capped at 1 MiB of text, its entry stays well under. */
const MAX_CACHE_FILE_BYTES = 64 * 2 ** 20;

/**
 * A cache file's JSON, or null (as if absent) when it is absent, unreadable, not JSON, too big, or not
 * a regular file: a symlink is not followed (O_NOFOLLOW), a FIFO is not waited on (O_NONBLOCK).
 */
export async function readCacheFile(file: string): Promise<unknown> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    const info = await handle.stat();
    if (!info.isFile() || info.size > MAX_CACHE_FILE_BYTES) return null;
    return parseJsonKeepingNumbers((await handle.readFile()).toString("utf8"));
  } catch {
    return null;
  } finally {
    await handle?.close().catch(() => {});
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
    const entry = (await readCacheFile(cachePath(dir, key))) as CacheEntry | null;
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
  // Saved in the future (a clock moved, a file edited): its age is unknown, so it is not served.
  if (!(age >= 0)) return false;
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
    identities ??= readCacheFile(join(dir, IDENTITIES_FILE)).then((value) =>
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
