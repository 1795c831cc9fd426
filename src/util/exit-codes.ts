// The process exit codes, shared by the CLI and the action: 0 pass, 1 gate failed, 2 config or input
// error, 3 infrastructure error (the gate could not decide), 130 interrupted.

export const EXIT = { pass: 0, gateFailed: 1, badInput: 2, runtime: 3, interrupted: 130 } as const;

/** pass 0, fail 1, error (could not decide) 3: the same in every command and in the action. */
export function exitCodeOf(verdict: { verdict: "pass" | "fail" | "error" }): number {
  return verdict.verdict === "pass" ? EXIT.pass : verdict.verdict === "error" ? EXIT.runtime : EXIT.gateFailed;
}
