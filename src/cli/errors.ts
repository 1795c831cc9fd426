// Exit codes and the usage error every command shares.

export const EXIT = { pass: 0, gateFailed: 1, badInput: 2, runtime: 3, interrupted: 130 } as const;

export class UsageError extends Error {
  override readonly name = "UsageError";
}

/** pass 0, fail 1, error (could not decide) 3: the same in every command and in the action. */
export function exitCodeOf(verdict: { verdict: "pass" | "fail" | "error" }): number {
  return verdict.verdict === "pass" ? EXIT.pass : verdict.verdict === "error" ? EXIT.runtime : EXIT.gateFailed;
}
