// The usage error every command shares (exit codes: util/exit-codes.ts).

export class UsageError extends Error {
  override readonly name = "UsageError";
}
