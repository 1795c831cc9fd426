// The CLI's commands by name: what src/cli/main.ts dispatches on.
export const COMMAND_NAMES = ["init", "run", "validate", "baseline", "compare", "merge", "report", "demo", "schema", "cache"] as const;

export type CommandName = (typeof COMMAND_NAMES)[number];

export const isCommandName = (name: string | undefined): name is CommandName =>
  name !== undefined && (COMMAND_NAMES as readonly string[]).includes(name);
