// A check's regular expression against a model's answer, at a bounded cost. The pattern comes from
// the config and the text from the model, and a pattern that backtracks (`^(a+)+$`) can take longer
// than any deadline on a 30-character answer. The rule (docs/checks.md, "What a regex may cost"):
// - a pattern V8's linear-time engine can run (most: no flag i, u or v, no lookahead, no
//   backreference) runs on it, in this thread: time linear in the answer's length, no limit needed;
// - any other runs in a worker thread and is stopped after REGEX_TIME_LIMIT_MS on one answer: the
//   check is then an error on that case (never a pass, never a fail), counted against max-error-rate.
import { createRequire } from "node:module";
import { setFlagsFromString } from "node:v8";
import type { Worker } from "node:worker_threads";

/**
 * node:worker_threads, loaded when the first pattern needs a worker, not with the checks: every run
 * with a judged suite loads this module before its first request, and most never start a worker.
 */
const workerThreads = () => createRequire(import.meta.url)("node:worker_threads") as typeof import("node:worker_threads");

/** How long a pattern the linear engine cannot run may take on one answer. */
export const REGEX_TIME_LIMIT_MS = 1000;

/** A pattern that ran past the limit: the check could not be evaluated on this answer. */
export class RegexTimeout extends Error {
  override readonly name = "RegexTimeout";
}

let linear: boolean | undefined;

function accepts(flags: string): boolean {
  try {
    new RegExp("", flags);
    return true;
  } catch {
    return false;
  }
}

/** Whether RegExp takes the `l` (linear engine) flag; turns V8's linear engine on, once, when it does not yet. */
export function linearEngineAvailable(): boolean {
  if (linear !== undefined) return linear;
  if (!accepts("l")) {
    try {
      setFlagsFromString("--enable-experimental-regexp-engine");
    } catch {
      // an embedder that refuses V8 flags: every pattern goes to the worker
    }
  }
  linear = accepts("l");
  return linear;
}

/** The pattern on V8's linear-time engine, or undefined when that engine cannot run it (or is not there). */
export function linearRegExp(source: string, flags: string): RegExp | undefined {
  if (!linearEngineAvailable()) return undefined;
  try {
    return new RegExp(source, `${flags}l`);
  } catch {
    return undefined;
  }
}

export interface AnswerMatcher {
  /** Whether the pattern matches somewhere in `text`; rejects with RegexTimeout past the limit. */
  test(text: string, signal?: AbortSignal): Promise<boolean>;
  /** Whether it runs on the linear engine (else in the worker, with the time limit). */
  readonly linear: boolean;
}

/** A matcher for a pattern already known to compile (`new RegExp(source, flags)`); flags never hold g or y. */
export function answerMatcher(source: string, flags: string): AnswerMatcher {
  const fast = linearRegExp(source, flags);
  if (fast) return { linear: true, test: async (text) => fast.test(text) };
  return { linear: false, test: (text, signal) => sandbox.test({ source, flags, text }, signal) };
}

// The worker's whole program: compile (cached) and test, one message at a time.
const WORKER_SOURCE = `
const { parentPort } = require("node:worker_threads");
const compiled = new Map();
parentPort.on("message", ({ id, source, flags, text }) => {
  try {
    const key = flags + "/" + source;
    let pattern = compiled.get(key);
    if (!pattern) {
      if (compiled.size >= 256) compiled.clear();
      pattern = new RegExp(source, flags);
      compiled.set(key, pattern);
    }
    parentPort.postMessage({ id, matched: pattern.test(text) });
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) });
  }
});
`;

interface Job {
  id: number;
  request: { source: string; flags: string; text: string };
  resolve(matched: boolean): void;
  reject(error: unknown): void;
  signal: AbortSignal | undefined;
  timer?: NodeJS.Timeout;
}

/** An idle worker is ended after this long, so a finished check leaves no thread behind. */
const IDLE_MS = 5000;

/**
 * One worker thread, one match at a time (a match is short unless it is the kind the limit is for).
 * A match past the limit, or aborted, ends the worker; the next match starts a new one.
 */
class RegexSandbox {
  private worker: Worker | undefined;
  private ready: Promise<void> | undefined;
  private readonly queue: Job[] = [];
  private running: Job | undefined;
  private nextId = 1;
  private idle: NodeJS.Timeout | undefined;

  test(request: Job["request"], signal: AbortSignal | undefined): Promise<boolean> {
    return new Promise<boolean>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const job: Job = { id: this.nextId++, request, resolve, reject, signal };
      signal?.addEventListener("abort", () => this.abort(job), { once: true });
      this.queue.push(job);
      void this.pump();
    });
  }

  private async pump(): Promise<void> {
    if (this.running || this.queue.length === 0) return;
    clearTimeout(this.idle);
    const job = this.queue.shift()!;
    this.running = job;
    const worker = this.start();
    worker.ref(); // a match under way holds the process open; an idle worker does not
    await this.ready; // the limit counts from when the thread can run, not while it starts
    if (this.running !== job) return;
    job.timer = setTimeout(() => {
      this.stop();
      this.settle(job, () =>
        job.reject(new RegexTimeout(`the regular expression ran over ${REGEX_TIME_LIMIT_MS / 1000} s on this answer and was stopped`)),
      );
    }, REGEX_TIME_LIMIT_MS);
    worker.postMessage({ id: job.id, ...job.request });
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new (workerThreads().Worker)(WORKER_SOURCE, { eval: true });
    this.ready = new Promise((resolve) => worker.once("online", () => resolve()));
    worker.on("message", (message: { id: number; matched?: boolean; error?: string }) => {
      const job = this.running;
      if (!job || job.id !== message.id) return;
      this.settle(job, () => (message.error !== undefined ? job.reject(new Error(message.error)) : job.resolve(message.matched === true)));
    });
    worker.on("error", (error) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      const job = this.running;
      if (job) this.settle(job, () => job.reject(error));
    });
    // After the listeners: adding a "message" listener refs the worker again, and an idle worker
    // would then hold the process open after the run until the idle timer ends it (5 s).
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private stop(): void {
    const worker = this.worker;
    this.worker = undefined;
    void worker?.terminate();
  }

  /** Ends a job once: its timer, its place, then the next job (or the idle timer). */
  private settle(job: Job, outcome: () => void): void {
    if (this.running !== job) return;
    clearTimeout(job.timer);
    this.running = undefined;
    outcome();
    if (this.queue.length > 0) void this.pump();
    else {
      this.worker?.unref();
      this.idle = setTimeout(() => this.stop(), IDLE_MS);
      this.idle.unref();
    }
  }

  private abort(job: Job): void {
    const queued = this.queue.indexOf(job);
    if (queued >= 0) {
      this.queue.splice(queued, 1);
      job.reject(job.signal?.reason);
      return;
    }
    if (this.running !== job) return;
    this.stop();
    this.settle(job, () => job.reject(job.signal?.reason));
  }
}

const sandbox = new RegexSandbox();
