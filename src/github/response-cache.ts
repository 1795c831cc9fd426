// The response cache across CI runs: `<output-dir>/cache` (judge and simulator answers, keyed by
// request content) is restored from the Actions cache before the run and saved after it, so a rerun
// on unchanged inputs sends no judge or simulator request. The cache is an optimisation: every
// failure here is a warning, never a verdict.
//
// Keys: evalgate-responses-v1-<models>[-shard-I-of-N]-<config>-<branch>-<content>
//   models  hash of the cached models' identities (provider, model, base URL; never credentials) and
//           of the prompt files every judge or grader request is built from (judge-preamble, rubrics):
//           another judge or another shared judge prompt answers differently, so its cache is never restored
//   config  hash of evalgate.yml and the prompts files (each case's judge_prompt), preferred but not
//           required: entries are keyed by request content, so an edited judge prompt is a miss and
//           the other cases' entries are still served
//   branch  the branch under test; the restore keys drop it, so a PR starts from its base branch's
//           cache (the Actions cache lets a PR read its base branch's entries, not its siblings')
//   content hash of the entry names at save time: an unchanged cache is not saved again
import { createHash } from "node:crypto";
import { rm } from "node:fs/promises";
import path from "node:path";
import * as core from "@actions/core";
import type { LoadedConfig } from "../config/load.ts";
import { endpointUrl } from "../config/models.ts";
import type { EvalgateConfig } from "../config/schema.ts";
import { responseCacheDir } from "../engine/output-dir.ts";
import type { ShardSpec } from "../engine/select.ts";
import { IDENTITIES_FILE } from "../models/cache.ts";
import { type CacheEntryFile, listCacheEntries } from "../models/cache-files.ts";
import { redact } from "../util/redact.ts";
import { readRegularFile, readRegularFileSync } from "../util/regular-file.ts";

const KEY_PREFIX = "evalgate-responses-v1";
/** Suite fields that name the system under test, whose answers are not cached unless `cache: true`. */
const TARGET_FIELDS = ["agents", "target"];

/** The Actions cache, behind the calls evalgate makes (tests may pass another). */
export interface CacheService {
  available(): Promise<boolean>;
  /** The key restored (exact or by prefix), or undefined on a miss. */
  restore(paths: string[], primaryKey: string, restoreKeys: string[]): Promise<string | undefined>;
  /** The cache id, or -1 when nothing was saved (the toolkit logs why). */
  save(paths: string[], key: string): Promise<number>;
}

// Imported on first use: the toolkit (with the Azure SDK) is a large part of the action's start-up.
const toolkit = () => import("@actions/cache");

export const actionsCacheService: CacheService = {
  // Without either service URL there is no cache service: say so without loading the toolkit.
  available: async () =>
    Boolean(process.env.ACTIONS_RESULTS_URL || process.env.ACTIONS_CACHE_URL) && (await toolkit()).isFeatureAvailable(),
  restore: async (paths, primaryKey, restoreKeys) => (await toolkit()).restoreCache(paths, primaryKey, restoreKeys),
  save: async (paths, key) => (await toolkit()).saveCache(paths, key),
};

export interface ResponseCachePlan {
  /** Absolute folder of the response cache, as the engine uses it. */
  dir: string;
  /** The same folder as given to the Actions cache: relative to the workspace, so runners agree. */
  cachePath: string;
  /** Tried first: this branch's newest cache of this config. */
  primaryKey: string;
  restoreKeys: string[];
  /** The key without its content hash: what a save appends to. */
  saveKeyPrefix: string;
  maxBytes: number;
}

export interface CacheSettings {
  enabled: boolean;
  maxBytes: number;
}

/** Models whose answers the engine may cache: any called as a judge or simulator, and anything with `cache: true`. */
export function cachedModelIdentities(config: EvalgateConfig): string[] {
  const asTarget = new Set<string>();
  const asOther = new Set<string>(); // judge, simulator, grader…: cached unless the model says otherwise
  for (const suite of Object.values(config.suites) as Record<string, unknown>[]) {
    for (const [field, value] of Object.entries(suite)) {
      for (const name of Array.isArray(value) ? value : [value]) {
        if (typeof name !== "string" || !(name in config.models)) continue;
        (TARGET_FIELDS.includes(field) ? asTarget : asOther).add(name);
      }
    }
  }
  const identities: string[] = [];
  for (const [name, model] of Object.entries(config.models)) {
    if (!(model.cache ?? (asOther.has(name) || !asTarget.has(name)))) continue;
    // Where its answers come from: its URL, or the program a command target runs.
    const url = endpointUrl(model);
    const endpoint = url ? withoutCredentials(url.value) : "command" in model ? JSON.stringify(model.command) : "";
    const modelName = "model" in model ? model.model : "";
    identities.push(JSON.stringify([model.provider, modelName, endpoint]));
  }
  return identities.sort();
}

/** Files every judge or grader request of a suite is built from: a change makes every old entry a miss. */
const SHARED_JUDGE_PROMPT_FIELDS = ["judge-preamble", "rubrics"];
/** A judged suite's prompts CSV: its judge_prompt column holds each case's criteria. */
const CASE_JUDGE_PROMPT_FIELDS = ["prompts"];

/** The text of the files the suites' `fields` name, in config order (an unreadable one as its name). */
export function suiteFileTexts(loaded: Pick<LoadedConfig, "config" | "dir">, fields: string[]): string[] {
  const texts: string[] = [];
  for (const [name, suite] of Object.entries(loaded.config.suites) as [string, Record<string, unknown>][]) {
    for (const field of fields) {
      const file = suite[field];
      if (typeof file !== "string") continue;
      let text: string;
      try {
        text = readRegularFileSync(path.resolve(loaded.dir, file), "utf8");
      } catch {
        text = `unreadable ${file}`;
      }
      texts.push(`${name}.${field}\n${text}`);
    }
  }
  return texts;
}

/** Scheme, host, port and path: a user, password or query (where a key may hide) never enters a key, even hashed. */
function withoutCredentials(endpoint: string): string {
  try {
    const url = new URL(endpoint);
    return `${url.protocol}//${url.host}${url.pathname}`;
  } catch {
    return endpoint.replace(/[?#].*$/, "").replace(/\/\/[^/@]*@/, "//");
  }
}

const shortHash = (text: string, length: number) => createHash("sha256").update(text).digest("hex").slice(0, length);

/** A branch name as a key segment: no commas (the toolkit refuses them), short, readable. */
function keySegment(branch: string | undefined): string {
  return (branch ?? "no-branch").replace(/[^A-Za-z0-9._/-]/g, "_").slice(0, 80);
}

export function planResponseCache(
  loaded: Pick<LoadedConfig, "config" | "text" | "dir">,
  /** outDir: where the engine writes (its cache is outDir/cache, as engine/run.ts has it). */
  options: { outDir: string; branch?: string; shard?: ShardSpec; workspace: string; maxBytes: number },
): ResponseCachePlan {
  const dir = responseCacheDir(options.outDir);
  const relative = path.relative(options.workspace, dir);
  const cachePath = relative && !relative.startsWith("..") && !path.isAbsolute(relative) ? relative.split(path.sep).join("/") : dir;
  const models = shortHash(JSON.stringify([cachedModelIdentities(loaded.config), suiteFileTexts(loaded, SHARED_JUDGE_PROMPT_FIELDS)]), 12);
  const shard = options.shard ? `-shard-${options.shard.index}-of-${options.shard.total}` : "";
  const base = `${KEY_PREFIX}-${models}${shard}`;
  const config = shortHash(JSON.stringify([loaded.text, suiteFileTexts(loaded, CASE_JUDGE_PROMPT_FIELDS)]), 16);
  const own = `${base}-${config}-${keySegment(options.branch)}-`;
  return {
    dir,
    cachePath,
    primaryKey: own,
    // Own branch first, then any branch this run may read (its base), then any config.
    restoreKeys: [own, `${base}-${config}-`, `${base}-`],
    saveKeyPrefix: own,
    maxBytes: options.maxBytes,
  };
}

/** Deletes the oldest entries until the rest fit in maxBytes; returns what is kept. */
export async function evictOldest(dir: string, maxBytes: number): Promise<{ kept: CacheEntryFile[]; evicted: number; bytes: number }> {
  const entries = (await listCacheEntries(dir)).sort((a, b) => a.mtimeMs - b.mtimeMs || a.name.localeCompare(b.name));
  let bytes = entries.reduce((sum, entry) => sum + entry.bytes, 0);
  let evicted = 0;
  while (bytes > maxBytes && evicted < entries.length) {
    const oldest = entries[evicted]!;
    await rm(oldest.file, { force: true });
    bytes -= oldest.bytes;
    evicted++;
  }
  return { kept: entries.slice(evicted), evicted, bytes };
}

/**
 * The hash of what would be saved: every entry's name and bytes, and the identities file. Bytes, not
 * names only: a refreshed (overwritten) entry keeps its name, and must still be saved as new content.
 */
export async function contentHash(dir: string, entries: Pick<CacheEntryFile, "file" | "name">[]): Promise<string> {
  const hash = createHash("sha256");
  const files = [...entries].sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of [...files, { file: path.join(dir, IDENTITIES_FILE), name: IDENTITIES_FILE }]) {
    const bytes = await readRegularFile(entry.file).catch(() => null);
    if (bytes) hash.update(`${entry.name}\n${bytes.length}\n`).update(bytes);
  }
  return hash.digest("hex").slice(0, 16);
}

const warn = (what: string, error: unknown) =>
  core.warning(redact(`evalgate: ${what} (the run goes on without it): ${error instanceof Error ? error.message : String(error)}`));

export interface RestoreOutcome {
  restoredKey?: string;
  /** One line for the log. */
  note: string;
}

export async function restoreResponseCache(plan: ResponseCachePlan, service: CacheService = actionsCacheService): Promise<RestoreOutcome> {
  if (!(await service.available())) return { note: "response cache: no Actions cache service on this runner, not restored" };
  try {
    const restoredKey = await service.restore([plan.cachePath], plan.primaryKey, plan.restoreKeys);
    if (!restoredKey) return { note: "response cache: nothing to restore yet" };
    const entries = await listCacheEntries(plan.dir);
    return { restoredKey, note: `response cache: restored ${entries.length} entries from ${restoredKey}` };
  } catch (error) {
    warn("could not restore the response cache", error);
    return { note: "response cache: restore failed" };
  }
}

export interface SaveOutcome {
  savedKey?: string;
  evicted: number;
  note: string;
}

/** Evicts down to the size cap, then saves under a key naming the content, unless it is what was restored. */
export async function saveResponseCache(
  plan: ResponseCachePlan,
  restoredKey: string | undefined,
  service: CacheService = actionsCacheService,
): Promise<SaveOutcome> {
  if (!(await service.available())) return { evicted: 0, note: "response cache: no Actions cache service on this runner, not saved" };
  try {
    const { kept, evicted, bytes } = await evictOldest(plan.dir, plan.maxBytes);
    const evictedNote = evicted ? `, ${evicted} oldest evicted to stay under ${Math.round(plan.maxBytes / 2 ** 20)} MiB` : "";
    if (kept.length === 0) return { evicted, note: `response cache: empty, not saved${evictedNote}` };
    const content = await contentHash(plan.dir, kept);
    if (restoredKey?.endsWith(`-${content}`)) return { evicted, note: `response cache: unchanged since ${restoredKey}, not saved` };
    const key = `${plan.saveKeyPrefix}${content}`;
    const id = await service.save([plan.cachePath], key);
    if (id === -1) return { evicted, note: `response cache: not saved as ${key} (see the toolkit's message above)` };
    const size = (bytes / 2 ** 20).toFixed(1);
    return { savedKey: key, evicted, note: `response cache: saved ${kept.length} entries (${size} MiB) as ${key}${evictedNote}` };
  } catch (error) {
    warn("could not save the response cache", error);
    return { evicted: 0, note: "response cache: save failed" };
  }
}
