import { type InputProblem } from "./errors.ts";
export interface TextFileProblem {
    line?: number;
    message: string;
    /** The file does not exist: for the readers that say so in their own words. */
    missing?: true;
}
export type TextFileRead = {
    text: string;
    warnings: TextFileProblem[];
} | {
    problem: TextFileProblem;
};
/** Data files larger than this are refused (the whole file is held in memory). */
export declare const MAX_DATA_FILE_BYTES: number;
export declare function readTextFile(file: string, options?: {
    maxBytes?: number;
    what?: string;
}): Promise<TextFileRead>;
/**
 * For a file read as a stream (CSV, JSONL of any size): a directory, a missing or a binary file is
 * a problem found from its first bytes, before any line is parsed. Null when it looks like text.
 */
export declare function checkStreamedFile(file: string, what: string): Promise<TextFileProblem | null>;
export declare function describeReadError(error: unknown): string;
/** UTF-8 text (a BOM dropped); bad bytes become U+FFFD and are reported by line; mostly-binary content is a problem. */
export declare function decodeText(bytes: Buffer): TextFileRead;
/**
 * Decodes UTF-8 pushed in chunks (a whole file's bytes, or a stream's) and notes the lines (see the
 * line rule above) with NUL bytes or invalid UTF-8: a BOM is dropped, bad bytes and NULs come out as
 * U+FFFD. A chunk whose decoded text has neither U+FFFD nor U+0000 (the common case) only has its line
 * ends counted; the bytes of a line are checked only when its text is suspect. Holds the bytes of the
 * current line and nothing else, so a stream stays as flat as its parser.
 */
export declare class TextChecker {
    private readonly decoder;
    /** 1-based number of the line the held bytes belong to. */
    private line;
    /** The current line's bytes so far (views of the chunks, copied only when checked). */
    private head;
    /** The current line's text so far has U+FFFD or U+0000: check its bytes once it ends. */
    private suspect;
    /** The last byte pushed was a CR: a "\n" first in the next chunk is its CRLF's, not a line end. */
    private afterCr;
    /** The first bad lines, one more than listed (the "and N more" names it), and how many in all. */
    private readonly listed;
    private badLines;
    push(bytes: Uint8Array): string;
    /** The text still held by the decoder (a sequence cut short by the end of the file is a bad byte). */
    end(): string;
    /** The bad lines as warnings: the first few by line, the rest counted. */
    warnings(): TextFileProblem[];
    private take;
    /** Checks the held line's bytes and moves on to the next line. */
    private checkLine;
}
/**
 * The line ends in `text` (see the line rule above): "\n", "\r\n" and a lone "\r" each count once. A
 * "\r" last in `text` counts as a lone one: a reader given text in pieces skips a "\n" first in the next.
 */
export declare function countLineEnds(text: string): number;
/**
 * The text with each lone "\r" as "\n", for a parser that ends lines only at "\n" (the yaml library):
 * its line numbers are then the product's. Offsets and columns do not move; YAML folds every line
 * break in a scalar to "\n" anyway.
 */
export declare function loneCrAsLf(text: string): string;
/**
 * The lines with NUL bytes or invalid UTF-8 in the files one suite reads, in the order the files are
 * opened: first among the suite's warnings (see withLoadWarnings). A streamed file's checker is noted
 * before its first line is read, so the lines it has seen count even when its reading stops at an error.
 */
export declare class BadLines {
    private readonly sources;
    /** Reads a file whole (readTextFile) and notes its bad lines; a problem is the caller's to word. */
    readWhole(absolute: string, file: string, what: string): Promise<TextFileRead>;
    /** A streamed file: the checker to read it through, noted before its first line is read. */
    checkerFor(file: string): TextChecker;
    /** As input problems (warnings), for the suite's warnings or a ConfigError. */
    problems(): InputProblem[];
}
/**
 * Runs a suite kind's load with what collects its warnings: the bad lines of the files it reads
 * (`badLines`) and its own (a row skipped, a field ignored), pushed to `warnings` as they are found.
 * They come back with what it loaded, bad lines first. A ConfigError it throws keeps those noted so
 * far, as warnings before its problems (ConfigError.withWarnings): a bad byte or an ignored field is
 * often what broke the line. The one way every suite kind keeps them; the exit code stays the error's.
 */
export declare function withLoadWarnings<T extends object>(load: (badLines: BadLines, warnings: InputProblem[]) => Promise<T>): Promise<T & {
    warnings: InputProblem[];
}>;
/**
 * The text of a file read in chunks through `checker` (see TextChecker), for a parser that takes text
 * in pieces: file errors (missing, a directory) are thrown as they happen. The checker reads a chunk
 * ahead of the parser and has ended before the parser is given the last chunk: a line is checked
 * before the parser sees any of it (unless it spans more than two chunks), the last one too when no
 * newline ends it, so its bad bytes are noted even when the parser stops at an error in it.
 */
export declare function readTextChunks(file: string, checker?: TextChecker): AsyncGenerator<string>;
