// `rejudge-baseline`: the baseline's stored answers go to the current judge (judge calls only, no
// agent call), so a verdict after a judge change compares like with like. Needs the baseline's case
// details (each answer's text): a full results.json has them; a store that drops details does not.

import { caseFingerprint } from "../../engine/fingerprint.ts";
import { aggregateSuite, caseCounts } from "../../engine/run.ts";
import type { ModelRegistry } from "../../models/registry.ts";
import type { CaseResult, JudgeIdentity, SuiteResults } from "../../results/types.ts";
import type { LoadContext, SuiteKind } from "../kind.ts";
import { SCALES } from "./grading.ts";
import { judgedSuite } from "./index.ts";
import type { JudgedOptions } from "./options.ts";
import { emptyDetails, type JudgedCaseDetails, judgeAnswer } from "./run.ts";

export interface RejudgeContext {
  suiteName: string;
  options: JudgedOptions;
  load: Omit<LoadContext, "suiteName" | "options">;
  models: ModelRegistry;
  signal: AbortSignal;
  /** The current run's judge, which the re-judged baseline now has. */
  judge: JudgeIdentity | undefined;
  repeat: number;
}

export interface Rejudged {
  suite: SuiteResults;
  /** Answers sent to the current judge. */
  rejudged: number;
  /** Cases kept as stored: no answer in the baseline, or not the same case now (removed, or its input changed). */
  kept: number;
}

function storedAnswer(result: CaseResult): string | null {
  const details = result.details as Partial<JudgedCaseDetails> | undefined;
  return typeof details?.response === "string" ? details.response : null;
}

export async function rejudgeBaselineSuite(baseline: SuiteResults, ctx: RejudgeContext): Promise<Rejudged> {
  const { cases } = await judgedSuite.load({ ...ctx.load, suiteName: ctx.suiteName, options: ctx.options });
  const current = new Map(cases.map((c) => [c.id, c.input]));
  let rejudged = 0;
  const rejudge = async (result: CaseResult): Promise<CaseResult> => {
    const answer = storedAnswer(result);
    const input = current.get(result.caseId);
    if (answer === null || !input || (result.fingerprint && result.fingerprint !== caseFingerprint(input))) return result;
    rejudged++;
    const outcome = await judgeAnswer(
      input,
      { text: answer, latencyMs: result.metrics["duration_ms"] ?? 0, costUsd: 0 },
      { ...emptyDetails(input, SCALES[ctx.options.scale]), response: answer },
      { suiteName: ctx.suiteName, options: ctx.options, models: ctx.models, repeat: result.repeat, signal: ctx.signal },
      0,
    );
    const { error: _error, ...rest } = result;
    return {
      ...rest,
      status: outcome.status,
      ...(outcome.error ? { error: outcome.error } : {}),
      metrics: outcome.metrics,
      costUsd: outcome.costUsd,
      requests: outcome.requests,
      details: outcome.details,
    };
  };
  const results = await Promise.all(baseline.cases.map(rejudge));
  const aggregated = aggregateSuite({ suiteKind: judgedSuite as SuiteKind, options: ctx.options }, results, ctx.repeat);
  const suite: SuiteResults = {
    ...baseline,
    metrics: aggregated.metrics,
    counts: caseCounts(results),
    warnings: aggregated.warnings,
    ...(aggregated.breakdowns ? { breakdowns: aggregated.breakdowns } : {}),
    ...(ctx.judge ? { judge: ctx.judge } : {}),
    cases: results,
  };
  return { suite, rejudged, kept: results.length - rejudged };
}
