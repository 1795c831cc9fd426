// The accept path: a maintainer labelled a pull request (`gate.accept-label`) or commented
// `/evalgate accept <suite/metric | suite | all> <reason>`. It sends no model request and runs nothing
// from the pull request: it checks the actor's permission (write, maintain or admin), reads the PR's
// recorded run for its current head commit from the data branch, adds the acceptance there, and
// publishes the verdict decided again: the check run on the head commit (updated in place), the
// sticky comment, the job summary and results.json. Someone without permission is ignored, with a
// line in the comment; a permission that cannot be checked never accepts (exit 3).
// Exit codes: the verdict's (0 pass, 1 still failing) when an acceptance was recorded; 0 when none was
// (ignored, nothing named was failing, not a command); 3 when it could not be decided.
import path from "node:path";
import * as core from "@actions/core";
import type { LoadedConfig } from "../config/load.ts";
import { findRepositoryRoot } from "../engine/git.ts";
import { engineOutputDir } from "../engine/output-dir.ts";
import { writeJsonFile } from "../engine/results-file.ts";
import { resolveTargets } from "../gate/acceptance.ts";
import type { GateVerdict } from "../gate/types.ts";
import type { Results } from "../results/types.ts";
import { escapeMarkdownText } from "../util/escape.ts";
import { type AcceptAsk, acceptAsk } from "./accept-command.ts";
import { type GitHubClient, GitHubError, type Repo } from "./client.ts";
import type { AcceptTrigger, RunContext } from "./context.ts";
import { type ActionInputs, InputError } from "./inputs.ts";
import { actorPermission } from "./permission.ts";
import { publishVerdict } from "./publish.ts";
import { addAcceptance, RecordMovedError, readPullRecord } from "./pull-record.ts";
import { GitHubReporter } from "./reporter.ts";

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
    throw new InputError("accepting a regression needs `baseline.store: branch`: the data branch keeps each pull request's gated run");
  const pull = await readPull(run.client, context.repo, context.prNumber);
  const pr: RunContext = { ...context, headSha: pull.head.sha, baseRef: pull.base.ref, baseSha: pull.base.sha, branch: pull.head.ref };
  const dataBranch = loaded.config.baseline.branch;
  const record = await readPullRecord(run.client, context.repo, dataBranch, context.prNumber).catch((error: unknown) => {
    throw new GitHubError(`read #${context.prNumber}'s recorded run on ${dataBranch}`, error, "contents: read");
  });
  const current = record?.run.commit === pull.head.sha ? record : null;
  const actor = context.trigger.actor;
  const refuse = await refusal(run, pr, actor, ask, current);
  if (refuse) {
    core.notice(`evalgate: ${refuse.log}`);
    // Only the comment: the verdict did not change, so the check run is left as it is.
    if (current) await publish(run, pr, current, [refuse.note], { checkRun: false });
    return { accepted: false };
  }
  if (!current) {
    const recorded = record?.run.commit ? `the recorded run is of ${short(record.run.commit)}` : "no run is recorded";
    throw new Error(
      `#${context.prNumber}'s head is ${short(pull.head.sha)} but ${recorded} on ${dataBranch}: let the evals run on it finish first (their token needs \`contents: write\`)`,
    );
  }
  return accept(run, pr, current, ask as Extract<AcceptAsk, { targets: string[] }>);
}

async function readPull(client: GitHubClient, repo: Repo, number: number) {
  try {
    return (await client.rest.pulls.get({ ...repo, pull_number: number })).data;
  } catch (error) {
    throw new GitHubError(`read pull request #${number}`, error, "contents: read");
  }
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
  current: Results | null,
): Promise<{ note: string; log: string } | null> {
  const repo = `${pr.repo!.owner}/${pr.repo!.repo}`;
  let permission: Awaited<ReturnType<typeof actorPermission>>;
  try {
    permission = await actorPermission(run.client!, pr.repo!, actor);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    const note = `${login(actor)} asked to accept a regression, but ${escapeMarkdownText(why)}: not accepted.`;
    if (current) await publish(run, pr, current, [note], { checkRun: false, verdictOutput: false });
    throw new Error(`${why}: the acceptance by @${actor} was not applied`);
  }
  if (!permission.allowed) {
    const line = `${login(actor)} asked to accept a regression but has ${escapeMarkdownText(permission.role)} permission on ${escapeMarkdownText(repo)}; accepting takes write, maintain or admin: ignored.`;
    return { note: line, log: `@${actor} (${permission.role}) may not accept: ignored` };
  }
  if ("problem" in ask) return { note: `${login(actor)}: ${escapeMarkdownText(ask.problem)}. Nothing accepted.`, log: ask.problem };
  if (!current) return null;
  const verdict = current.verdict as GateVerdict;
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
  current: Results,
  ask: { targets: string[]; reason: string },
): Promise<AcceptOutcome> {
  const { keys, problems } = resolveTargets(current.verdict as GateVerdict, ask.targets);
  const trigger = run.context.trigger;
  const entry = { metrics: keys, by: trigger.actor, reason: ask.reason, via: trigger.via, at: new Date().toISOString() };
  const dataBranch = run.loaded.config.baseline.branch;
  const updated = await addAcceptance(run.client!, pr.repo!, { dataBranch, pullRequest: pr.prNumber!, headSha: pr.headSha!, entry }).catch(
    (error: unknown) => {
      if (error instanceof RecordMovedError) throw error;
      throw new GitHubError(`record the acceptance on ${dataBranch}`, error, "contents: write");
    },
  );
  const verdict = updated.verdict as GateVerdict;
  core.info(
    `evalgate: @${trigger.actor} accepted ${keys.join(", ")} at ${short(pr.headSha!)}: the gate ${verdict.verdict === "pass" ? "passes" : "still fails"}`,
  );
  const notes = problems.length ? [`Not accepted: ${escapeMarkdownText(problems.join("; "), 600)}.`] : [];
  await publish(run, pr, updated, notes, { checkRun: true });
  core.setOutput("accepted", "true");
  return { verdict, accepted: true };
}

/**
 * The recorded run with its verdict, published like a run's: results.json in the output folder, the
 * job summary, the sticky comment and (when the verdict changed) the head commit's check run, whose
 * annotations the evals run already sent.
 */
async function publish(
  run: AcceptRun,
  pr: RunContext,
  record: Results,
  extra: string[],
  how: { checkRun: boolean; verdictOutput?: boolean },
): Promise<void> {
  const resultsPath = path.join(engineOutputDir(run.loaded), "results.json");
  await writeJsonFile(resultsPath, record);
  const { inputs, loaded } = run;
  const reporter = new GitHubReporter(run.client, pr, {
    comment: inputs.comment,
    checkRun: how.checkRun && inputs.checkRun,
    checkName: inputs.checkName,
  });
  await reporter.adoptCheckRun();
  const origin = `Results of the evals run at ${short(record.run.commit ?? pr.headSha!)}, as recorded on \`${escapeMarkdownText(loaded.config.baseline.branch).replace(/`/g, "")}\`: decided again without any model call.`;
  const rootDir = findRepositoryRoot(loaded.dir) ?? process.cwd();
  const outcome = { results: record, resultsPath, config: loaded.config, configPath: loaded.path, rootDir };
  await publishVerdict(
    {
      outcome,
      verdict: record.verdict as GateVerdict,
      loaded,
      notes: [origin, ...extra],
      client: run.client,
      baseline: null,
      annotate: false,
      verdictOutput: how.verdictOutput ?? true,
    },
    reporter,
    inputs,
    pr,
    run.env,
  );
}
