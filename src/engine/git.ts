// Where the run happens: the repository root and the commit, branch and event, read from the
// Actions environment or from .git without spawning git (the CLI must start fast).
import { existsSync } from "node:fs";
import path from "node:path";
import { readRegularFile } from "../util/regular-file.ts";

export function findRepositoryRoot(startDir: string): string | undefined {
  let dir = path.resolve(startDir);
  for (;;) {
    if (existsSync(path.join(dir, ".git"))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

export interface GitInfo {
  commit?: string;
  branch?: string;
  event?: string;
}

export async function readGitInfo(rootDir: string | undefined, env: NodeJS.ProcessEnv): Promise<GitInfo> {
  if (env.GITHUB_ACTIONS === "true") {
    // On a PR, GITHUB_HEAD_REF is the PR branch; GITHUB_REF_NAME would be "<n>/merge".
    return { commit: env.GITHUB_SHA, branch: env.GITHUB_HEAD_REF || env.GITHUB_REF_NAME, event: env.GITHUB_EVENT_NAME };
  }
  if (!rootDir) return { event: "local" };
  try {
    const head = (await readRegularFile(path.join(rootDir, ".git", "HEAD"), "utf8")).trim();
    if (!head.startsWith("ref: ")) return { commit: head, event: "local" };
    const ref = head.slice(5);
    const branch = ref.replace(/^refs\/heads\//, "");
    const commit = await readRegularFile(path.join(rootDir, ".git", ref), "utf8").then(
      (text) => text.trim(),
      () => readPackedRef(rootDir, ref),
    );
    return { commit, branch, event: "local" };
  } catch {
    return { event: "local" };
  }
}

async function readPackedRef(rootDir: string, ref: string): Promise<string | undefined> {
  try {
    const packed = await readRegularFile(path.join(rootDir, ".git", "packed-refs"), "utf8");
    return packed
      .split("\n")
      .find((line) => line.endsWith(` ${ref}`))
      ?.split(" ")[0];
  } catch {
    return undefined;
  }
}
