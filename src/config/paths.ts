// Files a config names stay inside the repository: on a pull request the config is the PR
// author's, so `prompts: /etc/passwd` or `../../secrets` must never be read. Paths resolve against
// their base folder; `..` escapes, absolute paths outside and symlinks pointing out are refused
// unless the config says `allow-outside-repo: true`.
import { realpathSync } from "node:fs";
import path from "node:path";
import { clipText } from "../util/escape.ts";
import type { ModelConfig } from "./models.ts";
import { providerFileFields } from "./providers.ts";

/** The folder every named file must be inside: the repository root, or the config's folder outside a repository. */
export function containmentRoot(repositoryRoot: string | undefined, configDir: string): string {
  return repositoryRoot ?? configDir;
}

/**
 * Resolves `value` against `baseDir`. Returns the absolute path, or an error message when it lies
 * outside `root` (lexically or through a symlink). `root` undefined means anything is allowed.
 */
export function resolveInside(baseDir: string, value: string, root: string | undefined): { path: string } | { error: string } {
  const resolved = path.resolve(baseDir, value);
  if (root === undefined) return { path: resolved };
  const realRoot = realOrSelf(root);
  if (!isWithin(resolved, root) && !isWithin(resolved, realRoot)) return { error: outsideMessage(value, root) };
  const real = realOrSelf(resolved);
  if (!isWithin(real, realRoot))
    return { error: `${JSON.stringify(truncate(value))} is a link to a file outside ${describeRoot(root)}; ${HINT}` };
  return { path: resolved };
}

const HINT = "files a config names must stay inside it (set allow-outside-repo: true to allow this)";

function outsideMessage(value: string, root: string): string {
  return `${JSON.stringify(truncate(value))} is outside ${describeRoot(root)}; ${HINT}`;
}

function describeRoot(root: string): string {
  return `the repository (${root})`;
}

function isWithin(target: string, root: string): boolean {
  const relative = path.relative(root, target);
  return relative === "" || (relative !== ".." && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative));
}

/** The real path of the longest existing prefix, so a file that does not exist yet under a linked folder is still caught. */
function realOrSelf(target: string): string {
  let current = target;
  const rest: string[] = [];
  for (;;) {
    try {
      return path.join(realpathSync(current), ...rest.reverse());
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return target;
      rest.push(path.basename(current));
      current = parent;
    }
  }
}

function truncate(value: string, max = 80): string {
  return clipText(value, max);
}

/** Suite config fields that name a file or folder (relative to the config's folder). */
export const SUITE_PATH_KEYS = [
  "prompts",
  "judge-preamble",
  "dataset",
  "possible-answers",
  "tools",
  "scenarios",
  "costs",
  "rubrics",
  "functions",
  "files",
  "config",
];

/**
 * Suite keys naming files (a path or a glob) each of which is run on its own: a prompt-yml suite's
 * `files:`. With `paths:` and a change request, only those that changed are run (engine/carry.ts).
 */
export const SUITE_UNIT_KEYS = ["files"];

/** The values of a suite's SUITE_UNIT_KEYS, relative to the config's folder. */
export function suiteUnitValues(suite: Record<string, unknown>): string[] {
  return SUITE_UNIT_KEYS.map((key) => suite[key]).filter((value): value is string => typeof value === "string");
}

/** Every file a model's config names (its provider's `fileFields`, such as a prompt file), relative to the config's folder. */
export function modelPathValues(model: ModelConfig): string[] {
  const fields = model as unknown as Record<string, unknown>;
  return providerFileFields(model.provider)
    .flatMap((field) => fields[field])
    .filter((value): value is string => typeof value === "string");
}

/** Every file, folder or `*` glob a suite's config block names: its own eval files (a json-schema check's schema too). */
export function suitePathValues(suite: Record<string, unknown>): string[] {
  const flexeval = suite.flexeval as { evals?: unknown } | undefined;
  return [...SUITE_PATH_KEYS.map((key) => suite[key]), flexeval?.evals, checkFiles(suite)]
    .flat()
    .filter((value): value is string => typeof value === "string");
}

/** The files a suite's checks name (`json-schema`). */
export function checkFiles(suite: Record<string, unknown>): string[] {
  const checks = Array.isArray(suite.checks) ? (suite.checks as unknown[]) : [];
  return checks.flatMap((check) => {
    const file = check && typeof check === "object" ? (check as Record<string, unknown>)["json-schema"] : undefined;
    return typeof file === "string" ? [file] : [];
  });
}
