// Each pull request's last gated run, kept on the data branch at pulls/<n>/results.json: written by the
// PR's own run after its verdict, read by the accept path (which adds acceptances to it, without any
// model call) and by the push run of the merge commit (which applies them). Its run.commit is the
// head commit the run measured, and an acceptance is bound to it: a new push writes a new record.
// Why the data branch and not the check run or an artifact: see docs/accepting-regressions.md.
import { applyAcceptance } from "../gate/acceptance.ts";
import type { AcceptanceEntry, GateVerdict } from "../gate/types.ts";
import { RESULTS_SCHEMA, type Results } from "../results/types.ts";
import { baselineContent, commitToDataBranch, readRepoFile } from "./baseline-store.ts";
import type { GitHubClient, Repo } from "./client.ts";

export const pullRecordFolder = (pullRequest: number) => `pulls/${pullRequest}/`;
export const pullRecordPath = (pullRequest: number) => `${pullRecordFolder(pullRequest)}results.json`;

/** A record that cannot take the acceptance: another head commit's run replaced it (a new push). */
export class RecordMovedError extends Error {
  override readonly name = "RecordMovedError";
}

function parseRecord(text: string, where: string): Results {
  const parsed = JSON.parse(text) as Results;
  if (parsed?.schema !== RESULTS_SCHEMA || typeof parsed.suites !== "object" || typeof parsed.verdict !== "object")
    throw new Error(`${where} is not a gated evalgate results file`);
  return parsed;
}

/** The pull request's record; null when there is none. Throws on a GitHub failure or a broken file. */
export async function readPullRecord(client: GitHubClient, repo: Repo, dataBranch: string, pullRequest: number): Promise<Results | null> {
  const text = await readRepoFile(client, repo, pullRecordPath(pullRequest), dataBranch);
  return text === null ? null : parseRecord(text, `${dataBranch}:${pullRecordPath(pullRequest)}`);
}

/**
 * Records a pull request's gated run: its cases' summaries (no answers or transcripts: the record is
 * for re-deciding, not for reading), its verdict, and the head commit it measured. An acceptance
 * given for the same head while this run was going on is kept (applied to this verdict).
 */
export async function writePullRecord(
  client: GitHubClient,
  repo: Repo,
  record: { dataBranch: string; pullRequest: number; headSha: string; results: Results; verdict: GateVerdict },
): Promise<{ commitSha: string }> {
  const { results, headSha, pullRequest } = record;
  return commitToDataBranch(client, repo, record.dataBranch, {
    message: `evalgate: #${pullRequest} gated at ${headSha.slice(0, 7)}`,
    files: async (branch) => {
      const text = await branch.read(pullRecordPath(pullRequest));
      const current = text === null ? null : parseRecord(text, pullRecordPath(pullRequest));
      const given = current?.run.commit === headSha ? (current.verdict as GateVerdict).acceptance : undefined;
      const verdict = given?.headSha === headSha ? applyAcceptance(record.verdict, given) : record.verdict;
      return { [pullRecordPath(pullRequest)]: baselineContent({ ...results, run: { ...results.run, commit: headSha }, verdict }) };
    },
  });
}

/**
 * Adds an acceptance to the record of `headSha` and re-decides its verdict. Built again from the
 * branch on every attempt: if a newer run's record replaced it meanwhile, RecordMovedError.
 */
export async function addAcceptance(
  client: GitHubClient,
  repo: Repo,
  change: { dataBranch: string; pullRequest: number; headSha: string; entry: AcceptanceEntry },
): Promise<Results> {
  const { pullRequest, headSha } = change;
  let updated: Results | undefined;
  await commitToDataBranch(client, repo, change.dataBranch, {
    message: `evalgate: #${pullRequest} at ${headSha.slice(0, 7)}: accepted by @${change.entry.by}`,
    files: async (branch) => {
      const text = await branch.read(pullRecordPath(pullRequest));
      const record = text === null ? null : parseRecord(text, pullRecordPath(pullRequest));
      if (record?.run.commit !== headSha)
        throw new RecordMovedError(
          `#${pullRequest}'s recorded run is ${record?.run.commit ? `of ${record.run.commit.slice(0, 7)}` : "gone"}, not of ${headSha.slice(0, 7)}: a new push voids the acceptance`,
        );
      const verdict = record.verdict as GateVerdict;
      const entries = [...(verdict.acceptance?.headSha === headSha ? verdict.acceptance.entries : []), change.entry];
      updated = { ...record, verdict: applyAcceptance(verdict, { pullRequest, headSha, entries }) };
      return { [pullRecordPath(pullRequest)]: baselineContent(updated) };
    },
  });
  return updated!;
}
