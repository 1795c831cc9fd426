// The Dust CLI's flags on `evalgate run`: with no evalgate.yml they describe a judged suite on their
// own (`--agents a,b --csv prompts.csv --judge j --model a=http://…/v1`); with a config they override
// its judged suites' settings (the judge's also those of its agent suites with a judge) and its
// models' timeouts and retries. Either way the result goes
// through the same schema as a config file, so a flag can never make a config the loader would refuse.
import { access } from "node:fs/promises";
import path from "node:path";
import { stringify as stringifyYaml } from "yaml";
import { type LoadedConfig, parseConfig, parseConfigYaml, readConfigText } from "../config/load.ts";
import { UsageError } from "./errors.ts";
import { InvalidValue } from "./option-table.ts";

/** The judged-suite flags (Dust's names) and the model flags, as parsed by the option table. */
export interface ConfigFlags {
  agents?: string[] | undefined;
  csv?: string | undefined;
  judge?: string | undefined;
  runs?: number | undefined;
  "judge-runs"?: number | undefined;
  scale?: string | undefined;
  "min-agreement"?: number | undefined;
  /** A boolean flag: false means "not given", never "turn it off". */
  "judge-early-stop"?: boolean | undefined;
  "rejudge-baseline"?: boolean | undefined;
  timeout?: number | undefined;
  "max-retries"?: number | undefined;
  "retry-backoff"?: number | undefined;
  model?: ModelFlag[] | undefined;
}

export interface ModelFlag {
  name: string;
  url: string;
}

/** `--model NAME=URL`: an OpenAI-compatible endpoint; NAME is both the config name and the model sent. */
export function modelFlag(raw: string): ModelFlag {
  const match = /^([A-Za-z0-9_.-]+)=(https?:\/\/\S+)$/.exec(raw.trim());
  if (!match) throw new InvalidValue("NAME=URL, e.g. gpt-4o=https://api.openai.com/v1");
  return { name: match[1]!, url: match[2]! };
}

const SUITE_FLAGS = [
  "agents",
  "csv",
  "judge",
  "runs",
  "judge-runs",
  "scale",
  "min-agreement",
  "judge-early-stop",
  "rejudge-baseline",
] as const;

/** Whether a flag was given: an absent boolean flag parses as false. */
const given = (value: unknown) => value !== undefined && value !== false;
const MODEL_FLAGS = ["timeout", "max-retries", "retry-backoff"] as const;

export function hasConfigFlags(flags: ConfigFlags): boolean {
  return [...SUITE_FLAGS, ...MODEL_FLAGS].some((name) => given(flags[name])) || Boolean(flags.model?.length);
}

type RawConfig = {
  version?: number;
  models?: Record<string, Record<string, unknown>>;
  suites?: Record<string, Record<string, unknown>>;
} & Record<string, unknown>;

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/**
 * The config to run: the file with the flags applied, or (no file, Dust flags given) a config made of
 * the flags alone. `explicitConfig` says whether --config was given: then the file must exist.
 */
export async function configFromFlags(
  configPath: string,
  explicitConfig: boolean,
  flags: ConfigFlags,
  env: NodeJS.ProcessEnv,
  selectedSuites?: string[],
): Promise<LoadedConfig> {
  const absolute = path.resolve(configPath);
  const present = await exists(absolute);
  if (!present && explicitConfig) throw new UsageError(`--config: ${configPath} does not exist`);
  let raw: RawConfig;
  let dir: string;
  if (present) {
    const shown = path.relative(process.cwd(), absolute) || absolute;
    const text = await readConfigText(absolute, shown);
    const value = parseConfigYaml(text, shown).value ?? {};
    // Not a mapping: the loader says so, with the file and line.
    if (typeof value !== "object" || Array.isArray(value)) return parseConfig(text, absolute, shown);
    raw = value as RawConfig;
    dir = path.dirname(absolute);
  } else {
    for (const required of ["agents", "csv", "judge"] as const) {
      if (flags[required] === undefined)
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
      ...(env.OPENAI_API_KEY ? { "api-key-env": "OPENAI_API_KEY" } : {}),
    };
  }
  applySuiteFlags(raw, flags, dir, selectedSuites);
  for (const model of Object.values(raw.models)) {
    if (flags.timeout !== undefined) model.timeout = flags.timeout;
    if (flags["max-retries"] !== undefined) model["max-retries"] = flags["max-retries"];
    if (flags["retry-backoff"] !== undefined) model["retry-backoff"] = flags["retry-backoff"];
  }
  checkModelNames(raw, flags);
  const displayPath = present
    ? `${path.relative(process.cwd(), absolute) || absolute} (with command-line overrides)`
    : "command-line flags";
  return parseConfig(stringifyYaml(raw), present ? absolute : path.join(dir, "evalgate.yml"), displayPath);
}

/** The flags that set a judge's settings: they reach agent suites with a judge too (the same options there). */
const JUDGE_FLAGS = ["judge", "judge-runs", "scale", "judge-early-stop", "rejudge-baseline"] as const;

function applySuiteFlags(raw: RawConfig, flags: ConfigFlags, dir: string, selectedSuites: string[] | undefined): void {
  if (!SUITE_FLAGS.some((name) => given(flags[name]))) return;
  const suites = raw.suites!;
  const selected = ([name]: [string, unknown]) => !selectedSuites?.length || selectedSuites.includes(name);
  let judged = Object.entries(suites).filter((entry) => entry[1].kind === "judged" && selected(entry));
  const judgedAgents = Object.entries(suites).filter(
    (entry) => entry[1].kind === "agent" && entry[1].judge !== undefined && selected(entry),
  );
  const judgeFlagsOnly = SUITE_FLAGS.every((name) => !given(flags[name]) || (JUDGE_FLAGS as readonly string[]).includes(name));
  if (!judged.length && !judgedAgents.length && judgeFlagsOnly && Object.keys(suites).length) {
    const flag = JUDGE_FLAGS.find((name) => given(flags[name]))!;
    throw new UsageError(`--${flag}: no suite of the config has a judge for it to change (a judged suite, or an agent suite with judge:)`);
  }
  if (!judged.length && !(judgedAgents.length && judgeFlagsOnly)) {
    for (const required of ["agents", "csv", "judge"] as const) {
      if (flags[required] === undefined)
        throw new UsageError(`--${required} is required: the config has no judged suite for the flags to change`);
    }
    suites.judged = { kind: "judged" };
    judged = [["judged", suites.judged]];
    if (selectedSuites?.length && !selectedSuites.includes("judged")) selectedSuites.push("judged");
  }
  for (const [, suite] of judged) {
    if (flags.csv !== undefined) suite.prompts = path.relative(dir, path.resolve(flags.csv)).split(path.sep).join("/");
    if (flags.agents !== undefined) suite.agents = flags.agents;
    if (flags.runs !== undefined) suite.runs = flags.runs;
    if (flags["min-agreement"] !== undefined) suite["min-agreement"] = flags["min-agreement"];
  }
  for (const [, suite] of [...judged, ...judgedAgents]) applyJudgeFlags(suite, flags);
}

function applyJudgeFlags(suite: Record<string, unknown>, flags: ConfigFlags): void {
  if (flags.judge !== undefined) suite.judge = flags.judge;
  if (flags["judge-runs"] !== undefined) suite["judge-runs"] = flags["judge-runs"];
  if (flags.scale !== undefined) suite.scale = flags.scale;
  if (flags["judge-early-stop"]) suite["judge-early-stop"] = true;
  if (flags["rejudge-baseline"]) suite["rejudge-baseline"] = true;
}

/** A name in --agents or --judge that no model defines is the flag's mistake: say so, not the YAML's. */
function checkModelNames(raw: RawConfig, flags: ConfigFlags): void {
  const known = Object.keys(raw.models ?? {});
  for (const flag of ["agents", "judge"] as const) {
    const names = flags[flag] === undefined ? [] : Array.isArray(flags[flag]) ? flags[flag] : [flags[flag]];
    const missing = names.filter((name) => !known.includes(name));
    if (missing.length) {
      throw new UsageError(
        `--${flag}: no model named ${missing.map((m) => `"${m}"`).join(", ")}; give it as --model ${missing[0]}=<OpenAI-compatible base URL>${known.length ? ` or use one of: ${known.join(", ")}` : ""}`,
      );
    }
  }
}
