// Whose errors a suite's are, and what they mean against max-error-rate. A case the system under
// test failed to answer is a measured failure: past the limit the gate fails (exit 1). A case the
// judge, simulator, grader or moderation endpoint could not score (or whose scoring threw) was not
// measured at all: when those push the error rate past the limit, the gate could not decide (exit 3),
// never a failure on a number it did not measure. Pure.
import type { CaseSummary, ErrorSide } from "../results/types.ts";

export interface ErrorSides {
  /** Cases the system under test gave no usable answer for (and errors of files from before sides were kept). */
  system: number;
  /** Cases the scorer could not score. */
  scorer: number;
}

/** The side of one case's error: kind "internal" (scoring threw) is the scorer's; no side recorded reads as the system's. */
export function sideOf(error: CaseSummary["error"]): ErrorSide {
  return error?.kind === "internal" || error?.side === "scorer" ? "scorer" : "system";
}

/**
 * Whether the system under test's own unusable answers alone put a suite with no scored case past
 * max-error-rate: then it failed (exit 1), as it would have with one good answer among them, not
 * "nothing measured" (exit 3). Errors without an answer (timeouts, refused connections) may be the
 * infrastructure's and do not count here.
 */
export function failedOnItsOwnAnswers(
  cases: readonly Pick<CaseSummary, "status" | "error">[],
  counts: { cases: number; scored: number },
  maxErrorRate: number,
): boolean {
  if (counts.scored > 0 || counts.cases === 0) return false;
  const answered = cases.filter((c) => c.status === "error" && c.error?.answered && sideOf(c.error) === "system").length;
  return answered / counts.cases > maxErrorRate;
}

export function countErrorSides(cases: readonly Pick<CaseSummary, "status" | "error">[]): ErrorSides & { firstScorerError?: string } {
  const sides: ErrorSides & { firstScorerError?: string } = { system: 0, scorer: 0 };
  for (const result of cases) {
    if (result.status !== "error") continue;
    const side = sideOf(result.error);
    sides[side]++;
    if (side === "scorer") sides.firstScorerError ??= result.error?.message;
  }
  return sides;
}

/** "2 by the system under test, 3 in scoring": the errors by side, for reports. Empty without errors. */
export function describeErrorSides(sides: ErrorSides): string {
  const parts: string[] = [];
  if (sides.system) parts.push(`${sides.system} by the system under test`);
  if (sides.scorer) parts.push(`${sides.scorer} in scoring (judge, simulator, grader or moderation)`);
  return parts.join(", ");
}

/**
 * What a suite's errors say against max-error-rate: a failure reason when the system's own errors
 * are past it, an infrastructure error when the scorer's errors take the rate past it, else nothing.
 */
export function errorRateFindings(
  cases: number,
  sides: ErrorSides & { firstScorerError?: string },
  maxErrorRate: number,
  percent: (share: number) => string,
): { reason?: string; error?: string } {
  if (cases === 0) return {};
  const errors = sides.system + sides.scorer;
  const max = percent(maxErrorRate);
  if (sides.system / cases > maxErrorRate) {
    const also = sides.scorer ? `; ${sides.scorer} more could not be scored` : "";
    return {
      reason: `error rate ${percent(sides.system / cases)} (${sides.system} of ${cases} cases: the system under test gave no usable answer${also}) is over max-error-rate ${max}`,
    };
  }
  if (errors / cases <= maxErrorRate) return {};
  const system = sides.system ? ` and ${sides.system} the system under test failed` : "";
  const first = sides.firstScorerError ? `; first error: ${sides.firstScorerError}` : "";
  return {
    error: `${sides.scorer} of ${cases} cases could not be scored (the judge, simulator, grader or moderation endpoint failed, or scoring threw)${system}: error rate ${percent(errors / cases)}, over max-error-rate ${max}; those cases were not measured${first}`,
  };
}
