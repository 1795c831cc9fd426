// Input problems that stop a run before any request: bad config, bad eval files, missing secrets.
// Each names the file, line and column, and the field; the CLI exits 2 on them.
import { clipText } from "../util/escape.ts";

export interface InputProblem {
  file: string;
  line?: number;
  column?: number;
  /** Field path inside the file, e.g. "suites.helpfulness.judge-runs". */
  field?: string;
  message: string;
  severity?: "error" | "warning";
  /** The dataset format the file's lines follow (`evalgate schema --dataset <format>`), named under the problems. */
  schema?: string;
}

/** A piece of input quoted in a message: one line, at most `max` characters, so a message never echoes a file. */
export function excerpt(value: string, max = 40): string {
  return clipText(value.replace(/\s+/g, " ").trim(), max);
}

/** "1 error", "2 errors". */
export function plural(count: number, noun: string, pluralNoun = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : pluralNoun}`;
}

/**
 * "file:line:column: field: message", as compilers write it: the one form of every problem and
 * warning about input, printed on success (validate, a dry run) and on failure alike.
 */
export function formatProblem(problem: InputProblem): string {
  const where = [problem.file, problem.line, problem.line !== undefined ? problem.column : undefined]
    .filter((part) => part !== undefined)
    .join(":");
  return `${where}: ${problem.field ? `${problem.field}: ` : ""}${problem.message}`;
}

export class ConfigError extends Error {
  override readonly name = "ConfigError";
  readonly problems: InputProblem[];

  constructor(problems: InputProblem[]) {
    // The message is the errors'; the warnings kept with them (withWarnings) are in `problems` and format().
    const errors = problems.filter((problem) => problem.severity !== "warning");
    super(errors.length === 1 ? formatProblem(errors[0]!) : `${errors.length} problems:\n${errors.map(formatProblem).join("\n")}`);
    this.problems = problems;
  }

  /**
   * The same error (the same class) with `warnings` first among its problems: what was noted while
   * loading (a line's bad bytes, a field ignored, the warnings of the suites loaded before) stays with
   * the error, printed and annotated before it. Itself when there are none.
   */
  withWarnings(warnings: readonly InputProblem[]): ConfigError {
    if (warnings.length === 0) return this;
    const Same = this.constructor as new (problems: InputProblem[]) => ConfigError;
    return new Same([...warnings.map((warning) => ({ ...warning, severity: "warning" as const })), ...this.problems]);
  }

  format(): string {
    const lines = this.problems.map((problem) => `${problem.severity === "warning" ? "warning" : "error"}: ${formatProblem(problem)}`);
    return [...lines, ...schemaNotes(this.problems)].join("\n");
  }
}

/** One note per dataset format the errors are about: where its schema is written down. */
function schemaNotes(problems: readonly InputProblem[]): string[] {
  const files = new Map<string, Set<string>>();
  for (const { schema, file, severity } of problems) {
    if (schema === undefined || severity === "warning") continue;
    files.set(schema, (files.get(schema) ?? new Set()).add(file));
  }
  return [...files].map(
    ([schema, names]) =>
      `note: the format of ${[...names].join(", ")} is written down in schemas/${schema}.schema.json (evalgate schema --dataset ${schema})`,
  );
}
