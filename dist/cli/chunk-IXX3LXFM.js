#!/usr/bin/env node
import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);
import {
  parseShard,
  planEvaluation,
  runEvaluation
} from "./chunk-SZFGL4NY.js";
import {
  casesCsv,
  readHistoryFiles,
  renderJUnit,
  renderMarkdownReport,
  sparklines,
  trendSeries,
  writeCsvReports,
  writeHtmlReport
} from "./chunk-LNF3LWGR.js";
import {
  SHARED_OPTIONS,
  renderTextReport
} from "./chunk-IN77Z5JM.js";
import {
  evaluateGate,
  gateContextFor
} from "./chunk-ZRQNI34N.js";
import {
  InvalidValue,
  durationValue,
  formatOptionsHelp,
  integer,
  list,
  oneOf,
  parseOptions,
  positiveNumber,
  ratioValue
} from "./chunk-RY3XIEDU.js";
import {
  ResultsFileError,
  loadConfig,
  parseConfig,
  readResultsFile,
  require_dist
} from "./chunk-TU62SUNI.js";
import {
  EXIT,
  UsageError,
  exitCodeOf,
  plural,
  redact,
  redactDeep
} from "./chunk-7NFMH2RE.js";
import {
  __toESM
} from "./chunk-WNP4D27T.js";

// src/cli/run.ts
import { access as access2, readFile, writeFile } from "node:fs/promises";
import path2 from "node:path";

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

// src/cli/config-flags.ts
var import_yaml = __toESM(require_dist(), 1);
import { access } from "node:fs/promises";
import path from "node:path";
function modelFlag(raw) {
  const match = /^([A-Za-z0-9_.-]+)=(https?:\/\/\S+)$/.exec(raw.trim());
  if (!match) throw new InvalidValue("NAME=URL, e.g. gpt-4o=https://api.openai.com/v1");
  return { name: match[1], url: match[2] };
}
var SUITE_FLAGS = ["agents", "csv", "judge", "runs", "judge-runs", "scale", "min-agreement"];
var MODEL_FLAGS = ["timeout", "max-retries", "retry-backoff"];
function hasConfigFlags(flags) {
  return [...SUITE_FLAGS, ...MODEL_FLAGS].some((name) => flags[name] !== void 0) || Boolean(flags.model?.length);
}
var exists = (file) => access(file).then(
  () => true,
  () => false
);
async function configFromFlags(configPath, explicitConfig, flags, env, selectedSuites) {
  const absolute = path.resolve(configPath);
  const present = await exists(absolute);
  if (!present && explicitConfig) throw new UsageError(`--config: ${configPath} does not exist`);
  let raw;
  let dir;
  if (present) {
    const { readFile: readFile2 } = await import("node:fs/promises");
    raw = (0, import_yaml.parse)(await readFile2(absolute, "utf8")) ?? {};
    dir = path.dirname(absolute);
  } else {
    for (const required of ["agents", "csv", "judge"]) {
      if (flags[required] === void 0)
        throw new UsageError(`--${required} is required without a config file (${configPath} does not exist)`);
    }
    raw = { version: 1, models: {}, suites: {} };
    dir = process.cwd();
  }
  raw.models ??= {};
  raw.suites ??= {};
  for (const model of flags.model ?? []) {
    raw.models[model.name] = {
      provider: "openai",
      "base-url": model.url,
      model: model.name,
      ...env.OPENAI_API_KEY ? { "api-key-env": "OPENAI_API_KEY" } : {}
    };
  }
  applySuiteFlags(raw, flags, dir, selectedSuites);
  for (const model of Object.values(raw.models)) {
    if (flags.timeout !== void 0) model.timeout = flags.timeout;
    if (flags["max-retries"] !== void 0) model["max-retries"] = flags["max-retries"];
    if (flags["retry-backoff"] !== void 0) model["retry-backoff"] = flags["retry-backoff"];
  }
  checkModelNames(raw, flags);
  const displayPath = present ? `${path.relative(process.cwd(), absolute) || absolute} (with command-line overrides)` : "command-line flags";
  return parseConfig((0, import_yaml.stringify)(raw), present ? absolute : path.join(dir, "evalgate.yml"), displayPath);
}
function applySuiteFlags(raw, flags, dir, selectedSuites) {
  if (!SUITE_FLAGS.some((name) => flags[name] !== void 0)) return;
  const suites = raw.suites;
  let judged = Object.entries(suites).filter(
    ([name, suite]) => suite.kind === "judged" && (!selectedSuites?.length || selectedSuites.includes(name))
  );
  if (!judged.length) {
    for (const required of ["agents", "csv", "judge"]) {
      if (flags[required] === void 0)
        throw new UsageError(`--${required} is required: the config has no judged suite for the flags to change`);
    }
    suites.judged = { kind: "judged" };
    judged = [["judged", suites.judged]];
    if (selectedSuites?.length && !selectedSuites.includes("judged")) selectedSuites.push("judged");
  }
  for (const [, suite] of judged) {
    if (flags.csv !== void 0) suite.prompts = path.relative(dir, path.resolve(flags.csv)).split(path.sep).join("/");
    if (flags.agents !== void 0) suite.agents = flags.agents;
    if (flags.judge !== void 0) suite.judge = flags.judge;
    if (flags.runs !== void 0) suite.runs = flags.runs;
    if (flags["judge-runs"] !== void 0) suite["judge-runs"] = flags["judge-runs"];
    if (flags.scale !== void 0) suite.scale = flags.scale;
    if (flags["min-agreement"] !== void 0) suite["min-agreement"] = flags["min-agreement"];
  }
}
function checkModelNames(raw, flags) {
  const known = Object.keys(raw.models ?? {});
  for (const flag of ["agents", "judge"]) {
    const names = flags[flag] === void 0 ? [] : Array.isArray(flags[flag]) ? flags[flag] : [flags[flag]];
    const missing = names.filter((name) => !known.includes(name));
    if (missing.length) {
      throw new UsageError(
        `--${flag}: no model named ${missing.map((m) => `"${m}"`).join(", ")}; give it as --model ${missing[0]}=<OpenAI-compatible base URL>${known.length ? ` or use one of: ${known.join(", ")}` : ""}`
      );
    }
  }
}

// src/cli/options.ts
function shard(raw) {
  try {
    return parseShard(raw);
  } catch {
    throw new InvalidValue("I/N with 1 <= I <= N, such as 1/4");
  }
}
var BASE_OPTIONS = {
  config: { type: "string", short: "c", arg: "<file>", help: "the suite config", default: "evals/evalgate.yml" },
  suites: { type: "string", short: "s", arg: "<a,b>", help: "run only these suites", parse: list },
  filter: { type: "string", short: "f", arg: "<spec>", help: "cases by position (1,3,5 or 2-7) or a glob on the title (*refund*)" },
  sample: { type: "string", arg: "<n>", help: "a random sample of n cases (prompts) per suite", parse: integer(1) },
  seed: { type: "string", arg: "<n>", help: "seed for --sample, so the sample is reproducible", parse: integer(0) },
  repeat: {
    type: "string",
    arg: "<k>",
    help: "run every case k times (noise shown as spread and confidence intervals)",
    parse: integer(1)
  },
  shard: { type: "string", arg: "<i/n>", help: 'run shard i of n (stable by case id); combine with "evalgate merge"', parse: shard },
  resume: { type: "boolean", help: "continue an interrupted run without repeating finished cases" },
  "dry-run": { type: "boolean", help: "load and check everything, send no request" },
  "no-cache": { type: "boolean", help: "neither read nor write the response cache" },
  concurrency: { type: "string", arg: "<n>", help: "requests in flight across all models (default: the config's)", parse: integer(1) },
  deadline: {
    type: "string",
    arg: "<time>",
    help: "stop sending after this long (30m, 90s); the rest is not run, exit 3",
    parse: durationValue
  },
  "budget-usd": {
    type: "string",
    arg: "<usd>",
    help: "stop sending before the spend could pass this many USD (price tables); exit 3",
    parse: positiveNumber
  },
  out: { type: "string", short: "o", arg: "<file>", help: "results file (default: <output-dir>/results.json)" },
  baseline: { type: "string", arg: "<file>", help: "compare with this results file (default: the config's baseline store)" },
  branch: SHARED_OPTIONS.branch,
  markdown: SHARED_OPTIONS.markdown,
  junit: SHARED_OPTIONS.junit,
  json: SHARED_OPTIONS.json,
  quiet: { type: "boolean", short: "q", help: "no progress output" },
  verbose: { type: "boolean", help: "detailed logs: the effective config, progress lines, then a line per case (secrets redacted)" },
  details: SHARED_OPTIONS.details
};
var REPORT_OPTIONS = {
  html: SHARED_OPTIONS.html,
  sqlite: {
    type: "string",
    arg: "<file>",
    help: "also write the results to a SQLite file (runs, suites, cases, metrics; FlexEval's tables)"
  },
  "csv-dir": { type: "string", arg: "<dir>", help: "also write cases.csv and metrics.csv into this folder" },
  history: SHARED_OPTIONS.history,
  output: {
    type: "string",
    arg: "<format>",
    help: "console, json (results), csv (cases) or html",
    default: "console",
    parse: oneOf("console", "json", "csv", "html")
  },
  "output-file": { type: "string", arg: "<file>", help: "where --output json|csv|html goes (required for html; stdout otherwise)" }
};
var JUDGED_FLAG_OPTIONS = {
  agents: { type: "string", arg: "<a,b>", help: "models whose answers are judged", parse: list },
  csv: { type: "string", arg: "<file>", help: "prompts CSV (prompt,judge_prompt[,files])" },
  judge: { type: "string", arg: "<model>", help: "the judge model" },
  model: {
    type: "string",
    arg: "<NAME=URL>",
    help: "an OpenAI-compatible model (repeatable); or use the config's models",
    parse: modelFlag,
    multiple: true
  },
  runs: { type: "string", arg: "<n>", help: "answers per prompt per agent", parse: integer(1, 100) },
  "judge-runs": { type: "string", arg: "<n>", help: "judge votes per answer (majority vote)", parse: integer(1, 25) },
  scale: { type: "string", arg: "<scale>", help: "binary, 0-3, 1-5 or 0-100", parse: oneOf("binary", "0-3", "1-5", "0-100") },
  "min-agreement": { type: "string", arg: "<0-1>", help: "flag answers whose judges agree less than this", parse: ratioValue },
  timeout: { type: "string", arg: "<dur>", help: "per-request timeout of every model (30s, 2m, 120000)", parse: durationValue },
  "max-retries": { type: "string", arg: "<n>", help: "retries on 429, 5xx, network errors and timeouts", parse: integer(0, 10) },
  "retry-backoff": { type: "string", arg: "<dur>", help: "base of the exponential backoff (1s)", parse: durationValue }
};
var RUN_OPTIONS = { ...BASE_OPTIONS, ...REPORT_OPTIONS, ...JUDGED_FLAG_OPTIONS };
var RUN_OPTIONS_HELP = [
  formatOptionsHelp(BASE_OPTIONS),
  formatOptionsHelp(REPORT_OPTIONS, "Reports:"),
  formatOptionsHelp(JUDGED_FLAG_OPTIONS, "Judged suite from flags (no config needed; with a config they override its judged suites):")
].join("\n\n");
function parseRunArgs(argv) {
  const { values, given } = parseOptions(argv, RUN_OPTIONS);
  return { values, given };
}
function toRunOptions(values, env = process.env, given = /* @__PURE__ */ new Set()) {
  const suites = values.suites ? [...values.suites] : void 0;
  return {
    configPath: values.config,
    ...hasConfigFlags(values) ? { loadConfig: () => configFromFlags(values.config, given.has("config"), values, env, suites) } : {},
    selection: {
      ...suites?.length ? { suites } : {},
      ...values.filter ? { filter: values.filter } : {},
      ...values.sample !== void 0 ? { sample: values.sample } : {},
      ...values.seed !== void 0 ? { seed: values.seed } : {},
      repeat: values.repeat ?? 1,
      ...values.shard ? { shard: values.shard } : {}
    },
    resume: values.resume,
    dryRun: values["dry-run"],
    noCache: values["no-cache"],
    ...values.out ? { resultsPath: values.out } : {},
    ...values.concurrency !== void 0 ? { concurrency: values.concurrency } : {},
    ...values.deadline !== void 0 ? { deadlineMs: values.deadline } : {},
    ...values["budget-usd"] !== void 0 ? { budgetUsd: values["budget-usd"] } : {},
    env,
    progress: values.quiet ? "none" : process.stderr.isTTY && !values.verbose ? "tty" : "lines",
    handleSignals: true
  };
}

// src/cli/run.ts
async function runCommand(argv, env = process.env) {
  const { values, given } = parseRunArgs(argv);
  if (values.help) {
    process.stdout.write(`Usage: evalgate run [options]

${RUN_OPTIONS_HELP}
`);
    return EXIT.pass;
  }
  return runWithOptions(toRunOptions(values, env, given), values);
}
function verboseLoader(options) {
  const load = options.loadConfig ?? (() => loadConfig(options.configPath));
  return async () => {
    const loaded = await load();
    process.stderr.write(redact(`evalgate: config ${loaded.displayPath}
${JSON.stringify(loaded.config, null, 2)}
`));
    return loaded;
  };
}
async function runWithOptions(options, values) {
  if (values.output === "html" && !values["output-file"]) throw new UsageError("--output html needs --output-file <file>");
  if (values.verbose) options = { ...options, loadConfig: verboseLoader(options) };
  const history = values.history ? await readHistoryFiles(values.history) : [];
  if (options.dryRun) {
    printPlan(await planEvaluation(options));
    return EXIT.pass;
  }
  const explicitBaseline = values.baseline ? await readExplicitBaseline(String(values.baseline)) : void 0;
  let baselineSource = "";
  const outcome = await runEvaluation({
    ...options,
    decide: async (results, { config, rootDir }) => {
      const { baseline, source, error } = explicitBaseline ? { baseline: explicitBaseline, source: String(values.baseline), error: void 0 } : await localBaseline(config, rootDir);
      baselineSource = source;
      const branch = values.branch ? String(values.branch) : results.run.branch;
      return evaluateGate(
        results,
        baseline,
        config.gate,
        gateContextFor(config, { ...branch ? { branch } : {}, ...error ? { errors: [error] } : {} })
      );
    }
  });
  const verdict = outcome.results.verdict;
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
    (reportToStdout ? process.stderr : process.stdout).write(`${text}results: ${path2.relative(process.cwd(), outcome.resultsPath)}
`);
  }
  return exitCodeOf(verdict);
}
async function readExplicitBaseline(file) {
  try {
    return await readResultsFile(file);
  } catch (error) {
    if (error instanceof ResultsFileError && error.reason !== "unreadable") throw new UsageError(`--baseline ${error.message}`);
    throw error;
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
    const file = path2.resolve(rootDir, store.path);
    const present = await access2(file).then(
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
function printPlan(plan) {
  const lines = [`dry run: ${plan.loaded.displayPath} is valid; no request sent`];
  for (const suite of plan.suites) {
    lines.push(`  ${suite.name} (${suite.kind}): ${plural(suite.cases.length, "case")}`);
    for (const warning of suite.warnings) lines.push(`    warning: ${warning}`);
  }
  lines.push(`  models: ${plan.models.join(", ") || "none"}`);
  for (const reason of plan.partial) lines.push(`  partial run: ${reason}`);
  process.stdout.write(`${lines.join("\n")}
`);
}

export {
  RUN_OPTIONS,
  toRunOptions,
  runCommand,
  runWithOptions
};
