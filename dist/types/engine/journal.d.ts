import type { CaseResult, CaseSummary } from "./types.ts";
export interface JournalHeader {
    journal: "evalgate";
    version: 1;
    runKey: string;
    runId: string;
    startedAt: string;
}
/** Where a case's full result sits in the journal, so results.json can be written without holding details in memory. */
export interface JournalEntry {
    summary: CaseSummary;
    offset: number;
    length: number;
}
export declare function caseKey(suite: string, caseId: string, repeat: number): string;
export declare class Journal {
    readonly file: string;
    readonly header: JournalHeader;
    private readonly stream;
    private bytes;
    private failure;
    private constructor();
    /**
     * Opens the journal for a run. With `resume`, a journal of the same run key is kept: its scored
     * cases are returned (and not run again); cases that ended in error are dropped so they run again.
     */
    static open(file: string, header: JournalHeader, resume: boolean): Promise<{
        journal: Journal;
        resumed: JournalEntry[];
        resumedHeader?: JournalHeader;
    }>;
    append(result: CaseResult): JournalEntry;
    /**
     * Resolves once the stream has written what it buffered, when it asked to be drained: cases that
     * finish faster than the disk takes their lines (0 ms endpoints, a busy runner) wait here instead
     * of piling their lines up in memory.
     */
    drained(): Promise<void>;
    close(): Promise<void>;
}
/** Reads a journal, tolerating a torn last line (the process was killed mid-write). */
export declare function readJournal(file: string): Promise<{
    header?: JournalHeader;
    results: CaseResult[];
}>;
/** Yields the raw JSON line of each entry, in the order given. */
export declare function readEntryLines(file: string, entries: JournalEntry[]): AsyncGenerator<string>;
