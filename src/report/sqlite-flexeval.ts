// FlexEval's own tables (thread, turn, message, toolcall, metric) for one conversations case, linked
// as FlexEval links them: a metric row to its thread, turn, message and tool call.
import type { ConversationDetails, ConversationMetricRow } from "../results/conversations.ts";
import type { CaseResult } from "../results/types.ts";
import { redact } from "../util/redact.ts";

type Database = import("node:sqlite").DatabaseSync;

export const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));
export const num = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : null);

/** The row ids the case's objects got, by their index in the thread. */
interface ThreadIds {
  thread: number;
  turns: number[];
  messages: number[];
  calls: number[];
}

export function writeConversation(db: Database, runId: string, suite: string, result: CaseResult, details: ConversationDetails): void {
  const thread = insertThread(db, runId, suite, result, details);
  const turns = insertTurns(db, thread, details);
  const messages = insertMessages(db, thread, turns, details);
  const calls = insertToolCalls(db, thread, turns, messages, details);
  insertMetricRows(db, runId, suite, { thread, turns, messages, calls }, details);
}

const rowId = (outcome: { lastInsertRowid: number | bigint }) => Number(outcome.lastInsertRowid);

function insertThread(db: Database, runId: string, suite: string, result: CaseResult, details: ConversationDetails): number {
  return rowId(
    db
      .prepare("INSERT INTO thread (run_id, suite, case_id, repeat, file, line, system_prompt, metadata) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
      .run(runId, suite, result.caseId, result.repeat, details.file, details.line, details.systemPrompt, json(details.metadata)),
  );
}

function insertTurns(db: Database, thread: number, details: ConversationDetails): number[] {
  const insert = db.prepare("INSERT INTO turn (thread_id, index_in_thread, role) VALUES (?, ?, ?)");
  return details.turns.map((turn) => rowId(insert.run(thread, turn.index, turn.role)));
}

function insertMessages(db: Database, thread: number, turns: number[], details: ConversationDetails): number[] {
  const insert = db.prepare(
    "INSERT INTO message (thread_id, turn_id, index_in_thread, role, content, metadata, prompt_tokens, completion_tokens, is_flexeval_completion) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  return details.messages.map((m) =>
    rowId(
      insert.run(
        thread,
        turns[m.turn] ?? null,
        m.index,
        m.role,
        m.content,
        json(m.metadata),
        num(m.metadata["prompt_tokens"]),
        num(m.metadata["completion_tokens"]),
        m.isCompletion ? 1 : 0,
      ),
    ),
  );
}

function insertToolCalls(db: Database, thread: number, turns: number[], messages: number[], details: ConversationDetails): number[] {
  const insert = db.prepare(
    "INSERT INTO toolcall (thread_id, message_id, turn_id, function_name, args, tool_call_id, response_content) VALUES (?, ?, ?, ?, ?, ?, ?)",
  );
  return details.toolCalls.map((c) =>
    rowId(insert.run(thread, messages[c.message] ?? null, turns[c.turn] ?? null, c.name, c.args, c.id, c.response)),
  );
}

/** The object's own id and its containers', as FlexEval links a metric to its turn and message. */
function metricLinks(row: ConversationMetricRow, ids: ThreadIds, details: ConversationDetails) {
  const message =
    row.level === "Message"
      ? details.messages[row.object]
      : row.level === "ToolCall"
        ? details.messages[details.toolCalls[row.object]?.message ?? -1]
        : undefined;
  const turnIndex = row.level === "Turn" ? row.object : message?.turn;
  return {
    turn: turnIndex !== undefined ? (ids.turns[turnIndex] ?? null) : null,
    message: message ? (ids.messages[message.index] ?? null) : null,
    call: row.level === "ToolCall" ? (ids.calls[row.object] ?? null) : null,
  };
}

function insertMetricRows(db: Database, runId: string, suite: string, ids: ThreadIds, details: ConversationDetails): void {
  const insert = db.prepare(
    `INSERT INTO metric (run_id, suite, thread_id, turn_id, message_id, toolcall_id, evaluation_name, evaluation_type, metric_name,
      metric_level, metric_value, normalized_value, role, kwargs, skipped, error, rubric_prompt, rubric_completion, rubric_model,
      rubric_prompt_tokens, rubric_completion_tokens, rubric_score) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const row of details.rows) {
    const links = metricLinks(row, ids, details);
    insert.run(
      runId,
      suite,
      ids.thread,
      links.turn,
      links.message,
      links.call,
      row.evaluation,
      row.type,
      row.metric,
      row.level,
      row.value,
      row.normalized,
      row.role,
      json(row.kwargs),
      row.skipped ? 1 : 0,
      row.error ? redact(row.error.message) : null,
      row.rubric?.prompt ?? null,
      row.rubric?.completion ?? null,
      row.rubric?.model ?? null,
      row.rubric?.promptTokens ?? null,
      row.rubric?.completionTokens ?? null,
      row.rubric?.score ?? null,
    );
  }
}
