// One process of a command target, answering one request at a time: a long-lived worker reads
// request after request from its stdin, a per-case process reads one and its stdin then ends. What it
// writes on stdout is read line by line; what is not the reply awaited is logged, or fails the request.
import { StringDecoder } from "node:string_decoder";
import { parseJsonKeepingNumbers } from "../../util/json-numbers.ts";
import { maskSecretEdges } from "../../util/redact.ts";
import { describeExit, type GroupProcess, type GroupSpec, settledWithin, startGroup } from "../process/group.ts";

/** How one request to a worker ended. */
export type WorkerOutcome =
  | { kind: "reply"; json: Record<string, unknown> }
  /** The process ended before it answered: which one, and how ("exited with code 1"). */
  | { kind: "crash"; label: string; how: string }
  /** No reply within the timeout, from which process. */
  | { kind: "timeout"; label: string }
  /** A stdout line that is not JSON came while the request was waiting. */
  | { kind: "not-json"; line: string }
  /** JSON that is not this request's reply (no id, another id, not an object). */
  | { kind: "protocol"; detail: string };

/** How long after a process's exit its last output may still be read. */
const OUTPUT_AFTER_EXIT_MS = 200;

/** A stdout line longer than this is not a reply anyone can use: the worker is replaced. */
const MAX_REPLY_CHARS = 64 * 1024 * 1024;

interface Pending {
  id: string;
  settle(outcome: WorkerOutcome): void;
}

export class Worker {
  readonly label: string;
  /** Replies it gave: a process that ends before its first did not start as it should. */
  answered = 0;
  private readonly process: GroupProcess;
  private pending: Pending | null = null;
  /** Ids of requests that failed before their reply came: a late reply to one of them is not an error. */
  private readonly abandoned = new Set<string>();
  private readonly spec: GroupSpec;
  /** A per-case process: its stdin ends after its one request. */
  private readonly oneShot: boolean;

  constructor(spec: GroupSpec, oneShot: boolean) {
    this.spec = spec;
    this.oneShot = oneShot;
    this.label = spec.label;
    this.process = startGroup(spec);
    const decoder = new StringDecoder("utf8");
    let partial = "";
    this.process.stdout!.on("data", (chunk: Buffer) => {
      const text = decoder.write(chunk);
      let start = 0;
      // Only the new text is searched: a long reply arriving in many chunks is not scanned again and again.
      for (let newline = text.indexOf("\n"); newline >= 0; newline = text.indexOf("\n", start)) {
        const line = partial + text.slice(start, newline);
        partial = "";
        start = newline + 1;
        this.onLine(line);
      }
      partial += text.slice(start);
      if (partial.length > MAX_REPLY_CHARS) {
        this.fail({ kind: "protocol", detail: `wrote a stdout line longer than ${MAX_REPLY_CHARS / 1024 / 1024} MiB` });
        partial = "";
        void this.stop();
      }
    });
    // A reply written just before the exit may still be in the pipe: read it first (briefly: a
    // process the worker started may hold the pipe open).
    void this.process.exited.then(async (exit) => {
      await settledWithin(this.process.outputEnded, OUTPUT_AFTER_EXIT_MS);
      this.fail({ kind: "crash", label: this.label, how: describeExit(exit) });
    });
  }

  /** Whether it can take a request. */
  get alive(): boolean {
    return this.process.exit() === null;
  }

  /** Sends one request line and waits for its reply, at most `timeoutMs`; the caller's abort rejects with its reason. */
  send(id: string, line: string, timeoutMs: number, signal?: AbortSignal): Promise<WorkerOutcome> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    const exit = this.process.exit();
    if (exit) return Promise.resolve({ kind: "crash", label: this.label, how: describeExit(exit) });
    return new Promise<WorkerOutcome>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        this.pending = null;
      };
      const onAbort = () => {
        done();
        this.abandoned.add(id);
        reject(signal!.reason);
      };
      const timer = setTimeout(() => {
        done();
        resolve({ kind: "timeout", label: this.label });
      }, timeoutMs);
      signal?.addEventListener("abort", onAbort, { once: true });
      this.pending = {
        id,
        settle: (outcome) => {
          done();
          if (outcome.kind !== "reply") this.abandoned.add(id);
          resolve(outcome);
        },
      };
      const stdin = this.process.stdin!;
      if (this.oneShot) stdin.end(line);
      else stdin.write(line);
    });
  }

  /** Resolves when the process has ended. */
  get exited(): Promise<unknown> {
    return this.process.exited;
  }

  stop(): Promise<void> {
    return this.process.stop();
  }

  private fail(outcome: WorkerOutcome): void {
    this.pending?.settle(outcome);
  }

  private onLine(raw: string): void {
    const text = raw.replace(/\r$/, "");
    if (text.trim() === "") return;
    let json: unknown;
    // A line that is not a reply is quoted: a secret the program printed over two lines is masked at its edges.
    const line = () => maskSecretEdges(text);
    try {
      json = parseJsonKeepingNumbers(text);
    } catch {
      if (this.pending) this.fail({ kind: "not-json", line: line() });
      else this.spec.log.note(`${this.label} wrote on stdout, with no request waiting, a line that is not a reply: ${line()}`);
      return;
    }
    const id = isObject(json) ? json["id"] : undefined;
    const replyId = typeof id === "string" || typeof id === "number" ? String(id) : undefined;
    if (replyId !== undefined && this.abandoned.delete(replyId)) {
      this.spec.log.note(`${this.label} answered request ${replyId} after it had failed: the reply is ignored`);
      return;
    }
    if (!this.pending) {
      this.spec.log.note(`${this.label} wrote on stdout, with no request waiting: ${line()}`);
      return;
    }
    if (!isObject(json)) this.fail({ kind: "protocol", detail: "wrote JSON that is not an object" });
    else if (replyId === undefined) this.fail({ kind: "protocol", detail: `replied without an "id" (request ${this.pending.id})` });
    else if (replyId !== this.pending.id)
      this.fail({ kind: "protocol", detail: `replied with id ${JSON.stringify(replyId)} to request ${this.pending.id}` });
    else {
      this.answered++;
      this.pending.settle({ kind: "reply", json });
    }
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
