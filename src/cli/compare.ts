// `evalgate compare base.json head.json`: the same gate and the same exit codes as the action,
// on two results files, with no network.
import { ConfigError } from "../config/errors.ts";
import { compareResults } from "../engine/compare.ts";
import { ResultsFileError } from "../engine/results-file.ts";
import type { GateVerdict } from "../gate/types.ts";
import { renderTextReport } from "../report/text.ts";
import type { Results } from "../results/types.ts";
import { EXIT, exitCodeOf } from "../util/exit-codes.ts";
import { wantsColor } from "./color.ts";

export interface CompareOptions {
  /** evalgate.yml whose suites, metrics and `gate:` apply; default evals/evalgate.yml (one is required). */
  configPath?: string;
  /** Branch that picks the gate profile (e.g. release/1.2). */
  branch?: string;
  /** Earlier results files or folders (--history): the flaky cases. */
  history?: string[];
  json?: boolean;
  stdout?: NodeJS.WritableStream;
  stderr?: NodeJS.WritableStream;
}

/** Prints the report; returns 0 when the gate passes, 1 when it fails, 2 on bad input, 3 when it could not decide. */
export async function compareCommand(basePath: string, headPath: string, options: CompareOptions = {}): Promise<number> {
  const stdout = options.stdout ?? process.stdout;
  const stderr = options.stderr ?? process.stderr;
  let verdict: GateVerdict;
  let head: Results;
  try {
    ({ verdict, head } = await compareResults(basePath, headPath, options));
  } catch (error) {
    stderr.write(`evalgate compare: ${error instanceof ConfigError ? error.format() : (error as Error).message}\n`);
    // A file that exists but cannot be read (permissions, I/O) is an infrastructure error; the rest is bad input.
    return error instanceof ResultsFileError && error.reason === "unreadable" ? EXIT.runtime : EXIT.badInput;
  }
  if (options.json) stdout.write(`${JSON.stringify(verdict, null, 2)}\n`);
  else stdout.write(renderTextReport(head, verdict, { color: wantsColor(stdout as { isTTY?: boolean }) }));
  return exitCodeOf(verdict);
}
