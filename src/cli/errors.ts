// Exit codes and the usage error every command shares.

export const EXIT = { pass: 0, gateFailed: 1, badInput: 2, runtime: 3, interrupted: 130 } as const;

export class UsageError extends Error {
  override readonly name = "UsageError";
}
