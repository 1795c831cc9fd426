#!/usr/bin/env node
import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);
import {
  SHARED_OPTIONS
} from "./chunk-WK62MJEO.js";
import {
  InvalidValue,
  durationValue,
  formatOptionsHelp,
  integer,
  list,
  oneOf,
  parseOptions,
  positiveNumber,
  ratioValue
} from "./chunk-NWDDUUXL.js";
import {
  parseShard,
  planEvaluation,
  runEvaluation
} from "./chunk-R2ZI4W4O.js";
import {
  loadConfig,
  parseConfig,
  parseConfigYaml,
  readConfigText
} from "./chunk-XBCLNMO5.js";
import {
  EXIT,
  UsageError,
  exitCodeOf
} from "./chunk-YIO6E4VB.js";
import {
  require_dist
} from "./chunk-FB7BGH6U.js";
import {
  redact
} from "./chunk-WFVRFHK2.js";
import {
  formatProblem,
  plural
} from "./chunk-UZVVKZBF.js";
import {
  ResultsFileError,
  readResultsFile
} from "./chunk-NGCLNXDY.js";
import {
  __toESM
} from "./chunk-WNP4D27T.js";

// src/cli/config-flags.ts
var import_yaml = __toESM(require_dist(), 1);
import { access } from "node:fs/promises";
import path from "node:path";
function modelFlag(raw) {
  const match = /^([A-Za-z0-9_.-]+)=(https?:\/\/\S+)$/.exec(raw.trim());
  if (!match) throw new InvalidValue("NAME=URL, e.g. gpt-4o=https://api.openai.com/v1");
  return { name: match[1], url: match[2] };
}
var SUITE_FLAGS = ["agents", "csv", "judge", "runs", "judge-runs", "scale", "min-agreement"];
var MODEL_FLAGS = ["timeout", "max-retries", "retry-backoff"];
function hasConfigFlags(flags) {
  return [...SUITE_FLAGS, ...MODEL_FLAGS].some((name) => flags[name] !== void 0) || Boolean(flags.model?.length);
}
var exists = (file) => access(file).then(
  () => true,
  () => false
);
async function configFromFlags(configPath, explicitConfig, flags, env, selectedSuites) {
  const absolute = path.resolve(configPath);
  const present = await exists(absolute);
  if (!present && explicitConfig) throw new UsageError(`--config: ${configPath} does not exist`);
  let raw;
  let dir;
  if (present) {
    const shown = path.relative(process.cwd(), absolute) || absolute;
    const text = await readConfigText(absolute, shown);
    const value = parseConfigYaml(text, shown).value ?? {};
    if (typeof value !== "object" || Array.isArray(value)) return parseConfig(text, absolute, shown);
    raw = value;
    dir = path.dirname(absolute);
  } else {
    for (const required of ["agents", "csv", "judge"]) {
      if (flags[required] === void 0)
        throw new UsageError(`--${required} is required without a config file (${configPath} does not exist)`);
    }
    raw = { version: 1, models: {}, suites: {} };
    dir = process.cwd();
  }
  raw.models ??= {};
  raw.suites ??= {};
  for (const model of flags.model ?? []) {
    raw.models[model.name] = {
      provider: "openai",
      "base-url": model.url,
      model: model.name,
      ...env.OPENAI_API_KEY ? { "api-key-env": "OPENAI_API_KEY" } : {}
    };
  }
  applySuiteFlags(raw, flags, dir, selectedSuites);
  for (const model of Object.values(raw.models)) {
    if (flags.timeout !== void 0) model.timeout = flags.timeout;
    if (flags["max-retries"] !== void 0) model["max-retries"] = flags["max-retries"];
    if (flags["retry-backoff"] !== void 0) model["retry-backoff"] = flags["retry-backoff"];
  }
  checkModelNames(raw, flags);
  const displayPath = present ? `${path.relative(process.cwd(), absolute) || absolute} (with command-line overrides)` : "command-line flags";
  return parseConfig((0, import_yaml.stringify)(raw), present ? absolute : path.join(dir, "evalgate.yml"), displayPath);
}
function applySuiteFlags(raw, flags, dir, selectedSuites) {
  if (!SUITE_FLAGS.some((name) => flags[name] !== void 0)) return;
  const suites = raw.suites;
  let judged = Object.entries(suites).filter(
    ([name, suite]) => suite.kind === "judged" && (!selectedSuites?.length || selectedSuites.includes(name))
  );
  if (!judged.length) {
    for (const required of ["agents", "csv", "judge"]) {
      if (flags[required] === void 0)
        throw new UsageError(`--${required} is required: the config has no judged suite for the flags to change`);
    }
    suites.judged = { kind: "judged" };
    judged = [["judged", suites.judged]];
    if (selectedSuites?.length && !selectedSuites.includes("judged")) selectedSuites.push("judged");
  }
  for (const [, suite] of judged) {
    if (flags.csv !== void 0) suite.prompts = path.relative(dir, path.resolve(flags.csv)).split(path.sep).join("/");
    if (flags.agents !== void 0) suite.agents = flags.agents;
    if (flags.judge !== void 0) suite.judge = flags.judge;
    if (flags.runs !== void 0) suite.runs = flags.runs;
    if (flags["judge-runs"] !== void 0) suite["judge-runs"] = flags["judge-runs"];
    if (flags.scale !== void 0) suite.scale = flags.scale;
    if (flags["min-agreement"] !== void 0) suite["min-agreement"] = flags["min-agreement"];
  }
}
function checkModelNames(raw, flags) {
  const known = Object.keys(raw.models ?? {});
  for (const flag of ["agents", "judge"]) {
    const names = flags[flag] === void 0 ? [] : Array.isArray(flags[flag]) ? flags[flag] : [flags[flag]];
    const missing = names.filter((name) => !known.includes(name));
    if (missing.length) {
      throw new UsageError(
        `--${flag}: no model named ${missing.map((m) => `"${m}"`).join(", ")}; give it as --model ${missing[0]}=<OpenAI-compatible base URL>${known.length ? ` or use one of: ${known.join(", ")}` : ""}`
      );
    }
  }
}

// src/cli/options.ts
function shard(raw) {
  try {
    return parseShard(raw);
  } catch {
    throw new InvalidValue("I/N with 1 <= I <= N, such as 1/4");
  }
}
var BASE_OPTIONS = {
  config: { type: "string", short: "c", arg: "<file>", help: "the suite config", default: "evals/evalgate.yml" },
  suites: { type: "string", short: "s", arg: "<a,b>", help: "run only these suites", parse: list },
  filter: { type: "string", short: "f", arg: "<spec>", help: "cases by position (1,3,5 or 2-7) or a glob on the title (*refund*)" },
  sample: { type: "string", arg: "<n>", help: "a random sample of n cases (prompts) per suite", parse: integer(1) },
  seed: { type: "string", arg: "<n>", help: "seed for --sample, so the sample is reproducible", parse: integer(0) },
  repeat: {
    type: "string",
    arg: "<k>",
    help: "run every case k times (noise shown as spread and confidence intervals)",
    parse: integer(1)
  },
  shard: { type: "string", arg: "<i/n>", help: 'run shard i of n (stable by case id); combine with "evalgate merge"', parse: shard },
  resume: { type: "boolean", help: "continue an interrupted run without repeating finished cases" },
  "dry-run": { type: "boolean", help: "load and check everything, send no request" },
  "no-cache": { type: "boolean", help: "neither read nor write the response cache" },
  concurrency: { type: "string", arg: "<n>", help: "requests in flight across all models (default: the config's)", parse: integer(1) },
  deadline: {
    type: "string",
    arg: "<time>",
    help: "stop sending after this long (30m, 90s); the rest is not run, exit 3",
    parse: durationValue
  },
  "budget-usd": {
    type: "string",
    arg: "<usd>",
    help: "stop sending before the spend could pass this many USD (price tables); exit 3",
    parse: positiveNumber
  },
  out: { type: "string", short: "o", arg: "<file>", help: "results file (default: <output-dir>/results.json)" },
  baseline: { type: "string", arg: "<file>", help: "compare with this results file (default: the config's baseline store)" },
  branch: SHARED_OPTIONS.branch,
  markdown: SHARED_OPTIONS.markdown,
  junit: SHARED_OPTIONS.junit,
  json: SHARED_OPTIONS.json,
  quiet: { type: "boolean", short: "q", help: "no progress output" },
  verbose: { type: "boolean", help: "detailed logs: the effective config, progress lines, then a line per case (secrets redacted)" },
  details: SHARED_OPTIONS.details
};
var REPORT_OPTIONS = {
  html: SHARED_OPTIONS.html,
  sqlite: {
    type: "string",
    arg: "<file>",
    help: "also write the results to a SQLite file (runs, suites, cases, metrics; FlexEval's tables)"
  },
  "csv-dir": { type: "string", arg: "<dir>", help: "also write cases.csv and metrics.csv into this folder" },
  history: SHARED_OPTIONS.history,
  output: {
    type: "string",
    arg: "<format>",
    help: "console, json (results), csv (cases) or html",
    default: "console",
    parse: oneOf("console", "json", "csv", "html")
  },
  "output-file": { type: "string", arg: "<file>", help: "where --output json|csv|html goes (required for html; stdout otherwise)" }
};
var JUDGED_FLAG_OPTIONS = {
  agents: { type: "string", arg: "<a,b>", help: "models whose answers are judged", parse: list },
  csv: { type: "string", arg: "<file>", help: "prompts CSV (prompt,judge_prompt[,files])" },
  judge: { type: "string", arg: "<model>", help: "the judge model" },
  model: {
    type: "string",
    arg: "<NAME=URL>",
    help: "an OpenAI-compatible model (repeatable); or use the config's models",
    parse: modelFlag,
    multiple: true
  },
  runs: { type: "string", arg: "<n>", help: "answers per prompt per agent", parse: integer(1, 100) },
  "judge-runs": { type: "string", arg: "<n>", help: "judge votes per answer (majority vote)", parse: integer(1, 25) },
  scale: { type: "string", arg: "<scale>", help: "binary, 0-3, 1-5 or 0-100", parse: oneOf("binary", "0-3", "1-5", "0-100") },
  "min-agreement": { type: "string", arg: "<0-1>", help: "flag answers whose judges agree less than this", parse: ratioValue },
  timeout: { type: "string", arg: "<dur>", help: "per-request timeout of every model (30s, 2m, 120000)", parse: durationValue },
  "max-retries": { type: "string", arg: "<n>", help: "retries on 429, 5xx, network errors and timeouts", parse: integer(0, 10) },
  "retry-backoff": { type: "string", arg: "<dur>", help: "base of the exponential backoff (1s)", parse: durationValue }
};
var RUN_OPTIONS = { ...BASE_OPTIONS, ...REPORT_OPTIONS, ...JUDGED_FLAG_OPTIONS };
var RUN_OPTIONS_HELP = [
  formatOptionsHelp(BASE_OPTIONS),
  formatOptionsHelp(REPORT_OPTIONS, "Reports:"),
  formatOptionsHelp(JUDGED_FLAG_OPTIONS, "Judged suite from flags (no config needed; with a config they override its judged suites):")
].join("\n\n");
function parseRunArgs(argv) {
  const { values, given } = parseOptions(argv, RUN_OPTIONS);
  return { values, given };
}
function toRunOptions(values, env = process.env, given = /* @__PURE__ */ new Set()) {
  const suites = values.suites ? [...values.suites] : void 0;
  return {
    configPath: values.config,
    ...hasConfigFlags(values) ? { loadConfig: () => configFromFlags(values.config, given.has("config"), values, env, suites) } : {},
    selection: {
      ...suites?.length ? { suites } : {},
      ...values.filter ? { filter: values.filter } : {},
      ...values.sample !== void 0 ? { sample: values.sample } : {},
      ...values.seed !== void 0 ? { seed: values.seed } : {},
      repeat: values.repeat ?? 1,
      ...values.shard ? { shard: values.shard } : {}
    },
    resume: values.resume,
    dryRun: values["dry-run"],
    noCache: values["no-cache"],
    ...values.out ? { resultsPath: values.out } : {},
    ...values.concurrency !== void 0 ? { concurrency: values.concurrency } : {},
    ...values.deadline !== void 0 ? { deadlineMs: values.deadline } : {},
    ...values["budget-usd"] !== void 0 ? { budgetUsd: values["budget-usd"] } : {},
    env,
    progress: values.quiet ? "none" : process.stderr.isTTY && !values.verbose ? "tty" : "lines",
    handleSignals: true
  };
}

// src/cli/run.ts
async function runCommand(argv, env = process.env) {
  const { values, given } = parseRunArgs(argv);
  if (values.help) {
    process.stdout.write(`Usage: evalgate run [options]

${RUN_OPTIONS_HELP}
`);
    return EXIT.pass;
  }
  return runWithOptions(toRunOptions(values, env, given), values);
}
function verboseLoader(options) {
  const load = options.loadConfig ?? (() => loadConfig(options.configPath));
  return async () => {
    const loaded = await load();
    process.stderr.write(redact(`evalgate: config ${loaded.displayPath}
${JSON.stringify(loaded.config, null, 2)}
`));
    return loaded;
  };
}
async function runWithOptions(options, values) {
  if (values.output === "html" && !values["output-file"]) throw new UsageError("--output html needs --output-file <file>");
  if (values.verbose) options = { ...options, loadConfig: verboseLoader(options) };
  const history = values.history ? await (await import("./history-files-RS447TW2.js")).readHistoryFiles(values.history) : [];
  if (options.dryRun) {
    printPlan(await planEvaluation(options));
    return EXIT.pass;
  }
  const explicit = values.baseline ? { baseline: await readExplicitBaseline(String(values.baseline)), source: String(values.baseline) } : void 0;
  let baselineSource = "";
  let outcomeModule;
  const loadOutcome = () => {
    outcomeModule ??= import("./run-outcome-JGZRJBEG.js");
    return outcomeModule;
  };
  const outcome = await runEvaluation({
    ...options,
    // Parsed while the first requests are in flight, so the finish does not wait for it.
    whileRunning: () => void loadOutcome().catch(() => void 0),
    decide: async (results, { config, rootDir }) => {
      const { decideLocally } = await loadOutcome();
      const decided = await decideLocally(results, config, rootDir, explicit, values.branch ? String(values.branch) : void 0);
      baselineSource = decided.baselineSource;
      return decided.verdict;
    }
  });
  const verdict = outcome.results.verdict;
  await (await loadOutcome()).reportRun(outcome, verdict, values, history, baselineSource);
  return exitCodeOf(verdict);
}
async function readExplicitBaseline(file) {
  try {
    return await readResultsFile(file);
  } catch (error) {
    if (error instanceof ResultsFileError && error.reason !== "unreadable") throw new UsageError(`--baseline ${error.message}`);
    throw error;
  }
}
function printPlan(plan) {
  const lines = [`dry run: ${plan.loaded.displayPath} is valid; no request sent`];
  for (const suite of plan.suites) {
    lines.push(`  ${suite.name} (${suite.kind}): ${plural(suite.cases.length, "case")}`);
    for (const warning of suite.warnings) lines.push(`    warning: ${formatProblem(warning)}`);
  }
  lines.push(`  models: ${plan.models.join(", ") || "none"}`);
  for (const reason of plan.partial) lines.push(`  partial run: ${reason}`);
  process.stdout.write(`${lines.join("\n")}
`);
}

export {
  RUN_OPTIONS,
  toRunOptions,
  runCommand,
  runWithOptions
};
