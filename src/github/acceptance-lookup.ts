// Which acceptances apply to a run of the gate (kept on the data branch by the accept job:
// github/acceptance-record.ts, read with `contents: read`).
// - A pull request's run (a rerun at the same head commit) keeps the acceptances given for that
//   commit; one given for an older commit is void, and the report says so. Read after the run, just
//   before the verdict, so that one given while the run was going on applies too.
// - The push run of a merge commit on a gated branch, when its gate fails: the pull request it
//   merged (GET /commits/{sha}/pulls, whose merge_commit_sha is this commit: a merge, a squash or the
//   last commit of a rebase alike) and that PR's acceptances, if they were given for the head it
//   merged at. They apply to the same metrics of this run; then the baseline policy stores it.
// Nothing here ever accepts on a fault: an acceptance that cannot be read is not applied.
import * as core from "@actions/core";
import type { EvalgateConfig } from "../config/schema.ts";
import { acceptedLine, applyAcceptance } from "../gate/acceptance.ts";
import type { Acceptance, GateVerdict } from "../gate/types.ts";
import { escapeMarkdownText } from "../util/escape.ts";
import { readAcceptance } from "./acceptance-record.ts";
import { describeError, type GitHubClient, GitHubError, type Repo } from "./client.ts";
import type { RunContext } from "./context.ts";

export interface AcceptanceSource {
  /** The verdict with the acceptances that apply to this run (unchanged when none does). */
  apply(verdict: GateVerdict): Promise<GateVerdict>;
  /** Markdown lines for the report: an acceptance voided by a new push, or one that could not be read. */
  notes: string[];
}

const none: AcceptanceSource = { apply: async (verdict) => verdict, notes: [] };
const short = (sha: string) => sha.slice(0, 7);

/** What applies to this run: a pull request's own acceptances, or on a push the merged pull request's. */
export async function acceptanceSource(
  client: GitHubClient | null,
  context: RunContext,
  config: EvalgateConfig,
): Promise<AcceptanceSource> {
  if (!client || !context.repo || !context.headSha || config.baseline.store !== "branch") return none;
  const where = { client, repo: context.repo, dataBranch: config.baseline.branch, headSha: context.headSha };
  if (context.prNumber !== undefined) return pullRequestAcceptance({ ...where, pullRequest: context.prNumber });
  if (context.event === "push" && context.branch) return mergedAcceptance({ ...where, branch: context.branch });
  return none;
}

interface Where {
  client: GitHubClient;
  repo: Repo;
  dataBranch: string;
  headSha: string;
}

/** The pull request's acceptances for this head; read when the verdict is decided. */
function pullRequestAcceptance(where: Where & { pullRequest: number }): AcceptanceSource {
  const source: AcceptanceSource = {
    notes: [],
    apply: async (verdict) => {
      let acceptance: Acceptance | null;
      try {
        acceptance = await readAcceptance(where.client, where.repo, where.dataBranch, where.pullRequest);
      } catch (error) {
        const why = describeError(error);
        core.warning(`evalgate: the acceptances of #${where.pullRequest} could not be read (${why}): none applied`);
        source.notes.push(`The acceptances of #${where.pullRequest} could not be read (${escapeMarkdownText(why)}): none applied.`);
        return verdict;
      }
      if (!acceptance?.entries.length) return verdict;
      if (acceptance.headSha !== where.headSha) {
        const by = [...new Set(acceptance.entries.map((entry) => `@${entry.by}`))].join(", ");
        source.notes.push(
          `An acceptance by ${escapeMarkdownText(by)} was given for ${short(acceptance.headSha)}; this run is of ${short(where.headSha)} (a new push runs the gate again): accept again if the regression is still meant.`,
        );
        return verdict;
      }
      return applyAcceptance(verdict, acceptance);
    },
  };
  return source;
}

interface MergedPull {
  number: number;
  head: { sha: string };
  base: { ref: string };
  merged_at: string | null;
  merge_commit_sha: string | null;
}

/** Only a failing push looks: the merged pull request's acceptances, when given for the head it merged at. */
function mergedAcceptance(where: Where & { branch: string }): AcceptanceSource {
  const source: AcceptanceSource = {
    notes: [],
    apply: async (verdict) => {
      if (verdict.verdict !== "fail") return verdict;
      try {
        const acceptance = await findMergedAcceptance(where, source.notes);
        return acceptance ? applyAcceptance(verdict, acceptance) : verdict;
      } catch (error) {
        const failure =
          error instanceof GitHubError ? error.message : `could not read the merged pull request's acceptance: ${describeError(error)}`;
        // Unsure whether the failure was accepted: never a pass, and never stored as "failed" either.
        return {
          ...verdict,
          verdict: "error",
          errors: [...verdict.errors, `${failure} (whether this regression was accepted is unknown)`],
        };
      }
    },
  };
  return source;
}

async function findMergedAcceptance(where: Where & { branch: string }, notes: string[]): Promise<Acceptance | undefined> {
  let pulls: MergedPull[];
  try {
    pulls = (await where.client.rest.repos.listPullRequestsAssociatedWithCommit({ ...where.repo, commit_sha: where.headSha })).data;
  } catch (error) {
    throw new GitHubError(`look up the pull request merged as ${short(where.headSha)}`, error, "pull-requests: read");
  }
  const merged = pulls.find((pull) => pull.merged_at && pull.merge_commit_sha === where.headSha && pull.base.ref === where.branch);
  if (!merged) return undefined;
  let acceptance: Acceptance | null;
  try {
    acceptance = await readAcceptance(where.client, where.repo, where.dataBranch, merged.number);
  } catch (error) {
    throw new GitHubError(`read #${merged.number}'s acceptances on ${where.dataBranch}`, error, "contents: read");
  }
  if (!acceptance?.entries.length) {
    notes.push(`#${merged.number} was merged without an accepted regression: the baseline policy applies as it is.`);
    return undefined;
  }
  if (acceptance.headSha !== merged.head.sha) {
    notes.push(
      `#${merged.number}'s acceptance was given for ${short(acceptance.headSha)}, but it merged at ${short(merged.head.sha)} (a push after the acceptance voids it): not applied.`,
    );
    return undefined;
  }
  for (const entry of acceptance.entries) core.info(`evalgate: ${acceptedLine(entry, merged.number)} (${entry.metrics.join(", ")})`);
  return { ...acceptance, pullRequest: merged.number };
}
