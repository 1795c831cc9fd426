// `rejudge-baseline`: before gating, the baseline's stored answers go to the current judge (judge
// calls only, no call to the system under test), so a verdict after a judge change compares like
// with like. The suite kind grades (SuiteKind.rejudgeCase); this module picks the suites and cases,
// owns the models, and records what re-judging sent in the run's own requests and cost.
import path from "node:path";
import type { EvalgateConfig, SuiteConfig } from "../config/schema.ts";
import type { GateContext } from "../gate/types.ts";
import { createRegistry, type Registry } from "../models/registry.ts";
import { createRunGuard } from "../models/run-guard.ts";
import { countUnpricedCases, sumKnown, unpricedField } from "../results/cost-total.ts";
import type { CaseResult, RejudgedBaseline, Results, SuiteResults } from "../results/types.ts";
import { loadSuiteKinds } from "../suites/index.ts";
import type { SuiteKind } from "../suites/kind.ts";
import { ownValue } from "../util/is-record.ts";
import { redactDeep } from "../util/redact.ts";
import { caseFingerprint } from "./fingerprint.ts";
import { processLogDir } from "./output-dir.ts";
import { forEachBounded } from "./pool.ts";
import { remainingLimits } from "./remaining-limits.ts";
import { aggregateSuite, caseCounts, repeatsIn } from "./suite-results.ts";

export interface RejudgeRequest {
  /** The run being gated: its suites' judges are the current ones; what re-judging sends is added to its run. */
  head: Results;
  baseline: Results;
  config: EvalgateConfig;
  dirs: { rootDir: string; configDir: string };
  env: NodeJS.ProcessEnv;
  /** Every suite whose kind can re-judge, whatever its options say (--rejudge-baseline, the action's input). */
  all?: boolean;
}

interface Target {
  name: string;
  options: SuiteConfig;
  kind: SuiteKind;
}

interface SuiteRejudged {
  /** The baseline suite to compare with: re-judged cases, kept cases, and none the judge could not score. */
  suite: SuiteResults;
  /** Every stored answer sent to the current judge, scored or not: what re-judging cost. */
  sent: CaseResult[];
  /** The re-judged cases the current judge scored. */
  rejudged: CaseResult[];
  /** Case ids with a stored answer the current judge could not score: not comparable, left out of the baseline. */
  unscored: Set<string>;
  /** The first reason the judge gave no score, for the messages. */
  firstError?: string;
  kept: number;
}

/** The baseline to gate against, what to say about it, and the baseline cases left out of the comparison. */
export interface BaselineForGate {
  baseline: Results;
  notes: string[];
  /** For the gate's context (GateContext.notComparable): per suite, the cases the current judge could not score. */
  notComparable: NonNullable<GateContext["notComparable"]>;
}

const NOT_SCORED = "whose stored answer the current judge could not score";

/**
 * The baseline to gate `head` against: with `rejudge-baseline` on a suite (or `all`), that suite's
 * stored answers re-judged by the current judge. What it sent is recorded in `head.run` (the run's
 * results are written after the verdict), a judge that stopped answering as one of its errors. A
 * stored answer the judge could not score is not comparable: it leaves the baseline (the comparison
 * is partial and says so); a suite with none it could score cannot be compared (an error, exit 3).
 */
export async function baselineForGate(request: RejudgeRequest): Promise<BaselineForGate> {
  const unchanged = { baseline: request.baseline, notes: [], notComparable: {} };
  const targets = await rejudgeTargets(request);
  if (targets.length === 0) return unchanged;
  const { config, env } = request;
  const { spent, ...limits } = remainingLimits(request.head.run);
  if (spent) {
    recordRejudge(request.head, [], [`not done: ${spent}`]);
    return unchanged;
  }
  // Within what is left of the run's deadline and budget; no cache: the stored answers are graded
  // afresh by the judge that graded this run.
  const guard = createRunGuard(limits);
  const logDir = processLogDir(path.resolve(request.dirs.rootDir, config["output-dir"]));
  const processes = { configDir: request.dirs.configDir, logDir };
  const models = createRegistry(config.models, { env, cacheDir: null, concurrency: config.concurrency, guard, processes });
  const outcome: BaselineForGate & { sent: { name: string; cases: CaseResult[] }[]; errors: string[] } = {
    baseline: { ...request.baseline, suites: { ...request.baseline.suites } },
    notes: [],
    notComparable: {},
    sent: [],
    errors: [],
  };
  try {
    for (const target of targets) {
      const rejudged = await rejudgeSuite(request.baseline.suites[target.name]!, target, request, models);
      useRejudged(outcome, target.name, rejudged);
    }
  } finally {
    guard.close();
    await models.close();
  }
  // A stopped guard refused a request: the baseline was not wholly re-judged.
  const stopped = guard.signal.aborted ? [`${guard.check()}: the baseline was not wholly re-judged`] : [];
  recordRejudge(request.head, outcome.sent, [...models.stoppedModels(), ...stopped, ...outcome.errors]);
  return { baseline: outcome.baseline, notes: outcome.notes, notComparable: outcome.notComparable };
}

/** One suite's re-judging into the baseline to compare with, its note or error, and what it sent. */
function useRejudged(
  into: BaselineForGate & { sent: { name: string; cases: CaseResult[] }[]; errors: string[] },
  name: string,
  { suite, sent, rejudged, unscored, firstError, kept }: SuiteRejudged,
): void {
  if (sent.length) into.sent.push({ name, cases: sent });
  const keptNote = kept ? `; ${kept} case(s) kept as stored (no whole stored answer, or the case changed)` : "";
  if (sent.length === 0) {
    into.notes.push(
      `${name}: rejudge-baseline: the baseline holds no answers to re-judge (stored without them, or cut in the store); compared with its own judge's scores`,
    );
  } else if (rejudged.length === 0) {
    // Nothing left to compare like with like: never a verdict against the old judge's scores, or none.
    into.errors.push(
      `${name}: none of the baseline's ${sent.length} stored answers could be re-judged: the current judge gave no usable score (first: ${firstError}); the suite cannot be compared`,
    );
  } else if (unscored.size > 0) {
    into.baseline.suites[name] = suite;
    into.notComparable[name] = { caseIds: unscored, why: NOT_SCORED };
    into.notes.push(
      `${name}: ${rejudged.length} of the baseline's ${sent.length} stored answers were re-judged by the current judge; ${sent.length - rejudged.length} could not be scored by it (first: ${firstError}): compared on the ${rejudged.length} re-judged cases only, a partial comparison${keptNote}`,
    );
  } else {
    into.baseline.suites[name] = suite;
    into.notes.push(
      `${name}: the baseline's ${rejudged.length} stored answers were re-judged by the current judge (judge calls only, no agent calls): compared like with like${keptNote}`,
    );
  }
}

/** The suites to re-judge: asked for, with a kind that can, measured now (not carried) and in the baseline. */
async function rejudgeTargets(request: RejudgeRequest): Promise<Target[]> {
  const { config, head, baseline } = request;
  const entries = Object.entries(config.suites).filter(
    ([name]) => ownValue(head.suites, name) && !ownValue(head.suites, name)!.carried && ownValue(baseline.suites, name)?.cases.length,
  );
  const kinds = await loadSuiteKinds(entries.map(([, options]) => options.kind));
  return entries.flatMap(([name, options]) => {
    const kind = kinds.get(options.kind);
    // A suite with no judge has nothing to re-judge, even when every suite is asked (`all`).
    if (!kind?.rejudgeCase || kind.canRejudge?.(options) === false) return [];
    if (!(request.all || kind.wantsRejudge?.(options))) return [];
    return [{ name, options, kind }];
  });
}

async function rejudgeSuite(stored: SuiteResults, target: Target, request: RejudgeRequest, models: Registry): Promise<SuiteRejudged> {
  const { name, options, kind } = target;
  // The cases alone: nothing is started (an agent suite's MCP server), the stored answers are graded.
  const { cases } = await kind.load({ suiteName: name, options, ...request.dirs, startsNothing: true });
  const current = new Map(cases.map((c) => [c.id, c]));
  const results = [...stored.cases];
  const sent: CaseResult[] = [];
  const unscored = new Set<string>();
  const signal = new AbortController().signal;
  // Repeats are graded afresh, as they were when they ran: never another repeat's cached vote.
  const judges = repeatsIn(stored.cases) > 1 ? models.fresh : models;
  await forEachBounded(stored.cases.entries(), request.config.concurrency * 2, async ([index, result]) => {
    const testCase = current.get(result.caseId);
    // A removed case, or one whose inputs changed, is not the same case: its stored grade stays.
    if (!testCase || (result.fingerprint && result.fingerprint !== (testCase.fingerprint ?? caseFingerprint(testCase.input)))) return;
    const ctx = { suiteName: name, options, models: judges, repeat: result.repeat, signal };
    const outcome = await kind.rejudgeCase!(testCase, result, ctx);
    if (!outcome) return;
    // The re-grade's failed checks replace the stored ones: the kind grades the whole case again.
    const { error: _error, cache: _cache, failedChecks: _failed, ...rest } = result;
    const regraded: CaseResult = redactDeep({
      ...rest,
      status: outcome.status,
      ...(outcome.error ? { error: outcome.error } : {}),
      ...(outcome.failedChecks?.length ? { failedChecks: outcome.failedChecks } : {}),
      metrics: outcome.metrics,
      costUsd: outcome.costUsd,
      requests: outcome.requests,
      details: outcome.details,
    });
    results[index] = regraded;
    sent.push(regraded);
    if (regraded.status === "error") unscored.add(result.caseId);
  });
  const wasSent = new Set(sent);
  const firstError = results.find((result) => wasSent.has(result) && result.status === "error")?.error?.message;
  // Every repeat of a case the judge could not score once leaves: the comparison is by case id.
  const compared = results.filter((result) => !unscored.has(result.caseId));
  const aggregated = aggregateSuite({ suiteKind: kind, options }, compared, repeatsIn(compared));
  const judge = ownValue(request.head.suites, name)?.judge;
  const suite: SuiteResults = {
    ...stored,
    metrics: aggregated.metrics,
    counts: caseCounts(compared),
    warnings: aggregated.warnings,
    ...(aggregated.breakdowns ? { breakdowns: aggregated.breakdowns } : {}),
    ...(judge ? { judge } : {}),
    cases: compared,
  };
  const rejudged = sent.filter((result) => !unscored.has(result.caseId));
  return { suite, sent, rejudged, unscored, ...(firstError ? { firstError } : {}), kept: results.length - sent.length };
}

/** Re-judging's requests and cost join the run's; a judge that stopped answering is one of the run's errors (no verdict on half a re-judge). */
function recordRejudge(head: Results, sent: { name: string; cases: CaseResult[] }[], stopped: string[]): void {
  if (stopped.length) head.run.errors = [...(head.run.errors ?? []), ...stopped.map((reason) => `rejudge-baseline: ${reason}`)];
  if (sent.length === 0) return;
  const cases = sent.flatMap((suite) => suite.cases);
  const unpriced = countUnpricedCases(cases);
  const rejudged: RejudgedBaseline = {
    suites: sent.map((suite) => suite.name),
    answers: cases.length,
    requests: cases.reduce((n, c) => n + c.requests, 0),
    costUsd: sumKnown(cases.map((c) => c.costUsd)),
    ...unpricedField(unpriced),
  };
  head.run.rejudged = rejudged;
  head.run.requests += rejudged.requests;
  head.run.costUsd = sumKnown([head.run.costUsd, rejudged.costUsd]);
  const limits = head.run.limits;
  if (limits) head.run.limits = { ...limits, spentUsd: (limits.spentUsd ?? 0) + (rejudged.costUsd ?? 0) };
  const runUnpriced = (head.run.unpricedCases ?? 0) + unpriced;
  if (runUnpriced > 0) head.run.unpricedCases = runUnpriced;
}
