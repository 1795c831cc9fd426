// `rejudge-baseline`, the judged part: a baseline case's stored answer goes to the current judge
// (judge calls only, no agent call). Which cases, the models and the verdict's note are the engine's
// (src/engine/rejudge.ts); this reads a stored answer and grades it as a fresh one would be.

import type { Case, CaseResult } from "../../results/types.ts";
import type { CaseOutcome, RunContext } from "../kind.ts";
import type { JudgedInput } from "./load.ts";
import type { JudgedOptions } from "./options.ts";
import { emptyDetails, gradeAnswer } from "./run.ts";

/**
 * The whole answer a stored case holds: a full results file's details, or the baseline store's
 * answer view (baseline/case-answer.ts) unless its answer was cut there: grading the head of an
 * answer is not grading the answer.
 */
export function storedAnswer(result: Pick<CaseResult, "details">): string | null {
  const details = result.details as { response?: unknown; responseCut?: unknown } | undefined;
  if (typeof details?.response !== "string" || details.responseCut === true) return null;
  return details.response;
}

/** The current judge's votes on a baseline case's stored answer; null when it holds no whole answer to grade. */
export async function rejudgeJudgedCase(
  testCase: Case<JudgedInput>,
  stored: CaseResult,
  ctx: RunContext & { options: JudgedOptions },
): Promise<CaseOutcome | null> {
  const answer = storedAnswer(stored);
  // An empty answer was the agent's failure, not an answer to grade (unless the suite allows them).
  if (answer === null || (answer.trim() === "" && !ctx.options["allow-empty"])) return null;
  const { input } = testCase;
  // The current checks run on the stored answer too: the case is graded as a fresh one would be.
  return gradeAnswer(
    input,
    { text: answer, latencyMs: stored.metrics["duration_ms"] ?? 0, costUsd: 0 },
    { ...emptyDetails(input, ctx.options), response: answer },
    ctx,
    0,
  );
}
