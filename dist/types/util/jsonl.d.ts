import { type TextChecker } from "../config/text-file.ts";
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
