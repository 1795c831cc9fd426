import { type BadLines, type TextChecker, type TextFileProblem } from "../config/text-file.ts";
export interface JsonLine {
    line: number;
    raw: string;
    /** The parsed value; absent when the line is not JSON (see `error`). */
    value?: unknown;
    error?: string;
}
/** How a line's text becomes a value: JSON.parse, or a parser that keeps more (e.g. numbers' source text). */
export type JsonParser = (text: string) => unknown;
/**
 * The JSON lines of a file, read in chunks. File errors (missing, a directory) are thrown as they
 * happen; lines with NUL bytes or invalid UTF-8 are noted in `checker` (its warnings() once read).
 */
export declare function readJsonLines(path: string, parse?: JsonParser, checker?: TextChecker): AsyncGenerator<JsonLine>;
/**
 * A suite's JSONL file, streamed: `each` gets its lines as they are read, and its lines with NUL
 * bytes or invalid UTF-8 are noted in `badLines`. A file that cannot be read (missing, a directory,
 * binary, or failing part way) is returned as a problem for the caller to word.
 */
export declare function streamSuiteJsonLines(path: string, file: string, badLines: BadLines, parse: JsonParser, each: (line: JsonLine) => void): Promise<TextFileProblem | undefined>;
