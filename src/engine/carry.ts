// Suites not run because nothing they depend on changed: which ones, and their baseline numbers carried
// into the results, marked as such. A suite without a baseline to carry is run.
import path from "node:path";
import { type LoadedConfig, parseConfig } from "../config/load.ts";
import { suitePathValues, suitePromptFiles, suiteUnitValues } from "../config/paths.ts";
import type { EvalgateConfig } from "../config/schema.ts";
import { carriedReason } from "../gate/carried.ts";
import type { Results, RunMetadata, SuiteResults } from "../results/types.ts";
import type { UnchangedFiles } from "../suites/kind.ts";
import {
  type ChangedFiles,
  ChangesUnknownError,
  changedFilesSince,
  changedInputs,
  describeInputs,
  fileAtCommit,
  namesFile,
  type SuiteInputs,
  suiteInputs,
  touchesSuite,
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
  unchangedFiles: Map<string, UnchangedFiles>;
}

/** Which of `names` are carried: declared `paths:`, none of their inputs changed, and a measured baseline to carry. */
export async function planCarried(loaded: LoadedConfig, rootDir: string, names: string[], request: ChangeRequest): Promise<CarryPlan> {
  const carried = new Map<string, SuiteResults>();
  let changes: ChangedFiles;
  try {
    changes = await changedFilesSince(rootDir, request.since);
  } catch (error) {
    if (!(error instanceof ChangesUnknownError) || request.ifUnknown === "error") throw error;
    return {
      carried,
      changedSince: { ref: request.since, carried: [], unknown: `${error.message}: every suite ran` },
      partialReason: "",
      unchangedFiles: new Map(),
    };
  }
  const changed = changes.files;
  const where = { rootDir, configDir: loaded.dir, configFile: loaded.path };
  const configFile = path.relative(rootDir, loaded.path).split(path.sep).join("/");
  const blocks = changed.includes(configFile) ? await changedBlocks(loaded, rootDir, changes.base, configFile) : new Set<string>();
  const untouched: { name: string; inputs: SuiteInputs }[] = [];
  const byFile = new Map<string, Set<string>>();
  for (const name of names) {
    const suite = loaded.config.suites[name]! as Record<string, unknown> & { paths?: string[] };
    const inputs = suiteInputs(suite.paths, [...suitePathValues(suite), ...suitePromptFiles(suite, loaded.config.models)], where);
    const blockChanged = blocks === "every" || blocks.has(name);
    if (!touchesSuite(inputs, changed, blockChanged)) untouched.push({ name, inputs });
    else if (!blockChanged && inputs.declared) {
      const touching = changedInputs(inputs, changed);
      const units = suiteUnitValues(suite);
      if (units.length && touching.every((file) => units.some((unit) => namesFile(unit, file, where)))) byFile.set(name, new Set(touching));
    }
  }
  const baseline = untouched.length || byFile.size ? await request.baseline(loaded.config, rootDir) : null;
  const unchangedFiles = new Map<string, UnchangedFiles>();
  for (const [name, touched] of byFile) {
    const measured = measuredFiles(baseline?.suites[name]);
    if (measured.size) unchangedFiles.set(name, { has: (file) => !touched.has(file) && measured.has(file), since: request.since });
  }
  for (const { name, inputs } of untouched) {
    const base = baseline?.suites[name];
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
  return { carried, changedSince: { ref: request.since, files: changed.length, carried: carriedNames }, partialReason, unchangedFiles };
}

/** The files whose cases the baseline measured (scored), when it measured the suite itself (not carried it). */
function measuredFiles(base: SuiteResults | undefined): Set<string> {
  if (!base || base.carried) return new Set();
  return new Set(base.cases.flatMap((result) => (result.status === "scored" ? [result.source.file] : [])));
}

/**
 * The suites whose config block differs from the config at the merge base; "every" when anything outside
 * `suites:` changed (a model, the gate) or the base's config cannot be read: those may change every suite.
 */
async function changedBlocks(loaded: LoadedConfig, rootDir: string, base: string, configFile: string): Promise<Set<string> | "every"> {
  const text = await fileAtCommit(rootDir, base, configFile);
  if (text === undefined) return "every";
  let before: EvalgateConfig;
  try {
    before = parseConfig(text, loaded.path).config;
  } catch {
    return "every";
  }
  const { suites, ...rest } = loaded.config;
  const { suites: baseSuites, ...baseRest } = before;
  if (JSON.stringify(rest) !== JSON.stringify(baseRest)) return "every";
  return new Set(Object.keys(suites).filter((name) => JSON.stringify(suites[name]) !== JSON.stringify(baseSuites[name])));
}

/** The baseline's suite numbers, marked carried: nothing requested or spent now, no cases of its own. */
function carriedSuite(base: SuiteResults, carried: NonNullable<SuiteResults["carried"]>): SuiteResults {
  const { cases: _cases, unpricedCases: _unpriced, ...numbers } = base;
  return { ...numbers, costUsd: 0, requests: 0, durationMs: 0, warnings: [], cases: [], carried };
}
