// Which baseline a run would be compared with, for `evalgate baseline show`: the committed file
// (store: file), or the data branch the action keeps (store: branch), read here from a fetched ref
// with git when there is one. Each with its run's commit, age and config hash against this config's.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { baselinePath } from "../baseline/data-branch.ts";
import type { LoadedConfig } from "../config/load.ts";
import { configHash } from "../engine/config-hash.ts";
import { findRepositoryRoot, readGitInfo } from "../engine/git.ts";
import { ResultsFileError, readResultsFile } from "../engine/results-file.ts";
import { formatAge } from "../gate/format.ts";
import { RESULTS_SCHEMA, type Results } from "../results/types.ts";

export interface BaselineFound {
  store: "file" | "branch" | "none";
  /** Where a run reads it: a path from the working folder, or "<data branch>:baselines/<branch>/results.json". */
  source: string;
  found: boolean;
  /** Why there is none, or where else to look. */
  note?: string;
  run?: { commit?: string; branch?: string; finishedAt: string; ageMs: number; configHash: string };
  /** This evalgate.yml's hash, and whether the baseline was made with it. */
  configHash: string;
  sameConfig?: boolean;
  suites?: Record<string, number>;
}

export async function findBaseline(loaded: LoadedConfig, branchFlag: string | undefined): Promise<BaselineFound> {
  const store = loaded.config.baseline;
  const root = findRepositoryRoot(loaded.dir);
  const hash = configHash(loaded.text);
  if (store.store === "none") return { store: "none", source: "none", found: false, configHash: hash, note: "thresholds only" };
  if (store.store === "file") {
    const file = path.resolve(root ?? process.cwd(), store.path);
    const source = path.relative(process.cwd(), file) || file;
    try {
      return withRun({ store: "file", source, found: true, configHash: hash }, await readResultsFile(file));
    } catch (error) {
      if (error instanceof ResultsFileError && error.reason === "missing")
        return { store: "file", source, found: false, configHash: hash, note: 'none yet: "evalgate run", then "evalgate baseline save"' };
      return {
        store: "file",
        source,
        found: false,
        configHash: hash,
        note: `cannot be read (a run stops with exit 3): ${(error as Error).message}`,
      };
    }
  }
  const branch = branchFlag ?? (await readGitInfo(root, process.env)).branch ?? "main";
  const source = `${store.branch}:${baselinePath(branch)}`;
  const fetched = root ? await readFromGit(root, store.branch, baselinePath(branch)) : null;
  const onGitHub = `the action reads it on GitHub (a branch without one is compared with the default branch's); "git fetch origin ${store.branch}" shows it here`;
  if (!fetched) return { store: "branch", source, found: false, configHash: hash, note: onGitHub };
  return withRun({ store: "branch", source: `${fetched.ref}:${baselinePath(branch)}`, found: true, configHash: hash }, fetched.results);
}

function withRun(found: BaselineFound, results: Results): BaselineFound {
  const { run } = results;
  return {
    ...found,
    run: {
      ...(run.commit ? { commit: run.commit } : {}),
      ...(run.branch ? { branch: run.branch } : {}),
      finishedAt: run.finishedAt,
      ageMs: Math.max(0, Date.now() - Date.parse(run.finishedAt)),
      configHash: run.configHash,
    },
    sameConfig: run.configHash === found.configHash,
    suites: Object.fromEntries(Object.entries(results.suites).map(([name, suite]) => [name, suite.counts.cases])),
  };
}

/** The baseline on the local or the fetched data branch (git show), or null. */
async function readFromGit(root: string, dataBranch: string, file: string): Promise<{ ref: string; results: Results } | null> {
  const run = promisify(execFile);
  for (const ref of [dataBranch, `origin/${dataBranch}`]) {
    try {
      const { stdout } = await run("git", ["show", `${ref}:${file}`], { cwd: root, maxBuffer: 512 * 1024 * 1024, encoding: "utf8" });
      const results = JSON.parse(stdout) as Results;
      if (results?.schema === RESULTS_SCHEMA) return { ref, results };
    } catch {
      // not on this ref (or no git): the next one
    }
  }
  return null;
}

export function describeBaseline(found: BaselineFound): string {
  const lines = [`baseline: ${found.source} (baseline.store: ${found.store})`];
  if (!found.found || !found.run) {
    lines.push(`  ${found.note ?? "not found"}`);
    return `${lines.join("\n")}\n`;
  }
  const { run } = found;
  const where = [run.commit ? `commit ${run.commit.slice(0, 7)}` : "", run.branch ? `on ${run.branch}` : ""].filter(Boolean).join(" ");
  lines.push(`  run      ${run.finishedAt} (${formatAge(run.ageMs)} old)${where ? `, ${where}` : ""}`);
  lines.push(
    found.sameConfig
      ? `  config   made with this evalgate.yml (${found.configHash})`
      : `  config   made with another evalgate.yml (${run.configHash}; this one is ${found.configHash}): every report flags it`,
  );
  const suites = Object.entries(found.suites ?? {}).map(([name, cases]) => `${name} (${cases} cases)`);
  lines.push(`  suites   ${suites.join(", ") || "none"}`);
  return `${lines.join("\n")}\n`;
}
