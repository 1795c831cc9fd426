// A command target's processes: one long-lived worker per request in flight (so at most one per
// concurrency slot, each started when a request first needs it), or one process per request
// (`per-case`). A worker that crashed or timed out is replaced by a fresh one on the next request;
// processes that end before answering anything are counted, for the target's "cannot start" stop.
import { type GroupSpec, settledWithin } from "../process/group.ts";
import { Worker, type WorkerOutcome } from "./worker.ts";

export interface PoolOptions {
  /** Each process's spec; its label is numbered per process ("worker 3", "case process 12"). */
  spec: Omit<GroupSpec, "label" | "io">;
  perCase: boolean;
}

/** A per-case process that answered gets this long to exit by itself before its group is stopped. */
const PER_CASE_EXIT_GRACE_MS = 1000;

export class WorkerPool {
  private readonly idle: Worker[] = [];
  private readonly all = new Set<Worker>();
  private readonly retiring = new Set<Promise<void>>();
  private started = 0;
  private closed = false;
  /** Processes in a row that ended before answering anything, with no answer from any other in between. */
  private silentDeaths = 0;
  private readonly options: PoolOptions;

  constructor(options: PoolOptions) {
    this.options = options;
  }

  /** Processes in a row that ended, or timed out, without ever answering (reset by any answer). */
  get deathsBeforeAnswering(): number {
    return this.silentDeaths;
  }

  /**
   * Sends one request line to an idle worker, or to a new one; the worker is kept, or replaced when it
   * failed. `fresh`: a new process whatever is idle, for a request whose worker crashed or hung (an idle
   * worker may be in the state that broke the last one).
   */
  async request(id: string, line: string, timeoutMs: number, signal?: AbortSignal, fresh = false): Promise<WorkerOutcome> {
    if (this.closed) throw new Error("the run ended");
    const worker = fresh ? this.startFresh() : this.take();
    let outcome: WorkerOutcome;
    try {
      outcome = await worker.send(id, line, timeoutMs, signal);
    } catch (error) {
      this.retire(worker); // interrupted mid-request: its state is unknown
      throw error;
    }
    // A process that never answers its first request (it crashed, or it waits for the end of its
    // stdin, as a program that cannot loop does) counts like one that died at start.
    if (outcome.kind === "reply") this.silentDeaths = 0;
    else if ((outcome.kind === "crash" || outcome.kind === "timeout") && worker.answered === 0) this.silentDeaths++;
    const keep = !this.options.perCase && !this.closed && worker.alive && outcome.kind !== "timeout";
    if (keep) this.idle.push(worker);
    else this.retire(worker, this.options.perCase && outcome.kind === "reply" ? PER_CASE_EXIT_GRACE_MS : 0);
    return outcome;
  }

  /** Stops every process (SIGTERM to its group, SIGKILL after 5 s) and waits until they are gone. */
  async close(): Promise<void> {
    this.closed = true;
    this.idle.length = 0;
    for (const worker of this.all) this.retire(worker);
    await Promise.all(this.retiring);
  }

  private take(): Worker {
    for (let worker = this.idle.pop(); worker; worker = this.idle.pop()) {
      if (worker.alive) return worker;
      this.retire(worker);
    }
    return this.spawn();
  }

  /** A new worker in place of the oldest idle one, so the processes stay within the concurrency slots. */
  private startFresh(): Worker {
    const oldest = this.idle.shift();
    if (oldest) this.retire(oldest);
    return this.spawn();
  }

  private spawn(): Worker {
    this.started++;
    const label = this.options.perCase ? `case process ${this.started}` : `worker ${this.started}`;
    const worker = new Worker({ ...this.options.spec, label, io: "pipe" }, this.options.perCase);
    this.all.add(worker);
    return worker;
  }

  /** Stops a worker in the background (after `graceMs`, for a per-case process to exit by itself); close() waits for it. */
  private retire(worker: Worker, graceMs = 0): void {
    if (!this.all.delete(worker)) return;
    const stopped = (graceMs > 0 ? settledWithin(worker.exited, graceMs) : Promise.resolve()).then(() => worker.stop());
    this.retiring.add(stopped);
    void stopped.finally(() => this.retiring.delete(stopped));
  }
}
