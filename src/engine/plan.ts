// Planning a run: the config and every selected suite's cases are read, the selection (filter,
// sample, shard, carried suites) applied and secrets checked, with every problem found reported at
// once. No request is sent: `evalgate validate` is this step alone.
import { existsSync } from "node:fs";
import path from "node:path";
import { closest } from "../config/did-you-mean.ts";
import { ConfigError, excerpt, formatProblem, type InputProblem } from "../config/errors.ts";
import { type LoadedConfig, loadConfig } from "../config/load.ts";
import { startOf } from "../config/models.ts";
import { containmentRoot, resolveInside, SUITE_PATH_KEYS } from "../config/paths.ts";
import type { PromptFile } from "../config/prompt-file.ts";
import type { SuiteConfig } from "../config/schema.ts";
import { missingSecrets, registerNamedSecrets } from "../models/env.ts";
import type { Case, Results, RunSelection } from "../results/types.ts";
import { withDatasetFormats } from "../suites/dataset-formats.ts";
import { loadSuiteKinds, type SuiteKinds } from "../suites/index.ts";
import type { SuiteKind, UnchangedFiles } from "../suites/kind.ts";
import { isPathGlob, splitPathGlob } from "../util/glob.ts";
import type { CarryPlan, ChangeRequest } from "./carry.ts";
import { findRepositoryRoot, readGitInfo } from "./git.ts";
import { judgeIndependenceProblems } from "./judge-identity.ts";
import { processLogDir } from "./output-dir.ts";
import { partialReasons } from "./partial-reasons.ts";
import { planTooLarge } from "./plan-size.ts";
import type { PlannedSuite } from "./planned-suite.ts";
import { placeholderProblems, promptTargetNotes, readPromptFiles } from "./prompt-targets.ts";
import { withSampleSeed } from "./sample-seed.ts";
import { parseFilter, sampleByPosition } from "./select.ts";
import { balancedSelection, type ShardMembership, shardCostsOf, shardMembership } from "./shard-balance.ts";
import { unfillableVars } from "./template-vars.ts";

export type { PlannedSuite } from "./planned-suite.ts";

export interface RunPlan {
  loaded: LoadedConfig;
  rootDir: string;
  outDir: string;
  suites: PlannedSuite[];
  /** Models the selected suites call. */
  models: string[];
  /** The selection as run: with the derived sample seed when none was given. */
  selection: RunSelection;
  /** Why the run is not the whole config (RunMetadata.partial); empty for a whole run. */
  partial: string[];
  /** With `changes`: the suites carried from the baseline instead of run. */
  carry?: CarryPlan;
  /** The prompt files of the models that carry `prompt:`, read and checked, by model name. */
  prompts: Map<string, PromptFile>;
  /** With `missingSecrets: "warning"`: the variables the models need that are not set. */
  secretWarnings: InputProblem[];
}

/** What planning reads of the run's options. */
export interface PlanOptions {
  configPath: string;
  selection: RunSelection;
  /** Journal, cache and results go here; default: the config's output-dir under the repository root. */
  outDir?: string;
  env?: NodeJS.ProcessEnv;
  /** baseCommit: a PR's base, from which `sample` without a seed derives its seed. */
  git?: { commit?: string; branch?: string; event?: string; baseCommit?: string };
  /** Run a plan past MAX_PLANNED_REQUESTS (./plan-size.ts) anyway: the user means it. */
  allowLargePlan?: boolean;
  /** Loads the config instead of reading configPath (CLI flags that override or replace evalgate.yml). */
  loadConfig?: () => Promise<LoadedConfig>;
  /** --changed-since or a pull request: suites whose inputs did not change are carried from the baseline, not run. */
  changes?: ChangeRequest;
  /** Where `--verbose` details go (each prompt target's file and where its settings come from). */
  log?: (line: string) => void;
  /** A variable a model needs that is not set: an error (a run, the default) or a warning (`evalgate validate` without --strict). */
  missingSecrets?: "error" | "warning";
  /** `validate` and `run --dry-run`: the files are checked as they are, nothing is started (an agent suite's MCP server is not asked for its tools). */
  startsNothing?: boolean;
  /** With --shard: the baseline whose per-case durations balance the shards (read only for a shard; null: by hash). */
  shardBaseline?: (config: LoadedConfig["config"], rootDir: string) => Promise<Results | null>;
}

/** Loads the config and every selected suite's cases, and checks secrets: no request is sent. */
export async function planEvaluation(options: PlanOptions): Promise<RunPlan> {
  // Salvaged: the config's own problems are reported with the files', secrets' and templates' below, in one pass.
  const loaded = options.loadConfig ? await options.loadConfig() : await loadConfig(options.configPath, { salvage: true });
  try {
    return await planLoaded(loaded, options);
  } catch (error) {
    // A problem that stops planning early (no suites, an unknown --suites name) comes with the config's own.
    const own = loaded.problems ?? [];
    if (!(error instanceof ConfigError) || own.length === 0 || error.problems.includes(own[0]!)) throw error;
    throw new ConfigError([...own, ...error.problems]);
  }
}

async function planLoaded(loaded: LoadedConfig, options: PlanOptions): Promise<RunPlan> {
  const env = options.env ?? process.env;
  const { config } = loaded;
  registerNamedSecrets(config.models, env);
  const repositoryRoot = findRepositoryRoot(loaded.dir);
  const rootDir = repositoryRoot ?? process.cwd();
  const allowedRoot = config["allow-outside-repo"] ? undefined : containmentRoot(repositoryRoot, loaded.dir);
  // Paths, suite files and secrets are all checked before any of them stops the run, so one
  // `evalgate validate` shows every problem (a config the schema refuses stops at loadConfig).
  const pathProblems = checkConfiguredPaths(loaded, allowedRoot, repositoryRoot);
  const prompted = await readPromptFiles(loaded, { rootDir, allowedRoot });
  const outDir = path.resolve(rootDir, options.outDir ?? config["output-dir"]);
  // A suite the schema refused was reported with the config's problems: it is not read.
  const wanted = wantedSuites(loaded, options.selection.suites).filter((name) => !loaded.dropped?.suites.has(name));

  // Only a run that asks for it loads the change detection (git, globs).
  const carry = options.changes
    ? await (await import("./carry.ts")).planCarried(loaded, { rootDir, allowedRoot }, wanted, options.changes)
    : undefined;
  const toRun = carry ? wanted.filter((name) => !carry.carried.has(name)) : wanted;
  const filter = options.selection.filter ? selectionFilter(options.selection.filter, loaded.displayPath) : undefined;
  const seeded = withSampleSeed(options.selection, {
    base: options.git?.baseCommit,
    head: options.git?.commit ?? (await readGitInfo(rootDir, env)).commit,
  });
  const { seedSource } = seeded;
  const costs = seeded.selection.shard && options.shardBaseline ? shardCostsOf(await options.shardBaseline(config, rootDir), toRun) : null;
  const selection = balancedSelection(seeded.selection, costs);
  const inShard = selection.shard ? shardMembership(selection.shard, costs) : undefined;
  const kinds = await loadSuiteKinds(toRun.map((name) => config.suites[name]!.kind));
  const unchangedFiles = carry?.unchangedFiles;
  const read = await loadSelectedSuites(
    {
      loaded,
      rootDir,
      allowedRoot,
      kinds,
      selection,
      filter,
      inShard,
      pathProblems,
      unchangedFiles,
      env,
      logDir: processLogDir(outDir),
      startsNothing: options.startsNothing === true,
    },
    toRun,
  );
  const secrets = secretProblems(loaded, kinds, read, env).map((problem) => ({ ...problem, severity: options.missingSecrets ?? "error" }));
  const problems = [
    ...(loaded.problems ?? []),
    ...pathProblems,
    ...prompted.problems,
    ...read.problems,
    ...placeholderProblems(read.suites, prompted.prompts),
    ...judgeIndependenceProblems(loaded, read.suites),
    ...secrets,
    // From the suites' options alone: a suite whose files could not be read is checked too.
    ...unfillableVars(
      loaded,
      toRun.map((name) => ({ name, options: config.suites[name], suiteKind: kinds.get(config.suites[name]!.kind)! })),
    ),
  ];
  // The warnings of the suites loaded: a problem comes with them, printed before it, so the user
  // sees everything the input was found to have, not only what stopped the run.
  const withLoadedWarnings = (error: ConfigError) => error.withWarnings(read.warnings);
  if (problems.some((problem) => problem.severity !== "warning")) throw withLoadedWarnings(new ConfigError(problems));
  if (filter && read.suites.length === 0 && read.leftOut.length > 0) {
    const message = `--filter "${options.selection.filter}" selects no case in ${read.leftOut.join(", ")}`;
    throw withLoadedWarnings(new ConfigError([{ file: loaded.displayPath, field: "filter", message }]));
  }
  const tooLarge = planTooLarge(read.suites, options.allowLargePlan ?? false);
  if (tooLarge) {
    const repeated = read.suites.some((suite) => suite.repeat > 1);
    throw withLoadedWarnings(new ConfigError([{ file: loaded.displayPath, field: repeated ? "repeat" : "suites", message: tooLarge }]));
  }
  const partial = partialReasons(selection, Object.keys(config.suites), read.counts, seedSource);
  if (read.leftOut.length) partial.push(`no case selected in ${read.leftOut.join(", ")}: not run`);
  if (carry?.carried.size) partial.push(carry.partialReason);
  partial.push(...read.partial);
  const models = [...new Set(read.suites.flatMap((suite) => suite.suiteKind.modelsUsed(suite.options)))];
  for (const line of promptTargetNotes(config.models, prompted.prompts)) options.log?.(line);
  const secretWarnings = secrets.filter((problem) => problem.severity === "warning");
  return {
    loaded,
    rootDir,
    outDir,
    suites: read.suites,
    models,
    selection,
    partial,
    ...(carry ? { carry } : {}),
    prompts: prompted.prompts,
    secretWarnings,
  };
}

/** The suites --suites names (default: all); a config without suites, or a name it lacks, is bad input. */
function wantedSuites(loaded: LoadedConfig, asked: string[] | undefined): string[] {
  const names = [...Object.keys(loaded.config.suites), ...(loaded.dropped?.suites ?? [])];
  if (names.length === 0) {
    throw new ConfigError([
      {
        file: loaded.displayPath,
        line: loaded.lineOf(["suites"]),
        field: "suites",
        message: "no suites defined; a config needs at least one",
      },
    ]);
  }
  const wanted = asked?.length ? asked : names;
  const unknown = wanted.filter((name) => !names.includes(name));
  if (unknown.length) {
    throw new ConfigError(
      unknown.map((name) => {
        const suggestion = closest(name, names);
        return {
          file: loaded.displayPath,
          field: "suites",
          message: `no suite named "${name}"${suggestion ? ` (did you mean "${suggestion}"?)` : ""}; suites: ${names.join(", ")}`,
        };
      }),
    );
  }
  return wanted;
}

interface LoadContext {
  loaded: LoadedConfig;
  rootDir: string;
  allowedRoot: string | undefined;
  kinds: SuiteKinds;
  selection: RunSelection;
  filter: ReturnType<typeof parseFilter> | undefined;
  /** With --shard: whether a case is this shard's (by cost when the baseline measured it, else by hash). */
  inShard: ShardMembership | undefined;
  /** Problems with the config's paths: a suite whose path is among them is not read. */
  pathProblems: InputProblem[];
  /** With a change request: by suite, its own files a kind may leave out as unchanged (engine/carry.ts). */
  unchangedFiles?: ReadonlyMap<string, UnchangedFiles> | undefined;
  env: NodeJS.ProcessEnv;
  logDir: string;
  startsNothing: boolean;
}

/** What reading the selected suites found. */
interface SuitesRead {
  suites: PlannedSuite[];
  problems: InputProblem[];
  /** The warnings of the suites loaded, in load order. */
  warnings: InputProblem[];
  /** Suites whose files could not be read: their models' secrets are checked all the same. */
  unread: string[];
  /** Suites a filter or shard selected no case of: not run. */
  leftOut: string[];
  /** Why a suite read is not whole (its unchanged files left out): run.partial reasons. */
  partial: string[];
  counts: { selected: number; total: number };
}

/** Reads each suite to run, selecting its cases; a suite that cannot be read is a problem, not a stop. */
async function loadSelectedSuites(context: LoadContext, toRun: string[]): Promise<SuitesRead> {
  const read: SuitesRead = {
    suites: [],
    problems: [],
    warnings: [],
    unread: [],
    leftOut: [],
    partial: [],
    counts: { selected: 0, total: 0 },
  };
  for (const name of toRun) {
    const suiteOptions = context.loaded.config.suites[name]!;
    const suiteKind = context.kinds.get(suiteOptions.kind);
    if (!suiteKind) throw new Error(`suite kind "${suiteOptions.kind}" is not built in`);
    if (context.pathProblems.some((problem) => problem.field?.startsWith(`suites.${name}.`))) {
      read.unread.push(name); // a path already reported: reading it would only say so again
      continue;
    }
    try {
      await loadSuite(context, name, suiteOptions, suiteKind, read);
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      const dirs = { rootDir: context.rootDir, configDir: context.loaded.dir };
      read.problems.push(...withDatasetFormats(error.problems, suiteOptions, dirs));
      read.unread.push(name);
    }
  }
  return read;
}

/** One suite's cases, selected by filter, sample and shard, into `read`. */
async function loadSuite(context: LoadContext, name: string, suiteOptions: SuiteConfig, suiteKind: SuiteKind, read: SuitesRead) {
  const { loaded, selection, filter, inShard } = context;
  const shard = selection.shard;
  // Filters and samples pick by position in the whole list, so only a plain shard reads less.
  const keep = inShard && !filter && selection.sample === undefined ? (caseId: string) => inShard(name, caseId) : undefined;
  const unchangedFiles = context.unchangedFiles?.get(name);
  const { cases, warnings, total, judge, checks, targets, partial } = await suiteKind.load({
    suiteName: name,
    options: suiteOptions,
    configDir: loaded.dir,
    rootDir: context.rootDir,
    configFile: loaded.displayPath,
    lineOf: loaded.lineOf,
    allowedRoot: context.allowedRoot,
    models: loaded.config.models,
    env: context.env,
    logDir: context.logDir,
    ...(context.startsNothing && { startsNothing: true }),
    ...(keep ? { keep } : {}),
    ...(unchangedFiles ? { unchangedFiles } : {}),
  });
  if ((total ?? cases.length) === 0) {
    read.problems.push({
      file: loaded.displayPath,
      line: loaded.lineOf(["suites", name]),
      field: `suites.${name}`,
      message: `the suite has no cases${warnings.length ? ` (${warnings.map(formatProblem).join("; ")})` : ""}`,
    });
    return;
  }
  read.warnings.push(...warnings);
  if (partial) read.partial.push(partial);
  let selected = filter ? cases.filter((c, i) => filter(c, i)) : cases;
  if (selection.sample !== undefined) selected = sampleByPosition(selected, selection.sample, selection.seed);
  if (inShard) selected = selected.filter((c) => inShard(name, c.id));
  read.counts.selected += selected.length;
  read.counts.total += total ?? cases.length;
  // A filter or shard that selects nothing in a suite leaves the suite out: not run, not "nothing measured".
  if ((filter || shard) && (total ?? cases.length) > 0 && selected.length === 0) {
    read.leftOut.push(name);
    return;
  }
  assertUniqueIds(name, selected);
  read.suites.push({
    name,
    kind: suiteOptions.kind,
    options: suiteOptions,
    suiteKind,
    cases: selected,
    repeat: Math.max(1, selection.repeat ?? suiteOptions.repeat ?? 1),
    warnings,
    ...(judge ? { judge } : {}),
    ...(checks ? { checks } : {}),
    ...(targets ? { targets } : {}),
  });
}

/** A missing secret of a model the selected suites call (those of unread suites too), at the model's line. */
function secretProblems(loaded: LoadedConfig, kinds: SuiteKinds, read: SuitesRead, env: NodeJS.ProcessEnv): InputProblem[] {
  const { config } = loaded;
  const models = read.suites.flatMap((suite) => suite.suiteKind.modelsUsed(suite.options));
  const unreadModels = read.unread.flatMap((name) => kinds.get(config.suites[name]!.kind)!.modelsUsed(config.suites[name]!));
  // A model the schema refused, or one not defined, is among the config's own problems already.
  const known = (name: string) => !loaded.dropped?.models.has(name) && (!loaded.problems || Object.hasOwn(config.models, name));
  const names = [...new Set([...models, ...unreadModels])].filter(known);
  return missingSecrets(config.models, names, env).map((message) => {
    const model = /^model "([^"]+)"/.exec(message)?.[1];
    const fieldPath = model && model in config.models ? ["models", model] : ["models"];
    return { file: loaded.displayPath, line: loaded.lineOf(fieldPath), field: fieldPath.join("."), message };
  });
}

/** A filter that cannot select anything as written (a range 5-2) is bad input, like any other. */
function selectionFilter(spec: string, file: string) {
  try {
    return parseFilter(spec);
  } catch (error) {
    throw new ConfigError([{ file, field: "filter", message: (error as Error).message }]);
  }
}

/** Every path the config names that resolves outside the allowed root (see config/paths.ts), or names nothing. */
function checkConfiguredPaths(loaded: LoadedConfig, allowedRoot: string | undefined, repositoryRoot: string | undefined): InputProblem[] {
  const problems: InputProblem[] = [];
  const check = (fieldPath: (string | number)[], value: unknown, baseDir: string, mustExist = false): void => {
    if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) check([...fieldPath, index], item, baseDir, mustExist);
      return;
    }
    if (typeof value !== "string") return;
    // A glob (conversation datasets, prompt-yml files): the folder it starts from must exist and stay inside.
    const globbed = isPathGlob(value);
    const resolved = resolveInside(baseDir, globbed ? splitPathGlob(value).base : value, allowedRoot);
    const message =
      "error" in resolved
        ? resolved.error
        : mustExist && !existsSync(resolved.path)
          ? `${JSON.stringify(excerpt(value, 80))} does not exist (paths are relative to the config's folder)`
          : undefined;
    if (message) problems.push({ file: loaded.displayPath, line: loaded.lineOf(fieldPath), field: fieldPath.join("."), message });
  };
  // Outputs resolve against the repository root; outside a repository they follow the working directory.
  if (repositoryRoot) {
    check(["output-dir"], loaded.config["output-dir"], repositoryRoot);
    if (loaded.config.baseline.store === "file") check(["baseline", "path"], loaded.config.baseline.path, repositoryRoot);
  }
  // The folders the processes models start run in.
  for (const [name, model] of Object.entries(loaded.config.models)) {
    if ("cwd" in model) check(["models", name, "cwd"], model.cwd, loaded.dir, true);
    check(["models", name, "start", "cwd"], startOf(model)?.cwd, loaded.dir, true);
  }
  for (const [name, suite] of Object.entries(loaded.config.suites)) {
    const fields = suite as Record<string, unknown>;
    for (const key of SUITE_PATH_KEYS) check(["suites", name, key], fields[key], loaded.dir, true);
    const flexeval = fields.flexeval as { evals?: unknown } | undefined;
    if (flexeval) check(["suites", name, "flexeval", "evals"], flexeval.evals, loaded.dir, true);
  }
  return problems;
}

function assertUniqueIds(suite: string, cases: Case[]): void {
  const seen = new Map<string, Case>();
  for (const testCase of cases) {
    const other = seen.get(testCase.id);
    if (other) {
      throw new ConfigError([
        {
          file: testCase.source.file,
          line: testCase.source.line,
          message: `suite ${suite}: case id "${testCase.id}" is also used at line ${other.source.line ?? "?"}; case ids must be unique`,
        },
      ]);
    }
    seen.set(testCase.id, testCase);
  }
}
