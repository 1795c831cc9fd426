// The journal: one JSON line per finished case, appended as cases finish, so a killed run loses
// no finished case and `--resume` can continue. Writes go through a stream: never on the request path.
// The first line is a header naming the run; a resumed run must have the same run key. A run holds
// its journal by a lock beside it (the process's id) until its results are written: another run of
// the same config at the same time (two `evalgate demo` in one checkout) writes a journal of its own,
// so neither truncates the file the other reads its results back from.

import { randomUUID } from "node:crypto";
import { createWriteStream, type WriteStream } from "node:fs";
import { mkdir, open, readFile, rename, stat, unlink } from "node:fs/promises";
import path from "node:path";
import type { CaseResult, CaseSummary } from "../results/types.ts";
import type { StreamedDetails } from "../suites/kind.ts";
import { openRegularFile, openRegularReadStream } from "../util/regular-file.ts";
import { BlockReader } from "./block-reader.ts";

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

/** Lines buffered before a finished case waits for the disk (see drained()). */
const JOURNAL_BUFFER_BYTES = 1024 * 1024;

/** What a result's `details` holds while its text is streamed in (appendStreamed): never a real value. */
export const STREAMED_DETAILS = `evalgate-streamed-details-${randomUUID()}`;

export function caseKey(suite: string, caseId: string, repeat: number): string {
  return `${suite}\u0000${caseId}\u0000${repeat}`;
}

function summarize(result: CaseResult): CaseSummary {
  const { details: _details, ...summary } = result;
  return summary;
}

export class Journal {
  readonly file: string;
  readonly header: JournalHeader;
  private readonly stream: WriteStream;
  private bytes: number;
  private failure: Error | undefined;
  /** Streamed lines being copied in; while there are any, every write waits its turn in `queue`. */
  private streaming = 0;
  private queue: Promise<void> = Promise.resolve();

  /** The lock this run holds on the run key's journal; null when it writes a journal of its own. */
  lock: string | null = null;

  private constructor(file: string, header: JournalHeader, stream: WriteStream, bytes: number) {
    this.file = file;
    this.header = header;
    this.stream = stream;
    this.bytes = bytes;
    stream.on("error", (error) => {
      this.failure = error;
    });
  }

  /**
   * Opens the journal for a run. With `resume`, a journal of the same run key is kept: the cases
   * `reusable` accepts are returned (and not run again); the others are dropped so they run again.
   */
  static async open(
    file: string,
    header: JournalHeader,
    resume: boolean,
    reusable: (result: CaseResult) => boolean = (result) => result.status === "scored",
  ): Promise<{ journal: Journal; resumed: JournalEntry[]; resumedHeader?: JournalHeader }> {
    await mkdir(path.dirname(file), { recursive: true });
    const lock = await claimJournal(file);
    const opened = await Journal.openFile(lock ? file : ownJournal(file, header), header, resume && lock !== null, reusable).catch(
      async (error: unknown) => {
        if (lock) await unlink(lock).catch(() => undefined);
        throw error;
      },
    );
    opened.journal.lock = lock;
    return opened;
  }

  private static async openFile(
    file: string,
    header: JournalHeader,
    resume: boolean,
    reusable: (result: CaseResult) => boolean,
  ): Promise<{ journal: Journal; resumed: JournalEntry[]; resumedHeader?: JournalHeader }> {
    if (resume && (await exists(file))) {
      const previous = await readJournal(file);
      if (previous.header?.runKey === header.runKey) {
        const kept = previous.results.filter(reusable);
        const { entries, bytes } = await rewrite(file, previous.header, kept);
        const stream = createWriteStream(file, { flags: "a", highWaterMark: JOURNAL_BUFFER_BYTES });
        return { journal: new Journal(file, previous.header, stream, bytes), resumed: entries, resumedHeader: previous.header };
      }
    }
    // A new journal holds only its header: nothing to sync before the first case starts.
    const headerLine = `${JSON.stringify(header)}\n`;
    const stream = createWriteStream(file, { flags: "w", highWaterMark: JOURNAL_BUFFER_BYTES });
    stream.write(headerLine);
    return { journal: new Journal(file, header, stream, Buffer.byteLength(headerLine)), resumed: [] };
  }

  append(result: CaseResult): JournalEntry {
    if (this.failure) throw new Error(`cannot write the journal ${this.file}: ${this.failure.message}`);
    const line = `${JSON.stringify(result)}\n`;
    const length = Buffer.byteLength(line);
    const entry = { summary: summarize(result), offset: this.bytes, length: length - 1 };
    this.bytes += length;
    if (this.streaming > 0) this.queue = this.queue.then(() => void this.stream.write(line));
    else this.stream.write(line);
    return entry;
  }

  /**
   * Appends a case whose details are too large to hold (`result.details` is STREAMED_DETAILS): its line
   * is written from the details' pieces, and lines appended meanwhile follow it. The details are
   * disposed of once written. A failure part way leaves a torn line, so the journal fails as a whole.
   */
  appendStreamed(result: CaseResult, details: StreamedDetails): JournalEntry {
    if (this.failure) throw new Error(`cannot write the journal ${this.file}: ${this.failure.message}`);
    const text = JSON.stringify(result);
    const at = text.indexOf(JSON.stringify(STREAMED_DETAILS));
    const head = text.slice(0, at);
    const tail = `${text.slice(at + JSON.stringify(STREAMED_DETAILS).length)}\n`;
    const length = Buffer.byteLength(head) + details.bytes + Buffer.byteLength(tail);
    const entry = { summary: summarize(result), offset: this.bytes, length: length - 1 };
    this.bytes += length;
    this.streaming++;
    this.queue = this.queue
      .then(async () => {
        await this.write(head);
        for await (const piece of details.pieces()) await this.write(piece);
        await this.write(tail);
      })
      .catch((error: Error) => {
        this.failure ??= error;
      })
      .finally(() => {
        this.streaming--;
        return details.dispose().catch(() => undefined);
      });
    return entry;
  }

  private async write(piece: string | Buffer): Promise<void> {
    if (this.failure) throw this.failure;
    if (!this.stream.write(piece)) await this.streamDrained();
  }

  /**
   * Resolves once the stream has written what it buffered, when it asked to be drained: cases that
   * finish faster than the disk takes their lines (0 ms endpoints, a busy runner) wait here instead
   * of piling their lines up in memory.
   */
  drained(): Promise<void> {
    if (this.streaming > 0) return this.queue.then(() => this.drained());
    return this.streamDrained();
  }

  private streamDrained(): Promise<void> {
    if (!this.stream.writableNeedDrain || this.failure) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        this.stream.off("drain", done);
        this.stream.off("error", done);
        resolve();
      };
      this.stream.on("drain", done);
      this.stream.on("error", done);
    });
  }

  /** Gives the run key's journal up for the next run (once results.json is written from it). */
  async release(): Promise<void> {
    const lock = this.lock;
    this.lock = null;
    if (lock && (await readFile(lock, "utf8").catch(() => "")) === lockText()) await unlink(lock).catch(() => undefined);
  }

  async close(): Promise<void> {
    await this.queue;
    await new Promise<void>((resolve, reject) => this.stream.end((error?: Error | null) => (error ? reject(error) : resolve())));
    if (this.failure) throw this.failure;
  }
}

/** What a lock holds: the process's id (first, for the next run to check), and a mark of this process's start. */
const LOCK_TOKEN = `${process.pid} ${Date.now().toString(36)}`;
const lockText = () => LOCK_TOKEN;

/**
 * Takes the run key's journal: its lock, made new (O_EXCL) with this process's id. A lock whose
 * process has ended (a run killed with SIGKILL) is taken over; one a live run holds (another
 * process, or another run of this one) leaves this run to write its own journal: null.
 */
async function claimJournal(file: string): Promise<string | null> {
  const lock = `${file}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(lock, "wx");
      await handle.writeFile(lockText());
      await handle.close();
      return lock;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number.parseInt(await readFile(lock, "utf8").catch(() => ""), 10);
      if (Number.isInteger(holder) && isAlive(holder)) return null;
      await unlink(lock).catch(() => undefined);
    }
  }
  return null;
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** A run's own journal beside the run key's, while another run holds that one: never resumed, never shared. */
function ownJournal(file: string, header: JournalHeader): string {
  return file.replace(/\.jsonl$/, `.${header.runId.slice(0, 8)}.jsonl`);
}

/** Reads a journal, tolerating a torn last line (the process was killed mid-write). */
export async function readJournal(file: string): Promise<{ header?: JournalHeader; results: CaseResult[] }> {
  // Loaded here, not at start-up: only --resume reads a journal back line by line.
  const { createInterface } = await import("node:readline");
  const lines = createInterface({ input: await openRegularReadStream(file, { encoding: "utf8" }), crlfDelay: Number.POSITIVE_INFINITY });
  let header: JournalHeader | undefined;
  const byKey = new Map<string, CaseResult>();
  let first = true;
  for await (const line of lines) {
    if (!line.trim()) continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      continue; // a torn line: that case did not finish writing, so it runs again
    }
    if (first) {
      first = false;
      if ((value as JournalHeader).journal === "evalgate") {
        header = value as JournalHeader;
        continue;
      }
    }
    const result = value as CaseResult;
    byKey.set(caseKey(result.suite, result.caseId, result.repeat), result);
  }
  return { header, results: [...byKey.values()] };
}

async function rewrite(file: string, header: JournalHeader, results: CaseResult[]): Promise<{ entries: JournalEntry[]; bytes: number }> {
  const temporary = `${file}.tmp`;
  const handle = await open(temporary, "w");
  const entries: JournalEntry[] = [];
  let bytes = 0;
  try {
    const headerLine = `${JSON.stringify(header)}\n`;
    await handle.write(headerLine);
    bytes += Buffer.byteLength(headerLine);
    for (const result of results) {
      const line = `${JSON.stringify(result)}\n`;
      const length = Buffer.byteLength(line);
      entries.push({ summary: summarize(result), offset: bytes, length: length - 1 });
      await handle.write(line);
      bytes += length;
    }
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, file);
  return { entries, bytes };
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

/** Entries longer than this are read in pieces (a long conversation's line), never held whole. */
const WHOLE_ENTRY_BYTES = 1024 * 1024;

/** Yields the raw JSON line of each entry, in the order given; a long one as its pieces. */
export async function* readEntryLines(file: string, entries: JournalEntry[]): AsyncGenerator<string | AsyncIterable<string>> {
  const reader = new BlockReader(await openRegularFile(file));
  try {
    for (const entry of entries) {
      if (entry.length <= WHOLE_ENTRY_BYTES) yield await reader.read(entry.offset, entry.length);
      else yield entryPieces(file, entry);
    }
  } finally {
    await reader.close();
  }
}

async function* entryPieces(file: string, entry: JournalEntry): AsyncGenerator<string> {
  const end = entry.offset + entry.length - 1;
  const stream = await openRegularReadStream(file, { encoding: "utf8", start: entry.offset, end, highWaterMark: 256 * 1024 });
  for await (const piece of stream) yield piece as string;
}
