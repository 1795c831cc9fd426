import { type TextChecker } from "../../config/text-file.ts";
export interface CsvRecord {
    /** 1-based line on which the record starts. */
    line: number;
    fields: string[];
}
/** A syntax error with its position; `records` holds what parsed before it (the header, usually). */
export declare class CsvSyntaxError extends Error {
    readonly name = "CsvSyntaxError";
    readonly line: number;
    /** 1-based index of the field in its record. */
    readonly field: number;
    readonly reason: string;
    readonly records: CsvRecord[];
    constructor(reason: string, line: number, field: number, records: CsvRecord[]);
}
/** Incremental parser: push text chunks, get the records completed so far; end() flushes the last one. */
export declare class CsvReader {
    private buffer;
    private line;
    private started;
    /** The first record, kept for CsvSyntaxError.records (readers name the column from it). */
    private header;
    push(chunk: string): CsvRecord[];
    end(): CsvRecord[];
    private drain;
    /** One record starting at `start`, or INCOMPLETE when more text is needed to finish it. */
    private readRecord;
}
export declare function parseCsv(input: string): CsvRecord[];
/**
 * The records of a CSV file, read in chunks: memory follows the longest record, not the file. Lines
 * with NUL bytes or invalid UTF-8 are noted in `checker` (its warnings() once the file is read).
 */
export declare function readCsvFile(path: string, checker?: TextChecker): AsyncGenerator<CsvRecord>;
