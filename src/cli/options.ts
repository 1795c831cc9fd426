// Options shared by `run` and `demo`: what to run and where to write. One table (see option-table.ts)
// gives the parser, the validation and the help text.

import { STDOUT } from "../config/output-file.ts";
import type { RunOptions } from "../engine/run.ts";
import { parseShard } from "../engine/select.ts";
import { type Command, parseCommand } from "./command-args.ts";
import { configFromFlags, hasConfigFlags, modelFlag } from "./config-flags.ts";
import { ENVIRONMENT_OPTIONS } from "./environment.ts";
import { UsageError } from "./errors.ts";
import {
  durationValue,
  formatOptionsHelp,
  InvalidValue,
  integer,
  list,
  names,
  type OptionTable,
  type OptionValues,
  oneOf,
  positiveNumber,
  ratioValue,
} from "./option-table.ts";
import { configOption, OUTPUT_OPTIONS, SHARED_OPTIONS } from "./shared-options.ts";

function shard(raw: string) {
  try {
    return parseShard(raw);
  } catch {
    throw new InvalidValue("I/N with 1 <= I <= N, such as 1/4");
  }
}

const BASE_OPTIONS = {
  config: configOption("the suite config"),
  suites: { type: "string", short: "s", arg: "<a,b>", help: "run only these suites", parse: names },
  filter: { type: "string", short: "f", arg: "<spec>", help: "cases by position (1,3,5 or 2-7) or a glob on the title (*refund*)" },
  sample: { type: "string", arg: "<n>", help: "a random sample of n cases (prompts) per suite", parse: integer(1) },
  seed: { type: "string", arg: "<n>", help: "seed for --sample, so the sample is reproducible", parse: integer(0) },
  repeat: {
    type: "string",
    arg: "<k>",
    help: "run every case k times, each a fresh request (over a suite's repeat:); adds pass^k, pass@k and the spread's split",
    parse: integer(1),
  },
  shard: {
    type: "string",
    arg: "<i/n>",
    help: 'run shard i of n (dealt by the baseline\'s case durations when it has them, else by case id); combine with "evalgate merge"',
    parse: shard,
  },
  "changed-since": {
    type: "string",
    arg: "<ref>",
    help: "run only the suites whose `paths:`, eval files or config changed since this git ref; carry the others from the baseline",
  },
  all: { type: "boolean", help: "run every suite, whatever changed (overrides --changed-since)" },
  pair: {
    type: "string",
    arg: "base",
    help: "run the base commit's system under test now too (merge base of HEAD and --changed-since's ref, default main) and compare case by case, for the suites whose inputs changed",
    parse: oneOf("base"),
  },
  resume: { type: "boolean", help: "continue an interrupted run without repeating finished cases" },
  "allow-large-plan": { type: "boolean", help: "run a plan of more than 1,000,000 requests (refused otherwise, exit 2)" },
  "dry-run": { type: "boolean", help: "load and check everything, send no request" },
  "no-cache": { type: "boolean", help: "neither read nor write the response cache" },
  "refresh-cache": {
    type: "boolean",
    help: "serve nothing from the response cache: ask every judge/simulator request again and overwrite its entry",
  },
  concurrency: { type: "string", arg: "<n>", help: "requests in flight across all models (default: the config's)", parse: integer(1) },
  deadline: {
    type: "string",
    arg: "<time>",
    help: "stop sending after this long (30m, 90s); the rest is not run, exit 3",
    parse: durationValue,
  },
  "budget-usd": {
    type: "string",
    arg: "<usd>",
    help: "stop sending before the spend could pass this many USD (price tables); exit 3",
    parse: positiveNumber,
  },
  "analysis-model": {
    type: "string",
    arg: "<model>",
    help: "after the gate, ask this model (under models:) what the failing cases have in common; overrides analysis.model",
  },
  out: { type: "string", short: "o", arg: "<file>", help: 'results file ("-": stdout; default: <output-dir>/results.json)' },
  baseline: { type: "string", arg: "<file>", help: "compare with this results file (default: the config's baseline store)" },
  branch: SHARED_OPTIONS.branch,
  json: SHARED_OPTIONS.json,
  quiet: { type: "boolean", short: "q", help: "no progress output" },
  verbose: { type: "boolean", help: "detailed logs: the effective config, progress lines, then a line per case (secrets redacted)" },
  details: SHARED_OPTIONS.details,
  ...ENVIRONMENT_OPTIONS,
} as const satisfies OptionTable;

/** Report files (report/outputs.ts); `--output`/`--output-file` are the Dust CLI's spelling of one of them. */
const REPORT_OPTIONS = {
  ...OUTPUT_OPTIONS,
  history: SHARED_OPTIONS.history,
  output: {
    type: "string",
    arg: "<format>",
    help: "console, json (results), csv (cases) or html",
    default: "console",
    parse: oneOf("console", "json", "csv", "html"),
  },
  "output-file": { type: "string", arg: "<file>", help: "where --output json|csv|html goes (required for html; stdout otherwise)" },
} as const satisfies OptionTable;

/** The Dust CLI's flags: a judged suite without a config, or overrides of the config's judged suites. */
export const JUDGED_FLAG_OPTIONS = {
  agents: { type: "string", arg: "<a,b>", help: "models whose answers are judged", parse: list },
  csv: { type: "string", arg: "<file>", help: "prompts CSV (prompt,judge_prompt[,files])" },
  judge: { type: "string", arg: "<model>", help: "the judge model" },
  model: {
    type: "string",
    arg: "<NAME=URL>",
    help: "an OpenAI-compatible model (repeatable); or use the config's models",
    parse: modelFlag,
    multiple: true,
  },
  runs: { type: "string", arg: "<n>", help: "answers per prompt per agent", parse: integer(1, 100) },
  "judge-runs": { type: "string", arg: "<n>", help: "judge votes per answer (majority vote)", parse: integer(1, 25) },
  "rejudge-baseline": { type: "boolean", help: "send the baseline's stored answers to the current judge and compare like with like" },
  "judge-early-stop": { type: "boolean", help: "stop an answer's judge votes once the rest cannot change its score" },
  scale: { type: "string", arg: "<scale>", help: "binary, 0-3, 1-5 or 0-100", parse: oneOf("binary", "0-3", "1-5", "0-100") },
  "min-agreement": { type: "string", arg: "<0-1>", help: "flag answers whose judges agree less than this", parse: ratioValue },
  timeout: { type: "string", arg: "<dur>", help: "per-request timeout of every model (30s, 2m, 120000)", parse: durationValue },
  "max-retries": { type: "string", arg: "<n>", help: "retries on 429, 5xx, network errors and timeouts", parse: integer(0, 10) },
  "retry-backoff": { type: "string", arg: "<dur>", help: "base of the exponential backoff (1s)", parse: durationValue },
} as const satisfies OptionTable;

export const RUN_OPTIONS = { ...BASE_OPTIONS, ...REPORT_OPTIONS, ...JUDGED_FLAG_OPTIONS } as const satisfies OptionTable;

/** `run --help`'s options, written when asked for (not on every run's start). */
export function runOptionsHelp(): string {
  return [
    formatOptionsHelp(BASE_OPTIONS),
    formatOptionsHelp(REPORT_OPTIONS, "Reports:"),
    formatOptionsHelp(JUDGED_FLAG_OPTIONS, "Judged suite from flags (no config needed; with a config they override its judged suites):"),
  ].join("\n\n");
}

export type ParsedRunArgs = OptionValues<typeof RUN_OPTIONS>;

/** `run`'s arguments; without a config, the Dust CLI's flags may describe the suite (config-flags.ts). */
export function parseRunArgs(argv: string[]): Promise<Command<typeof RUN_OPTIONS>> {
  return parseCommand(argv, RUN_OPTIONS, { needsConfig: (values) => !hasConfigFlags(values), checkFlags: checkRunFlags });
}

/** Flags of `run` (and `demo`) that need or exclude another. */
export function checkRunFlags(values: ParsedRunArgs): void {
  if (values.output === "html" && !values["output-file"]) throw new UsageError("--output html needs --output-file <file>");
  if (values.pair && values.resume) throw new UsageError("--pair base runs both halves afresh: it cannot --resume");
  if (values.pair && values.shard) throw new UsageError("--pair base pairs whole suites: it cannot run a --shard");
  if (values["no-cache"] && values["refresh-cache"])
    throw new UsageError("--no-cache and --refresh-cache contradict each other: --refresh-cache already reads nothing from the cache");
}

/** `given`: the flags on the command line, so a default --config path may be absent in flag-only mode. */
export function toRunOptions(values: ParsedRunArgs, env: NodeJS.ProcessEnv = process.env, given: Set<string> = new Set()): RunOptions {
  const suites = values.suites ? [...values.suites] : undefined;
  return {
    configPath: values.config,
    ...(hasConfigFlags(values) ? { loadConfig: () => configFromFlags(values.config, given.has("config"), values, env, suites) } : {}),
    selection: {
      ...(suites?.length ? { suites } : {}),
      ...(values.filter ? { filter: values.filter } : {}),
      ...(values.sample !== undefined ? { sample: values.sample } : {}),
      ...(values.seed !== undefined ? { seed: values.seed } : {}),
      ...(values.repeat !== undefined ? { repeat: values.repeat } : {}),
      ...(values.shard ? { shard: values.shard } : {}),
    },
    resume: values.resume,
    dryRun: values["dry-run"],
    noCache: values["no-cache"],
    refreshCache: values["refresh-cache"],
    ...(values.out && values.out !== STDOUT ? { resultsPath: values.out } : {}),
    ...(values.concurrency !== undefined ? { concurrency: values.concurrency } : {}),
    ...(values["allow-large-plan"] ? { allowLargePlan: true } : {}),
    ...(values.deadline !== undefined ? { deadlineMs: values.deadline } : {}),
    ...(values["budget-usd"] !== undefined ? { budgetUsd: values["budget-usd"] } : {}),
    env,
    progress: values.quiet ? "none" : process.stderr.isTTY && !values.verbose ? "tty" : "lines",
    handleSignals: true,
  };
}
