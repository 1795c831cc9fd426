export interface TextFileProblem {
    line?: number;
    message: string;
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
