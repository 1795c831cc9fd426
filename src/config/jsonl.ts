// JSON Lines, read as a stream: one value per non-blank line, with its 1-based line number, so a
// dataset of any size is never held whole and every problem can name file:line. Lines end at "\n",
// "\r\n" or a lone "\r", as text-file.ts counts them (and Python's universal newlines cut them).
import {
  type BadLines,
  checkStreamedFile,
  describeReadError,
  readTextChunks,
  type TextChecker,
  type TextFileProblem,
} from "./text-file.ts";

export interface JsonLine {
  line: number;
  raw: string;
  /** The parsed value; absent when the line is not JSON (see `error`). */
  value?: unknown;
  error?: string;
}

/** How a line's text becomes a value: JSON.parse, or a parser that keeps more (e.g. numbers' source text). */
export type JsonParser = (text: string) => unknown;

function parseLine(raw: string, line: number, parse: JsonParser): JsonLine | null {
  if (raw.trim() === "") return null;
  try {
    return { line, raw, value: parse(raw) };
  } catch (error) {
    return { line, raw, error: (error as Error).message };
  }
}

/**
 * Splits text pushed in chunks into lines; end() returns the last one. A line's text is kept as its
 * chunks until it ends and joined once: a line of many chunks (a long conversation) is never copied
 * or searched again per chunk.
 */
class LineSplitter {
  /** The current line's text from earlier chunks. */
  private parts: string[] = [];
  private line = 0;
  /** The last chunk ended with "\r": a "\n" first in the next one is its CRLF's. */
  private afterCr = false;
  private readonly parse: JsonParser;

  constructor(parse: JsonParser) {
    this.parse = parse;
  }

  push(chunk: string): JsonLine[] {
    const out: JsonLine[] = [];
    let start = this.afterCr && chunk.charCodeAt(0) === 10 ? 1 : 0;
    let lf = chunk.indexOf("\n", start);
    let cr = chunk.indexOf("\r", start);
    while (lf !== -1 || cr !== -1) {
      const end = cr !== -1 && (lf === -1 || cr < lf) ? cr : lf;
      this.line++;
      const parsed = parseLine(this.take(chunk.slice(start, end)), this.line, this.parse);
      if (parsed) out.push(parsed);
      start = end === cr && lf === cr + 1 ? cr + 2 : end + 1;
      if (lf !== -1 && lf < start) lf = chunk.indexOf("\n", start);
      if (cr !== -1 && cr < start) cr = chunk.indexOf("\r", start);
    }
    this.afterCr = chunk.charCodeAt(chunk.length - 1) === 13;
    if (start < chunk.length) this.parts.push(chunk.slice(start));
    return out;
  }

  end(): JsonLine[] {
    this.line++;
    const parsed = parseLine(this.take(""), this.line, this.parse);
    return parsed ? [parsed] : [];
  }

  /** The current line's text, ending with `last`; the next line starts empty. */
  private take(last: string): string {
    if (this.parts.length === 0) return last;
    this.parts.push(last);
    const text = this.parts.join("");
    this.parts = [];
    return text;
  }
}

/**
 * The JSON lines of a file, read in chunks. File errors (missing, a directory) are thrown as they
 * happen; lines with NUL bytes or invalid UTF-8 are noted in `checker` (its warnings() once read).
 */
export async function* readJsonLines(path: string, parse: JsonParser = JSON.parse, checker?: TextChecker): AsyncGenerator<JsonLine> {
  const splitter = new LineSplitter(parse);
  for await (const chunk of readTextChunks(path, checker)) yield* splitter.push(chunk);
  yield* splitter.end();
}

/**
 * A suite's JSONL file, streamed: `each` gets its lines as they are read, and its lines with NUL
 * bytes or invalid UTF-8 are noted in `badLines`. A file that cannot be read (missing, a directory,
 * binary, or failing part way) is returned as a problem for the caller to word.
 */
export async function streamSuiteJsonLines(
  path: string,
  file: string,
  badLines: BadLines,
  parse: JsonParser,
  each: (line: JsonLine) => void,
): Promise<TextFileProblem | undefined> {
  const unreadable = await checkStreamedFile(path, "a JSONL file");
  if (unreadable) return unreadable;
  try {
    for await (const line of readJsonLines(path, parse, badLines.checkerFor(file, path))) each(line);
  } catch (error) {
    if (!(error as NodeJS.ErrnoException).code) throw error;
    return { message: describeReadError(error) };
  }
  return undefined;
}
