// Raised when a run is stopped by a signal: the journal is closed and `--resume` continues it.

export class InterruptedError extends Error {
  override readonly name = "InterruptedError";
  readonly journalFile: string;
  readonly finished: number;
  constructor(journalFile: string, finished: number) {
    super(`interrupted after ${finished} finished cases; they are kept in ${journalFile}. Run again with --resume to continue.`);
    this.journalFile = journalFile;
    this.finished = finished;
  }
}
