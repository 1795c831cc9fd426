// Options shared by `run` and `demo`: what to run and where to write.
import { parseArgs } from "node:util";
import { parseDuration } from "../config/primitives.ts";
import type { RunOptions } from "../engine/run.ts";
import { parseShard } from "../engine/select.ts";
import { UsageError } from "./errors.ts";

export const RUN_OPTIONS_HELP = `Options:
  -c, --config <file>     the suite config (default: evals/evalgate.yml)
  -s, --suites <a,b>      run only these suites
  -f, --filter <spec>     cases by position (1,3,5 or 2-7) or a glob on the title (*refund*)
      --sample <n>        a random sample of n cases (prompts) per suite
      --seed <n>          seed for --sample, so the sample is reproducible
      --repeat <k>        run every case k times (noise shown as spread and confidence intervals)
      --shard <i/n>       run shard i of n (stable by case id); combine with "evalgate merge"
      --resume            continue an interrupted run without repeating finished cases
      --dry-run           load and check everything, send no request
      --no-cache          neither read nor write the response cache
      --concurrency <n>   requests in flight across all models (default: the config's)
      --deadline <time>   stop sending after this long (30m, 90s); the rest is not run, exit 3
      --budget-usd <n>    stop sending before the spend could pass n USD (price tables); exit 3
  -o, --out <file>        results file (default: <output-dir>/results.json)
      --baseline <file>   compare with this results file (default: the config's baseline store)
      --branch <name>     pick the gate profile of this branch (e.g. release/2.0)
      --markdown <file>   also write the markdown report (as posted on PRs)
      --junit <file>      also write JUnit XML
      --sqlite <file>     also write the results to a SQLite file (runs, suites, cases, metrics; FlexEval's tables)
      --json              print the verdict as JSON instead of text
  -q, --quiet             no progress output`;

export const runOptionSpec = {
  config: { type: "string", short: "c", default: "evals/evalgate.yml" },
  suites: { type: "string", short: "s" },
  filter: { type: "string", short: "f" },
  sample: { type: "string" },
  seed: { type: "string" },
  repeat: { type: "string" },
  shard: { type: "string" },
  resume: { type: "boolean", default: false },
  "dry-run": { type: "boolean", default: false },
  "no-cache": { type: "boolean", default: false },
  concurrency: { type: "string" },
  deadline: { type: "string" },
  "budget-usd": { type: "string" },
  out: { type: "string", short: "o" },
  baseline: { type: "string" },
  branch: { type: "string" },
  markdown: { type: "string" },
  junit: { type: "string" },
  sqlite: { type: "string" },
  json: { type: "boolean", default: false },
  quiet: { type: "boolean", short: "q", default: false },
  help: { type: "boolean", short: "h", default: false },
} as const;

export type ParsedRunArgs = ReturnType<typeof parseRunArgs>;

export function parseRunArgs(argv: string[], extra: Record<string, { type: "string" | "boolean"; default?: string | boolean }> = {}) {
  const { values, positionals } = parseArgs({ args: argv, options: { ...runOptionSpec, ...extra }, allowPositionals: true, strict: true });
  if (positionals.length) throw new UsageError(`unexpected argument "${positionals[0]}"`);
  return values as typeof values & Record<string, string | boolean | undefined>;
}

export function toRunOptions(values: ParsedRunArgs, env: NodeJS.ProcessEnv = process.env): RunOptions {
  const integer = (name: string, min: number) => {
    const raw = values[name];
    if (raw === undefined) return undefined;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min) throw new UsageError(`--${name} expects a whole number >= ${min}, got "${raw}"`);
    return n;
  };
  let shard: RunOptions["selection"]["shard"];
  try {
    shard = values.shard ? parseShard(String(values.shard)) : undefined;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const suites = values.suites
    ? String(values.suites)
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
    : undefined;
  const sample = integer("sample", 1);
  const seed = integer("seed", 0);
  const concurrency = integer("concurrency", 1);
  let deadlineMs: number | undefined;
  if (values.deadline !== undefined) {
    try {
      deadlineMs = parseDuration(String(values.deadline));
      if (deadlineMs <= 0) throw new Error("not positive");
    } catch {
      throw new UsageError(`--deadline expects a duration such as 30m, 90s or 2h, got "${values.deadline}"`);
    }
  }
  const budgetUsd = values["budget-usd"] === undefined ? undefined : Number(values["budget-usd"]);
  if (budgetUsd !== undefined && !(budgetUsd > 0))
    throw new UsageError(`--budget-usd expects a positive number of USD, got "${values["budget-usd"]}"`);
  return {
    configPath: String(values.config),
    selection: {
      ...(suites?.length ? { suites } : {}),
      ...(values.filter ? { filter: String(values.filter) } : {}),
      ...(sample !== undefined ? { sample } : {}),
      ...(seed !== undefined ? { seed } : {}),
      repeat: integer("repeat", 1) ?? 1,
      ...(shard ? { shard } : {}),
    },
    resume: Boolean(values.resume),
    dryRun: Boolean(values["dry-run"]),
    noCache: Boolean(values["no-cache"]),
    ...(values.out ? { resultsPath: String(values.out) } : {}),
    ...(concurrency !== undefined ? { concurrency } : {}),
    ...(deadlineMs !== undefined ? { deadlineMs } : {}),
    ...(budgetUsd !== undefined ? { budgetUsd } : {}),
    env,
    progress: values.quiet ? "none" : process.stderr.isTTY ? "tty" : "lines",
    handleSignals: true,
  };
}
