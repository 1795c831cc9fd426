// Finds the record a pull request's evals run left in its check run (github/run-record.ts), for the
// head commit the pull request has now. Only a check run that can be ours is read: the check name the
// workflow gives (`check-name`), created by the GitHub Actions app (GITHUB_TOKEN's, the app whose
// token writes evalgate's check runs and the only one that may update them), on that very commit, and
// whose record names the same commit and pull request. A check run of another app, another name or
// another commit is never read, whatever it holds.
//
// Of ours, the newest decides (a rerun at the same head replaces the verdict shown): one still running
// has no record yet, one without a record (a run that ended without a verdict, an older evalgate) has
// none to accept; either way nothing is accepted and the caller says why.

import { type GitHubClient, GitHubError, type Repo } from "./client.ts";
import { parseRecordText, type RunRecord } from "./run-record.ts";

/** The app of GITHUB_TOKEN: evalgate's check runs are its, like the sticky comment's github-actions[bot]. */
export const RECORD_APP_SLUG = "github-actions";

export type FoundRecord = { checkRunId: number; record: RunRecord; text: string } | { missing: string };

export async function findRunRecord(
  client: GitHubClient,
  repo: Repo,
  where: { headSha: string; checkName: string; pullRequest: number },
): Promise<FoundRecord> {
  const short = where.headSha.slice(0, 7);
  let listed: Awaited<ReturnType<GitHubClient["rest"]["checks"]["listForRef"]>>["data"]["check_runs"];
  try {
    // filter=all: GitHub's default (latest) would hide a finished run behind a newer one of another app.
    listed = await client.paginate(client.rest.checks.listForRef, {
      ...repo,
      ref: where.headSha,
      check_name: where.checkName,
      filter: "all",
      per_page: 100,
    });
  } catch (error) {
    throw new GitHubError(`list the check runs of ${short}`, error, "checks: read");
  }
  const ours = listed
    .filter((run) => run.name === where.checkName && run.head_sha === where.headSha && run.app?.slug === RECORD_APP_SLUG)
    .sort((a, b) => b.id - a.id);
  for (const run of ours) {
    if (run.status !== "completed") return { missing: `its evals run at ${short} has not finished (check run ${run.id})` };
    const parsed = parseRecordText(await checkRunText(client, repo, run.id));
    if ("problem" in parsed)
      return { missing: `the check run of its evals run at ${short} (${run.id}) has no verdict to accept: ${parsed.problem}` };
    if (parsed.record.head !== where.headSha)
      return { missing: `the record in check run ${run.id} is of ${parsed.record.head.slice(0, 7)}, not of ${short}` };
    // The same commit may be the head of another pull request, with its own runs.
    if (parsed.record.pullRequest !== where.pullRequest) continue;
    return { checkRunId: run.id, record: parsed.record, text: parsed.text };
  }
  return { missing: `no evals run of #${where.pullRequest} has published its \`${where.checkName}\` check run on ${short}` };
}

async function checkRunText(client: GitHubClient, repo: Repo, checkRunId: number): Promise<string | null | undefined> {
  try {
    return (await client.rest.checks.get({ ...repo, check_run_id: checkRunId })).data.output.text;
  } catch (error) {
    throw new GitHubError(`read check run ${checkRunId}`, error, "checks: read");
  }
}
