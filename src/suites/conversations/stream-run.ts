// A long thread scored as it is read (see long-thread.ts): each message is built as buildThread
// builds it, its metrics computed at once, and its details and rows written to spool files that the
// journal copies into the case's line. What stays in memory is the thread's tool calls (their
// responses come later in the thread) and each metric's running statistics. The case's line is the
// same, byte for byte, as the whole-thread path writes; a thread whose values overflow a double is
// handed to that path, which turns them into errors.
import type { ConversationMetricRow } from "../../results/conversations.ts";
import type { Case } from "../../results/types.ts";
import { redactDeep } from "../../util/redact.ts";
import type { CaseOutcome, RunContext } from "../kind.ts";
import { metricKey, RowTally } from "./case-metrics.ts";
import { computeMetric, type EvaluateContext, type ValueIndex } from "./evaluate.ts";
import type { ConversationInput, StreamedInput } from "./load.ts";
import { lineChunks, ThreadReader } from "./long-thread.ts";
import type { ConversationsOptions } from "./options.ts";
import type { PlannedMetric } from "./plan.ts";
import { Spool, type SpoolFile } from "./spool.ts";
import {
  isMachineRole,
  type MessageObject,
  parseThreadLine,
  type RawMessage,
  type ThreadObject,
  type ToolCallObject,
  toolCallObject,
} from "./thread.ts";

type ConversationContext = RunContext & { options: ConversationsOptions };

/** The thread a message-level function is given: the streamable ones (long-thread.ts) never read it. */
const NO_THREAD: ThreadObject = {
  level: "Thread",
  index: 0,
  role: "thread",
  systemPrompt: null,
  metadata: {},
  messages: [],
  turns: [],
  toolCalls: [],
  content: "",
};

/** Messages made into the objects metrics see, with buildThread's turn rule, one at a time. */
class MessageWalk {
  systemPrompt: string | null = null;
  readonly toolCalls: ToolCallObject[] = [];
  private readonly callsById = new Map<string, ToolCallObject>();
  private index = 0;
  private turn = -1;
  private turnRole = "";
  private machine: boolean | null = null;

  /** The message's object, and the turn it closed ({index, role} as results.json lists turns). */
  add(message: RawMessage): { object: MessageObject; closed?: { index: number; role: string } } {
    const machine = isMachineRole(message.role);
    const closed = this.machine !== null && machine !== this.machine ? this.finish() : undefined;
    if (this.machine === null || machine !== this.machine) this.turn++;
    this.machine = machine;
    this.turnRole = message.role;
    const index = this.index++;
    const object: MessageObject = {
      level: "Message",
      index,
      turnIndex: this.turn,
      role: message.role,
      content: message.content,
      toolCalls: [],
      metadata: message.metadata,
      isCompletion: message.isCompletion ?? false,
      usage: message.usage ?? { promptTokens: null, completionTokens: null, modelName: null },
    };
    for (const call of message.toolCalls) {
      const toolCall = toolCallObject(call, message, { index: this.toolCalls.length, messageIndex: index, turnIndex: this.turn });
      object.toolCalls.push(toolCall);
      this.toolCalls.push(toolCall);
      if (!this.callsById.has(toolCall.id)) this.callsById.set(toolCall.id, toolCall);
    }
    if (message.toolCallId !== undefined) {
      const answered = this.callsById.get(message.toolCallId);
      if (answered) answered.response = message.content;
    }
    return { object, ...(closed ? { closed } : {}) };
  }

  /** The last turn, once the thread has ended. */
  finish(): { index: number; role: string } | undefined {
    return this.turn >= 0 ? { index: this.turn, role: this.turnRole } : undefined;
  }
}

/** Each metric's rows, as they are written and summarised (RowTally per key, first errors in row order). */
class MetricRows {
  readonly file: SpoolFile;
  readonly tallies = new Map<string, RowTally>();
  readonly firstErrors = new Map<string, string>();
  unreachable: string | undefined;
  unreachableCount = 0;

  constructor(file: SpoolFile) {
    this.file = file;
  }

  async add(row: ConversationMetricRow): Promise<void> {
    const key = metricKey(row);
    const tally = this.tallies.get(key) ?? new RowTally(key);
    this.tallies.set(key, tally);
    tally.add(row);
    if (row.error?.kind === "metric" && !this.firstErrors.has(key)) this.firstErrors.set(key, row.error.message);
    if (row.error?.kind === "endpoint") {
      this.unreachableCount++;
      this.unreachable ??= row.error.message;
    }
    await this.file.add(JSON.stringify(redactDeep(row)));
  }
}

const json = (value: unknown) => JSON.stringify(redactDeep(value));

/** Reads the thread's line again and scores it; "changed" when the line is not what the load read. */
async function scoreThread(input: StreamedInput, ctx: ConversationContext, spool: Spool) {
  const { metrics } = input.plan;
  const messages = spool.file("messages");
  const turns = spool.file("turns");
  const rows = metrics.map((_, i) => new MetricRows(spool.file(`rows-${i}`)));
  const walk = new MessageWalk();
  const reader = new ThreadReader(true);
  const values: ValueIndex = new Map();
  const evaluate: EvaluateContext = { grader: null, signal: ctx.signal, completionOnly: false, services: { moderate: null } };
  for await (const chunk of lineChunks(input.streamed.path, input.line)) {
    for (const read of reader.push(chunk)) {
      if ("system" in read) {
        walk.systemPrompt ??= read.system;
        continue;
      }
      const { object, closed } = walk.add(read.message);
      if (closed) await turns.add(json(closed));
      const { index, turnIndex: turn, role, content, metadata } = object;
      await messages.add(json({ index, turn, role, content, metadata }));
      await scoreMessage(metrics, object, rows, { values, evaluate });
    }
    if (reader.invalid) break;
    ctx.signal.throwIfAborted();
  }
  reader.end();
  const last = walk.finish();
  if (last) await turns.add(json(last));
  if (reader.invalid || reader.lineHash!.digest("hex") !== input.streamed.lineHash) return "changed" as const;
  return { walk, metadata: reader.metadata, messages, turns, rows };
}

async function scoreMessage(
  metrics: readonly PlannedMetric[],
  object: MessageObject,
  rows: MetricRows[],
  { values, evaluate }: { values: ValueIndex; evaluate: EvaluateContext },
): Promise<void> {
  for (const [i, metric] of metrics.entries()) {
    const computed = await computeMetric(metric, object, NO_THREAD, values, evaluate);
    values.clear(); // no metric of a streamed plan depends on another
    for (const row of computed.rows) await rows[i]!.add(row);
  }
}

/**
 * Scores a streamed thread (historical mode); `whole` scores a thread read whole, for the rare thread
 * whose values add up past the largest double.
 */
export async function runStreamedThread(
  testCase: Case<ConversationInput>,
  ctx: ConversationContext,
  whole: (input: ConversationInput) => Promise<CaseOutcome>,
): Promise<CaseOutcome> {
  const input = testCase.input as StreamedInput;
  const spool = await Spool.create();
  let handedOver = false;
  try {
    const scored = await scoreThread(input, ctx, spool);
    if (scored === "changed") return changedOutcome(input);
    const tallies = scored.rows.flatMap((metric) => [...metric.tallies.values()]);
    if (tallies.some((tally) => tally.overflows())) return whole({ ...input, thread: await readWholeThread(input) });
    const metrics: Record<string, number> = {};
    for (const tally of tallies) tally.writeTo(metrics, ctx.options);
    const head = json({ file: input.file, line: input.line, systemPrompt: scored.walk.systemPrompt, metadata: scored.metadata });
    const toolCalls = scored.walk.toolCalls.map((c) =>
      json({ index: c.index, message: c.messageIndex, turn: c.turnIndex, id: c.id, name: c.name, args: c.args, response: c.response }),
    );
    const parts: (string | SpoolFile)[] = [`${head.slice(0, -1)},"messages":[`, scored.messages, '],"turns":[', scored.turns];
    parts.push(`],"toolCalls":[${toolCalls.join(",")}],"rows":[`);
    const rowFiles = scored.rows.map((metric) => metric.file).filter((file) => !file.empty);
    for (const [i, file] of rowFiles.entries()) parts.push(...(i ? [",", file] : [file]));
    parts.push("]}");
    const streamedDetails = await spool.details(parts);
    handedOver = true;
    return outcomeOf(scored.rows, metrics, streamedDetails);
  } finally {
    if (!handedOver) await spool.dispose();
  }
}

function outcomeOf(rows: MetricRows[], metrics: Record<string, number>, streamedDetails: CaseOutcome["streamedDetails"]): CaseOutcome {
  const unreachable = rows.reduce((n, metric) => n + metric.unreachableCount, 0);
  if (unreachable > 0) {
    const message = rows.find((metric) => metric.unreachable)!.unreachable!;
    return {
      status: "error",
      error: { kind: "endpoint", message: `${unreachable} grade(s) failed: ${message}`, side: "scorer" },
      metrics,
      costUsd: 0,
      requests: 0,
      ...(streamedDetails ? { streamedDetails } : {}),
    };
  }
  const firstErrors = Object.fromEntries(rows.flatMap((metric) => [...metric.firstErrors]));
  const metricErrors = Object.keys(firstErrors).length ? { metricErrors: firstErrors } : {};
  return { status: "scored", metrics, costUsd: 0, requests: 0, ...(streamedDetails ? { streamedDetails } : {}), ...metricErrors };
}

function changedOutcome(input: StreamedInput): CaseOutcome {
  return {
    status: "error",
    error: { kind: "internal", message: `${input.file}:${input.line} changed while the run read it: run again`, side: "scorer" },
    metrics: {},
    costUsd: null,
    requests: 0,
  };
}

/** The thread's line read whole and parsed, as the load reads a short one. */
async function readWholeThread(input: StreamedInput) {
  let text = "";
  for await (const chunk of lineChunks(input.streamed.path, input.line)) text += chunk;
  const parsed = parseThreadLine(text, input.file, input.line);
  if ("problems" in parsed) throw new Error(`${input.file}:${input.line} changed while the run read it: run again`);
  return parsed.thread;
}
