// A pull request's acceptances, kept on the data branch at pulls/<n>/acceptance.json: written by the
// accept job (the only job that writes there for a pull request: it runs nothing from it), read with
// `contents: read` by the pull request's own runs (a rerun at the same head applies them) and by the
// push run of the merge commit (which applies them and removes the folder when it stores the baseline).
// An acceptance is bound to the head commit it was given for: a new push voids it. Who, which metrics,
// why and when, nothing else: no secret and no model text (the reason is cleaned and redacted).
import * as z from "zod";
import type { Acceptance, AcceptanceEntry } from "../gate/types.ts";
import { commitToDataBranch, readRepoFile } from "./baseline-store.ts";
import type { GitHubClient, Repo } from "./client.ts";

const ACCEPTANCE_SCHEMA = "evalgate/acceptance@1";

export const pullRecordFolder = (pullRequest: number) => `pulls/${pullRequest}/`;
export const acceptancePath = (pullRequest: number) => `${pullRecordFolder(pullRequest)}acceptance.json`;

/** The pull request's head moved while an acceptance for its old head was being recorded. */
export class HeadMovedError extends Error {
  override readonly name = "HeadMovedError";
}

const entrySchema = z.object({
  metrics: z.array(z.string()),
  by: z.string(),
  reason: z.string(),
  via: z.enum(["label", "comment"]),
  at: z.string(),
});
const fileSchema = z.object({
  schema: z.literal(ACCEPTANCE_SCHEMA),
  pullRequest: z.number().int().positive(),
  headSha: z.string(),
  entries: z.array(entrySchema),
});

function parseAcceptance(text: string, where: string): Acceptance {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`${where} is not JSON: ${(error as Error).message}`);
  }
  const parsed = fileSchema.safeParse(json);
  if (!parsed.success) throw new Error(`${where} is not an evalgate acceptance (${ACCEPTANCE_SCHEMA})`);
  const { pullRequest, headSha, entries } = parsed.data;
  return { pullRequest, headSha, entries };
}

const content = (acceptance: Acceptance) => `${JSON.stringify({ schema: ACCEPTANCE_SCHEMA, ...acceptance }, null, 1)}\n`;

/** The pull request's acceptances (for whichever head they were given); null when none. Throws on a GitHub failure or a broken file. */
export async function readAcceptance(
  client: GitHubClient,
  repo: Repo,
  dataBranch: string,
  pullRequest: number,
): Promise<Acceptance | null> {
  const text = await readRepoFile(client, repo, acceptancePath(pullRequest), dataBranch);
  return text === null ? null : parseAcceptance(text, `${dataBranch}:${acceptancePath(pullRequest)}`);
}

/**
 * Adds an acceptance given for `headSha` and returns them all. Acceptances for that head add up; ones
 * for another head are replaced, but only while `headSha` is still the pull request's head (`isHead`):
 * an acceptance of an old head never overwrites one of the new head. Built again from the branch on
 * every attempt (a racing writer), as every data-branch commit is.
 */
export async function recordAcceptance(
  client: GitHubClient,
  repo: Repo,
  change: { dataBranch: string; pullRequest: number; headSha: string; entry: AcceptanceEntry; isHead: () => Promise<boolean> },
): Promise<Acceptance> {
  const { pullRequest, headSha } = change;
  const path = acceptancePath(pullRequest);
  let recorded: Acceptance | undefined;
  await commitToDataBranch(client, repo, change.dataBranch, {
    message: `evalgate: #${pullRequest} at ${headSha.slice(0, 7)}: accepted by @${change.entry.by}`,
    files: async (branch) => {
      const text = await branch.read(path);
      const given = text === null ? null : parseAcceptance(text, `${change.dataBranch}:${path}`);
      if (given && given.headSha !== headSha && given.entries.length && !(await change.isHead()))
        throw new HeadMovedError(
          `#${pullRequest}'s head is no longer ${headSha.slice(0, 7)} (a new push came in meanwhile): nothing accepted, accept again on the new head if the regression is still meant`,
        );
      const entries = [...(given?.headSha === headSha ? given.entries : []), change.entry];
      recorded = { pullRequest, headSha, entries };
      return { [path]: content(recorded) };
    },
  });
  return recorded!;
}
