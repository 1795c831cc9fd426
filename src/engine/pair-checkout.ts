// The base commit of a paired run (`--pair base`): the merge base of HEAD and the base ref, checked
// out as a detached `git worktree` inside the repository's git folder (never a tracked or untracked
// name of the work tree, and inside the repository, so the config's containment holds for its files).
// It is removed when the base half is done, on an error, a signal or the deadline, and, if the
// process exits first, by a synchronous exit hook: nothing outlives the run.
import { execFile, execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

async function git(rootDir: string, args: string[]): Promise<string> {
  const { stdout } = await run("git", args, { cwd: rootDir, encoding: "utf8", maxBuffer: 16 * 2 ** 20 });
  return stdout.trim();
}

export interface BaseCheckout {
  /** The merge base's full sha. */
  sha: string;
  /** The worktree's folder (absolute). */
  dir: string;
  /** Removes the worktree (idempotent); never throws. */
  remove(): Promise<void>;
}

/** Why the base commit cannot be checked out: the run compares with the stored baseline instead. */
export interface BaseUnavailable {
  unavailable: string;
}

/** The advice a shallow clone needs, in the words of the workflow that makes one. */
export const FETCH_DEPTH_ADVICE =
  "fetch the history (fetch-depth: 0 on actions/checkout, or git fetch --unshallow locally) to pair with the base commit";

/** The merge base of HEAD and `ref`, or why there is none here (an unknown ref, a shallow clone without it). */
export async function mergeBase(rootDir: string, ref: string): Promise<{ sha: string } | BaseUnavailable> {
  if (ref.startsWith("-") || ref.trim() === "") return { unavailable: `"${ref}" is not a git ref` };
  try {
    return { sha: await git(rootDir, ["merge-base", "HEAD", ref]) };
  } catch (error) {
    const shallow = await git(rootDir, ["rev-parse", "--is-shallow-repository"]).catch(() => "false");
    const why = String((error as { stderr?: unknown }).stderr ?? "")
      .trim()
      .split("\n")[0];
    const what = shallow === "true" ? "this is a shallow clone without it" : why || "git found none";
    return { unavailable: `no merge base of HEAD and ${ref} (${what}): ${FETCH_DEPTH_ADVICE}` };
  }
}

/** Checks the merge base out in a new worktree; `unavailable` when git cannot. */
export async function checkoutBase(rootDir: string, ref: string): Promise<BaseCheckout | BaseUnavailable> {
  const base = await mergeBase(rootDir, ref);
  if ("unavailable" in base) return base;
  let gitDir: string;
  try {
    gitDir = await git(rootDir, ["rev-parse", "--absolute-git-dir"]);
  } catch (error) {
    return { unavailable: `the git folder could not be found: ${(error as Error).message}` };
  }
  const dir = path.join(gitDir, "evalgate-pair", `base-${base.sha.slice(0, 12)}-${process.pid}`);
  const removeNow = () => removeWorktreeSync(rootDir, dir);
  process.once("exit", removeNow);
  try {
    await git(rootDir, ["worktree", "add", "--detach", "--quiet", dir, base.sha]);
  } catch (error) {
    process.off("exit", removeNow);
    removeNow();
    const why = String((error as { stderr?: unknown }).stderr ?? (error as Error).message)
      .trim()
      .split("\n")[0];
    return { unavailable: `the base commit ${base.sha.slice(0, 12)} could not be checked out (${why}): ${FETCH_DEPTH_ADVICE}` };
  }
  let removed = false;
  return {
    sha: base.sha,
    dir,
    async remove() {
      if (removed) return;
      removed = true;
      process.off("exit", removeNow);
      await git(rootDir, ["worktree", "remove", "--force", dir]).catch(() => undefined);
      removeNow();
    },
  };
}

/** The worktree's folder gone and git's record of it pruned, synchronously (also from an exit hook). */
function removeWorktreeSync(rootDir: string, dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  try {
    execFileSync("git", ["worktree", "prune"], { cwd: rootDir, stdio: "ignore" });
  } catch {
    // git gone or the repository removed: nothing left to prune
  }
}
