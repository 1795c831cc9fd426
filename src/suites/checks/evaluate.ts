// A case's checks on its answer, and what the case records of them: per check a 0/1 metric
// `check/<name>`, `check_pass` (1 when every check passed), the failing checks with their reasons,
// and the checks that could not be evaluated (a regex stopped at its time limit, an answer cut at
// 1 MiB whose kept part does not decide the check) as metric errors: never a pass, never a fail.
import type { FailedCheck } from "../../results/types.ts";
import { clipText } from "../../util/escape.ts";
import type { CompiledCheck } from "./compile.ts";
import { Answer, type CheckKind } from "./kinds.ts";
import { fillTemplate } from "./template.ts";

/** The per-case metric behind `check_pass_rate`: 1 when the answer passed every check. */
export const CHECK_PASS = "check_pass";
/** The suite metric: the share of cases passing every check. */
export const CHECK_PASS_RATE = "check_pass_rate";
/** A check's metric, per case (0/1) and per suite (its pass rate). */
export const checkMetric = (name: string) => `check/${name}`;

/** Longest reason kept per failing check: a reason quotes the answer, and every case keeps its reasons. */
const MAX_REASON_CHARS = 400;

export type CheckOutcome = { name: string; passed: boolean; reason?: string } | { name: string; error: string };

/**
 * Runs every check on one answer, in order. `vars` are the case's row (column → value): a check's
 * `{{column}}` is filled from it. Only an abort escapes; any other failure is that check's error.
 */
export async function runChecks(
  checks: readonly CompiledCheck[],
  text: string,
  vars: Readonly<Record<string, string>>,
  signal?: AbortSignal,
): Promise<CheckOutcome[]> {
  const answer = new Answer(text);
  const outcomes: CheckOutcome[] = [];
  for (const check of checks) {
    const written = check.kind.escape ?? ((value: string) => value);
    const texts = check.templates.map((template) =>
      fillTemplate(template, (column) => written(Object.hasOwn(vars, column) ? vars[column]! : "")),
    );
    try {
      const verdict = await check.kind.test(answer, {
        texts,
        caseSensitive: check.caseSensitive,
        flags: check.flags,
        prepared: check.prepared,
        ...(signal ? { signal } : {}),
      });
      if (answer.cutFrom !== undefined && !decidedOnPart(check.kind.onPart, verdict.passed)) {
        outcomes.push({ name: check.name, error: `check ${check.name} could not be evaluated: ${cutNote(answer)}` });
        continue;
      }
      outcomes.push(
        verdict.passed
          ? { name: check.name, passed: true }
          : { name: check.name, passed: false, reason: clipText(verdict.reason, MAX_REASON_CHARS) },
      );
    } catch (error) {
      if (signal?.aborted) throw error;
      outcomes.push({
        name: check.name,
        error: clipText(`check ${check.name} could not be evaluated: ${(error as Error).message}`, MAX_REASON_CHARS),
      });
    }
  }
  return outcomes;
}

/** Whether a verdict on the kept part of a cut answer holds for the whole answer. */
function decidedOnPart(onPart: CheckKind["onPart"], passed: boolean): boolean {
  return onPart === "both" || (onPart === "pass" && passed) || (onPart === "fail" && !passed);
}

function cutNote(answer: Answer): string {
  return `the answer had ${answer.cutFrom!.toLocaleString("en-US")} characters and only its first ${answer.text.length.toLocaleString("en-US")} were kept, which do not decide this check`;
}

/** What a case records of its checks' outcomes. */
export interface CaseChecks {
  metrics: Record<string, number>;
  failedChecks: FailedCheck[];
  /** Checks that could not be evaluated, by metric: counted as failed computations, never as values. */
  metricErrors: Record<string, string>;
  /** Whether every check passed; null when none failed but one could not be evaluated. */
  passed: boolean | null;
}

export function caseChecks(outcomes: readonly CheckOutcome[]): CaseChecks {
  const result: CaseChecks = { metrics: {}, failedChecks: [], metricErrors: {}, passed: true };
  let unknown: string | undefined;
  for (const outcome of outcomes) {
    const metric = checkMetric(outcome.name);
    if ("error" in outcome) {
      result.metricErrors[metric] = outcome.error;
      unknown ??= outcome.error;
      continue;
    }
    result.metrics[metric] = outcome.passed ? 1 : 0;
    if (!outcome.passed) result.failedChecks.push({ name: outcome.name, reason: outcome.reason ?? "failed" });
  }
  if (result.failedChecks.length > 0) result.passed = false;
  else if (unknown !== undefined) result.passed = null;
  if (result.passed === null) result.metricErrors[CHECK_PASS] = unknown!;
  else result.metrics[CHECK_PASS] = result.passed ? 1 : 0;
  return result;
}
