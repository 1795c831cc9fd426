// Where this CLI was installed from, so `init --workflow` pins the action to the same repository and
// commit: release.json (stamped into the package by the release workflow: a registry or release
// tarball install), else the `resolved` of npm's lock entry for evalgate (a git install records the
// commit). When neither names both, it says what it knows, never a reference that silently fails.

import path from "node:path";
import { oneLine } from "../../util/escape-chars.ts";
import { readRegularFile } from "../../util/regular-file.ts";
import { shippedFile } from "../../util/shipped-file.ts";

/** The action's reference, and where it came from (or, when `known` is false, why it is a placeholder). */
export interface InstallSource {
  action: string;
  known: boolean;
  note: string;
}

/** The placeholder's repository: no owner is named OWNER's evalgate by accident, and no ref holds "<". */
const UNKNOWN_REPOSITORY = "OWNER/evalgate";
const UNKNOWN_COMMIT = "<commit-sha>";

interface Release {
  repository?: string;
  commit?: string;
  tag?: string;
}

async function readJson<T>(file: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readRegularFile(file, "utf8")) as T;
  } catch {
    return undefined; // absent, or not JSON npm or the release wrote
  }
}

/** The lock entry's `resolved` for evalgate: npm's hidden lock beside the install, else the project's. */
async function lockResolved(root: string, packageDir: string | undefined): Promise<string | undefined> {
  type Lock = { packages?: Record<string, { resolved?: string }> };
  const locks = [
    ...(packageDir && path.basename(path.dirname(packageDir)) === "node_modules"
      ? [path.join(path.dirname(packageDir), ".package-lock.json")]
      : []),
    path.join(root, "package-lock.json"),
  ];
  for (const file of locks) {
    const resolved = (await readJson<Lock>(file))?.packages?.["node_modules/evalgate"]?.resolved;
    if (resolved) return resolved;
  }
  return undefined;
}

/** owner/repo and the commit of a git `resolved` (github:, git+ssh://, git+https://), or what of them it names. */
export function fromResolved(resolved: string): { repository?: string; commit?: string } {
  const commit = /#([0-9a-f]{40})$/.exec(resolved)?.[1];
  const repository =
    /^github:([\w.-]+\/[\w.-]+?)(?:\.git)?#/.exec(resolved)?.[1] ??
    /github\.com[/:]([\w.-]+\/[\w.-]+?)(?:\.git)?(?:#|$)/.exec(resolved)?.[1];
  return { ...(repository ? { repository } : {}), ...(commit ? { commit } : {}) };
}

export async function installSource(root: string): Promise<InstallSource> {
  const manifest = shippedFile("package.json");
  const packageDir = manifest ? path.dirname(manifest) : undefined;
  const release = packageDir ? await readJson<Release>(path.join(packageDir, "release.json")) : undefined;
  if (release?.repository && /^[\w.-]+\/[\w.-]+$/.test(release.repository) && /^[0-9a-f]{40}$/.test(release.commit ?? ""))
    return { action: `${release.repository}@${release.commit}`, known: true, note: oneLine(`release ${release.tag ?? ""}`) };
  const recorded = await lockResolved(root, packageDir);
  // Shown in the workflow and the output: one line, without a user or token in the URL.
  const resolved = recorded && oneLine(recorded).replace(/^([a-z+]+:\/\/)[^@/]*@/i, "$1");
  const { repository, commit } = resolved ? fromResolved(resolved) : {};
  if (repository && commit) return { action: `${repository}@${commit}`, known: true, note: "the commit the CLI was installed from" };
  const action = `${repository ?? UNKNOWN_REPOSITORY}@${commit ?? UNKNOWN_COMMIT}`;
  if (commit)
    return {
      action,
      known: false,
      note: `the CLI came from ${resolved}, not a GitHub repository: put the GitHub repository holding commit ${commit.slice(0, 7)} in place of ${UNKNOWN_REPOSITORY}`,
    };
  return {
    action,
    known: false,
    note: `evalgate cannot tell which repository and commit it was installed from (${resolved ? `npm recorded ${resolved}` : "no git install or release recorded"}): put owner/evalgate@<a commit you reviewed> here`,
  };
}
