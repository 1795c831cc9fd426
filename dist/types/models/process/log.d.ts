export interface ProcessLog {
    /** The log file's path. */
    readonly file: string;
    /** A writer for one stream of one process: bytes in, whole lines out, each marked with `label` ("worker 2"). */
    stream(label: string): LineSink;
    /** One line of evalgate's own about the model's processes ("worker 2 (pid 41) exited with code 1"). */
    note(text: string): void;
    /**
     * The last lines written, redacted and cleaned for a message (control characters and colours
     * removed); with `label`, only that process's lines, without their "[label] " mark.
     */
    tail(lines?: number, label?: string): string[];
    close(): void;
}
export interface LineSink {
    write(chunk: Buffer | string): void;
    /** Writes what is left of an unfinished last line. */
    end(): void;
}
/** The log of model `model` under `logDir`; the file is created (emptied) when the first line comes. */
export declare function createProcessLog(logDir: string, model: string): ProcessLog;
/**
 * "<log file> ends: <the last lines of process `label`>" (or of any of the model's processes), for a
 * message saying why a process failed; evalgate's own lines are left out (the message says what they say).
 */
export declare function logEnding(log: ProcessLog, label?: string): string;
