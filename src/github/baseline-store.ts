// Where baselines live on GitHub.
// - store "branch": a data branch with baselines/<branch>/results.json (the latest run of each gated
//   branch) and history/<branch>/<timestamp>-<sha>.json, committed through the git data API. A
//   concurrent run that moved the branch first makes our ref update fail (409/422): re-read, retry.
// - store "file": a committed results file, read as it is at the PR's base commit.
import { caseAnswer } from "../baseline/case-answer.ts";
import { baselinePath, historyPrefix } from "../baseline/data-branch.ts";
import { RESULTS_SCHEMA, type Results } from "../results/types.ts";
import { describeError, type GitHubClient, httpStatus, type Repo } from "./client.ts";

function parseResults(text: string, where: string): Results {
  const parsed = JSON.parse(text) as Results;
  if (parsed?.schema !== RESULTS_SCHEMA || typeof parsed.suites !== "object")
    throw new Error(`${where} is not an evalgate results file (${RESULTS_SCHEMA})`);
  return parsed;
}

/**
 * A file's text at a ref; null only when the contents API says there is no such file (404). GitHub's
 * contents API sends a file's content up to 1 MB; from 1 to 100 MB it lists the file with `content: ""`
 * and `encoding: "none"`, and its blob (git data API, up to 100 MB) has the bytes. Once the file is
 * listed, any failure to read it (the blob missing or refused, a size that does not match, a folder
 * where the file should be) is an error: an unreadable baseline, never "no baseline".
 */
export async function readRepoFile(octokit: GitHubClient, repo: Repo, path: string, ref: string): Promise<string | null> {
  let listed: Awaited<ReturnType<GitHubClient["rest"]["repos"]["getContent"]>>["data"];
  try {
    listed = (await octokit.rest.repos.getContent({ ...repo, path, ref })).data;
  } catch (error) {
    if (httpStatus(error) === 404) return null;
    // Past 100 MB GitHub's API sends no file at all (403 too_large): not a permission the token lacks.
    if (isTooLarge(error)) throw new Error(`${path} at ${ref} is over 100 MB: GitHub's API cannot send it (${describeError(error)})`);
    throw error;
  }
  if (Array.isArray(listed) || listed.type !== "file")
    throw new Error(`${path} at ${ref} is not a file (${Array.isArray(listed) ? "a folder" : listed.type})`);
  const inline = "content" in listed && listed.encoding === "base64" ? Buffer.from(listed.content, "base64") : null;
  const bytes = inline && inline.length === listed.size ? inline : await readBlob(octokit, repo, listed.sha, `${path} at ${ref}`);
  if (bytes.length !== listed.size) throw new Error(`${path} at ${ref}: read ${bytes.length} bytes of the ${listed.size} listed`);
  return bytes.toString("utf8");
}

/** GitHub's answer to a file or blob past 100 MB: a 403 whose errors say too_large. */
function isTooLarge(error: unknown): boolean {
  const data = (error as { response?: { data?: { errors?: { code?: unknown }[] } } } | null)?.response?.data;
  return httpStatus(error) === 403 && (data?.errors ?? []).some((entry) => entry?.code === "too_large");
}

/** A blob's bytes through the git data API (files up to 100 MB); a 404 here is a failure, not an absent file. */
async function readBlob(octokit: GitHubClient, repo: Repo, sha: string, what: string): Promise<Buffer> {
  try {
    const { data } = await octokit.rest.git.getBlob({ ...repo, file_sha: sha });
    if (data.encoding !== "base64") throw new Error(`its blob came as "${data.encoding}", not base64`);
    return Buffer.from(data.content, "base64");
  } catch (error) {
    const status = httpStatus(error);
    const why = isTooLarge(error)
      ? "it is over 100 MB, more than GitHub's API sends"
      : status
        ? describeError(error)
        : (error as Error).message;
    throw new Error(`${what} is listed (blob ${sha.slice(0, 7)}) but its blob could not be read: ${why}`, {
      cause: error,
    });
  }
}

export async function readBranchBaseline(
  octokit: GitHubClient,
  repo: Repo,
  options: { dataBranch: string; branch: string },
): Promise<Results | null> {
  const text = await readRepoFile(octokit, repo, baselinePath(options.branch), options.dataBranch);
  return text === null ? null : parseResults(text, `${options.dataBranch}:${baselinePath(options.branch)}`);
}

export async function readFileBaseline(octokit: GitHubClient, repo: Repo, options: { path: string; ref: string }): Promise<Results | null> {
  const text = await readRepoFile(octokit, repo, options.path, options.ref);
  return text === null ? null : parseResults(text, `${options.path}@${options.ref}`);
}

/**
 * The results as stored: each case's details cut down to what a later run shows beside its own
 * answer (the answer, votes, calls, feedback; capped, redacted: baseline/case-answer.ts), the rest
 * (prompts, transcripts, raw responses) left out to keep files small.
 */
export function baselineContent(results: Results): string {
  const suites = Object.fromEntries(
    Object.entries(results.suites).map(([name, suite]) => [
      name,
      {
        ...suite,
        cases: suite.cases.map(({ details, ...rest }) => {
          const answer = caseAnswer(details);
          return answer ? { ...rest, details: answer } : rest;
        }),
      },
    ]),
  );
  return `${JSON.stringify({ ...results, suites }, null, 1)}\n`;
}

export interface WriteBaselineOptions {
  dataBranch: string;
  branch: string;
  results: Results;
  historySize: number;
  /** Attempts before giving up on a racing writer. */
  maxAttempts?: number;
  /** Said after the commit message's first words ("accepted in #7 by @alice: …"). */
  note?: string;
  /** Folders to remove in the same commit (a merged pull request's acceptance, pulls/<n>/). */
  remove?: string[];
}

const isConflict = (error: unknown) => httpStatus(error) === 409 || httpStatus(error) === 422;

/** The data branch as a commit finds it: read only what a change needs. */
export interface DataBranchState {
  /** The commit the change goes on; null when the branch does not exist yet. */
  parent: string | null;
  /** Every file path on the branch (one recursive tree read, on first use). */
  paths(): Promise<string[]>;
  /** A file's text at `parent`; null when absent. */
  read(path: string): Promise<string | null>;
}

export interface DataBranchChange {
  message: string;
  /** The files to write (their text) or remove (null), from the branch as it is; built again on each attempt. */
  files(state: DataBranchState): Promise<Record<string, string | null>>;
}

/**
 * Commits a change on the data branch through the git data API. When another run moved the branch
 * between our read and our ref update (409/422), the change is built again on top of it, up to
 * `maxAttempts` times. Returns the commit sha and how many attempts it took.
 */
export async function commitToDataBranch(
  octokit: GitHubClient,
  repo: Repo,
  dataBranch: string,
  change: DataBranchChange,
  maxAttempts = 5,
): Promise<{ commitSha: string; attempts: number }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return { commitSha: await commitOnce(octokit, repo, dataBranch, change), attempts: attempt };
    } catch (error) {
      if (!isConflict(error) || attempt >= maxAttempts) throw error;
      // another run moved the data branch between our read and our ref update: start over from it
    }
  }
}

async function commitOnce(octokit: GitHubClient, repo: Repo, dataBranch: string, change: DataBranchChange): Promise<string> {
  const ref = `heads/${dataBranch}`;
  let parent: string | null = null;
  try {
    parent = (await octokit.rest.git.getRef({ ...repo, ref })).data.object.sha;
  } catch (error) {
    if (httpStatus(error) !== 404) throw error;
  }
  const baseTree = parent ? (await octokit.rest.git.getCommit({ ...repo, commit_sha: parent })).data.tree.sha : undefined;
  let paths: Promise<string[]> | undefined;
  const state: DataBranchState = {
    parent,
    paths: () => {
      paths ??= baseTree
        ? octokit.rest.git
            .getTree({ ...repo, tree_sha: baseTree, recursive: "true" })
            .then(({ data }) => data.tree.filter((entry) => entry.type === "blob" && entry.path).map((entry) => entry.path!))
        : Promise.resolve([]);
      return paths;
    },
    read: (path) => (parent ? readRepoFile(octokit, repo, path, parent) : Promise.resolve(null)),
  };
  const files = await change.files(state);
  const entries = Object.entries(files).map(([path, content]) =>
    content === null
      ? { path, mode: "100644" as const, type: "blob" as const, sha: null }
      : { path, mode: "100644" as const, type: "blob" as const, content },
  );
  const { data: tree } = await octokit.rest.git.createTree({ ...repo, tree: entries, ...(baseTree ? { base_tree: baseTree } : {}) });
  const { data: commit } = await octokit.rest.git.createCommit({
    ...repo,
    message: change.message,
    tree: tree.sha,
    parents: parent ? [parent] : [],
  });
  if (parent) await octokit.rest.git.updateRef({ ...repo, ref, sha: commit.sha, force: false });
  else await octokit.rest.git.createRef({ ...repo, ref: `refs/${ref}`, sha: commit.sha });
  return commit.sha;
}

/** Commits the new baseline and history entry (history pruned to history-size); returns the commit sha and the attempts it took. */
export async function writeBranchBaseline(
  octokit: GitHubClient,
  repo: Repo,
  options: WriteBaselineOptions,
): Promise<{ commitSha: string; attempts: number }> {
  const content = baselineContent(options.results);
  const stamp = (options.results.run.finishedAt || new Date().toISOString()).replace(/[:.]/g, "-");
  const historyFile = `${historyPrefix(options.branch)}${stamp}-${(options.results.run.commit ?? "local").slice(0, 7)}.json`;
  const message = `evalgate: baseline for ${options.branch} at ${(options.results.run.commit ?? "local").slice(0, 7)}${options.note ? ` (${options.note})` : ""}`;
  return commitToDataBranch(
    octokit,
    repo,
    options.dataBranch,
    {
      message,
      files: async (state) => {
        const files: Record<string, string | null> = { [baselinePath(options.branch)]: content, [historyFile]: content };
        if (!state.parent) return files;
        const paths = await state.paths();
        const prefix = historyPrefix(options.branch);
        // history files sort by their timestamp prefix; keep the newest history-size, counting the new one
        const history = paths
          .filter((path) => path.startsWith(prefix) && !path.slice(prefix.length).includes("/") && path !== historyFile)
          .sort();
        const excess = history.length + 1 - options.historySize;
        for (const path of history.slice(0, Math.max(0, excess))) files[path] = null;
        for (const folder of options.remove ?? []) for (const path of paths.filter((p) => p.startsWith(folder))) files[path] = null;
        return files;
      },
    },
    options.maxAttempts,
  );
}

/** Keeps suites this run did not run (a suite filter) from the previous baseline. */
export function mergeIntoBaseline(previous: Results | null, results: Results): Results {
  if (!previous) return results;
  return { ...results, suites: { ...previous.suites, ...results.suites } };
}
