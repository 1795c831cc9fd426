// The checks a case failed, as read from a results file: a file from elsewhere (a fork's run, a
// hand-edited baseline) is data, so only well-formed entries are kept; and how they are said.
import type { FailedCheck } from "./types.ts";

/** The case's failing checks, each with a name and a reason; anything else in the field is ignored. */
export function failedChecksOf(result: { failedChecks?: unknown }): FailedCheck[] {
  if (!Array.isArray(result.failedChecks)) return [];
  return result.failedChecks.flatMap((entry: unknown) => {
    const { name, reason } = (entry ?? {}) as { name?: unknown; reason?: unknown };
    return typeof name === "string" && typeof reason === "string" ? [{ name, reason }] : [];
  });
}

/** "check capitalised: does not match /^[A-Z]/ (+1 more failing check)": the first failing check, and how many more. */
export function failedChecksSentence(checks: readonly FailedCheck[]): string {
  if (checks.length === 0) return "";
  const more = checks.length > 1 ? ` (+${checks.length - 1} more failing check${checks.length === 2 ? "" : "s"})` : "";
  return `check ${checks[0]!.name}: ${checks[0]!.reason}${more}`;
}

/** Every failing check, one "name: reason" each, joined by "; ". */
export function failedChecksList(checks: readonly FailedCheck[]): string {
  return checks.map((check) => `${check.name}: ${check.reason}`).join("; ");
}
