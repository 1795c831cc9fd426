#!/usr/bin/env node
import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);
import {
  casesCsv,
  renderJUnit,
  renderMarkdownReport,
  writeCsvReports,
  writeHtmlReport
} from "./chunk-EB2ZNHPE.js";
import {
  renderTextReport
} from "./chunk-ITY52KNG.js";
import {
  evaluateGate,
  gateContextFor
} from "./chunk-6ZTPLJQJ.js";
import "./chunk-V357DLSG.js";
import "./chunk-3TT36F2J.js";
import {
  redact,
  redactDeep
} from "./chunk-WFVRFHK2.js";
import "./chunk-UZVVKZBF.js";
import {
  sparklines,
  trendSeries
} from "./chunk-USJ2LF37.js";
import {
  readResultsFile
} from "./chunk-NGCLNXDY.js";
import "./chunk-WNP4D27T.js";

// src/cli/run-outcome.ts
import { access, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

// src/report/sqlite.ts
var SCHEMA = `
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
async function openDatabase(file) {
  let sqlite;
  try {
    sqlite = await import("node:sqlite");
  } catch {
    throw new Error(`--sqlite needs node:sqlite, which this Node (${process.version}) lacks: use Node 22.13 or later`);
  }
  return new sqlite.DatabaseSync(file);
}
var json = (value) => value === void 0 ? null : JSON.stringify(value);
var num = (value) => typeof value === "number" && Number.isFinite(value) ? value : null;
function deleteRun(db, runId) {
  const threads = "SELECT id FROM thread WHERE run_id = ?";
  db.prepare(`DELETE FROM turn WHERE thread_id IN (${threads})`).run(runId);
  db.prepare(`DELETE FROM message WHERE thread_id IN (${threads})`).run(runId);
  db.prepare(`DELETE FROM toolcall WHERE thread_id IN (${threads})`).run(runId);
  for (const table of ["metric", "thread", "case_metrics", "cases", "suite_metrics", "suites"]) {
    db.prepare(`DELETE FROM ${table} WHERE run_id = ?`).run(runId);
  }
  db.prepare("DELETE FROM runs WHERE id = ?").run(runId);
}
function writeConversation(db, runId, suite, result, details) {
  const threadId = Number(
    db.prepare("INSERT INTO thread (run_id, suite, case_id, repeat, file, line, system_prompt, metadata) VALUES (?, ?, ?, ?, ?, ?, ?, ?)").run(runId, suite, result.caseId, result.repeat, details.file, details.line, details.systemPrompt, json(details.metadata)).lastInsertRowid
  );
  const insertTurn = db.prepare("INSERT INTO turn (thread_id, index_in_thread, role) VALUES (?, ?, ?)");
  const turnIds = details.turns.map((turn) => Number(insertTurn.run(threadId, turn.index, turn.role).lastInsertRowid));
  const insertMessage = db.prepare(
    "INSERT INTO message (thread_id, turn_id, index_in_thread, role, content, metadata, prompt_tokens, completion_tokens, is_flexeval_completion) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
  );
  const messageIds = details.messages.map(
    (m) => Number(
      insertMessage.run(
        threadId,
        turnIds[m.turn] ?? null,
        m.index,
        m.role,
        m.content,
        json(m.metadata),
        num(m.metadata["prompt_tokens"]),
        num(m.metadata["completion_tokens"]),
        m.isCompletion ? 1 : 0
      ).lastInsertRowid
    )
  );
  const insertCall = db.prepare(
    "INSERT INTO toolcall (thread_id, message_id, turn_id, function_name, args, tool_call_id, response_content) VALUES (?, ?, ?, ?, ?, ?, ?)"
  );
  const callIds = details.toolCalls.map(
    (c) => Number(
      insertCall.run(threadId, messageIds[c.message] ?? null, turnIds[c.turn] ?? null, c.name, c.args, c.id, c.response).lastInsertRowid
    )
  );
  const insertMetric = db.prepare(
    `INSERT INTO metric (run_id, suite, thread_id, turn_id, message_id, toolcall_id, evaluation_name, evaluation_type, metric_name,
      metric_level, metric_value, normalized_value, role, kwargs, skipped, error, rubric_prompt, rubric_completion, rubric_model,
      rubric_prompt_tokens, rubric_completion_tokens, rubric_score) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
  );
  for (const row of details.rows) {
    const message = row.level === "Message" ? details.messages[row.object] : row.level === "ToolCall" ? details.messages[details.toolCalls[row.object]?.message ?? -1] : void 0;
    const turnIndex = row.level === "Turn" ? row.object : message?.turn;
    insertMetric.run(
      runId,
      suite,
      threadId,
      turnIndex !== void 0 ? turnIds[turnIndex] ?? null : null,
      message ? messageIds[message.index] ?? null : null,
      row.level === "ToolCall" ? callIds[row.object] ?? null : null,
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
      row.rubric?.score ?? null
    );
  }
}
async function writeSqliteResults(file, unredacted) {
  const results = redactDeep(unredacted);
  const db = await openDatabase(file);
  try {
    db.exec(SCHEMA);
    db.exec("BEGIN");
    try {
      const run = results.run;
      deleteRun(db, run.id);
      const verdict = results.verdict?.verdict ?? null;
      db.prepare(
        "INSERT INTO runs (id, started_at, finished_at, duration_ms, commit_sha, branch, event, evalgate_version, config_hash, requests, cache_hits, cost_usd, verdict, partial) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
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
        json(run.partial)
      );
      const insertSuite = db.prepare(
        "INSERT INTO suites (run_id, suite, kind, cases, scored, errors, cost_usd, requests, duration_ms, warnings, breakdowns) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
      );
      const insertSuiteMetric = db.prepare(
        "INSERT INTO suite_metrics (run_id, suite, metric, value, n, gated, direction, unit, spread, description) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
      );
      const insertCase = db.prepare(
        "INSERT INTO cases (run_id, suite, case_id, repeat, title, file, line, status, error_kind, error_message, cost_usd, latency_ms, requests, tags, details, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
      );
      const insertCaseMetric = db.prepare(
        "INSERT INTO case_metrics (run_id, suite, case_id, repeat, metric, value) VALUES (?, ?, ?, ?, ?, ?)"
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
          json(suite.breakdowns)
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
            m.description ?? null
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
            result.finishedAt
          );
          for (const [metric, value] of Object.entries(result.metrics)) {
            if (suite.kind === "conversations" && metric.includes("|")) continue;
            insertCaseMetric.run(run.id, name, result.caseId, result.repeat, metric, num(value));
          }
          if (suite.kind === "conversations" && result.details)
            writeConversation(db, run.id, name, result, result.details);
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

// src/cli/run-outcome.ts
async function decideLocally(results, config, rootDir, explicit, branchFlag) {
  const { baseline, source, error } = explicit ? { ...explicit, error: void 0 } : await localBaseline(config, rootDir);
  const branch = branchFlag ?? results.run.branch;
  const context = await gateContextFor(config, { ...branch ? { branch } : {}, ...error ? { errors: [error] } : {} });
  return { verdict: evaluateGate(results, baseline, config.gate, context), baselineSource: source };
}
async function reportRun(outcome, verdict, values, history, baselineSource) {
  if (values.verbose) process.stderr.write(caseLog(outcome.results));
  const reportToStdout = await writeReports(outcome.resultsPath, outcome.results, verdict, values, history, baselineSource);
  if (values.sqlite) await writeSqliteResults(String(values.sqlite), await readResultsFile(outcome.resultsPath));
  if (values.json) process.stdout.write(`${JSON.stringify(verdict, null, 2)}
`);
  else {
    const text = renderTextReport(outcome.results, verdict, {
      color: (process.stdout.isTTY ?? false) && !process.env.NO_COLOR,
      details: values.details,
      baselineSource
    });
    (reportToStdout ? process.stderr : process.stdout).write(`${text}results: ${path.relative(process.cwd(), outcome.resultsPath)}
`);
  }
}
function caseLog(results) {
  const lines = [];
  for (const [suite, suiteResults] of Object.entries(results.suites)) {
    for (const result of suiteResults.cases) {
      const tags = Object.entries(result.tags).map(([key, value]) => `${key}=${value}`);
      const error = result.error ? `  ${result.error.kind}: ${result.error.message}` : "";
      lines.push(
        `evalgate: ${suite}/${result.caseId}${result.repeat ? `#${result.repeat}` : ""} ${result.status} ${Math.round(result.latencyMs)} ms ${result.requests} requests${tags.length ? ` ${tags.join(" ")}` : ""}${error}`.replace(
          /[\u0000-\u001f\u007f]+/g,
          " "
        )
      );
    }
  }
  return redact(`${lines.join("\n")}
`);
}
async function writeReports(resultsPath, summaries, verdict, values, history, baselineSource) {
  if (values.markdown)
    await writeFile(
      values.markdown,
      redact(renderMarkdownReport(summaries, verdict, { trends: sparklines(trendSeries(history, summaries)) }))
    );
  if (values.junit) await writeFile(values.junit, redact(renderJUnit(summaries, verdict)));
  const wantsDetails = values.html || values["csv-dir"] || values.output === "html" || values.output === "csv";
  const full = wantsDetails ? await readResultsFile(resultsPath) : summaries;
  const html = { history, ...baselineSource ? { baselineNote: `Baseline: ${baselineSource}.` } : {} };
  if (values.html) await writeHtmlReport(values.html, full, verdict, html);
  if (values["csv-dir"]) await writeCsvReports(values["csv-dir"], full, verdict);
  if (values.output === "console") return false;
  const file = values["output-file"];
  if (values.output === "html") {
    await writeHtmlReport(file, full, verdict, html);
    return false;
  }
  const text = values.output === "json" ? redact(await readFile(resultsPath, "utf8")) : casesCsv(full, verdict);
  if (file) await writeFile(file, text);
  else process.stdout.write(text);
  return !file;
}
async function localBaseline(config, rootDir) {
  const store = config.baseline;
  if (store.store === "file") {
    const file = path.resolve(rootDir, store.path);
    const present = await access(file).then(
      () => true,
      () => false
    );
    if (!present) return { baseline: null, source: `${store.path} does not exist yet` };
    try {
      return { baseline: await readResultsFile(file), source: store.path };
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      return { baseline: null, source: `${store.path} could not be read`, error: `baseline could not be read: ${why}` };
    }
  }
  if (store.store === "branch") {
    return { baseline: null, source: `the "${store.branch}" data branch is read on GitHub; pass --baseline <file> to compare locally` };
  }
  return { baseline: null, source: "baseline store: none" };
}
export {
  decideLocally,
  reportRun
};
