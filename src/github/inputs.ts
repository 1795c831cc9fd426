// The action's inputs, read from the environment as the runner sets them (INPUT_<NAME>). On
// workflow_dispatch the event's own inputs fill what the step leaves empty, which is why action.yml
// gives the dispatchable inputs no default: a default would always be set and shadow the event.
import type { StoreRequest } from "../baseline/policy.ts";
import { DEFAULT_CONFIG_PATH } from "../config/default-path.ts";
import { parseDuration } from "../config/primitives.ts";
import { parseShard, type ShardSpec } from "../engine/select.ts";
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
  /** Extra report files: the self-contained HTML report and the SQLite results (empty: none). */
  htmlPath?: string;
  sqlitePath?: string;
  /** `merge:` paths or globs of shard results files: merge them, then gate and report once. */
  merge?: string[];
  /** `all`: on a pull request, run every suite even when a suite's inputs did not change. */
  all: boolean;
  /** `response-cache`: restore and save <output-dir>/cache with the Actions cache. */
  responseCache: boolean;
  /** `refresh-cache`: ask every cacheable request again and overwrite its entry. */
  refreshCache: boolean;
  /** `cache-max-mb`, in bytes: the oldest entries are evicted above it before saving. */
  cacheMaxBytes: number;
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

function integer(name: string, value: string, min: number): number | undefined {
  if (value === "") return undefined;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min) throw new InputError(`input ${name}: expected a whole number ≥ ${min}, got "${value}"`);
  return parsed;
}

function duration(name: string, value: string): number | undefined {
  if (value === "") return undefined;
  try {
    return parseDuration(value);
  } catch {
    throw new InputError(`input ${name}: expected a duration such as 30m, 90s or 1h, got "${value}"`);
  }
}

function amount(name: string, value: string): number | undefined {
  if (value === "") return undefined;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0) throw new InputError(`input ${name}: expected an amount in USD > 0, got "${value}"`);
  return parsed;
}

function shardInput(value: string): ShardSpec | undefined {
  if (value === "") return undefined;
  try {
    return parseShard(value);
  } catch {
    throw new InputError(`input shard: expected I/N with 1 ≤ I ≤ N, such as 2/4, got "${value}"`);
  }
}

/** Action inputs; on workflow_dispatch the event's inputs fill what the step left empty. */
export function readInputs(env: NodeJS.ProcessEnv, context: RunContext): ActionInputs {
  const pick = (name: keyof RunContext["dispatchInputs"]) => input(env, name) || context.dispatchInputs[name] || "";
  const suites = pick("suites")
    .split(/[\s,]+/)
    .filter(Boolean);
  const filter = pick("filter");
  const sample = integer("sample", pick("sample"), 1);
  const seed = integer("seed", pick("seed"), 0);
  const repeat = integer("repeat", pick("repeat"), 1) ?? 1;
  const deadlineMs = duration("deadline", pick("deadline"));
  const budgetUsd = amount("budget-usd", pick("budget-usd"));
  const shard = shardInput(input(env, "shard"));
  const merge = splitPatterns(input(env, "merge"));
  if (shard && merge.length) throw new InputError("inputs shard and merge: a step either runs one shard or merges them, not both");
  const cacheMaxMb = integer("cache-max-mb", input(env, "cache-max-mb"), 1) ?? 200;
  return {
    config: input(env, "config") || DEFAULT_CONFIG_PATH,
    selection: {
      repeat,
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
    ...(input(env, "html") ? { htmlPath: input(env, "html") } : {}),
    ...(input(env, "sqlite") ? { sqlitePath: input(env, "sqlite") } : {}),
    ...(merge.length ? { merge } : {}),
    all: booleanInput(env, "all", false),
    responseCache: booleanInput(env, "response-cache", true),
    refreshCache: booleanInput(env, "refresh-cache", false),
    cacheMaxBytes: cacheMaxMb * 2 ** 20,
  };
}
