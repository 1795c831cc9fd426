// The response cache's folder as files: listing its entries (`xx/<key>.json`), describing them for
// `evalgate cache stats`, and removing them for `evalgate cache clear`. Only files the cache writes
// are touched, so a folder named by mistake loses nothing else.
import { readdir, rm, rmdir, stat } from "node:fs/promises";
import path from "node:path";
import { type CacheEntry, IDENTITIES_FILE, readCacheFile } from "./cache.ts";

export interface CacheEntryFile {
  file: string;
  name: string;
  bytes: number;
  mtimeMs: number;
}

const ENTRY_FOLDER = /^[0-9a-f]{2}$/;
const ENTRY_NAME = /^[0-9a-f]{64}\.json$/;

/** The cache's entries; leftovers of killed writes (`*.tmp`) are removed. */
export async function listCacheEntries(dir: string): Promise<CacheEntryFile[]> {
  const entries: CacheEntryFile[] = [];
  const folders = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const folder of folders) {
    if (!folder.isDirectory() || !ENTRY_FOLDER.test(folder.name)) continue;
    const folderPath = path.join(dir, folder.name);
    for (const name of await readdir(folderPath).catch(() => [] as string[])) {
      const file = path.join(folderPath, name);
      if (name.endsWith(".tmp")) {
        await rm(file, { force: true });
        continue;
      }
      if (!ENTRY_NAME.test(name)) continue;
      const info = await stat(file).catch(() => null);
      if (info?.isFile()) entries.push({ file, name, bytes: info.size, mtimeMs: info.mtimeMs });
    }
  }
  return entries;
}

/** An entry as the cache reads it (a symlink or FIFO is never read: null). */
async function readEntry(file: string): Promise<Partial<CacheEntry> | null> {
  const value = await readCacheFile(file);
  return value && typeof value === "object" ? (value as Partial<CacheEntry>) : null;
}

/** An entry's age in ms at `now`; Infinity when it has no readable save time, or one in the future (never served). */
function ageOf(entry: Partial<CacheEntry> | null, now: number): number {
  const saved = Date.parse(entry?.savedAt ?? "");
  return Number.isFinite(saved) && saved <= now ? now - saved : Number.POSITIVE_INFINITY;
}

export interface CacheStats {
  dir: string;
  entries: number;
  bytes: number;
  /** Save times (ISO) of the oldest and newest entry. */
  oldest?: string;
  newest?: string;
  /** Entries past the max age (or unreadable): never served, overwritten when asked again. */
  expired: number;
  maxAgeMs: number;
  /** Entries per reported model identity ("gpt-4o-2024-08-06 fp_abc"; "not reported"). */
  byIdentity: Record<string, number>;
}

export async function cacheStats(dir: string, maxAgeMs: number, now = Date.now()): Promise<CacheStats> {
  const stats: CacheStats = { dir, entries: 0, bytes: 0, expired: 0, maxAgeMs, byIdentity: {} };
  for (const file of await listCacheEntries(dir)) {
    const entry = await readEntry(file.file);
    stats.entries++;
    stats.bytes += file.bytes;
    if (!(ageOf(entry, now) <= maxAgeMs)) stats.expired++;
    const saved = entry?.savedAt;
    if (typeof saved === "string" && Number.isFinite(Date.parse(saved))) {
      if (!stats.oldest || saved < stats.oldest) stats.oldest = saved;
      if (!stats.newest || saved > stats.newest) stats.newest = saved;
    }
    const identity = [entry?.identity?.model, entry?.identity?.fingerprint].filter(Boolean).join(" ") || "not reported";
    stats.byIdentity[identity] = (stats.byIdentity[identity] ?? 0) + 1;
  }
  return stats;
}

/** Removes every entry (or only those past maxAgeMs) and, when clearing all, the identities file; returns how many entries went. */
export async function clearCache(dir: string, options: { onlyOlderThanMs?: number; now?: number } = {}): Promise<number> {
  const now = options.now ?? Date.now();
  let removed = 0;
  for (const file of await listCacheEntries(dir)) {
    if (options.onlyOlderThanMs !== undefined && ageOf(await readEntry(file.file), now) <= options.onlyOlderThanMs) continue;
    await rm(file.file, { force: true });
    removed++;
  }
  if (options.onlyOlderThanMs === undefined) await rm(path.join(dir, IDENTITIES_FILE), { force: true });
  // Entry folders left empty go too (rmdir refuses a folder that still holds anything).
  for (const folder of await readdir(dir).catch(() => [] as string[]))
    if (ENTRY_FOLDER.test(folder)) await rmdir(path.join(dir, folder)).catch(() => {});
  return removed;
}
