// Long threads are read as a stream, never held: at load a thread's line is checked message by
// message (what the case needs is kept: its fingerprint, title and where it is), and at run time the
// line is read again from the file in chunks and each message scored as it arrives (stream-run.ts).
// Only message-level metrics of evalgate's own functions that read nothing but their message can be
// scored so; any other plan, and any line not in the plain shape, reads the thread whole as before.
import { createHash, type Hash } from "node:crypto";
import { readTextChunks } from "../../config/text-file.ts";
import { parseJsonKeepingNumbers } from "../../util/json-numbers.ts";
import { stableJson } from "../../util/stable-json.ts";
import { BUILTIN_FUNCTIONS } from "./functions.ts";
import { ThreadLineScanner } from "./line-scanner.ts";
import type { PlannedMetric } from "./plan.ts";
import { type ContentChoice, type RawMessage, readMessage } from "./thread.ts";

/** Lines shorter than this are read whole: the stream's second read of the file costs more than holding them. */
export const LONG_THREAD_CHARS = 1024 * 1024;

/** Functions that read more than their own message (latency reads the thread; moderation asks a service). */
const READS_MORE = new Set(["latency", "openai_moderation_api"]);

/** Whether a historical plan's metrics can be scored message by message as the thread is read. */
export function streamablePlan(mode: "historical" | "completion", metrics: readonly PlannedMetric[]): boolean {
  if (mode !== "historical" || metrics.length === 0) return false;
  const keys = new Set<string>();
  for (const metric of metrics) {
    const builtin = BUILTIN_FUNCTIONS[metric.evaluation];
    if (metric.type !== "function" || metric.level !== "Message" || metric.dependsOn.length > 0) return false;
    if (!builtin || metric.function !== builtin || READS_MORE.has(metric.evaluation)) return false;
    keys.add(metric.evaluation);
  }
  // Two metrics of one name would pool their rows under one key in plan order: read those whole.
  return keys.size === metrics.length;
}

/** Where a streamed thread is, and what the load found in it. */
export interface StreamedThread {
  /** The dataset file's absolute path, read again at run time. */
  path: string;
  /** sha1 of the line's text (the case id's hash, in full): the run refuses a line that changed since the load. */
  lineHash: string;
  messages: number;
}

/** What the load keeps of a long thread. */
export interface ScannedThread {
  streamed: StreamedThread;
  /** The same fingerprint the whole-thread case has (engine/fingerprint.ts), computed as the messages pass. */
  fingerprint: string;
  firstUser: string;
  choices: ContentChoice[];
}

/** Calls `each` with every message (system messages too) of one thread line's text, read in chunks. */
export class ThreadReader {
  readonly metadata: Record<string, unknown> = {};
  private readonly scanner: ThreadLineScanner;
  private readonly pending: string[] = [];
  private index = 0;
  /** sha1 of the text pushed, when asked for (the run's check; the load has the line's hash already). */
  readonly lineHash: Hash | undefined;
  problem: string | undefined;

  constructor(hashLine: boolean) {
    this.lineHash = hashLine ? createHash("sha1") : undefined;
    this.scanner = new ThreadLineScanner({
      key: (name, text) => {
        this.metadata[name] = parseJsonKeepingNumbers(text);
      },
      element: (text) => this.pending.push(text),
    });
  }

  get invalid(): boolean {
    return this.scanner.invalid || this.problem !== undefined;
  }

  /** The messages the chunk completed, read as parseThreadLine reads them. */
  *push(chunk: string): Generator<ReturnType<typeof readMessage> & object> {
    this.lineHash?.update(chunk);
    this.scanner.push(chunk);
    for (const text of this.pending.splice(0)) {
      const i = this.index++;
      let entry: unknown;
      try {
        entry = parseJsonKeepingNumbers(text);
      } catch {
        this.problem = "not valid JSON";
        return;
      }
      const read = readMessage(entry, `input[${i}]`, i, (field, message) => {
        this.problem ??= `${field}: ${message}`;
      });
      if (!read || this.problem) return;
      yield read;
    }
  }

  end(): void {
    this.scanner.end();
  }
}

/**
 * A long line checked message by message at load: what the case keeps, or undefined when the line
 * is not the plain shape or has a problem (then it is read whole, and its problems worded as ever).
 */
export function scanLongThread(
  raw: string,
  where: { path: string; file: string; lineHash: string },
  plan: { mode: string },
): ScannedThread | undefined {
  const reader = new ThreadReader(false);
  const hash = createHash("sha256");
  hash.update(`{"file":${JSON.stringify(where.file)},"plan":${stableJson(plan)},"thread":{"messages":[`);
  const choices = new Set<ContentChoice>();
  let systemPrompt: string | null = null;
  let messages = 0;
  let firstUser: string | undefined;
  let firstContent: string | undefined;
  const take = (read: { message: RawMessage } | { system: string }) => {
    if ("system" in read) {
      systemPrompt ??= read.system;
      return;
    }
    hash.update(`${messages++ ? "," : ""}${stableJson(read.message)}`);
    firstContent ??= read.message.content;
    if (read.message.role === "user") firstUser ??= read.message.content;
  };
  for (const read of reader.push(raw)) {
    if (read.choice) choices.add(read.choice);
    take(read);
  }
  reader.end();
  if (reader.invalid) return undefined;
  hash.update(`],"metadata":${stableJson(reader.metadata)},"systemPrompt":${JSON.stringify(systemPrompt)}}}`);
  return {
    streamed: { path: where.path, lineHash: where.lineHash, messages },
    fingerprint: hash.digest("hex").slice(0, 16),
    firstUser: firstUser ?? firstContent ?? "",
    choices: [...choices],
  };
}

/** The text of line `wanted` (1-based; lines end at "\n", "\r\n" or a lone "\r", as the load counts them), in chunks. */
export async function* lineChunks(path: string, wanted: number): AsyncGenerator<string> {
  let line = 1;
  let afterCr = false;
  for await (const chunk of readTextChunks(path)) {
    let pos = afterCr && chunk.charCodeAt(0) === 10 ? 1 : 0;
    afterCr = false;
    while (pos <= chunk.length) {
      const end = lineEnd(chunk, pos);
      if (line === wanted) {
        if (end > pos || end === -1) yield chunk.slice(pos, end === -1 ? undefined : end);
        if (end !== -1) return;
        break;
      }
      if (end === -1) break;
      line++;
      if (chunk.charCodeAt(end) === 13 && end + 1 === chunk.length) afterCr = true;
      pos = chunk.charCodeAt(end) === 13 && chunk.charCodeAt(end + 1) === 10 ? end + 2 : end + 1;
    }
  }
}

function lineEnd(text: string, from: number): number {
  const lf = text.indexOf("\n", from);
  const cr = text.indexOf("\r", from);
  return cr !== -1 && (lf === -1 || cr < lf) ? cr : lf;
}
