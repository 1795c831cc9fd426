// The accept path: a maintainer labelled a pull request (`gate.accept-label`) or commented
// `/evalgate accept <suite/metric | suite | all> <reason>`. It sends no model request and runs nothing
// from the pull request: it checks the actor's permission (write, maintain or admin), reads the record
// the PR's evals run left in its check run on the current head commit (github/record-check-run.ts),
// records the acceptance on the data branch (pulls/<n>/acceptance.json, github/acceptance-record.ts),
// and publishes the verdict decided again: that check run (updated in place), the sticky comment and
// the job summary. Someone without permission is ignored, with a line in the comment; a permission
// that cannot be checked never accepts (exit 3).
// Exit codes: the verdict's (0 pass, 1 still failing) when an acceptance was recorded; 0 when none was
// (ignored, nothing named was failing, not a command); 3 when it could not be decided.
import * as core from "@actions/core";
import type { LoadedConfig } from "../config/load.ts";
import { applyAcceptance, resolveTargets } from "../gate/acceptance.ts";
import type { Acceptance, GateVerdict } from "../gate/types.ts";
import { escapeMarkdownText, safeUrl } from "../util/escape.ts";
import { type AcceptAsk, acceptAsk } from "./accept-command.ts";
import { HeadMovedError, readAcceptance, recordAcceptance } from "./acceptance-record.ts";
import { type GitHubClient, GitHubError, type Repo } from "./client.ts";
import type { AcceptTrigger, RunContext } from "./context.ts";
import { type ActionInputs, InputError } from "./inputs.ts";
import { actorPermission } from "./permission.ts";
import { checkConclusion, checkTitle, reportBodies } from "./publish.ts";
import { findRunRecord } from "./record-check-run.ts";
import { GitHubReporter } from "./reporter.ts";
import { type RunRecord, recordResults } from "./run-record.ts";
import { writeJobSummary } from "./summary.ts";

export interface AcceptRun {
  client: GitHubClient | null;
  context: RunContext & { trigger: AcceptTrigger };
  loaded: LoadedConfig;
  inputs: ActionInputs;
  env: NodeJS.ProcessEnv;
}

export interface AcceptOutcome {
  /** The verdict decided again; undefined when nothing was accepted. */
  verdict?: GateVerdict;
  accepted: boolean;
}

/** The evals run's record on the head commit, its check run, and the verdict with the acceptances given so far. */
interface Recorded {
  checkRunId: number;
  record: RunRecord;
  /** The check run's output.text as read: sent back unchanged with every update. */
  text: string;
  verdict: GateVerdict;
}

/** Whether the event is a maintainer's label or comment that the accept path answers (issue_comment always is). */
export function isAcceptRequest(context: RunContext, loaded: LoadedConfig): context is RunContext & { trigger: AcceptTrigger } {
  if (!context.trigger) return context.event === "issue_comment";
  return context.trigger.via === "comment" || acceptAsk(context.trigger, loaded.config.gate["accept-label"]) !== null;
}

const short = (sha: string) => sha.slice(0, 7);
const login = (actor: string) => escapeMarkdownText(`@${actor}`);

export async function runAccept(run: AcceptRun): Promise<AcceptOutcome> {
  const { context, loaded } = run;
  const ask = context.trigger ? acceptAsk(context.trigger, loaded.config.gate["accept-label"]) : null;
  if (!ask || context.prNumber === undefined) {
    core.info("evalgate: no /evalgate command on a pull request: nothing to accept");
    return { accepted: false };
  }
  if (!run.client || !context.repo) throw new InputError("accepting a regression needs github-token");
  if (loaded.config.baseline.store !== "branch")
    throw new InputError("accepting a regression needs `baseline.store: branch`: the data branch keeps each pull request's acceptances");
  const pull = await readPull(run.client, context.repo, context.prNumber);
  const pr: RunContext = { ...context, headSha: pull.head.sha, baseRef: pull.base.ref, baseSha: pull.base.sha, branch: pull.head.ref };
  const where = { headSha: pull.head.sha, checkName: run.inputs.checkName, pullRequest: context.prNumber };
  const found = await findRunRecord(run.client, context.repo, where);
  const current = "missing" in found ? null : await withAcceptances(run, pr, found);
  const actor = context.trigger.actor;
  const refuse = await refusal(run, pr, actor, ask, current);
  if (refuse) {
    core.notice(`evalgate: ${refuse.log}`);
    // The comment; the check run only when it does not show the acceptances given so far (a rerun
    // that read them before the last one landed): a refusal changes no verdict.
    if (current) await publish(run, pr, current, current.verdict, [refuse.note], { checkRun: showsLess(current) });
    return { accepted: false };
  }
  if (!current) throw new Error(`nothing to accept on #${context.prNumber} yet: ${"missing" in found ? found.missing : ""}`);
  return accept(run, pr, current, ask as Extract<AcceptAsk, { targets: string[] }>);
}

/** Whether the acceptances given for the head accept more than the record's check run shows. */
function showsLess(current: Recorded): boolean {
  return (current.verdict.accepted?.length ?? 0) > (current.record.verdict.accepted?.length ?? 0);
}

async function readPull(client: GitHubClient, repo: Repo, number: number) {
  try {
    return (await client.rest.pulls.get({ ...repo, pull_number: number })).data;
  } catch (error) {
    throw new GitHubError(`read pull request #${number}`, error, "pull-requests: read");
  }
}

/** The record with the acceptances already given for its head (the data branch keeps them; the record may predate them). */
async function withAcceptances(run: AcceptRun, pr: RunContext, found: Omit<Recorded, "verdict">): Promise<Recorded> {
  const dataBranch = run.loaded.config.baseline.branch;
  const given = await readAcceptance(run.client!, pr.repo!, dataBranch, pr.prNumber!).catch((error: unknown) => {
    throw new GitHubError(`read #${pr.prNumber}'s acceptances on ${dataBranch}`, error, "contents: read");
  });
  const verdict = given?.headSha === found.record.head ? applyAcceptance(found.record.verdict, given) : found.record.verdict;
  return { ...found, verdict };
}

/**
 * Why the request is not carried out, with the line for the comment, or null to go on. A permission
 * that cannot be checked is not a refusal: it throws (exit 3), after saying so in the comment.
 */
async function refusal(
  run: AcceptRun,
  pr: RunContext,
  actor: string,
  ask: AcceptAsk,
  current: Recorded | null,
): Promise<{ note: string; log: string } | null> {
  const repo = `${pr.repo!.owner}/${pr.repo!.repo}`;
  let permission: Awaited<ReturnType<typeof actorPermission>>;
  try {
    permission = await actorPermission(run.client!, pr.repo!, actor);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    const note = `${login(actor)} asked to accept a regression, but ${escapeMarkdownText(why)}: not accepted.`;
    if (current) await publish(run, pr, current, current.verdict, [note], { checkRun: false, verdictOutput: false });
    throw new Error(`${why}: the acceptance by @${actor} was not applied`);
  }
  if (!permission.allowed) {
    const line = `${login(actor)} asked to accept a regression but has ${escapeMarkdownText(permission.role)} permission on ${escapeMarkdownText(repo)}; accepting takes write, maintain or admin: ignored.`;
    return { note: line, log: `@${actor} (${permission.role}) may not accept: ignored` };
  }
  if ("problem" in ask) return { note: `${login(actor)}: ${escapeMarkdownText(ask.problem)}. Nothing accepted.`, log: ask.problem };
  if (!current) return null;
  const { verdict } = current;
  if (verdict.verdict !== "fail") {
    const why =
      verdict.verdict === "error" ? "could not decide (an infrastructure error is never accepted: run the evals again)" : "passed";
    return {
      note: `${login(actor)}: the gate at ${short(pr.headSha!)} ${why}; nothing to accept.`,
      log: `the gate ${verdict.verdict === "error" ? "could not decide" : "passed"}: nothing to accept`,
    };
  }
  const { keys, problems } = resolveTargets(verdict, ask.targets);
  if (keys.length) return null;
  return {
    note: `${login(actor)}: ${escapeMarkdownText(problems.join("; "), 600)} at ${short(pr.headSha!)}. Nothing accepted.`,
    log: problems.join("; "),
  };
}

/** Records the acceptance on the data branch and publishes the verdict decided again. */
async function accept(
  run: AcceptRun,
  pr: RunContext,
  current: Recorded,
  ask: { targets: string[]; reason: string },
): Promise<AcceptOutcome> {
  const { keys, problems } = resolveTargets(current.verdict, ask.targets);
  const trigger = run.context.trigger;
  const entry = { metrics: keys, by: trigger.actor, reason: ask.reason, via: trigger.via, at: new Date().toISOString() };
  const dataBranch = run.loaded.config.baseline.branch;
  const headSha = pr.headSha!;
  const isHead = async () => (await readPull(run.client!, pr.repo!, pr.prNumber!)).head.sha === headSha;
  let acceptance: Acceptance;
  try {
    acceptance = await recordAcceptance(run.client!, pr.repo!, { dataBranch, pullRequest: pr.prNumber!, headSha, entry, isHead });
  } catch (error) {
    if (error instanceof HeadMovedError || error instanceof GitHubError) throw error;
    throw new GitHubError(`record the acceptance on ${dataBranch}`, error, "contents: write");
  }
  const verdict = applyAcceptance(current.record.verdict, acceptance);
  core.info(
    `evalgate: @${trigger.actor} accepted ${keys.join(", ")} at ${short(headSha)}: the gate ${verdict.verdict === "pass" ? "passes" : "still fails"}`,
  );
  const notes = problems.length ? [`Not accepted: ${escapeMarkdownText(problems.join("; "), 600)}.`] : [];
  await publish(run, pr, current, verdict, notes, { checkRun: true });
  core.setOutput("accepted", "true");
  return { verdict, accepted: true };
}

/**
 * The verdict decided again, published from the record like a run's: the job summary, the sticky
 * comment and (when the verdict changed) the evals run's check run, whose annotations it already sent
 * and whose record is sent back as it was. The record has no cases: the report says where they are.
 */
async function publish(
  run: AcceptRun,
  pr: RunContext,
  recorded: Recorded,
  verdict: GateVerdict,
  extra: string[],
  how: { checkRun: boolean; verdictOutput?: boolean },
): Promise<void> {
  const { inputs } = run;
  const { record } = recorded;
  const reporter = new GitHubReporter(run.client, pr, {
    comment: inputs.comment,
    checkRun: how.checkRun && inputs.checkRun,
    checkName: inputs.checkName,
  });
  reporter.useCheckRun(recorded.checkRunId);
  const runUrl = safeUrl(record.runUrl);
  const where = runUrl ? `[that run's report](${runUrl})` : "that run's job summary";
  const origin = `Decided again from the record the evals run at ${short(record.head)} left in its check run, without any model call; the cases behind these numbers are in ${where}.`;
  const links = {
    ...(runUrl ? { runUrl } : {}),
    repoUrl: pr.repoUrl,
    commit: record.head,
    notes: [origin, ...record.notes, ...extra],
    trends: record.trends,
  };
  const bodies = reportBodies(recordResults(record), verdict, links);
  await writeJobSummary(bodies.summary, run.env);
  await reporter.finish({
    comment: bodies.comment,
    checkTitle: checkTitle(verdict),
    checkSummary: bodies.checkSummary,
    checkText: recorded.text,
    conclusion: checkConclusion(verdict.verdict, inputs),
    annotations: [],
  });
  if (how.verdictOutput !== false) core.setOutput("verdict", verdict.verdict);
}
