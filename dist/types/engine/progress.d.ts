export type ProgressMode = "tty" | "lines" | "none";
export interface Progress {
    /** `requests`: what the run plans to send at least (each case once per repeat, before retries and cache hits). */
    start(total: number, alreadyDone: number, requests?: number): void;
    caseFinished(ok: boolean): void;
    finish(): void;
}
export declare function createProgress(mode: ProgressMode, stream?: NodeJS.WriteStream): Progress;
