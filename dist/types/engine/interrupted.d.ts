export declare class InterruptedError extends Error {
    readonly name = "InterruptedError";
    readonly journalFile: string;
    readonly finished: number;
    constructor(journalFile: string, finished: number);
}
