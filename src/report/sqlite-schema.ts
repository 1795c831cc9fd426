// The SQLite file's tables, and its schema version in `meta`. A file from an older evalgate is
// brought up to date in place (new tables only, so its runs stay readable); a file from a newer one
// is refused rather than written with tables it does not know.
import { ConfigError } from "../config/errors.ts";

type Database = import("node:sqlite").DatabaseSync;

/**
 * 1: runs, suites, metrics, cases and FlexEval's tables (files without a meta table).
 * 2: meta, and the gate's view of a run: verdicts, gate_suites, gate_metrics, gate_cases, gate_reasons, case_costs.
 * 3: case_checks (each check on each case: passed, failed with its reason, or not evaluated).
 * 4: whose error (cases and gate_cases.error_side, gate_suites.system_errors and scorer_errors), each gated
 *    comparison's p-value and its correction (gate_metrics.p, p_test, adjusted_p, adjusted_method, comparisons),
 *    accepted regressions (gate_metrics.accepted_*) and flaky cases (gate_flaky).
 * 5: case_steps (an agent case's trajectory: each tool call and the final answer, the first step that differs marked).
 *    judges (each judged suite's judge: its identity, its agreement with people's labels, whether its
 *    metrics gated under gate.judge-calibration, and the systems under test it is not independent of).
 * 6: run_tokens (each model's tokens in the run: input, output, read from and written to the prompt cache, reasoning).
 */
export const SCHEMA_VERSION = 6;

const RUN_TABLES = `
CREATE TABLE IF NOT EXISTS runs (
  id TEXT PRIMARY KEY, started_at TEXT, finished_at TEXT, duration_ms REAL, commit_sha TEXT, branch TEXT, event TEXT,
  evalgate_version TEXT, config_hash TEXT, requests INTEGER, cache_hits INTEGER, cost_usd REAL, verdict TEXT, partial TEXT);
CREATE TABLE IF NOT EXISTS run_tokens (
  run_id TEXT, model TEXT, input_tokens INTEGER, output_tokens INTEGER, cached_input_tokens INTEGER,
  cache_write_tokens INTEGER, reasoning_tokens INTEGER, PRIMARY KEY (run_id, model));
CREATE TABLE IF NOT EXISTS suites (
  run_id TEXT, suite TEXT, kind TEXT, cases INTEGER, scored INTEGER, errors INTEGER, cost_usd REAL, requests INTEGER,
  duration_ms REAL, warnings TEXT, breakdowns TEXT, PRIMARY KEY (run_id, suite));
CREATE TABLE IF NOT EXISTS suite_metrics (
  run_id TEXT, suite TEXT, metric TEXT, value REAL, n INTEGER, gated INTEGER, direction TEXT, unit TEXT, spread REAL,
  description TEXT, PRIMARY KEY (run_id, suite, metric));
CREATE TABLE IF NOT EXISTS cases (
  run_id TEXT, suite TEXT, case_id TEXT, repeat INTEGER, title TEXT, file TEXT, line INTEGER, status TEXT, error_kind TEXT,
  error_message TEXT, cost_usd REAL, latency_ms REAL, requests INTEGER, tags TEXT, details TEXT, finished_at TEXT,
  error_side TEXT, PRIMARY KEY (run_id, suite, case_id, repeat));
CREATE TABLE IF NOT EXISTS case_metrics (
  run_id TEXT, suite TEXT, case_id TEXT, repeat INTEGER, metric TEXT, value REAL);
CREATE INDEX IF NOT EXISTS case_metrics_by_metric ON case_metrics (run_id, suite, metric);
CREATE TABLE IF NOT EXISTS case_checks (
  run_id TEXT, suite TEXT, case_id TEXT, repeat INTEGER, check_name TEXT, passed INTEGER, reason TEXT);
CREATE TABLE IF NOT EXISTS case_steps (
  run_id TEXT, suite TEXT, case_id TEXT, repeat INTEGER, step INTEGER, kind TEXT, tool TEXT, arguments TEXT, result TEXT,
  is_error INTEGER, first_difference INTEGER, expected TEXT, PRIMARY KEY (run_id, suite, case_id, repeat, step));
`;

const FLEXEVAL_TABLES = `
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

/** The gate's view of a run, one row per thing a reviewer asks about: no query needs two runs. */
const GATE_TABLES = `
CREATE TABLE IF NOT EXISTS verdicts (
  run_id TEXT PRIMARY KEY, verdict TEXT, profile TEXT, baseline_found INTEGER, baseline_commit TEXT, baseline_branch TEXT,
  baseline_finished_at TEXT, repeated INTEGER, flaky_mode TEXT, flaky_min_flips INTEGER, flaky_history_runs INTEGER,
  flaky_cases INTEGER);
CREATE TABLE IF NOT EXISTS gate_suites (
  run_id TEXT, suite TEXT, kind TEXT, status TEXT, has_baseline INTEGER, compared_on TEXT, carried TEXT, error_rate REAL,
  max_error_rate REAL, system_errors INTEGER, scorer_errors INTEGER, PRIMARY KEY (run_id, suite));
CREATE TABLE IF NOT EXISTS gate_metrics (
  run_id TEXT, suite TEXT, metric TEXT, gated INTEGER, direction TEXT, unit TEXT, baseline REAL, now REAL, n INTEGER,
  change REAL, relative_change REAL, status TEXT, failing INTEGER, reason TEXT, inside_noise INTEGER, ci_low REAL,
  ci_high REAL, mcnemar_p REAL, mde REAL, cases_needed INTEGER, p REAL, p_test TEXT, adjusted_p REAL, adjusted_method TEXT,
  comparisons INTEGER, accepted_by TEXT, accepted_reason TEXT, accepted_via TEXT, accepted_pr INTEGER,
  PRIMARY KEY (run_id, suite, metric));
CREATE TABLE IF NOT EXISTS gate_cases (
  run_id TEXT, suite TEXT, case_id TEXT, repeat INTEGER, title TEXT, case_group TEXT, state TEXT, baseline_score REAL,
  score REAL, change REAL, reason TEXT, judge_notes TEXT, answer TEXT, baseline_answer TEXT, file TEXT, line INTEGER,
  error_side TEXT, PRIMARY KEY (run_id, suite, case_id, repeat));
CREATE INDEX IF NOT EXISTS gate_cases_by_state ON gate_cases (run_id, state);
CREATE TABLE IF NOT EXISTS gate_reasons (run_id TEXT, suite TEXT, kind TEXT, text TEXT);
CREATE TABLE IF NOT EXISTS case_costs (
  run_id TEXT, suite TEXT, case_id TEXT, repeat INTEGER, model TEXT, calls INTEGER, input_tokens INTEGER,
  output_tokens INTEGER, cost_usd REAL);
CREATE TABLE IF NOT EXISTS judges (
  run_id TEXT, suite TEXT, judge TEXT, model TEXT, prompt_hash TEXT, scale TEXT, votes INTEGER, labels INTEGER,
  exact_agreement REAL, kappa REAL, kappa_ci_low REAL, kappa_ci_high REAL, kappa_weights TEXT, gated INTEGER,
  held_reason TEXT, kin TEXT, PRIMARY KEY (run_id, suite));
CREATE TABLE IF NOT EXISTS gate_flaky (
  run_id TEXT, suite TEXT, case_id TEXT, title TEXT, flips INTEGER, runs INTEGER, mode TEXT, min_flips INTEGER,
  history_runs INTEGER, PRIMARY KEY (run_id, suite, case_id));
`;

/**
 * The columns version 4 added to tables an older file already has (CREATE TABLE IF NOT EXISTS leaves
 * those as they are): each is added, empty for the old runs. The tables above list them too, for a new file.
 */
const ADDED_COLUMNS: Record<string, readonly string[]> = {
  verdicts: ["flaky_mode TEXT", "flaky_min_flips INTEGER", "flaky_history_runs INTEGER", "flaky_cases INTEGER"],
  cases: ["error_side TEXT"],
  gate_suites: ["system_errors INTEGER", "scorer_errors INTEGER"],
  gate_metrics: [
    "p REAL",
    "p_test TEXT",
    "adjusted_p REAL",
    "adjusted_method TEXT",
    "comparisons INTEGER",
    "accepted_by TEXT",
    "accepted_reason TEXT",
    "accepted_via TEXT",
    "accepted_pr INTEGER",
  ],
  gate_cases: ["error_side TEXT"],
};

function addMissingColumns(db: Database): void {
  for (const [table, columns] of Object.entries(ADDED_COLUMNS)) {
    const has = new Set((db.prepare(`SELECT name FROM pragma_table_info('${table}')`).all() as { name: string }[]).map((c) => c.name));
    for (const column of columns) if (!has.has(column.split(" ")[0]!)) db.exec(`ALTER TABLE ${table} ADD COLUMN ${column}`);
  }
}

function tablesOf(db: Database): Set<string> {
  return new Set((db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((row) => row.name));
}

/**
 * Why evalgate must not write into this database: it is someone else's (no `meta` table with
 * evalgate's schema_version, nor schema 1's `runs` table), or a newer evalgate's. Undefined when it
 * may: evalgate's own, of this schema or an older one, or empty.
 */
export function foreignSchema(db: Database): string | undefined {
  const tables = tablesOf(db);
  if (tables.size === 0) return undefined;
  const schemaOne = () =>
    tables.has("runs") &&
    (db.prepare("SELECT name FROM pragma_table_info('runs')").all() as { name: string }[]).some(
      (column) => column.name === "evalgate_version",
    );
  const marked =
    tables.has("meta") && db.prepare("SELECT 1 FROM pragma_table_info('meta') WHERE name = 'key'").get() !== undefined
      ? db.prepare("SELECT value FROM meta WHERE key = 'schema_version'").get() !== undefined
      : false;
  if (!marked && !schemaOne())
    return `is a SQLite file that is not evalgate's (no evalgate schema marker; tables: ${[...tables].slice(0, 5).join(", ")})`;
  const version = fileVersion(db);
  if (!Number.isInteger(version) || version > SCHEMA_VERSION)
    return `has schema version ${version}, newer than this evalgate's ${SCHEMA_VERSION}: write to another file or use a newer evalgate`;
  return undefined;
}

/** The version the file says it has: 0 for a new file, 1 for one written before `meta` existed. */
function fileVersion(db: Database): number {
  const tables = tablesOf(db);
  if (tables.has("meta")) {
    const row = db.prepare("SELECT value FROM meta WHERE key = 'schema_version'").get() as { value: string } | undefined;
    return Number(row?.value ?? 0);
  }
  return tables.has("runs") ? 1 : 0;
}

/** Creates the tables (or adds the ones an older file lacks) and records the version. */
export function ensureSchema(db: Database, file: string): void {
  const version = fileVersion(db);
  if (!Number.isInteger(version) || version > SCHEMA_VERSION)
    throw new ConfigError([
      {
        file,
        message: `this SQLite file has schema version ${version}, newer than this evalgate's ${SCHEMA_VERSION}: write to another file or use a newer evalgate`,
      },
    ]);
  db.exec(`CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT);${RUN_TABLES}${FLEXEVAL_TABLES}${GATE_TABLES}`);
  addMissingColumns(db);
  db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('schema_version', ?)").run(String(SCHEMA_VERSION));
  db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('writer', 'evalgate')").run();
}

/** Every table holding rows of one run, by its run id column (FlexEval's turn, message and toolcall hang off thread). */
export const RUN_ROW_TABLES = [
  "run_tokens",
  "metric",
  "thread",
  "case_metrics",
  "case_checks",
  "case_steps",
  "cases",
  "suite_metrics",
  "suites",
  "verdicts",
  "gate_suites",
  "gate_metrics",
  "gate_cases",
  "gate_reasons",
  "gate_flaky",
  "judges",
  "case_costs",
] as const;
