export type ProgressMode = "tty" | "lines" | "none";
export interface Progress {
    start(total: number, alreadyDone: number): void;
    caseFinished(ok: boolean): void;
    finish(): void;
}
export declare function createProgress(mode: ProgressMode, stream?: NodeJS.WriteStream): Progress;
