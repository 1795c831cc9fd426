// Options shared by `run` and `demo`: what to run and where to write. One table (see option-table.ts)
// gives the parser, the validation and the help text.
import type { RunOptions } from "../engine/run.ts";
import { parseShard } from "../engine/select.ts";
import { formatOptionsHelp, InvalidValue, integer, list, type OptionTable, type OptionValues, parseOptions } from "./option-table.ts";

function shard(raw: string) {
  try {
    return parseShard(raw);
  } catch {
    throw new InvalidValue("I/N with 1 <= I <= N, such as 1/4");
  }
}

export const RUN_OPTIONS = {
  config: { type: "string", short: "c", arg: "<file>", help: "the suite config", default: "evals/evalgate.yml" },
  suites: { type: "string", short: "s", arg: "<a,b>", help: "run only these suites", parse: list },
  filter: { type: "string", short: "f", arg: "<spec>", help: "cases by position (1,3,5 or 2-7) or a glob on the title (*refund*)" },
  sample: { type: "string", arg: "<n>", help: "a random sample of n cases (prompts) per suite", parse: integer(1) },
  seed: { type: "string", arg: "<n>", help: "seed for --sample, so the sample is reproducible", parse: integer(0) },
  repeat: {
    type: "string",
    arg: "<k>",
    help: "run every case k times (noise shown as spread and confidence intervals)",
    parse: integer(1),
  },
  shard: { type: "string", arg: "<i/n>", help: 'run shard i of n (stable by case id); combine with "evalgate merge"', parse: shard },
  resume: { type: "boolean", help: "continue an interrupted run without repeating finished cases" },
  "dry-run": { type: "boolean", help: "load and check everything, send no request" },
  "no-cache": { type: "boolean", help: "neither read nor write the response cache" },
  concurrency: { type: "string", arg: "<n>", help: "requests in flight across all models (default: the config's)", parse: integer(1) },
  out: { type: "string", short: "o", arg: "<file>", help: "results file (default: <output-dir>/results.json)" },
  baseline: { type: "string", arg: "<file>", help: "compare with this results file (default: the config's baseline store)" },
  branch: { type: "string", arg: "<name>", help: "pick the gate profile of this branch (e.g. release/2.0)" },
  markdown: { type: "string", arg: "<file>", help: "also write the markdown report (as posted on PRs)" },
  junit: { type: "string", arg: "<file>", help: "also write JUnit XML" },
  json: { type: "boolean", help: "print the verdict as JSON instead of text" },
  quiet: { type: "boolean", short: "q", help: "no progress output" },
} as const satisfies OptionTable;

export const RUN_OPTIONS_HELP = formatOptionsHelp(RUN_OPTIONS);

export type ParsedRunArgs = OptionValues<typeof RUN_OPTIONS>;

export function parseRunArgs(argv: string[]): ParsedRunArgs {
  return parseOptions(argv, RUN_OPTIONS).values;
}

export function toRunOptions(values: ParsedRunArgs, env: NodeJS.ProcessEnv = process.env): RunOptions {
  return {
    configPath: values.config,
    selection: {
      ...(values.suites?.length ? { suites: values.suites } : {}),
      ...(values.filter ? { filter: values.filter } : {}),
      ...(values.sample !== undefined ? { sample: values.sample } : {}),
      ...(values.seed !== undefined ? { seed: values.seed } : {}),
      repeat: values.repeat ?? 1,
      ...(values.shard ? { shard: values.shard } : {}),
    },
    resume: values.resume,
    dryRun: values["dry-run"],
    noCache: values["no-cache"],
    ...(values.out ? { resultsPath: values.out } : {}),
    ...(values.concurrency !== undefined ? { concurrency: values.concurrency } : {}),
    env,
    progress: values.quiet ? "none" : process.stderr.isTTY ? "tty" : "lines",
    handleSignals: true,
  };
}
