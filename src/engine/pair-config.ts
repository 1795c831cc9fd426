// Which files of a paired run come from the base commit: the system under test's, and nothing else.
// The base half runs head's config (its suites, datasets, judges, gate) with, for each model a paired
// suite names as its system under test (`agents`, `target`, `model-map`):
//   - the model's entry from the base commit's evalgate.yml, when that file loads and defines it (a
//     pull request that switches the model or its settings is measured against the old ones), else
//     head's entry;
//   - every file the entry names re-rooted in the base worktree: its prompt file, its provider's file
//     fields, and its working folder (`cwd`, and a started service's `cwd`; absent, the config's
//     folder there), so a command target or a service runs the base commit's code;
// and for an agent suite, its MCP server run from the base worktree (`mcp.cwd`). Judges, simulators,
// graders and the datasets stay head's: the system under test never grades itself, and both halves
// answer the same cases. Paths are written relative to head's config folder, so the containment
// check (config/paths.ts) sees them inside the repository (the worktree lives in its git folder).
import path from "node:path";
import { type LoadedConfig, loadConfig } from "../config/load.ts";
import { type ModelConfig, TARGET_REFERENCE_KEYS } from "../config/models.ts";
import { providerFileFields } from "../config/providers.ts";

export interface HalfWhere {
  rootDir: string;
  /** The base worktree's root. */
  worktree: string;
  /** The paired suites. */
  suites: string[];
}

/** Head's loaded config with the paired suites' systems under test taken from the base worktree. */
export async function baseHalfConfig(head: LoadedConfig, where: HalfWhere): Promise<{ loaded: LoadedConfig; note?: string }> {
  const baseConfigDir = path.join(where.worktree, path.relative(where.rootDir, head.dir));
  const base = await loadConfig(path.join(baseConfigDir, path.basename(head.path))).catch(() => undefined);
  const note = base
    ? undefined
    : `the base commit's ${path.relative(where.rootDir, head.path)} could not be loaded: its systems under test kept head's model settings (their files from the base commit)`;
  const inBase = (value: string, fromDir: string) => {
    const absolute = path.resolve(fromDir, value);
    const relative = path.relative(where.rootDir, absolute);
    // A file outside the repository is not part of either commit: it stays as it is.
    if (fromDir === head.dir && (relative.startsWith("..") || path.isAbsolute(relative))) return value;
    const rerooted = fromDir === head.dir ? path.join(where.worktree, relative) : absolute;
    return path.relative(head.dir, rerooted) || ".";
  };
  const models = { ...head.config.models };
  for (const name of systemsUnderTest(head, where.suites)) {
    const own = base && Object.hasOwn(base.config.models, name) ? base.config.models[name]! : head.config.models[name];
    if (!own) continue;
    models[name] = rerootedModel(own, (value) => inBase(value, own === head.config.models[name] ? head.dir : baseConfigDir));
  }
  const suites = { ...head.config.suites };
  for (const name of where.suites) {
    const suite = suites[name] as { mcp?: { cwd?: string } };
    if (suite.mcp)
      suites[name] = { ...suites[name]!, mcp: { ...suite.mcp, cwd: inBase(suite.mcp.cwd ?? ".", head.dir) } } as (typeof suites)[string];
  }
  return { loaded: { ...head, config: { ...head.config, models, suites } }, ...(note ? { note } : {}) };
}

/** The models the suites name as their system under test. */
export function systemsUnderTest(loaded: LoadedConfig, suites: string[]): Set<string> {
  const names = new Set<string>();
  const add = (value: unknown) => {
    if (typeof value === "string") names.add(value);
    else if (Array.isArray(value)) value.forEach(add);
    else if (value && typeof value === "object") Object.values(value).forEach(add);
  };
  for (const suite of suites) {
    const options = loaded.config.suites[suite] as Record<string, unknown> | undefined;
    for (const key of TARGET_REFERENCE_KEYS) add(options?.[key]);
  }
  return names;
}

/** The model with its files and working folders in the base worktree. */
function rerootedModel(model: ModelConfig, inBase: (value: string) => string): ModelConfig {
  const fields = model as Record<string, unknown>;
  const out: Record<string, unknown> = { ...fields };
  for (const field of providerFileFields(model.provider)) if (typeof fields[field] === "string") out[field] = inBase(fields[field]);
  if (model.provider === "command") out["cwd"] = inBase(model.cwd ?? ".");
  const start = (fields["start"] as { cwd?: string } | undefined) ?? undefined;
  if (start) out["start"] = { ...start, cwd: inBase(start.cwd ?? ".") };
  return out as ModelConfig;
}
