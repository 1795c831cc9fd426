// Results you can query with SQL: one SQLite file (node:sqlite) with the run, its suites, cases and
// metric values for every suite kind, plus FlexEval's own tables (thread, turn, message, toolcall,
// metric) for conversations suites. Writing a run again replaces it; other runs stay, so the file
// can collect a history.
import { ConfigError } from "../config/errors.ts";
import type { ConversationDetails } from "../results/conversations.ts";
import type { CaseResult, Results } from "../results/types.ts";
import { checkOutputPaths, STDOUT } from "../util/output-file.ts";
import { redact, redactDeep } from "../util/redact.ts";

type Database = import("node:sqlite").DatabaseSync;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS runs (
  id TEXT PRIMARY KEY, started_at TEXT, finished_at TEXT, duration_ms REAL, commit_sha TEXT, branch TEXT, event TEXT,
  evalgate_version TEXT, config_hash TEXT, requests INTEGER, cache_hits INTEGER, cost_usd REAL, verdict TEXT, partial TEXT);
CREATE TABLE IF NOT EXISTS suites (
  run_id TEXT, suite TEXT, kind TEXT, cases INTEGER, scored INTEGER, errors INTEGER, cost_usd REAL, requests INTEGER,
  duration_ms REAL, warnings TEXT, breakdowns TEXT, PRIMARY KEY (run_id, suite));
CREATE TABLE IF NOT EXISTS suite_metrics (
  run_id TEXT, suite TEXT, metric TEXT, value REAL, n INTEGER, gated INTEGER, direction TEXT, unit TEXT, spread REAL,
  description TEXT, PRIMARY KEY (run_id, suite, metric));
CREATE TABLE IF NOT EXISTS cases (
  run_id TEXT, suite TEXT, case_id TEXT, repeat INTEGER, title TEXT, file TEXT, line INTEGER, status TEXT, error_kind TEXT,
  error_message TEXT, cost_usd REAL, latency_ms REAL, requests INTEGER, tags TEXT, details TEXT, finished_at TEXT,
  PRIMARY KEY (run_id, suite, case_id, repeat));
CREATE TABLE IF NOT EXISTS case_metrics (
  run_id TEXT, suite TEXT, case_id TEXT, repeat INTEGER, metric TEXT, value REAL);
CREATE INDEX IF NOT EXISTS case_metrics_by_metric ON case_metrics (run_id, suite, metric);
CREATE TABLE IF NOT EXISTS thread (
  id INTEGER PRIMARY KEY, run_id TEXT, suite TEXT, case_id TEXT, repeat INTEGER, file TEXT, line INTEGER,
  system_prompt TEXT, metadata TEXT);
CREATE TABLE IF NOT EXISTS turn (id INTEGER PRIMARY KEY, thread_id INTEGER, index_in_thread INTEGER, role TEXT);
CREATE TABLE IF NOT EXISTS message (
  id INTEGER PRIMARY KEY, thread_id INTEGER, turn_id INTEGER, index_in_thread INTEGER, role TEXT, content TEXT,
  metadata TEXT, prompt_tokens INTEGER, completion_tokens INTEGER, is_flexeval_completion INTEGER);
CREATE TABLE IF NOT EXISTS toolcall (
  id INTEGER PRIMARY KEY, thread_id INTEGER, message_id INTEGER, turn_id INTEGER, function_name TEXT, args TEXT,
  tool_call_id TEXT, response_content TEXT);
CREATE TABLE IF NOT EXISTS metric (
  id INTEGER PRIMARY KEY, run_id TEXT, suite TEXT, thread_id INTEGER, turn_id INTEGER, message_id INTEGER,
  toolcall_id INTEGER, evaluation_name TEXT, evaluation_type TEXT, metric_name TEXT, metric_level TEXT,
  metric_value REAL, normalized_value REAL, role TEXT, kwargs TEXT, skipped INTEGER, error TEXT, rubric_prompt TEXT,
  rubric_completion TEXT, rubric_model TEXT, rubric_prompt_tokens INTEGER, rubric_completion_tokens INTEGER,
  rubric_score TEXT);
`;

/** node:sqlite is in Node 22.13+ (22.5–22.12 behind --experimental-sqlite) and every Node 24. */
async function openDatabase(file: string): Promise<Database> {
  let sqlite: typeof import("node:sqlite");
  const emitWarning = process.emitWarning;
  process.emitWarning = withoutSqliteNotice(emitWarning);
  try {
    sqlite = await import("node:sqlite");
  } catch {
    throw new Error(`--sqlite needs node:sqlite, which this Node (${process.version}) lacks: use Node 22.13 or later`);
  } finally {
    process.emitWarning = emitWarning;
  }
  return new sqlite.DatabaseSync(file);
}

/** Node 22 prints an ExperimentalWarning at node:sqlite's first import: a run's stderr carries evalgate's lines only. */
function withoutSqliteNotice(emitWarning: typeof process.emitWarning): typeof process.emitWarning {
  return ((warning: string | Error, ...rest: unknown[]) => {
    const type = typeof rest[0] === "string" ? rest[0] : (rest[0] as { type?: string } | undefined)?.type;
    const message = typeof warning === "string" ? warning : warning.message;
    if (type === "ExperimentalWarning" && /^SQLite\b/.test(message)) return;
    (emitWarning as (...args: unknown[]) => void).call(process, warning, ...rest);
  }) as typeof process.emitWarning;
}

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));
const num = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : null);

function deleteRun(db: Database, runId: string): void {
  const threads = "SELECT id FROM thread WHERE run_id = ?";
  db.prepare(`DELETE FROM turn WHERE thread_id IN (${threads})`).run(runId);
  db.prepare(`DELETE FROM message WHERE thread_id IN (${threads})`).run(runId);
  db.prepare(`DELETE FROM toolcall WHERE thread_id IN (${threads})`).run(runId);
  for (const table of ["metric", "thread", "case_metrics", "cases", "suite_metrics", "suites"]) {
    db.prepare(`DELETE FROM ${table} WHERE run_id = ?`).run(runId);
  }
  db.prepare("DELETE FROM runs WHERE id = ?").run(runId);
}

/** FlexEval's tables for one conversations case. */
function writeConversation(db: Database, runId: string, suite: string, result: CaseResult, details: ConversationDetails): void {
  const threadId = Number(
    db
      .prepare("INSERT INTO thread (run_id, suite, case_id, repeat, file, line, system_prompt, metadata) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
      .run(runId, suite, result.caseId, result.repeat, details.file, details.line, details.systemPrompt, json(details.metadata))
      .lastInsertRowid,
  );
  const insertTurn = db.prepare("INSERT INTO turn (thread_id, index_in_thread, role) VALUES (?, ?, ?)");
  const turnIds = details.turns.map((turn) => Number(insertTurn.run(threadId, turn.index, turn.role).lastInsertRowid));
  const insertMessage = db.prepare(
    "INSERT INTO message (thread_id, turn_id, index_in_thread, role, content, metadata, prompt_tokens, completion_tokens, is_flexeval_completion) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const messageIds = details.messages.map((m) =>
    Number(
      insertMessage.run(
        threadId,
        turnIds[m.turn] ?? null,
        m.index,
        m.role,
        m.content,
        json(m.metadata),
        num(m.metadata["prompt_tokens"]),
        num(m.metadata["completion_tokens"]),
        m.isCompletion ? 1 : 0,
      ).lastInsertRowid,
    ),
  );
  const insertCall = db.prepare(
    "INSERT INTO toolcall (thread_id, message_id, turn_id, function_name, args, tool_call_id, response_content) VALUES (?, ?, ?, ?, ?, ?, ?)",
  );
  const callIds = details.toolCalls.map((c) =>
    Number(
      insertCall.run(threadId, messageIds[c.message] ?? null, turnIds[c.turn] ?? null, c.name, c.args, c.id, c.response).lastInsertRowid,
    ),
  );
  const insertMetric = db.prepare(
    `INSERT INTO metric (run_id, suite, thread_id, turn_id, message_id, toolcall_id, evaluation_name, evaluation_type, metric_name,
      metric_level, metric_value, normalized_value, role, kwargs, skipped, error, rubric_prompt, rubric_completion, rubric_model,
      rubric_prompt_tokens, rubric_completion_tokens, rubric_score) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const row of details.rows) {
    // The object's own id and its containers', as FlexEval links a metric to its turn and message.
    const message =
      row.level === "Message"
        ? details.messages[row.object]
        : row.level === "ToolCall"
          ? details.messages[details.toolCalls[row.object]?.message ?? -1]
          : undefined;
    const turnIndex = row.level === "Turn" ? row.object : message?.turn;
    insertMetric.run(
      runId,
      suite,
      threadId,
      turnIndex !== undefined ? (turnIds[turnIndex] ?? null) : null,
      message ? (messageIds[message.index] ?? null) : null,
      row.level === "ToolCall" ? (callIds[row.object] ?? null) : null,
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

/** Writes (or replaces) one run in the SQLite file. `results` must hold the cases (read results.json back). */
export async function writeSqliteResults(file: string, unredacted: Results): Promise<void> {
  // Model output (answers, transcripts, votes) may echo a secret: the file is a sink like any other.
  const results = redactDeep(unredacted);
  if (file === STDOUT) throw new ConfigError([{ file, message: "--sqlite needs a file, not stdout" }]);
  await checkOutputPaths([file], "SQLite file"); // it is updated in place: only ever a regular file
  const db = await openDatabase(file);
  try {
    db.exec(SCHEMA);
    db.exec("BEGIN");
    try {
      const run = results.run;
      deleteRun(db, run.id);
      const verdict = (results.verdict as { verdict?: string } | undefined)?.verdict ?? null;
      db.prepare(
        "INSERT INTO runs (id, started_at, finished_at, duration_ms, commit_sha, branch, event, evalgate_version, config_hash, requests, cache_hits, cost_usd, verdict, partial) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      ).run(
        run.id,
        run.startedAt,
        run.finishedAt,
        run.durationMs,
        run.commit ?? null,
        run.branch ?? null,
        run.event ?? null,
        run.evalgateVersion,
        run.configHash,
        run.requests,
        run.cacheHits,
        run.costUsd,
        verdict,
        json((run as { partial?: string[] }).partial),
      );
      const insertSuite = db.prepare(
        "INSERT INTO suites (run_id, suite, kind, cases, scored, errors, cost_usd, requests, duration_ms, warnings, breakdowns) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      );
      const insertSuiteMetric = db.prepare(
        "INSERT INTO suite_metrics (run_id, suite, metric, value, n, gated, direction, unit, spread, description) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      );
      const insertCase = db.prepare(
        "INSERT INTO cases (run_id, suite, case_id, repeat, title, file, line, status, error_kind, error_message, cost_usd, latency_ms, requests, tags, details, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      );
      const insertCaseMetric = db.prepare(
        "INSERT INTO case_metrics (run_id, suite, case_id, repeat, metric, value) VALUES (?, ?, ?, ?, ?, ?)",
      );
      for (const [name, suite] of Object.entries(results.suites)) {
        insertSuite.run(
          run.id,
          name,
          suite.kind,
          suite.counts.cases,
          suite.counts.scored,
          suite.counts.errors,
          suite.costUsd,
          suite.requests,
          suite.durationMs,
          json(suite.warnings),
          json(suite.breakdowns),
        );
        for (const [metric, m] of Object.entries(suite.metrics)) {
          insertSuiteMetric.run(
            run.id,
            name,
            metric,
            m.value,
            m.n,
            m.gated ? 1 : 0,
            m.direction,
            m.unit,
            m.spread ?? null,
            m.description ?? null,
          );
        }
        for (const result of suite.cases ?? []) {
          insertCase.run(
            run.id,
            name,
            result.caseId,
            result.repeat,
            result.title,
            result.source.file,
            result.source.line ?? null,
            result.status,
            result.error?.kind ?? null,
            result.error ? redact(result.error.message) : null,
            result.costUsd,
            result.latencyMs,
            result.requests,
            json(result.tags),
            json(result.details),
            result.finishedAt,
          );
          for (const [metric, value] of Object.entries(result.metrics)) {
            // The conversations kind's pooling statistics ("key|role|stat") live in the metric table instead.
            if (suite.kind === "conversations" && metric.includes("|")) continue;
            insertCaseMetric.run(run.id, name, result.caseId, result.repeat, metric, num(value));
          }
          if (suite.kind === "conversations" && result.details)
            writeConversation(db, run.id, name, result, result.details as ConversationDetails);
        }
      }
      db.exec("COMMIT");
    } catch (error) {
      db.exec("ROLLBACK");
      throw error;
    }
  } finally {
    db.close();
  }
}
