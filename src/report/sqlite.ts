// Results you can query with SQL: one SQLite file (node:sqlite) with the run, its suites, cases and
// metric values for every suite kind, what each case cost by model, the gate's view of the run (each
// metric's baseline, now and status, each case's state and why), plus FlexEval's own tables (thread,
// turn, message, toolcall, metric) for conversations suites. Writing a run again replaces it; other
// runs stay, so the file can collect a history. Tables: sqlite-schema.ts.
import { ConfigError } from "../config/errors.ts";
import { checkOutputPaths, readFileHead, STDOUT } from "../config/output-file.ts";
import { sideOf } from "../gate/error-sides.ts";
import type { SuiteVerdict } from "../gate/types.ts";
import type { AgentDetails } from "../results/agent.ts";
import type { ConversationDetails } from "../results/conversations.ts";
import { failedChecksOf } from "../results/failed-checks.ts";
import type { CaseResult, JudgeIdentity, Results, SuiteResults } from "../results/types.ts";
import { redact, redactDeep } from "../util/redact.ts";
import { json, num, writeConversation } from "./sqlite-flexeval.ts";
import { readVerdict, writeGate } from "./sqlite-gate.ts";
import { ensureSchema, foreignSchema, RUN_ROW_TABLES } from "./sqlite-schema.ts";

type Database = import("node:sqlite").DatabaseSync;
type Statement = import("node:sqlite").StatementSync;

export interface SqliteOptions {
  /** The baseline the run was gated against: its answers fill gate_cases.baseline_answer. */
  baseline?: Results | null;
}

const SQLITE_HEADER = "SQLite format 3\u0000";

/**
 * Why evalgate must not write into the file at `file` (--sqlite), before any request: it is not a
 * SQLite file, or someone else's, or a newer evalgate's. Undefined when it may (or it is empty or absent).
 */
export async function foreignSqlite(file: string): Promise<string | undefined> {
  const head = await readFileHead(file, SQLITE_HEADER.length);
  if (!head || head.length === 0) return undefined;
  if (head.toString("latin1") !== SQLITE_HEADER) return "is not a SQLite file";
  let db: Database;
  try {
    db = await openDatabase(file, { readOnly: true });
  } catch (error) {
    return `cannot be opened as a SQLite file (${(error as Error).message})`;
  }
  try {
    return foreignSchema(db);
  } catch (error) {
    return `cannot be read as a SQLite file (${(error as Error).message})`;
  } finally {
    db.close();
  }
}

/** node:sqlite is in Node 22.13+ (22.5–22.12 behind --experimental-sqlite) and every Node 24. */
async function openDatabase(file: string, options: { readOnly?: boolean } = {}): Promise<Database> {
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
  return new sqlite.DatabaseSync(file, options);
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

function deleteRun(db: Database, runId: string): void {
  const threads = "SELECT id FROM thread WHERE run_id = ?";
  db.prepare(`DELETE FROM turn WHERE thread_id IN (${threads})`).run(runId);
  db.prepare(`DELETE FROM message WHERE thread_id IN (${threads})`).run(runId);
  db.prepare(`DELETE FROM toolcall WHERE thread_id IN (${threads})`).run(runId);
  for (const table of RUN_ROW_TABLES) db.prepare(`DELETE FROM ${table} WHERE run_id = ?`).run(runId);
  db.prepare("DELETE FROM runs WHERE id = ?").run(runId);
}

/** Writes (or replaces) one run in the SQLite file. `results` must hold the cases (read results.json back). */
export async function writeSqliteResults(file: string, unredacted: Results, options: SqliteOptions = {}): Promise<void> {
  // Model output (answers, transcripts, votes, reasons) may echo a secret: the file is a sink like any other.
  // Every text column is derived from these two redacted copies.
  const results = redactDeep(unredacted);
  const baseline = options.baseline ? redactDeep(options.baseline) : null;
  if (file === STDOUT) throw new ConfigError([{ file, message: "--sqlite needs a file, not stdout" }]);
  await checkOutputPaths([file], "SQLite file"); // it is updated in place: only ever a regular file
  const foreign = await foreignSqlite(file); // checked before the run too; `evalgate report` comes here first
  if (foreign) throw new ConfigError([{ file, message: `--sqlite: ${foreign}; left untouched` }]);
  const db = await openDatabase(file);
  try {
    ensureSchema(db, file);
    db.exec("BEGIN");
    try {
      writeRun(db, results, baseline);
      db.exec("COMMIT");
    } catch (error) {
      db.exec("ROLLBACK");
      throw error;
    }
  } finally {
    db.close();
  }
}

function writeRun(db: Database, results: Results, baseline: Results | null): void {
  const run = results.run;
  deleteRun(db, run.id);
  const verdict = readVerdict(results);
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
    verdict?.verdict ?? null,
    json(run.partial),
  );
  writeRunTokens(db, run);
  const statements = prepareCaseStatements(db);
  for (const [name, suite] of Object.entries(results.suites)) {
    writeSuite(db, run.id, name, suite);
    if (suite.judge)
      writeJudge(
        db,
        run.id,
        name,
        suite.judge,
        verdict?.suites.find((entry) => entry.suite === name),
      );
    for (const result of suite.cases ?? []) writeCase(db, statements, run.id, name, suite.kind, result);
  }
  if (verdict) writeGate(db, run.id, verdict, results, baseline);
}

/** Each model's token totals (results.json's run.tokens.byModel); the run's are their sums. */
function writeRunTokens(db: Database, run: Results["run"]): void {
  const insert = db.prepare(
    "INSERT INTO run_tokens (run_id, model, input_tokens, output_tokens, cached_input_tokens, cache_write_tokens, reasoning_tokens) VALUES (?, ?, ?, ?, ?, ?, ?)",
  );
  for (const [model, t] of Object.entries(run.tokens?.byModel ?? {}))
    insert.run(run.id, model, t.input, t.output, t.cachedInput, t.cacheWrite, t.reasoning);
}

function writeSuite(db: Database, runId: string, name: string, suite: SuiteResults): void {
  db.prepare(
    "INSERT INTO suites (run_id, suite, kind, cases, scored, errors, cost_usd, requests, duration_ms, warnings, breakdowns) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  ).run(
    runId,
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
  const insertMetric = db.prepare(
    "INSERT INTO suite_metrics (run_id, suite, metric, value, n, gated, direction, unit, spread, description) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  for (const [metric, m] of Object.entries(suite.metrics)) {
    insertMetric.run(runId, name, metric, m.value, m.n, m.gated ? 1 : 0, m.direction, m.unit, m.spread ?? null, m.description ?? null);
  }
}

/** A suite's judge: who, its agreement with people's labels, whether its metrics gated, and whom it is kin to. */
function writeJudge(db: Database, runId: string, name: string, judge: JudgeIdentity, verdict: SuiteVerdict | undefined): void {
  const calibration = judge.calibration;
  db.prepare(
    "INSERT INTO judges (run_id, suite, judge, model, prompt_hash, scale, votes, labels, exact_agreement, kappa, kappa_ci_low, kappa_ci_high, kappa_weights, gated, held_reason, kin) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  ).run(
    runId,
    name,
    judge.name,
    judge.model ?? null,
    judge.promptHash,
    judge.scale,
    judge.runs,
    calibration?.n ?? 0,
    calibration?.exact ?? null,
    calibration?.kappa ?? null,
    calibration?.ciLow ?? null,
    calibration?.ciHigh ?? null,
    calibration?.weights ?? null,
    verdict ? (verdict.judgeHeld ? 0 : 1) : null,
    verdict?.judgeHeld ?? null,
    json(judge.kin),
  );
}

interface CaseStatements {
  case: Statement;
  metric: Statement;
  cost: Statement;
  check: Statement;
  step: Statement;
}

function prepareCaseStatements(db: Database): CaseStatements {
  return {
    case: db.prepare(
      "INSERT INTO cases (run_id, suite, case_id, repeat, title, file, line, status, error_kind, error_message, cost_usd, latency_ms, requests, tags, details, finished_at, error_side) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    ),
    metric: db.prepare("INSERT INTO case_metrics (run_id, suite, case_id, repeat, metric, value) VALUES (?, ?, ?, ?, ?, ?)"),
    cost: db.prepare(
      "INSERT INTO case_costs (run_id, suite, case_id, repeat, model, calls, input_tokens, output_tokens, cost_usd) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
    ),
    check: db.prepare("INSERT INTO case_checks (run_id, suite, case_id, repeat, check_name, passed, reason) VALUES (?, ?, ?, ?, ?, ?, ?)"),
    step: db.prepare(
      "INSERT INTO case_steps (run_id, suite, case_id, repeat, step, kind, tool, arguments, result, is_error, first_difference, expected) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    ),
  };
}

/** An agent case's trajectory, a row per step (1-based), the first step that differs from the expected one marked with what was expected. */
function writeSteps(statement: Statement, runId: string, suite: string, result: CaseResult): void {
  const details = result.details as AgentDetails | undefined;
  if (!details || !Array.isArray(details.steps)) return;
  const first = details.verdict?.firstDifference;
  details.steps.forEach((step, index) => {
    const differs = first?.step === index + 1;
    const call = step.kind === "call" ? step : undefined;
    statement.run(
      runId,
      suite,
      result.caseId,
      result.repeat,
      index + 1,
      step.kind,
      call?.name ?? null,
      call ? redact(JSON.stringify(call.arguments)) : null,
      redact(call ? (call.result ?? "") : (step as { text: string }).text),
      call ? (call.isError ? 1 : 0) : null,
      differs ? 1 : 0,
      differs ? redact(first.expected) : null,
    );
  });
}

/** Each check on the case (its metric check/<name>): passed (1), failed (0) with its reason, or not evaluated (NULL) with why. */
function writeChecks(statement: Statement, runId: string, suite: string, result: CaseResult): void {
  const reasons = new Map(failedChecksOf(result).map((check) => [check.name, check.reason]));
  const names = new Set<string>();
  for (const metric of [...Object.keys(result.metrics), ...Object.keys(result.metricErrors ?? {})])
    if (metric.startsWith("check/")) names.add(metric.slice("check/".length));
  for (const name of names) {
    const value = result.metrics[`check/${name}`];
    const passed = value === 1 ? 1 : value === 0 ? 0 : null;
    const reason = passed === 0 ? (reasons.get(name) ?? null) : passed === null ? (result.metricErrors?.[`check/${name}`] ?? null) : null;
    statement.run(runId, suite, result.caseId, result.repeat, name, passed, reason === null ? null : redact(reason));
  }
}

function writeCase(db: Database, statements: CaseStatements, runId: string, suite: string, kind: string, result: CaseResult): void {
  statements.case.run(
    runId,
    suite,
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
    result.status === "error" ? sideOf(result.error) : null,
  );
  for (const [metric, value] of Object.entries(result.metrics)) {
    // The conversations kind's pooling statistics ("key|role|stat") live in the metric table instead.
    if (kind === "conversations" && metric.includes("|")) continue;
    statements.metric.run(runId, suite, result.caseId, result.repeat, metric, num(value));
  }
  writeChecks(statements.check, runId, suite, result);
  if (kind === "agent") writeSteps(statements.step, runId, suite, result);
  for (const cost of caseCosts(result)) {
    const { model, calls, inputTokens, outputTokens, costUsd } = cost;
    statements.cost.run(runId, suite, result.caseId, result.repeat, model, calls, inputTokens, outputTokens, costUsd);
  }
  if (kind === "conversations" && result.details) writeConversation(db, runId, suite, result, result.details as ConversationDetails);
}

interface ModelCost {
  model: string | null;
  calls: number | null;
  inputTokens: number | null;
  outputTokens: number | null;
  costUsd: number | null;
}

/**
 * What a case cost, by model: per model where its details split the cost (an SGI case's testbench
 * `cost.details`), else the case's whole cost under the model it answered with (a judged case's
 * agent, a conversation's completion model; its judge's or grader's calls included), or NULL.
 */
function caseCosts(result: CaseResult): ModelCost[] {
  const details = result.details as Record<string, unknown> | undefined;
  const split = (details?.testbench as { cost?: { details?: unknown } } | undefined)?.cost?.details;
  if (Array.isArray(split) && split.length) {
    return split.map((entry: Record<string, unknown>) => ({
      model: typeof entry.llm === "string" ? entry.llm : null,
      calls: num(entry.calls),
      inputTokens: num(entry.input_tokens),
      outputTokens: num(entry.output_tokens),
      costUsd: num(entry.total),
    }));
  }
  const completion = details?.completion as { model?: unknown } | undefined;
  const model = result.tags?.agent ?? (typeof completion?.model === "string" ? completion.model : null);
  return [{ model, calls: result.requests, inputTokens: null, outputTokens: null, costUsd: num(result.costUsd) }];
}
