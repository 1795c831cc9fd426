// Suites not run because nothing they depend on changed: which ones, and their baseline numbers carried
// into the results, marked as such. A suite without a baseline to carry is run.
import { statSync } from "node:fs";
import path from "node:path";
import { type LoadedConfig, parseConfig } from "../config/load.ts";
import { modelPathValues, suitePathValues, suiteUnitValues } from "../config/paths.ts";
import type { EvalgateConfig, SuiteConfig } from "../config/schema.ts";
import { carriedReason } from "../gate/carried.ts";
import type { Results, RunMetadata, SuiteResults } from "../results/types.ts";
import { loadSuiteKinds } from "../suites/index.ts";
import type { SuiteKind, UnchangedFiles } from "../suites/kind.ts";
import { isPathGlob, splitPathGlob } from "../util/glob.ts";
import { ownValue } from "../util/is-record.ts";
import {
  type ChangedFiles,
  ChangesUnknownError,
  changedFilesSince,
  changedReads,
  describeInputs,
  displayName,
  exists,
  fileAtCommit,
  ignoredNames,
  namesBehind,
  namesFile,
  type SuiteInputs,
  type SuiteReads,
  whyTouched,
} from "./changes.ts";

export interface ChangeRequest {
  /** The ref the changes are counted from: --changed-since, or a pull request's base commit. */
  since: string;
  /** The CLI: a ref git cannot read throws ChangesUnknownError (a usage error). The action: run everything, with a notice. */
  ifUnknown: "error" | "run-all";
  /** The baseline the untouched suites are carried from; read only when a suite could be skipped. */
  baseline: (config: EvalgateConfig, rootDir: string) => Promise<Results | null>;
}

export interface CarryPlan {
  /** Suites carried, by name, with their baseline results marked. */
  carried: Map<string, SuiteResults>;
  changedSince: NonNullable<RunMetadata["changedSince"]>;
  /** The run.partial reason when a suite is carried: such a run is never a baseline. */
  partialReason: string;
  /**
   * Suites touched only through files that run on their own (SUITE_UNIT_KEYS): the files of theirs
   * that did not change and that the baseline measured, which the suite may leave out.
   */
  unchangedFiles?: Map<string, UnchangedFiles>;
}

/** Which of `names` are carried: declared `paths:`, nothing they read changed (sure of it), and a measured baseline to carry. */
export async function planCarried(
  loaded: LoadedConfig,
  where: { rootDir: string; allowedRoot: string | undefined },
  names: string[],
  request: ChangeRequest,
): Promise<CarryPlan> {
  const { rootDir } = where;
  const carried = new Map<string, SuiteResults>();
  let changes: ChangedFiles;
  try {
    changes = await changedFilesSince(rootDir, request.since);
  } catch (error) {
    if (!(error instanceof ChangesUnknownError) || request.ifUnknown === "error") throw error;
    return { carried, changedSince: { ref: request.since, carried: [], unknown: `${error.message}: every suite ran` }, partialReason: "" };
  }
  const blocks = await changedBlocks(loaded, rootDir, changes);
  if (typeof blocks === "string") {
    return { carried, changedSince: { ref: request.since, files: changes.files.length, carried: [], unknown: blocks }, partialReason: "" };
  }
  const candidates = names.filter((name) => (loaded.config.suites[name] as { paths?: string[] }).paths && !blocks.has(name));
  const kinds = await loadSuiteKinds(candidates.map((name) => loaded.config.suites[name]!.kind));
  const read = new Map<string, SuiteInputs | undefined>();
  for (const name of candidates) read.set(name, await inputsOf(loaded, name, kinds.get(loaded.config.suites[name]!.kind)!, where));
  const ignored = await ignoredNames(rootDir, absentNames([...read.values()]));
  const untouched: { name: string; inputs: SuiteInputs }[] = [];
  const notSure: string[] = [];
  const byFile = new Map<string, Set<string>>();
  for (const [name, inputs] of read) {
    const touched = inputs ? whyTouched(inputs, { ...changes, ignored }) : { why: "could not be read", sure: false };
    if (!touched) untouched.push({ name, inputs: inputs! });
    else if (!touched.sure) notSure.push(`${name} ran: it ${touched.why}`);
    else {
      const units = changedUnits(loaded, name, inputs!, { ...changes, ignored });
      if (units) byFile.set(name, units);
    }
  }
  const baseline = untouched.length || byFile.size ? await request.baseline(loaded.config, rootDir) : null;
  const unchangedFiles = new Map<string, UnchangedFiles>();
  for (const [name, touched] of byFile) {
    const measured = measuredFiles(ownValue(baseline?.suites, name));
    if (measured.size) unchangedFiles.set(name, { has: (file) => !touched.has(file) && measured.has(file), since: request.since });
  }
  for (const { name, inputs } of untouched) {
    const base = ownValue(baseline?.suites, name);
    // Only numbers that were measured are carried: never a suite the baseline itself carried or could not score.
    if (!baseline || !base || base.carried || base.counts.scored === 0) continue;
    const reason = `not run: nothing under ${describeInputs(inputs)} changed since ${request.since}`;
    carried.set(
      name,
      carriedSuite(base, { reason, finishedAt: baseline.run.finishedAt, ...(baseline.run.commit ? { commit: baseline.run.commit } : {}) }),
    );
  }
  const carriedNames = [...carried.keys()];
  const partialReason = carriedReason(carriedNames, request.since);
  const changedSince = { ref: request.since, files: changes.files.length, carried: carriedNames, ...(notSure.length ? { notSure } : {}) };
  return { carried, changedSince, partialReason, unchangedFiles };
}

/**
 * The changed files of a suite whose files run on their own (a prompt-yml suite's `files:`), when
 * they are all that changed of what it reads and every file it reads can be diffed; undefined
 * otherwise: the suite runs whole.
 */
function changedUnits(
  loaded: LoadedConfig,
  name: string,
  inputs: SuiteInputs,
  changes: ChangedFiles & { ignored: ReadonlySet<string> },
): Set<string> | undefined {
  const units = suiteUnitValues(loaded.config.suites[name] as Record<string, unknown>);
  const ownUnits = new Set(inputs.units ?? []);
  if (units.length === 0 && ownUnits.size === 0) return undefined;
  // Nothing may be unsure: with no change at all, whyTouched still names a file no diff can show.
  if (whyTouched(inputs, { files: [], tracked: changes.tracked, ignored: changes.ignored })) return undefined;
  const touched = changedReads(inputs, changes);
  const where = { rootDir: inputs.rootDir, configDir: loaded.dir };
  const isUnit = (file: string) => ownUnits.has(file) || units.some((unit) => namesFile(unit, file, where));
  return touched.length > 0 && touched.every(isUnit) ? new Set(touched) : undefined;
}

/** The files whose cases the baseline measured (scored), when it measured the suite itself (not carried it). */
function measuredFiles(base: SuiteResults | undefined): Set<string> {
  if (!base || base.carried) return new Set();
  return new Set(base.cases.flatMap((result) => (result.status === "scored" ? [result.source.file] : [])));
}

/**
 * Everything a suite reads: the files and folders its config block names, the files of the models it
 * calls, and every file its kind read while loading it (a CSV's attachments, a preamble, rubrics,
 * the files a folder holds). Undefined when the suite cannot be loaded: then it runs (and says why).
 */
async function inputsOf(
  loaded: LoadedConfig,
  name: string,
  kind: SuiteKind,
  where: { rootDir: string; allowedRoot: string | undefined },
): Promise<SuiteInputs | undefined> {
  const { rootDir } = where;
  const options = loaded.config.suites[name]! as SuiteConfig & { paths: string[] };
  const reads: SuiteReads = { files: [], folders: [] };
  const shown: string[] = [];
  let units: string[] | undefined;
  // The files the suite's block names, then those of the models it calls (a target's prompt file).
  const models = kind
    .modelsUsed(options)
    .flatMap((model) => (Object.hasOwn(loaded.config.models, model) ? [loaded.config.models[model]!] : []));
  for (const value of [...suitePathValues(options), ...models.flatMap(modelPathValues)]) {
    const absolute = path.resolve(loaded.dir, value);
    const globbed = isPathGlob(value);
    const folder = globbed || isFolder(absolute);
    // A glob reads every name under the folder before its first wildcard ("prompts/**/*.yml": prompts/).
    (folder ? reads.folders : reads.files).push(globbed ? path.resolve(loaded.dir, splitPathGlob(value).base) : absolute);
    const relative = path.relative(rootDir, absolute).split(path.sep).join("/");
    if (!relative.startsWith("../") && !path.isAbsolute(relative)) shown.push(folder && !globbed ? `${relative}/` : relative);
  }
  try {
    const suite = await kind.load({
      suiteName: name,
      options,
      configDir: loaded.dir,
      rootDir,
      configFile: loaded.displayPath,
      lineOf: loaded.lineOf,
      allowedRoot: where.allowedRoot,
    });
    reads.files.push(...(suite.reads ?? []));
    reads.folders.push(...(suite.readFolders ?? []));
    units = suite.units;
  } catch {
    return undefined; // the run loads it again and reports why
  }
  const configFile = path.relative(rootDir, loaded.path).split(path.sep).join("/");
  return { declared: options.paths, reads, rootDir, configFile, shown, ...(units?.length ? { units } : {}) };
}

/** The files the suites looked for that are not there, as git names them: whether git ignores them is asked once. */
function absentNames(inputs: (SuiteInputs | undefined)[]): string[] {
  return inputs.flatMap((suite) =>
    (suite?.reads.files ?? []).flatMap((file) => {
      const behind = namesBehind(file, suite!.rootDir);
      return behind.outside || exists(file) ? [] : [behind.last];
    }),
  );
}

function isFolder(file: string): boolean {
  try {
    return statSync(file).isDirectory();
  } catch {
    return false;
  }
}

/**
 * The suites whose config block differs from the config at the merge base; a sentence (every suite
 * runs) when anything outside `suites:` changed (a model, the gate: those may change every suite), the
 * base's config cannot be read, or the config cannot be diffed (not tracked, outside the repository).
 * A config behind a symlink is the file it points to, and the link itself.
 */
async function changedBlocks(loaded: LoadedConfig, rootDir: string, changes: ChangedFiles): Promise<Set<string> | string> {
  const behind = namesBehind(loaded.path, rootDir);
  const shown = path.relative(rootDir, loaded.path);
  if (behind.outside) return `${shown} is outside the repository, so git cannot diff it: every suite ran`;
  if (behind.names.some((name) => !changes.tracked.has(name)))
    return `${shown} is not tracked by git, so it cannot be diffed: every suite ran`;
  const changed = new Set(changes.files);
  const every = new Set(Object.keys(loaded.config.suites));
  if (behind.names.slice(0, -1).some((name) => changed.has(name))) return every;
  if (!changed.has(behind.last)) return new Set();
  const text = await fileAtCommit(rootDir, changes.base, displayName(behind.last));
  if (text === undefined) return every;
  let before: EvalgateConfig;
  try {
    before = parseConfig(text, loaded.path).config;
  } catch {
    return every;
  }
  const { suites, ...rest } = loaded.config;
  const { suites: baseSuites, ...baseRest } = before;
  if (JSON.stringify(rest) !== JSON.stringify(baseRest)) return every;
  return new Set(Object.keys(suites).filter((name) => JSON.stringify(suites[name]) !== JSON.stringify(baseSuites[name])));
}

/** The baseline's suite numbers, marked carried: nothing requested or spent now, no cases of its own. */
function carriedSuite(base: SuiteResults, carried: NonNullable<SuiteResults["carried"]>): SuiteResults {
  const { cases: _cases, unpricedCases: _unpriced, ...numbers } = base;
  return { ...numbers, costUsd: 0, requests: 0, durationMs: 0, warnings: [], cases: [], carried };
}

/** Which suites a change since `since` touches (`--pair base` pairs them), and why; `unknown` when git cannot tell (every suite is touched). */
export interface TouchedSuites {
  touched: Map<string, string>;
  untouched: string[];
  unknown?: string;
}

/**
 * The same detection as carrying, for every suite (declared `paths:` or not): a suite is touched when
 * its config block, a file it reads (a target's prompt file, its datasets) or a name its `paths:` match
 * changed, or git cannot tell. Throws ChangesUnknownError when the changed files cannot be listed.
 */
export async function touchedSuites(
  loaded: LoadedConfig,
  where: { rootDir: string; allowedRoot: string | undefined },
  names: string[],
  since: string,
): Promise<TouchedSuites> {
  const changes = await changedFilesSince(where.rootDir, since);
  const touched = new Map<string, string>();
  const blocks = await changedBlocks(loaded, where.rootDir, changes);
  if (typeof blocks === "string") return { touched: new Map(names.map((name) => [name, blocks])), untouched: [], unknown: blocks };
  const kinds = await loadSuiteKinds(names.map((name) => loaded.config.suites[name]!.kind));
  const read = new Map<string, SuiteInputs | undefined>();
  for (const name of names) {
    if (blocks.has(name)) touched.set(name, `its block in ${path.relative(where.rootDir, loaded.path)} changed`);
    else read.set(name, await inputsOf(loaded, name, kinds.get(loaded.config.suites[name]!.kind)!, where));
  }
  const ignored = await ignoredNames(where.rootDir, absentNames([...read.values()]));
  for (const [name, inputs] of read) {
    const why = inputs ? whyTouched(inputs, { ...changes, ignored }) : { why: "could not be read", sure: false };
    // Without `paths:` the code of a command target or service is not among what it is known to read: unsure counts as changed.
    const undeclared = (loaded.config.suites[name] as { paths?: string[] }).paths
      ? undefined
      : { why: "declares no paths:, so no change can be ruled out" };
    if (why ?? undeclared) touched.set(name, (why ?? undeclared)!.why);
  }
  return { touched, untouched: names.filter((name) => !touched.has(name)) };
}
