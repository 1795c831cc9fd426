// Reads the data branch's history (history/<branch>/<timestamp>-<sha>.json, written by
// baseline-store.ts) for the trend charts and the comment's trend column: the newest `limit` runs,
// oldest first, each reduced to its metric values. Trends are extra information: a history that
// cannot be read gives a warning and no trend, never a failed run.

import { historyPrefix } from "../baseline/data-branch.ts";
import { orderHistory, type TrendRun, trendRun } from "../report/trends.ts";
import { RESULTS_SCHEMA, type Results } from "../results/types.ts";
import { readRepoFile } from "./baseline-store.ts";
import { describeError, type GitHubClient, httpStatus, type Repo } from "./client.ts";

export interface HistoryRead {
  runs: TrendRun[];
  /** Why the history (or part of it) is missing; empty when all was read or none exists yet. */
  warnings: string[];
}

export async function readBranchHistory(
  octokit: GitHubClient,
  repo: Repo,
  options: { dataBranch: string; branch: string; limit: number },
): Promise<HistoryRead> {
  const warnings: string[] = [];
  let files: string[];
  try {
    const head = (await octokit.rest.git.getRef({ ...repo, ref: `heads/${options.dataBranch}` })).data.object.sha;
    const treeSha = (await octokit.rest.git.getCommit({ ...repo, commit_sha: head })).data.tree.sha;
    const { data: tree } = await octokit.rest.git.getTree({ ...repo, tree_sha: treeSha, recursive: "true" });
    const prefix = historyPrefix(options.branch);
    // names start with the run's timestamp, so a sort is chronological
    files = tree.tree
      .filter(
        (entry) =>
          entry.type === "blob" &&
          entry.path?.startsWith(prefix) &&
          entry.path.endsWith(".json") &&
          !entry.path.slice(prefix.length).includes("/"),
      )
      .map((entry) => entry.path!)
      .sort()
      .slice(-options.limit);
  } catch (error) {
    if (httpStatus(error) === 404) return { runs: [], warnings };
    return { runs: [], warnings: [`the history on ${options.dataBranch} could not be read: ${describeError(error)}`] };
  }
  const runs: TrendRun[] = [];
  for (const file of files) {
    try {
      const text = await readRepoFile(octokit, repo, file, options.dataBranch);
      if (text === null) continue;
      const parsed = JSON.parse(text) as Results;
      if (parsed?.schema !== RESULTS_SCHEMA || typeof parsed.suites !== "object") throw new Error("not an evalgate results file");
      runs.push(trendRun(parsed));
    } catch (error) {
      warnings.push(`${options.dataBranch}:${file} skipped: ${describeError(error)}`);
    }
  }
  return { runs: orderHistory(runs, options.limit), warnings };
}
