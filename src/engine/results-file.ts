import { writeOutputFile } from "../config/output-file.ts";
import { RESULTS_SCHEMA, type Results, type SuiteResults } from "../results/types.ts";
import { NotRegularFileError, openRegularFile, readRegularFile } from "../util/regular-file.ts";
import { misplacedValue } from "./results-shape.ts";

export type SuiteWithoutCases = Omit<SuiteResults, "cases">;

/** Writes results.json with each suite's cases taken one line at a time from `lines` (the journal, or shard files). */
export async function writeResultsFile(
  file: string,
  results: Pick<Results, "run" | "verdict" | "analysis">,
  suites: { name: string; results: SuiteWithoutCases; lines: AsyncIterable<string | AsyncIterable<string>> }[],
): Promise<void> {
  await writeOutputFile(file, resultsText(results, suites));
}

/**
 * The file is written in pieces of about this many characters: a piece per case line was a write,
 * and a thread-pool round trip, per case (~15 ms of a 500-case run's finish).
 */
const PIECE_CHARS = 64 * 1024;

async function* resultsText(
  results: Pick<Results, "run" | "verdict" | "analysis">,
  suites: { name: string; results: SuiteWithoutCases; lines: AsyncIterable<string | AsyncIterable<string>> }[],
): AsyncGenerator<string> {
  let piece = `{\n  "schema": ${JSON.stringify(RESULTS_SCHEMA)},\n  "run": ${JSON.stringify(results.run)},\n  "suites": {`;
  for (const [suiteIndex, suite] of suites.entries()) {
    const head = JSON.stringify(suite.results);
    piece += `${suiteIndex ? "," : ""}\n    ${JSON.stringify(suite.name)}: ${head.slice(0, -1)}${head.length > 2 ? "," : ""}"cases": [`;
    let caseIndex = 0;
    for await (const line of suite.lines) {
      piece += `${caseIndex++ ? "," : ""}\n      `;
      if (typeof line === "string") piece += line;
      else {
        // A line too long to hold (a long conversation's): written as it is read.
        yield piece;
        piece = "";
        for await (const part of line) yield part;
      }
      if (piece.length < PIECE_CHARS) continue;
      yield piece;
      piece = "";
    }
    piece += caseIndex ? "\n    ]}" : "]}";
  }
  const verdict = results.verdict === undefined ? "" : `,\n  "verdict": ${JSON.stringify(results.verdict)}`;
  const analysis = results.analysis === undefined ? "" : `,\n  "analysis": ${JSON.stringify(results.analysis)}`;
  yield `${piece}\n  }${verdict}${analysis}\n}\n`;
}

export async function writeJsonFile(file: string, value: unknown): Promise<void> {
  await writeOutputFile(file, `${JSON.stringify(value, null, 2)}\n`);
}

/** Why a results file could not be used: absent, not a results file, or unreadable (permissions, I/O). */
export class ResultsFileError extends Error {
  override readonly name = "ResultsFileError";
  readonly reason: "missing" | "invalid" | "unreadable";
  constructor(reason: "missing" | "invalid" | "unreadable", message: string) {
    super(message);
    this.reason = reason;
  }
}

/** Why a results file could not be read: absent, not a regular file (a FIFO is never waited on), or unreadable. */
function readError(file: string, error: unknown): ResultsFileError {
  if (error instanceof NotRegularFileError) return new ResultsFileError("invalid", `${file}: ${error.message.slice(file.length + 1)}`);
  const missing = (error as NodeJS.ErrnoException).code === "ENOENT";
  return new ResultsFileError(missing ? "missing" : "unreadable", `${file}: ${missing ? "file not found" : String(error)}`);
}

/** Throws the ResultsFileError readResultsFile would when `file` is absent or not a regular file; for readers that stream it. */
export async function checkResultsFileReadable(file: string): Promise<void> {
  try {
    await (await openRegularFile(file)).close();
  } catch (error) {
    throw readError(file, error);
  }
}

/** Reads and checks a results file; the message names the file when it is not one. */
export async function readResultsFile(file: string): Promise<Results> {
  let text: string;
  try {
    text = await readRegularFile(file, "utf8");
  } catch (error) {
    throw readError(file, error);
  }
  let value: Results;
  try {
    value = JSON.parse(text) as Results;
  } catch (error) {
    throw new ResultsFileError("invalid", `${file}: not JSON (${(error as Error).message})`);
  }
  if (value?.schema !== RESULTS_SCHEMA)
    throw new ResultsFileError(
      "invalid",
      `${file}: not an evalgate results file (schema "${String(value?.schema)}", expected "${RESULTS_SCHEMA}")`,
    );
  const misplaced = misplacedValue(value);
  if (misplaced) throw new ResultsFileError("invalid", `${file}: ${misplaced}`);
  return value;
}
