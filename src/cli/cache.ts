// `evalgate cache stats|clear`: what the response cache holds (entries, size, ages, the model
// identities they were written under) and emptying it. The folder is the config's
// <output-dir>/cache, or --dir.
import { loadConfig } from "../config/load.ts";
import { MAX_AGE_MS } from "../config/primitives.ts";
import { engineOutputDir, responseCacheDir } from "../engine/output-dir.ts";
import { formatAge } from "../gate/format.ts";
import { cacheStats, clearCache } from "../models/cache-files.ts";
import { EXIT } from "../util/exit-codes.ts";
import { parseCommand } from "./command-args.ts";
import { ENVIRONMENT_OPTIONS } from "./environment.ts";
import { UsageError } from "./errors.ts";
import { durationUpTo, formatOptionsHelp, type OptionTable } from "./option-table.ts";
import { configOption, SHARED_OPTIONS } from "./shared-options.ts";

const CACHE_OPTIONS = {
  config: configOption("the suite config (its output-dir and cache.max-age)"),
  dir: { type: "string", arg: "<folder>", help: "the cache folder itself, instead of <output-dir>/cache of the config" },
  "max-age": {
    type: "string",
    arg: "<time>",
    help: "what counts as expired (default: the config's cache.max-age)",
    parse: durationUpTo(MAX_AGE_MS),
  },
  expired: { type: "boolean", help: "clear: remove only the expired entries" },
  json: SHARED_OPTIONS.json,
  ...ENVIRONMENT_OPTIONS,
} as const satisfies OptionTable;

const HELP = `Usage: evalgate cache <stats|clear> [options]

  stats   entries, size, the oldest and newest, how many expired, per reported model identity
  clear   remove the entries (all, or with --expired those past the max age); the next run asks again

${formatOptionsHelp(CACHE_OPTIONS)}`;

export async function cacheCommand(argv: string[]): Promise<number> {
  const { values, positionals } = await parseCommand(argv, CACHE_OPTIONS, {
    positionals: true,
    needsConfig: (values) => !(values.dir !== undefined && values["max-age"] !== undefined),
  });
  if (values.help) {
    process.stdout.write(`${HELP}\n`);
    return EXIT.pass;
  }
  const [action, extra] = positionals;
  if (action !== "stats" && action !== "clear")
    throw new UsageError(`cache expects "stats" or "clear", got ${action ? `"${action}"` : "nothing"}`);
  if (extra !== undefined) throw new UsageError(`unexpected argument "${extra}"`);
  const { dir, maxAgeMs } = await cacheFolder(values);
  if (action === "clear") {
    const removed = await clearCache(dir, values.expired ? { onlyOlderThanMs: maxAgeMs } : {});
    process.stdout.write(
      `${values.json ? JSON.stringify({ dir, removed }) : `evalgate: removed ${removed} cache entr${removed === 1 ? "y" : "ies"}${values.expired ? ` older than ${formatAge(maxAgeMs)}` : ""} from ${dir}`}\n`,
    );
    return EXIT.pass;
  }
  const stats = await cacheStats(dir, maxAgeMs);
  if (values.json) {
    process.stdout.write(`${JSON.stringify(stats, null, 2)}\n`);
    return EXIT.pass;
  }
  const now = Date.now();
  const age = (iso: string | undefined) => (iso ? `${formatAge(Math.max(0, now - Date.parse(iso)))} old (${iso})` : "—");
  const lines = [
    `response cache ${dir}`,
    `  entries  ${stats.entries} (${(stats.bytes / 2 ** 20).toFixed(1)} MiB)`,
    `  oldest   ${age(stats.oldest)}`,
    `  newest   ${age(stats.newest)}`,
    `  expired  ${stats.expired} (older than ${formatAge(maxAgeMs)}: not served, asked again)`,
    ...Object.entries(stats.byIdentity)
      .sort((a, b) => b[1] - a[1])
      .map(([identity, count]) => `  model    ${identity}: ${count}`),
  ];
  process.stdout.write(`${lines.join("\n")}\n`);
  return EXIT.pass;
}

/** The folder and max age: --dir and --max-age when given, else the config's. */
async function cacheFolder(values: { config: string; dir?: string; "max-age"?: number }): Promise<{ dir: string; maxAgeMs: number }> {
  if (values.dir && values["max-age"] !== undefined) return { dir: values.dir, maxAgeMs: values["max-age"] };
  const loaded = await loadConfig(values.config);
  return {
    dir: values.dir ?? responseCacheDir(engineOutputDir(loaded)),
    maxAgeMs: values["max-age"] ?? loaded.config.cache["max-age"],
  };
}
