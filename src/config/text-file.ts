// Reading a text input (config, CSV, JSONL, YAML, attachments) without surprises: a directory, a
// missing, huge or binary file is a clear problem; invalid UTF-8 and NUL bytes are warnings naming
// the line. Every user-authored text file is read here, whole (readTextFile) or streamed
// (checkStreamedFile, then readTextChunks through a TextChecker).
//
// Lines, the same everywhere (these warnings, CSV rows, JSON lines, YAML positions): "\n", "\r\n"
// and a lone "\r" (old Mac files) each end one line, as csv-parse (the Dust seed's CSV reader) and
// Python's universal newlines (FlexEval, BFCL) count them.
import { isUtf8 } from "node:buffer";
import { existsSync } from "node:fs";
import { stat } from "node:fs/promises";
import { NotRegularFileError, openRegularFile, openRegularReadStream, readRegularFile } from "../util/regular-file.ts";
import { ConfigError, type InputProblem } from "./errors.ts";

export interface TextFileProblem {
  line?: number;
  message: string;
  /** The file does not exist: for the readers that say so in their own words. */
  missing?: true;
}

export type TextFileRead = { text: string; warnings: TextFileProblem[] } | { problem: TextFileProblem };

/** Data files larger than this are refused (the whole file is held in memory). */
export const MAX_DATA_FILE_BYTES = 512 * 1024 * 1024;
/** Lines named one by one in warnings; the rest are counted. */
const LISTED_LINES = 3;

export async function readTextFile(file: string, options: { maxBytes?: number; what?: string } = {}): Promise<TextFileRead> {
  const maxBytes = options.maxBytes ?? MAX_DATA_FILE_BYTES;
  let bytes: Buffer;
  try {
    const info = await stat(file);
    if (info.isDirectory()) return { problem: { message: `is a directory; expected ${options.what ?? "a file"}` } };
    if (!info.isFile()) return { problem: { message: `is not a regular file; expected ${options.what ?? "a file"}` } };
    if (info.size > maxBytes)
      return { problem: { message: `is ${formatBytes(info.size)}, more than the ${formatBytes(maxBytes)} allowed` } };
    // Opened non-blocking and checked again on the descriptor: a FIFO put there since is refused, never waited on.
    bytes = await readRegularFile(file);
  } catch (error) {
    if (error instanceof NotRegularFileError)
      return { problem: { message: `is not a regular file; expected ${options.what ?? "a file"}` } };
    return { problem: readProblem(error) };
  }
  return decodeText(bytes);
}

/**
 * For a file read as a stream (CSV, JSONL of any size): a directory, a missing or a binary file is
 * a problem found from its first bytes, before any line is parsed. Null when it looks like text.
 */
export async function checkStreamedFile(file: string, what: string): Promise<TextFileProblem | null> {
  try {
    const info = await stat(file);
    if (info.isDirectory()) return { message: `is a directory; expected ${what}` };
    if (!info.isFile()) return { message: `is not a regular file; expected ${what}` };
    const handle = await openRegularFile(file);
    try {
      const head = Buffer.alloc(Math.min(8192, info.size));
      await handle.read(head, 0, head.length, 0);
      return looksBinary(head) ? { line: 1, message: "is not a text file (binary content)" } : null;
    } finally {
      await handle.close();
    }
  } catch (error) {
    if (error instanceof NotRegularFileError) return { message: `is not a regular file; expected ${what}` };
    return readProblem(error);
  }
}

function readProblem(error: unknown): TextFileProblem {
  const message = describeReadError(error);
  return (error as NodeJS.ErrnoException).code === "ENOENT" ? { message, missing: true } : { message };
}

export function describeReadError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOENT") return "file not found";
  if (code === "EISDIR") return "is a directory; expected a file";
  if (error instanceof NotRegularFileError) return `is ${error.kind}, not a regular file`;
  if (code === "EACCES" || code === "EPERM") return "cannot be read (permission denied)";
  return `cannot be read (${code ?? (error instanceof Error ? error.message : String(error))})`;
}

/** UTF-8 text (a BOM dropped); bad bytes become U+FFFD and are reported by line; mostly-binary content is a problem. */
export function decodeText(bytes: Buffer): TextFileRead {
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  if (looksBinary(body)) return { problem: { line: 1, message: "is not a text file (binary content)" } };
  const checker = new TextChecker();
  const text = checker.push(bytes) + checker.end();
  return { text, warnings: checker.warnings() };
}

/**
 * Decodes UTF-8 pushed in chunks (a whole file's bytes, or a stream's) and notes the lines (see the
 * line rule above) with NUL bytes or invalid UTF-8: a BOM is dropped, bad bytes and NULs come out as
 * U+FFFD. A chunk whose decoded text has neither U+FFFD nor U+0000 (the common case) only has its line
 * ends counted; the bytes of a line are checked only when its text is suspect. Holds the bytes of the
 * current line and nothing else, so a stream stays as flat as its parser.
 */
export class TextChecker {
  private readonly decoder = new TextDecoder("utf-8");
  /** 1-based number of the line the held bytes belong to. */
  private line = 1;
  /** The current line's bytes so far (views of the chunks, copied only when checked). */
  private head: Uint8Array[] = [];
  /** The current line's text so far has U+FFFD or U+0000: check its bytes once it ends. */
  private suspect = false;
  /** The last byte pushed was a CR: a "\n" first in the next chunk is its CRLF's, not a line end. */
  private afterCr = false;
  /** The first bad lines, one more than listed (the "and N more" names it), and how many in all. */
  private readonly listed: { line: number; reason: string }[] = [];
  private badLines = 0;

  push(bytes: Uint8Array): string {
    return this.take(bytes, this.decoder.decode(bytes, { stream: true }), false);
  }

  /** The text still held by the decoder (a sequence cut short by the end of the file is a bad byte). */
  end(): string {
    return this.take(new Uint8Array(0), this.decoder.decode(), true);
  }

  /** The bad lines as warnings: the first few by line, the rest counted. */
  warnings(): TextFileProblem[] {
    const warnings: TextFileProblem[] = this.listed
      .slice(0, LISTED_LINES)
      .map(({ line, reason }) => ({ line, message: `${reason} (replaced by U+FFFD)` }));
    const next = this.listed[LISTED_LINES];
    if (next) {
      const more = this.badLines - LISTED_LINES;
      warnings.push({ line: next.line, message: `and ${more} more ${more === 1 ? "line" : "lines"} with NUL bytes or invalid UTF-8` });
    }
    return warnings;
  }

  private take(bytes: Uint8Array, text: string, final: boolean): string {
    // A "\n" that ends a CRLF cut between two chunks: its line ended at the CR.
    const skip = this.afterCr && bytes[0] === 0x0a ? 1 : 0;
    if (bytes.length) this.afterCr = bytes[bytes.length - 1] === 0x0d;
    if (!hasBadChar(text) && !this.suspect) {
      // The fast path: count the line ends ("\n" and "\r" are never part of a multi-byte sequence, so
      // the text has the same ones as the bytes).
      const last = Math.max(bytes.lastIndexOf(0x0a), bytes.lastIndexOf(0x0d));
      if (last < skip) {
        if (bytes.length > skip) this.head.push(bytes.subarray(skip));
      } else {
        this.line += countLineEnds(text) - skip;
        this.head = last + 1 < bytes.length ? [bytes.subarray(last + 1)] : [];
      }
      return text;
    }
    let start = skip;
    for (let at = skip; at < bytes.length; at++) {
      const byte = bytes[at];
      if (byte !== 0x0a && byte !== 0x0d) continue;
      this.head.push(bytes.subarray(start, at));
      this.checkLine();
      if (byte === 0x0d && bytes[at + 1] === 0x0a) at++;
      start = at + 1;
    }
    if (start < bytes.length) this.head.push(bytes.subarray(start));
    // The text after the last line end is the current line's (the decoder holds back at most a cut sequence).
    this.suspect ||= hasBadChar(text.slice(Math.max(text.lastIndexOf("\n"), text.lastIndexOf("\r")) + 1));
    if (final) this.checkLine();
    return text.includes("\u0000") ? text.replace(/\u0000/g, "\uFFFD") : text;
  }

  /** Checks the held line's bytes and moves on to the next line. */
  private checkLine(): void {
    const bytes = this.head.length === 1 ? this.head[0]! : Buffer.concat(this.head);
    const reasons: string[] = [];
    if (bytes.includes(0)) reasons.push("NUL bytes");
    if (!isUtf8(bytes)) reasons.push("invalid UTF-8");
    if (reasons.length) {
      this.badLines++;
      if (this.listed.length <= LISTED_LINES) this.listed.push({ line: this.line, reason: reasons.join(" and ") });
    }
    this.line++;
    this.head = [];
    this.suspect = false;
  }
}

/**
 * The line ends in `text` (see the line rule above): "\n", "\r\n" and a lone "\r" each count once. A
 * "\r" last in `text` counts as a lone one: a reader given text in pieces skips a "\n" first in the next.
 */
export function countLineEnds(text: string): number {
  let count = 0;
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) count++;
  for (let at = text.indexOf("\r"); at !== -1; at = text.indexOf("\r", at + 1)) if (text.charCodeAt(at + 1) !== 10) count++;
  return count;
}

/**
 * The text with each lone "\r" as "\n", for a parser that ends lines only at "\n" (the yaml library):
 * its line numbers are then the product's. Offsets and columns do not move; YAML folds every line
 * break in a scalar to "\n" anyway.
 */
export function loneCrAsLf(text: string): string {
  return text.includes("\r") ? text.replace(/\r(?!\n)/g, "\n") : text;
}

/**
 * The lines with NUL bytes or invalid UTF-8 in the files one suite reads, in the order the files are
 * opened: first among the suite's warnings (see withLoadWarnings). A streamed file's checker is noted
 * before its first line is read, so the lines it has seen count even when its reading stops at an error.
 */
export class BadLines {
  private readonly sources: { file: string; source: TextChecker | TextFileProblem[] }[] = [];
  /**
   * Every file the suite read or looked for (absolute paths), for `paths:` skipping: a suite is
   * carried only when none of them changed (engine/changes.ts). A file a kind reads goes through
   * here, so a new input is counted without a list of its own.
   */
  readonly reads = new Set<string>();

  /** Reads a file whole (readTextFile, at most `maxBytes`) and notes its bad lines; a problem is the caller's to word. */
  async readWhole(absolute: string, file: string, what: string, maxBytes?: number): Promise<TextFileRead> {
    this.reads.add(absolute);
    const read = await readTextFile(absolute, { what, ...(maxBytes !== undefined ? { maxBytes } : {}) });
    if (!("problem" in read)) this.sources.push({ file, source: read.warnings });
    return read;
  }

  /** A streamed file (at `absolute`, shown as `file`): the checker to read it through, noted before its first line is read. */
  checkerFor(file: string, absolute: string): TextChecker {
    this.reads.add(absolute);
    const checker = new TextChecker();
    this.sources.push({ file, source: checker });
    return checker;
  }

  /** Whether a file the suite would read if it were there exists: looked for, it counts as read (its deletion is a change). */
  exists(absolute: string): boolean {
    this.reads.add(absolute);
    return existsSync(absolute);
  }

  /** As input problems (warnings), for the suite's warnings or a ConfigError. */
  problems(): InputProblem[] {
    return this.sources.flatMap(({ file, source }) =>
      (Array.isArray(source) ? source : source.warnings()).map((warning) => ({
        file,
        ...(warning.line !== undefined ? { line: warning.line } : {}),
        message: warning.message,
        severity: "warning" as const,
      })),
    );
  }
}

/**
 * Runs a suite kind's load with what collects its warnings: the bad lines of the files it reads
 * (`badLines`) and its own (a row skipped, a field ignored), pushed to `warnings` as they are found.
 * They come back with what it loaded, bad lines first. A ConfigError it throws keeps those noted so
 * far, as warnings before its problems (ConfigError.withWarnings): a bad byte or an ignored field is
 * often what broke the line. The one way every suite kind keeps them; the exit code stays the error's.
 */
export async function withLoadWarnings<T extends object>(
  load: (badLines: BadLines, warnings: InputProblem[]) => Promise<T>,
): Promise<T & { warnings: InputProblem[]; reads: string[] }> {
  const badLines = new BadLines();
  const warnings: InputProblem[] = [];
  const noted = () => [...badLines.problems(), ...warnings];
  try {
    return { ...(await load(badLines, warnings)), warnings: noted(), reads: [...badLines.reads] };
  } catch (error) {
    throw error instanceof ConfigError ? error.withWarnings(noted()) : error;
  }
}

function hasBadChar(text: string): boolean {
  return text.includes("\uFFFD") || text.includes("\u0000");
}

/**
 * The text of a file read in chunks through `checker` (see TextChecker), for a parser that takes text
 * in pieces: file errors (missing, a directory) are thrown as they happen. The checker reads a chunk
 * ahead of the parser and has ended before the parser is given the last chunk: a line is checked
 * before the parser sees any of it (unless it spans more than two chunks), the last one too when no
 * newline ends it, so its bad bytes are noted even when the parser stops at an error in it.
 */
export async function* readTextChunks(file: string, checker: TextChecker = new TextChecker()): AsyncGenerator<string> {
  // Opened non-blocking and checked on the descriptor: a FIFO put there since the check is refused, never waited on.
  const chunks = (await openRegularReadStream(file, { highWaterMark: 64 * 1024 }))[Symbol.asyncIterator]();
  try {
    let ready = "";
    for (let next = await chunks.next(); !next.done; ) {
      let text = checker.push(next.value as Buffer);
      next = await chunks.next();
      if (next.done) text += checker.end();
      if (ready) yield ready;
      ready = text;
    }
    if (ready) yield ready;
  } finally {
    await chunks.return?.(); // closes the file when the parser stops early
  }
}

/** The control bytes text never has: all but tab, the line breaks (\n \v \f \r) and escape. */
const NOT_TEXT_BYTES = /[\x00-\x08\x0e-\x1a\x1c-\x1f]/g;

/**
 * More than a tenth of the first 8 KiB are control bytes text never has (or invalid UTF-8): not text.
 * Counted by regular expressions (each byte is one latin1 character), not by a loop: this runs before
 * a run's first request, while the code is not optimised yet (a loop over 8 KiB took ~5 ms, these 0.5).
 */
function looksBinary(bytes: Buffer): boolean {
  const sample = bytes.subarray(0, 8192);
  if (sample.length === 0) return false;
  const control = sample.toString("latin1").match(NOT_TEXT_BYTES)?.length ?? 0;
  if (control / sample.length > 0.1) return true;
  const decoded = sample.toString("utf8");
  const replaced = decoded.match(/\uFFFD/g)?.length ?? 0;
  return replaced / Math.max(1, decoded.length) > 0.1;
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}
