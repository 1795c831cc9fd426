// The `results:` mode, for the workflow_run pattern of fork pull requests: a read-only workflow ran the
// PR's code and uploaded its results; this trusted step gates that file under this checkout's config
// and baseline and reports on the PR. The file is data: its metrics are recomputed from its cases by
// the config's suite kinds, its verdict is ignored, and it is never stored as a baseline.
import path from "node:path";
import type { LoadedConfig } from "../config/load.ts";
import { checkedAgainstConfig } from "../engine/checked-results.ts";
import { findRepositoryRoot } from "../engine/git.ts";
import { ResultsFileError, readResultsFile } from "../engine/results-file.ts";
import type { RunOutcome } from "../engine/run.ts";
import type { GateVerdict } from "../gate/types.ts";
import type { Results } from "../results/types.ts";
import { type GitHubClient, GitHubError } from "./client.ts";
import type { RunContext } from "./context.ts";
import { InputError } from "./inputs.ts";

/**
 * The pull request the results are for, checked against the run that made them: the number travels in
 * the untrusted artifact, so the PR's head commit must be the commit the workflow_run ran on.
 */
export async function finishedRunContext(
  client: GitHubClient | null,
  context: RunContext,
  pullRequest: number | undefined,
): Promise<RunContext> {
  const number = pullRequest ?? context.prNumber;
  if (number === undefined) return context;
  if (!client || !context.repo) throw new InputError("input pull-request: reporting on a pull request needs github-token");
  let pr: { head: { sha: string }; base: { ref: string; sha: string } };
  try {
    pr = (await client.rest.pulls.get({ ...context.repo, pull_number: number })).data;
  } catch (error) {
    throw new GitHubError(`read pull request #${number}`, error, "contents: read");
  }
  if (context.headSha && pr.head.sha !== context.headSha)
    throw new InputError(
      `input pull-request: #${number}'s head is ${pr.head.sha.slice(0, 7)}, but the results are of ${context.headSha.slice(0, 7)} (the workflow run's commit): not reported on another commit's pull request`,
    );
  return { ...context, prNumber: number, baseRef: pr.base.ref, baseSha: pr.base.sha, headSha: pr.head.sha };
}

/** The finished run's file, checked against the config and gated; never a baseline (it is another workflow's run). */
export async function gateFinishedRun(
  loaded: LoadedConfig,
  file: string,
  decide: (results: Results, config: LoadedConfig["config"]) => Promise<GateVerdict>,
): Promise<RunOutcome> {
  const resultsPath = path.resolve(file);
  const read = await readResultsFile(resultsPath).catch((error: unknown) => {
    throw error instanceof ResultsFileError ? new InputError(`input results: ${error.message}`) : error;
  });
  const { verdict: _untrusted, ...rest } = await checkedAgainstConfig(read, loaded.config, { file, role: "head" });
  const results: Results = { ...rest, verdict: await decide(rest, loaded.config) };
  return { results, resultsPath, config: loaded.config, configPath: loaded.path, rootDir: findRepositoryRoot(loaded.dir) ?? process.cwd() };
}
