// The action's baseline: read before anything is spent (an unreadable baseline is an infrastructure
// error, never "no baseline"), and stored after the verdict when src/baseline/policy.ts says so.

import path from "node:path";
import { baselinePath } from "../baseline/data-branch.ts";
import { baselineCandidates, decideStore, type StoreRequest } from "../baseline/policy.ts";
import type { EvalgateConfig } from "../config/schema.ts";
import { readResultsFile } from "../engine/results-file.ts";
import type { RunOutcome } from "../engine/run.ts";
import { acceptedLine } from "../gate/acceptance.ts";
import type { GateVerdict } from "../gate/types.ts";
import type { Results } from "../results/types.ts";
import { escapeMarkdownText, plainText } from "../util/escape.ts";
import { readRegularFile } from "../util/regular-file.ts";
import { pullRecordFolder } from "./acceptance-record.ts";
import { mergeIntoBaseline, readBranchBaseline, readFileBaseline, writeBranchBaseline } from "./baseline-store.ts";
import { type GitHubClient, GitHubError, httpStatus } from "./client.ts";
import type { RunContext } from "./context.ts";
import { InputError } from "./inputs.ts";

export interface BaselineRead {
  baseline: Results | null;
  /** The branch whose own baseline this is; undefined for a fallback or a file. Only it is merged into on store. */
  ownBranch?: string;
  /** One markdown line for the log, the summary and the comment: which baseline is used, and why. */
  note: string;
}

const code = (text: string) => `\`${escapeMarkdownText(text).replace(/`/g, "")}\``;

/** The branch whose baseline and gate profile apply: a PR's base branch, else the branch itself. */
export function targetBranch(context: RunContext): string | undefined {
  return context.prNumber !== undefined ? context.baseRef : context.branch;
}

/** Wraps what a read threw: GitHub failures are classified, anything else (a corrupt file) says where. */
function unreadable(where: string, error: unknown): Error {
  if (httpStatus(error) !== undefined) return new GitHubError(`read the baseline ${where}`, error, "contents: read");
  return new Error(`the baseline ${where} is unreadable: ${error instanceof Error ? error.message : String(error)}`);
}

export async function readActionBaseline(
  client: GitHubClient | null,
  context: RunContext,
  config: EvalgateConfig,
  rootDir: string,
): Promise<BaselineRead> {
  const store = config.baseline;
  if (store.store === "none") return { baseline: null, note: "Baseline: none (`baseline.store: none`), thresholds only." };
  if (store.store === "branch") {
    if (!client || !context.repo)
      throw new InputError(
        `baseline.store is branch, but there is no github-token to read ${store.branch}: pass one, or use baseline.store file or none`,
      );
    const target = targetBranch(context);
    const candidates = baselineCandidates(target, context.defaultBranch);
    for (const branch of candidates) {
      const where = `${store.branch}:${baselinePath(branch)}`;
      const baseline = await readBranchBaseline(client, context.repo, { dataBranch: store.branch, branch }).catch((error) => {
        throw unreadable(where, error);
      });
      if (!baseline) continue;
      if (branch === target) return { baseline, ownBranch: branch, note: `Baseline: ${code(where)}.` };
      return {
        baseline,
        note: `Baseline: ${code(where)}, the default branch's: ${code(target ?? "this branch")} has none yet.`,
      };
    }
    return {
      baseline: null,
      note: `Baseline: none yet for ${candidates.map(code).join(" or ")} on ${code(store.branch)}: thresholds only.`,
    };
  }
  const ref = context.prNumber !== undefined ? context.baseSha : context.headSha;
  if (client && context.repo && ref) {
    const where = `${store.path}@${ref.slice(0, 7)}`;
    const baseline = await readFileBaseline(client, context.repo, { path: store.path, ref }).catch((error) => {
      throw unreadable(where, error);
    });
    return {
      baseline,
      note: baseline ? `Baseline: ${code(where)}.` : `Baseline: none yet (${code(where)} does not exist): thresholds only.`,
    };
  }
  // No API (a local run): the checked-out file, resolved from the repository root as the CLI does.
  const file = path.resolve(rootDir, store.path);
  const text = await readRegularFile(file, "utf8").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return null;
    throw unreadable(store.path, error);
  });
  if (text === null) return { baseline: null, note: `Baseline: none yet (${code(store.path)} does not exist): thresholds only.` };
  try {
    return { baseline: JSON.parse(text) as Results, note: `Baseline: ${code(store.path)} from the checkout.` };
  } catch (error) {
    throw unreadable(store.path, error);
  }
}

export interface StoreOutcome {
  stored: boolean;
  /** One markdown line for the summary and the comment. */
  line: string;
  /** Set when storing was wanted but failed: the run ends as an infrastructure error. */
  error?: string;
}

/**
 * The run as results.json has it, each case with its details (the engine keeps only summaries in
 * memory): the stored baseline keeps each answer for the side-by-side view and for re-judging. A
 * file that cannot be read back leaves the summaries, and the reason: the numbers are stored all the same.
 */
async function withAnswers(results: Results, resultsPath: string): Promise<{ results: Results; unread?: string }> {
  try {
    return { results: await readResultsFile(resultsPath) };
  } catch (error) {
    return { results, unread: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * A push whose failures the merged pull request accepted (github/acceptance-lookup.ts): "accepted in #7
 * by @alice: cheaper model", for the data branch's commit message, the history and the report.
 */
function acceptedOnMerge(verdict: GateVerdict): { pullRequest: number; words: string } | undefined {
  const acceptance = verdict.acceptance;
  if (!acceptance || !verdict.accepted?.length) return undefined;
  const entries = acceptance.entries.filter((entry) =>
    verdict.accepted!.some((line) => line.endsWith(acceptedLine(entry, acceptance.pullRequest))),
  );
  const words = (entries.length ? entries : acceptance.entries).map((entry) => acceptedLine(entry, acceptance.pullRequest)).join("; ");
  return { pullRequest: acceptance.pullRequest, words: plainText(words, 500) };
}

/** Stores the run when src/baseline/policy.ts says so; a wanted store that fails is an error, not a warning. */
export async function storeActionBaseline(
  client: GitHubClient | null,
  context: RunContext,
  outcome: Pick<RunOutcome, "config" | "results" | "resultsPath">,
  verdict: GateVerdict,
  read: BaselineRead,
  request: StoreRequest,
): Promise<StoreOutcome> {
  const { config, results } = outcome;
  const decision = decideStore({
    event: context.event,
    branch: context.branch,
    isPullRequest: context.prNumber !== undefined,
    request,
    config: config.baseline,
    verdict,
    partial: results.run.partial,
  });
  if (!decision.store) return { stored: false, line: `Baseline not stored: ${decision.reason}.` };
  const dataBranch = config.baseline.branch;
  if (!client || !context.repo || !context.branch) {
    const error = "the baseline could not be stored: no github-token";
    return { stored: false, line: `Baseline not stored: ${error}.`, error };
  }
  const full = await withAnswers(results, outcome.resultsPath);
  const accepted = acceptedOnMerge(verdict);
  try {
    const { commitSha, attempts } = await writeBranchBaseline(client, context.repo, {
      dataBranch,
      branch: context.branch,
      results: mergeIntoBaseline(read.ownBranch === context.branch ? read.baseline : null, { ...full.results, verdict }),
      historySize: config.baseline["history-size"],
      // The merged pull request's acceptance has done its job: it now lives in this history entry.
      ...(accepted ? { note: accepted.words, remove: [pullRecordFolder(accepted.pullRequest)] } : {}),
    });
    const tries = attempts === 1 ? "" : `, ${attempts} attempts`;
    const without = full.unread ? `; without the cases' answers: ${escapeMarkdownText(full.unread)}` : "";
    const why = accepted ? `, ${escapeMarkdownText(accepted.words, 400)}` : "";
    return {
      stored: true,
      line: `Baseline stored: ${decision.reason}${why} (${code(dataBranch)} @ ${commitSha.slice(0, 7)}${tries}${without}).`,
    };
  } catch (error) {
    const failure = error instanceof GitHubError ? error : new GitHubError(`store the baseline on ${dataBranch}`, error, "contents: write");
    return { stored: false, line: `Baseline not stored: ${escapeMarkdownText(failure.message)}.`, error: failure.message };
  }
}
