// The action: inputs → baseline → engine → gate → store → reports on GitHub, like src/cli/run.ts.
// The baseline is read before anything is spent; an unreadable one ends the run as an infrastructure
// error. Exit codes: 0 pass, 1 gate failed, 2 bad config or input, 3 infrastructure error. The single
// core.setFailed lives in conclude().
import * as core from "@actions/core";
import { ConfigError } from "./config/errors.ts";
import { loadConfig } from "./config/load.ts";
import type { EvalgateConfig } from "./config/schema.ts";
import { analyzeFailures, checkedAnalysisModel } from "./engine/failure-analysis.ts";
import { gateContextFor } from "./engine/gate-context.ts";
import { findRepositoryRoot } from "./engine/git.ts";
import { type BaseHalf, withPairedSuites } from "./engine/pair-baseline.ts";
import { baselineForGate } from "./engine/rejudge.ts";
import { type RunOptions, type RunOutcome, runEvaluation } from "./engine/run.ts";
import { validateConfig } from "./engine/validate.ts";
import { evaluateGate } from "./gate/evaluate.ts";
import type { GateContext, GateVerdict } from "./gate/types.ts";
import { isAcceptRequest, runAccept } from "./github/accept.ts";
import { type AcceptanceSource, acceptanceSource } from "./github/acceptance-lookup.ts";
import { readActionBaseline, storeActionBaseline, targetBranch } from "./github/baseline.ts";
import { type ClientTiming, connect, type GitHubClient } from "./github/client.ts";
import { COMMENT_MARKER } from "./github/comment.ts";
import { type RunContext, readRunContext } from "./github/context.ts";
import { finishedRunContext, gateFinishedRun } from "./github/finished-run.ts";
import { type ActionInputs, InputError, readInputs } from "./github/inputs.ts";
import { publishError, publishVerdict, reportProblems } from "./github/publish.ts";
import { readActionHistory } from "./github/report-extras.ts";
import { GitHubReporter } from "./github/reporter.ts";
import { type EngineRun, mergeShardResults, pairWith, pullRequestChanges, reportShard, runWithResponseCache } from "./github/run-modes.ts";
import { renderRunningReport } from "./report/markdown.ts";
import { actionInputName, checkReportTargets } from "./report/outputs.ts";
import type { Results } from "./results/types.ts";
import { EXIT } from "./util/exit-codes.ts";
import { redact, redactStreams } from "./util/redact.ts";

export interface ActionDeps {
  env: NodeJS.ProcessEnv;
  /** The engine; tests of the GitHub wiring may pass one that returns prepared results. */
  runEngine: (options: RunOptions) => Promise<RunOutcome>;
  /** Retry and write-spacing delays of the GitHub client (tests make them short). */
  github: ClientTiming;
}

export interface ActionOutcome {
  /** partial: a shard ran; the merge job gives the verdict. unchanged: a label or comment that accepted nothing. */
  verdict: GateVerdict["verdict"] | "partial" | "unchanged";
  exitCode: number;
  baselineStored?: boolean;
}

export async function run(overrides: Partial<ActionDeps> = {}): Promise<ActionOutcome> {
  const env = overrides.env ?? process.env;
  redactStreams(process.stdout, process.stderr);
  let context = readRunContext(env);
  let inputs: Pick<ActionInputs, "failOnGate" | "onError"> = { failOnGate: true, onError: "fail" };
  let reporter: GitHubReporter | null = null;
  try {
    const given = readInputs(env, context);
    inputs = given;
    const client = connect(given.token, context.repo, env, overrides.github);
    if (context.event === "issue_comment" || context.trigger) {
      // A maintainer's label or comment: the accept path, which runs nothing and asks no model.
      const accepted = await acceptPath(client, context, given, env);
      if (accepted) return accepted;
    }
    if (given.results) context = await finishedRunContext(client, context, given.pullRequest);
    const whole = given.selection.shard === undefined; // a shard is partial: no comment, check run or baseline
    const { comment, checkRun, checkName } = given;
    reporter = new GitHubReporter(client, context, { comment: comment && whole, checkRun: checkRun && whole, checkName });
    const { suites } = given.selection;
    await reporter.running(renderRunningReport({ suites, commit: context.headSha, runUrl: context.runUrl, marker: COMMENT_MARKER }));

    const loaded = await loadActionConfig(given.config, env);
    const engine = { loaded, inputs: given, context, env, runEngine: overrides.runEngine ?? runEvaluation };
    const analyse = whole ? await beforeSpending(loaded, given, env) : null;
    const dirs = { rootDir: findRepositoryRoot(loaded.dir) ?? process.cwd(), configDir: loaded.dir };
    const read = await readActionBaseline(client, context, loaded.config, dirs.rootDir);
    core.info(`evalgate: ${read.note}`);
    if (!analyse) {
      // A shard is dealt its cases by the baseline's durations, when it has them (engine/shard-balance.ts).
      await reportShard(await runWithResponseCache({ ...engine, shardBaseline: async () => read.baseline }), given, env);
      return { verdict: "partial", exitCode: EXIT.pass, baselineStored: false };
    }
    // The history of baselines, read before anything is spent: its flaky cases are part of the verdict (gate.flaky).
    const history = await readActionHistory({
      client,
      repo: context.repo ?? undefined,
      config: loaded.config,
      branch: targetBranch(context),
    });
    const gateContext = { branch: targetBranch(context), seed: given.selection.seed ?? 1, history: history.runs };
    // The acceptances that apply: this pull request's for its head commit, or on a push the merged pull request's.
    const acceptance = await acceptanceSource(client, context, loaded.config);
    const decide = gate(read.baseline, { dirs, env, rejudge: given.rejudgeBaseline, gateContext, acceptance });
    const changes = pullRequestChanges(context, given, read.baseline);
    const outcome = await gatedRun(given, { ...engine, decide, ...(changes ? { changes } : {}), ...pairWith(context, given) });
    outcome.results = await analyse(outcome);
    const unknownChanges = outcome.results.run.changedSince?.unknown;
    if (unknownChanges) core.notice(`evalgate: ${unknownChanges}`);
    return await finishRun({ client, context, given, env, loaded, outcome, read, history, notes: acceptance.notes }, reporter);
  } catch (error) {
    const input = error instanceof ConfigError || error instanceof InputError;
    const message = redact(error instanceof ConfigError ? error.format() : error instanceof Error ? error.message : String(error));
    if (!input && error instanceof Error && error.stack) core.debug(redact(error.stack));
    const annotations = error instanceof ConfigError ? reportProblems(error) : [];
    await publishError({ message, kind: input ? "input" : "infrastructure", annotations }, reporter, inputs, context, env);
    core.setOutput("baseline-stored", "false");
    return conclude("error", [message], inputs, input ? EXIT.badInput : EXIT.runtime);
  }
}

/** After the verdict: the baseline (when the policy says so), the reports (a pull request's check run with its record), the job's end. */
async function finishRun(
  run: {
    client: GitHubClient | null;
    context: RunContext;
    given: ActionInputs;
    env: NodeJS.ProcessEnv;
    loaded: Awaited<ReturnType<typeof loadConfig>>;
    outcome: RunOutcome;
    read: Awaited<ReturnType<typeof readActionBaseline>>;
    history: Awaited<ReturnType<typeof readActionHistory>>;
    /** The acceptances' notes (voided by a new push, unreadable). */
    notes: string[];
  },
  reporter: GitHubReporter,
): Promise<ActionOutcome> {
  const { client, context, given, loaded, outcome, read } = run;
  let verdict = outcome.results.verdict as GateVerdict;
  // The baseline policy never stores a pull request's run, nor a workflow_run's (a `results:` file).
  const store = await storeActionBaseline(client, context, outcome, verdict, read, given.storeBaseline);
  core.info(`evalgate: ${store.line}`);
  if (store.error) verdict = { ...verdict, verdict: "error", errors: [...(verdict.errors ?? []), store.error] };
  const notes = [read.note, ...run.notes, store.line];
  await publishVerdict(
    { outcome, verdict, loaded, notes, client, baseline: read.baseline, history: run.history },
    reporter,
    given,
    context,
    run.env,
  );
  core.setOutput("baseline-stored", String(store.stored));
  const lines = verdict.verdict === "error" ? verdict.errors : verdict.failures;
  return { ...conclude(verdict.verdict, lines, given), baselineStored: store.stored };
}

/** The gated run, by mode: a finished run's file (`results:`), the shards' files (`merge:`), or the engine. */
function gatedRun(given: ActionInputs, engine: EngineRun & { decide: NonNullable<EngineRun["decide"]> }): Promise<RunOutcome> {
  if (given.results) return gateFinishedRun(engine.loaded, given.results, engine.decide);
  if (given.merge) return mergeShardResults(engine.loaded, given.merge, engine.decide);
  return runWithResponseCache(engine);
}

/**
 * The workflow's mistakes, refused before anything is spent (exit 2): an output path that cannot be
 * written, an analysis model that cannot be asked. Returns the failure analysis step, run after the
 * gate; a failed analysis is a warning, never the verdict.
 */
/**
 * The config, whole. One with problems of its own is reported with every other problem the plan
 * finds (files, secrets, templates), in one pass, before anything is read or sent.
 */
async function loadActionConfig(file: string, env: NodeJS.ProcessEnv) {
  const loaded = await loadConfig(file, { salvage: true });
  if (!loaded.problems) return loaded;
  await validateConfig(file, env);
  throw new ConfigError(loaded.problems);
}

async function beforeSpending(loaded: Awaited<ReturnType<typeof loadConfig>>, given: ActionInputs, env: NodeJS.ProcessEnv) {
  await checkReportTargets(given.outputs, actionInputName);
  const model = checkedAnalysisModel(loaded, given.analysisModel, env, (problem) => new InputError(`input analysis-model: ${problem}`));
  return async (outcome: RunOutcome): Promise<Results> => {
    const results = await analyzeFailures(outcome, model, env);
    if (results.analysis?.warning) core.warning(`evalgate: failure analysis: ${results.analysis.warning}`);
    return results;
  };
}

/**
 * The verdict against the baseline read, re-judged first when asked (`rejudge-baseline`), saying so in
 * its notes; then the acceptances that apply to this run.
 */
function gate(
  stored: Results | null,
  how: {
    dirs: { rootDir: string; configDir: string };
    env: NodeJS.ProcessEnv;
    rejudge: boolean;
    gateContext: GateContext;
    acceptance: AcceptanceSource;
  },
) {
  return async (results: Results, config: EvalgateConfig, paired?: BaseHalf): Promise<GateVerdict> => {
    const rejudged = stored
      ? await baselineForGate({ head: results, baseline: stored, config, dirs: how.dirs, env: how.env, all: how.rejudge })
      : { baseline: null, notes: [], notComparable: {} };
    const { notes } = rejudged;
    // pair: base: the paired suites are compared with the base half, run now with the current judge.
    const { baseline, notComparable } = paired ? withPairedSuites(rejudged.baseline, paired, rejudged.notComparable) : rejudged;
    const context = { ...how.gateContext, notComparable, ...(results.run.paired ? { paired: results.run.paired } : {}) };
    const verdict = evaluateGate(results, baseline, config.gate, await gateContextFor(config, context));
    return how.acceptance.apply({ ...verdict, notes: [...verdict.notes, ...notes] });
  };
}

/**
 * A maintainer's label or comment on a pull request (github/accept.ts); null when the event is not
 * one the accept path answers (another label: the evals run as usual).
 */
async function acceptPath(client: GitHubClient | null, context: RunContext, given: ActionInputs, env: NodeJS.ProcessEnv) {
  const loaded = await loadConfig(given.config);
  if (!isAcceptRequest(context, loaded)) return null;
  const { verdict, accepted } = await runAccept({ client, context, loaded, inputs: given, env });
  core.setOutput("accepted", String(accepted));
  core.setOutput("baseline-stored", "false");
  if (!verdict) return { verdict: "unchanged" as const, exitCode: EXIT.pass, baselineStored: false };
  return { ...conclude(verdict.verdict, verdict.verdict === "error" ? verdict.errors : verdict.failures, given), baselineStored: false };
}

/** The job's end: the exit code of the table in docs/cli.md, and the one core.setFailed. */
function conclude(verdict: GateVerdict["verdict"], lines: string[], inputs: Pick<ActionInputs, "failOnGate">, code: number = EXIT.runtime) {
  const exitCode = verdict === "pass" ? EXIT.pass : verdict === "fail" ? (inputs.failOnGate ? EXIT.gateFailed : EXIT.pass) : code;
  const what = verdict === "fail" ? "the gate failed" : code === EXIT.badInput ? "bad config or input" : "infrastructure error, no verdict";
  const message = redact(`evalgate: ${what}\n${lines.map((line) => `  ${line}`).join("\n")}`);
  if (exitCode !== EXIT.pass) core.setFailed(message);
  else if (verdict === "fail") core.warning(message);
  if (exitCode !== EXIT.pass) process.exitCode = exitCode; // setFailed sets 1; the table says which
  return { verdict, exitCode };
}
