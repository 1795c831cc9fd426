// The checks' part of a judged case: the suite's `checks:` on the agent's answer, alone or beside
// the judge. Alone, they are the case's grade and no judge is asked. With a judge, the case keeps the
// judge's score and the checks' metrics, and passes (`pass`, behind pass_rate) only when both do.
import type { ChatResponse } from "../../models/types.ts";
import { type CaseChecks, type CheckOutcome, caseChecks, runChecks } from "../checks/evaluate.ts";
import type { CaseOutcome } from "../kind.ts";
import type { JudgedCaseDetails } from "./details.ts";
import type { JudgedInput } from "./load.ts";

export type CheckedAnswer = CaseChecks & { outcomes: CheckOutcome[] };

/** The case's checks on `text`; undefined when the suite has none. */
export async function checkAnswer(input: JudgedInput, text: string, signal?: AbortSignal): Promise<CheckedAnswer | undefined> {
  if (!input.checks) return undefined;
  const outcomes = await runChecks(input.checks, text, checkValues(input.vars), signal);
  return { outcomes, ...caseChecks(outcomes) };
}

/** What the checks add to any outcome: their metrics, failures and errors, and each check in the details. */
function withCheckParts(outcome: CaseOutcome, checked: CheckedAnswer, details: JudgedCaseDetails): CaseOutcome {
  details.checks = checked.outcomes;
  const metricErrors = { ...outcome.metricErrors, ...checked.metricErrors };
  return {
    ...outcome,
    metrics: { ...outcome.metrics, ...checked.metrics },
    ...(checked.failedChecks.length ? { failedChecks: checked.failedChecks } : {}),
    ...(Object.keys(metricErrors).length ? { metricErrors } : {}),
  };
}

/** A case graded by checks alone: scored on the answer, one request (the agent's), nothing asked of a judge. */
export function checksOnlyOutcome(
  checked: CheckedAnswer,
  answer: Pick<ChatResponse, "latencyMs" | "costUsd">,
  details: JudgedCaseDetails,
  base: { tags: Record<string, string>; requests: number },
): CaseOutcome {
  const outcome: CaseOutcome = {
    status: "scored",
    metrics: { duration_ms: answer.latencyMs, timeout: 0 },
    tags: base.tags,
    costUsd: answer.costUsd,
    requests: base.requests,
    details,
  };
  return withCheckParts(outcome, checked, details);
}

/**
 * The judge's outcome with the checks beside it. A scored case passes only when the judge passed it
 * and every check did; a check that could not be evaluated leaves `pass` unknown (a failed
 * computation of pass_rate), unless another check failed, which decides it.
 */
export function withChecks(judged: CaseOutcome, checked: CheckedAnswer, details: JudgedCaseDetails): CaseOutcome {
  const outcome = withCheckParts(judged, checked, details);
  if (outcome.status !== "scored") return outcome;
  const judgePassed = outcome.metrics["pass"] === 1;
  const metrics = { ...outcome.metrics };
  if (checked.passed === null && judgePassed) {
    delete metrics["pass"];
    return {
      ...outcome,
      metrics,
      metricErrors: { ...outcome.metricErrors, pass: checked.metricErrors["check_pass"] ?? "a check could not be evaluated" },
    };
  }
  metrics["pass"] = judgePassed && checked.passed === true ? 1 : 0;
  return { ...outcome, metrics };
}

/** The row's values by lower-case name: a check's {{Column}} and {{column}} read the same header. */
function checkValues(vars: Record<string, string> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(vars ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
}
