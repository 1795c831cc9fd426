// The action's inputs, read from the environment as the runner sets them (INPUT_<NAME>). On
// workflow_dispatch the event's own inputs fill what the step leaves empty, which is why action.yml
// gives the dispatchable inputs no default: a default would always be set and shadow the event.
import type { StoreRequest } from "../baseline/policy.ts";
import { InvalidValue, optionValue, type StringOption } from "../cli/option-table.ts";
import { RUN_OPTIONS } from "../cli/options.ts";
import { DEFAULT_CONFIG_PATH } from "../config/default-path.ts";
import { REPORT_OUTPUTS, type ReportTargets } from "../report/outputs.ts";
import type { RunSelection } from "../results/types.ts";
import type { RunContext } from "./context.ts";
import { splitPatterns } from "./shards.ts";

export interface ActionInputs {
  config: string;
  selection: RunSelection;
  storeBaseline: StoreRequest;
  token: string;
  failOnGate: boolean;
  /** The check run's conclusion when the verdict is error (an infrastructure error). */
  onError: "fail" | "neutral";
  comment: boolean;
  checkRun: boolean;
  checkName: string;
  deadlineMs?: number;
  budgetUsd?: number;
  /** Report outputs by name (report/outputs.ts), each from its own input; markdown and junit default to the output folder. */
  outputs: ReportTargets;
  /** `merge:` paths or globs of shard results files: merge them, then gate and report once. */
  merge?: string[];
  /** `results:` a finished run's results file to gate and report instead of running (the workflow_run pattern). */
  results?: string;
  /** `pull-request`: the PR a `results:` file is reported on (a fork's workflow_run names none). */
  pullRequest?: number;
  /** `all`: on a pull request, run every suite even when a suite's inputs did not change. */
  all: boolean;
  /** `rejudge-baseline`: grade the baseline's stored answers of every judged suite again with the current judge before gating. */
  rejudgeBaseline: boolean;
  /** `response-cache`: restore and save <output-dir>/cache with the Actions cache. */
  responseCache: boolean;
  /** `refresh-cache`: ask every cacheable request again and overwrite its entry. */
  refreshCache: boolean;
  /** `cache-max-mb`, in bytes: the oldest entries are evicted above it before saving. */
  cacheMaxBytes: number;
  /** `analysis-model`: the failure analysis's model, over the config's `analysis.model`. */
  analysisModel?: string;
  /** `pair: base`: on a pull request, run the base commit's system under test in the same job and compare case by case. */
  pair: boolean;
}

/** A bad input value: exit 2, like a bad config. */
export class InputError extends Error {
  override readonly name = "InputError";
}

/** Same naming rule as core.getInput, but read from the given environment. */
function input(env: NodeJS.ProcessEnv, name: string): string {
  return (env[`INPUT_${name.replace(/ /g, "_").toUpperCase()}`] ?? "").trim();
}

function oneOf<T extends string>(name: string, value: string, allowed: readonly T[], fallback: T): T {
  const lower = value.toLowerCase();
  if (lower === "") return fallback;
  if (!allowed.includes(lower as T)) throw new InputError(`input ${name}: expected ${allowed.join(", ")}, got "${value}"`);
  return lower as T;
}

function booleanInput(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const value = input(env, name).toLowerCase();
  if (value === "") return fallback;
  if (["true", "yes", "1"].includes(value)) return true;
  if (["false", "no", "0"].includes(value)) return false;
  throw new InputError(`input ${name}: expected true or false, got "${value}"`);
}

/**
 * Inputs that are also `evalgate run` flags: each is parsed by the flag's own parser (cli/options.ts),
 * so the action and the CLI accept the same values and say the same about a bad one.
 */
export const RUN_FLAG_INPUTS = [
  "config",
  "suites",
  "filter",
  "sample",
  "seed",
  "repeat",
  "deadline",
  "budget-usd",
  "shard",
  "analysis-model",
  "pair",
] as const;
/** Boolean `evalgate run` flags: the input is "true" or "false", the flag present or not. */
export const BOOLEAN_FLAG_INPUTS = ["all", "refresh-cache", "rejudge-baseline"] as const;
/** Inputs of the action alone (GitHub's side: comment, check run, baseline store, response cache, merge). */
export const ACTION_ONLY_INPUTS = [
  "store-baseline",
  "merge",
  "results",
  "pull-request",
  "response-cache",
  "cache-max-mb",
  "github-token",
  "fail-on-gate",
  "on-error",
  "comment",
  "check-run",
  "check-name",
] as const;

type RunFlagInput = (typeof RUN_FLAG_INPUTS)[number];
type FlagValue<K extends RunFlagInput> = (typeof RUN_OPTIONS)[K] extends { parse: (raw: string) => infer V } ? V : string;

/** An input's value through its flag's parser; undefined when empty. */
export function flagInput<K extends RunFlagInput>(name: K, value: string): FlagValue<K> | undefined {
  if (value === "") return undefined;
  try {
    return optionValue(RUN_OPTIONS[name] as StringOption, value) as FlagValue<K>;
  } catch (error) {
    if (!(error instanceof InvalidValue)) throw error;
    throw new InputError(`input ${name}: expected ${error.expected}, got "${value}"`);
  }
}

/** A whole number ≥ 1, or undefined when empty. */
function wholeNumber(name: string, value: string): number | undefined {
  if (value === "") return undefined;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) throw new InputError(`input ${name}: expected a whole number >= 1, got "${value}"`);
  return parsed;
}

/** Action inputs; on workflow_dispatch the event's inputs fill what the step left empty. */
export function readInputs(env: NodeJS.ProcessEnv, context: RunContext): ActionInputs {
  const pick = (name: keyof RunContext["dispatchInputs"]) => input(env, name) || context.dispatchInputs[name] || "";
  const suites = flagInput("suites", pick("suites")) ?? [];
  const filter = flagInput("filter", pick("filter"));
  const sample = flagInput("sample", pick("sample"));
  const seed = flagInput("seed", pick("seed"));
  const repeat = flagInput("repeat", pick("repeat"));
  const deadlineMs = flagInput("deadline", pick("deadline"));
  const budgetUsd = flagInput("budget-usd", pick("budget-usd"));
  const shard = flagInput("shard", input(env, "shard"));
  const merge = splitPatterns(input(env, "merge"));
  if (shard && merge.length) throw new InputError("inputs shard and merge: a step either runs one shard or merges them, not both");
  const results = input(env, "results");
  if (results && (shard || merge.length))
    throw new InputError("inputs results and shard/merge: a step gates a finished run, runs a shard or merges shards");
  const pullRequest = wholeNumber("pull-request", input(env, "pull-request"));
  const analysisModel = flagInput("analysis-model", input(env, "analysis-model"));
  return {
    config: flagInput("config", input(env, "config")) ?? DEFAULT_CONFIG_PATH,
    selection: {
      ...(repeat !== undefined ? { repeat } : {}),
      ...(suites.length ? { suites } : {}),
      ...(filter ? { filter } : {}),
      ...(sample !== undefined ? { sample } : {}),
      ...(seed !== undefined ? { seed } : {}),
      // `shard: I/N`: this share of the cases, written to results-shard-I-of-N.json; nothing reported on GitHub.
      ...(shard ? { shard } : {}),
    },
    storeBaseline: oneOf("store-baseline", pick("store-baseline"), ["auto", "true", "false"], "auto"),
    token: input(env, "github-token"),
    failOnGate: booleanInput(env, "fail-on-gate", true),
    onError: oneOf("on-error", input(env, "on-error"), ["fail", "neutral"], "fail"),
    comment: booleanInput(env, "comment", true),
    checkRun: booleanInput(env, "check-run", true),
    checkName: input(env, "check-name") || "evalgate",
    ...(deadlineMs !== undefined ? { deadlineMs } : {}),
    ...(budgetUsd !== undefined ? { budgetUsd } : {}),
    outputs: Object.fromEntries(
      REPORT_OUTPUTS.flatMap((output) => (input(env, output.actionInput) ? [[output.name, input(env, output.actionInput)]] : [])),
    ),
    ...(merge.length ? { merge } : {}),
    ...(results ? { results } : {}),
    ...(pullRequest !== undefined ? { pullRequest } : {}),
    all: booleanInput(env, "all", false),
    pair: flagInput("pair", input(env, "pair")) === "base",
    rejudgeBaseline: booleanInput(env, "rejudge-baseline", false),
    responseCache: booleanInput(env, "response-cache", true),
    refreshCache: booleanInput(env, "refresh-cache", false),
    cacheMaxBytes: (wholeNumber("cache-max-mb", input(env, "cache-max-mb")) ?? 200) * 2 ** 20,
    ...(analysisModel ? { analysisModel } : {}),
  };
}
