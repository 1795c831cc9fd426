// SQLite schema version 4 (issues 34, 35, 36): whose error each errored case is and the suites' counts
// by side, an accepted regression's who, why, how and which pull request (redacted like every text),
// the flaky cases a --history showed, and a version-3 file brought up to date in place.
import assert from "node:assert/strict";
import { mkdir, mkdtemp, readFile, rename, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { test } from "node:test";
import { applyAcceptance } from "../../src/gate/acceptance.ts";
import { evaluateGate } from "../../src/gate/evaluate.ts";
import type { GateVerdict } from "../../src/gate/types.ts";
import { writeSqliteResults } from "../../src/report/sqlite.ts";
import type { Results } from "../../src/results/types.ts";
import { registerSecret } from "../../src/util/redact.ts";
import { isJudgeRequest, questionOf, runCli, writeSuite } from "../engine/helpers.ts";
import { caseResult, gate, metric, results, suite } from "../gate/fixtures.ts";
import { chatCompletion, startScriptedServer } from "../servers/scripted.ts";
import { documentedQueries } from "./sqlite-docs.ts";

type Row = Record<string, unknown>;

function query(file: string, sql: string, ...params: (string | number)[]): Row[] {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return (db.prepare(sql).all(...params) as Row[]).map((row) => ({ ...row }));
  } finally {
    db.close();
  }
}

const columnsOf = (file: string, table: string) =>
  query(file, `SELECT name FROM pragma_table_info('${table}') ORDER BY name`).map((row) => row.name as string);

test("--sqlite: the judge refuses two cases and the agent fails one: error_side on cases and gate_cases, counts by side on gate_suites", async () => {
  const server = await startScriptedServer((request) => {
    const question = questionOf(request.body);
    const judge = isJudgeRequest(request.body);
    if (judge && (question === "Question 4" || question === "Question 9"))
      return { body: chatCompletion("I would rather not give a number.") };
    if (!judge && question === "Question 7") return { status: 400, body: { error: { message: "the agent refused the request" } } };
    return { body: chatCompletion(judge ? "Covers it.\nSCORE: 3" : `Answer to ${question}`) };
  });
  try {
    const { dir, config } = await writeSuite(server.url, 20);
    const db = path.join(dir, "results.db");
    const run = await runCli(["run", "-c", config, "--no-cache", "--sqlite", db], { cwd: dir });
    assert.equal(
      run.code,
      3,
      `3 of 20 errors are past max-error-rate 5%, 2 of them unmeasured: could not decide\n${run.stdout}${run.stderr}`,
    );
    const results = JSON.parse(await readFile(path.join(dir, "out/results.json"), "utf8")) as Results;
    const verdict = results.verdict as GateVerdict;
    assert.deepEqual(verdict.suites[0]!.errorSides, { system: 1, scorer: 2 });

    const cases = query(db, "SELECT title, error_side FROM cases WHERE status = 'error' ORDER BY title");
    assert.deepEqual(
      cases.map((row) => [(row.title as string).split(":")[0], row.error_side]),
      [
        ["Question 4", "scorer"],
        ["Question 7", "system"],
        ["Question 9", "scorer"],
      ],
    );
    assert.deepEqual(query(db, "SELECT COUNT(*) AS n FROM cases WHERE status = 'scored' AND error_side IS NOT NULL"), [{ n: 0 }]);
    assert.deepEqual(query(db, "SELECT suite, system_errors, scorer_errors FROM gate_suites"), [
      { suite: "qa", system_errors: 1, scorer_errors: 2 },
    ]);
    assert.deepEqual(
      query(db, "SELECT error_side, COUNT(*) AS n FROM gate_cases WHERE state = 'errored' GROUP BY error_side ORDER BY error_side"),
      [
        { error_side: "scorer", n: 2 },
        { error_side: "system", n: 1 },
      ],
    );
    // No history was read: the verdict's flaky columns are NULL, not "none flaky".
    assert.deepEqual(query(db, "SELECT flaky_mode, flaky_min_flips, flaky_history_runs, flaky_cases FROM verdicts"), [
      { flaky_mode: null, flaky_min_flips: null, flaky_history_runs: null, flaky_cases: null },
    ]);
    // docs/reports.md's query answers the same.
    const bySide = (await documentedQueries()).get("Errors by side per run");
    assert.ok(bySide, 'docs/reports.md has the query "Errors by side per run"');
    assert.deepEqual(query(db, bySide), [
      { run_id: results.run.id, started_at: results.run.startedAt, system_errors: 1, scorer_errors: 2 },
    ]);
  } finally {
    await server.close();
  }
});

const SECRET = "tok-Accept3d+Secret/value";

/** A real verdict with an accepted regression: bot/recall dropped and was accepted in #7; bot/precision still fails. */
function acceptedRun(): Results {
  const baseline = results({ bot: suite({ recall: metric(0.9), precision: metric(0.9) }) });
  const head = results({ bot: suite({ recall: metric(0.8), precision: metric(0.7) }) }, { id: "run-accepted" });
  const reason = `cheaper model; the old key was ${SECRET} (${Buffer.from(SECRET).toString("base64")})`;
  const verdict = applyAcceptance(evaluateGate(head, baseline, gate()), {
    pullRequest: 7,
    headSha: "2222222222222222222222222222222222222222",
    entries: [{ metrics: ["bot/recall"], by: "alice", reason, via: "comment", at: "2026-08-02T10:00:00.000Z" }],
  });
  return { ...head, verdict: verdict as unknown as Results["verdict"] };
}

test("--sqlite: an accepted regression carries who accepted it, why, how and on which pull request; the reason is redacted", async () => {
  registerSecret(SECRET);
  const run = acceptedRun();
  const verdict = run.verdict as GateVerdict;
  const recall = verdict.suites[0]!.rows.find((row) => row.metric === "recall")!;
  assert.equal(recall.status, "accepted");
  const db = path.join(await mkdtemp(path.join(tmpdir(), "evalgate-sqlite-accepted-")), "results.db");
  await writeSqliteResults(db, run);

  const rows = query(
    db,
    "SELECT metric, status, failing, accepted_by, accepted_reason, accepted_via, accepted_pr FROM gate_metrics WHERE run_id = ? ORDER BY metric",
    "run-accepted",
  );
  assert.deepEqual(rows, [
    { metric: "precision", status: "fail", failing: 1, accepted_by: null, accepted_reason: null, accepted_via: null, accepted_pr: null },
    {
      metric: "recall",
      status: "accepted",
      failing: 0,
      accepted_by: "alice",
      accepted_reason: rows[1]!.accepted_reason,
      accepted_via: "comment",
      accepted_pr: 7,
    },
  ]);
  // The redactor cuts the base64 form at a whole group: its last characters may stay, never the secret.
  assert.match(rows[1]!.accepted_reason as string, /^cheaper model; the old key was \*\*\* \(\*\*\*[A-Za-z0-9+/=]{0,4}\)$/);
  assert.equal(recall.accepted!.reason.includes(SECRET), true, "the verdict itself holds the secret: the writer redacts it");
  const accepted = query(db, "SELECT suite, text FROM gate_reasons WHERE kind = 'accepted' ORDER BY suite");
  assert.equal(accepted.length, 2, "the run's line and the suite's");
  assert.match(
    accepted[0]!.text as string,
    /^bot: recall: dropped 11\.1% .* — accepted in #7 by @alice: cheaper model; the old key was \*\*\* \(\*\*\*[A-Za-z0-9+/=]{0,4}\)$/,
  );
  assert.equal(accepted[1]!.suite, "bot");
  const documented = (await documentedQueries()).get("Accepted regressions");
  assert.ok(documented, 'docs/reports.md has the query "Accepted regressions"');
  assert.deepEqual(
    query(db, documented).map((row) => [row.suite, row.metric, row.accepted_by, row.accepted_via, row.accepted_pr]),
    [["bot", "recall", "alice", "comment", 7]],
  );
  const everything = JSON.stringify(
    query(db, "SELECT name FROM sqlite_master WHERE type = 'table'").map(({ name }) => query(db, `SELECT * FROM "${name as string}"`)),
  );
  for (const form of [SECRET, Buffer.from(SECRET).toString("base64"), encodeURIComponent(SECRET)])
    assert.equal(everything.includes(form), false, `no table holds ${form}`);
});

test("--sqlite with --history: the case that flip-flopped over 5 baselines is a gate_flaky row with its flips and the gate's mode", async () => {
  let passing = true;
  const server = await startScriptedServer((request) => {
    const question = questionOf(request.body);
    if (!isJudgeRequest(request.body)) return { body: chatCompletion(`Answer to ${question}`) };
    return { body: chatCompletion(`Checked.\nSCORE: ${question === "Question 1" && !passing ? 0 : 3}`) };
  });
  try {
    const { dir, config } = await writeSuite(server.url, 3);
    await mkdir(path.join(dir, "history"));
    for (const [i, passes] of [true, false, true, false, true].entries()) {
      passing = passes;
      const run = await runCli(["run", "-c", config, "--quiet", "--no-cache", "-o", `baseline-${i + 1}.json`], { cwd: dir });
      assert.ok(run.code === 0 || run.code === 1, run.stdout + run.stderr);
      await rename(path.join(dir, `baseline-${i + 1}.json`), path.join(dir, "history", `baseline-${i + 1}.json`));
    }
    passing = false;
    const db = path.join(dir, "results.db");
    const args = ["--no-cache", "--baseline", "history/baseline-5.json", "--history", "history", "-o", "head.json", "--sqlite", db];
    const run = await runCli(["run", "-c", config, "--quiet", ...args], { cwd: dir });
    // Question 1 failing again is a drop inside noise (1 of 3 cases): inconclusive, not failed.
    assert.equal(run.code, 0, run.stdout + run.stderr);
    const flaky = (JSON.parse(await readFile(path.join(dir, "head.json"), "utf8")) as Results).verdict as GateVerdict;
    const [only] = flaky.flaky!.cases;

    const rows = query(db, "SELECT suite, case_id, title, flips, runs, mode, min_flips, history_runs FROM gate_flaky");
    assert.deepEqual(rows, [
      {
        suite: "qa",
        case_id: only!.caseId,
        title: only!.title,
        flips: 4,
        runs: 5,
        mode: "report",
        min_flips: flaky.flaky!.minFlips,
        history_runs: 5,
      },
    ]);
    assert.match(rows[0]!.case_id as string, /^agent\/[0-9a-f]+\/r1$/);
    assert.deepEqual(query(db, "SELECT flaky_mode, flaky_min_flips, flaky_history_runs, flaky_cases FROM verdicts"), [
      { flaky_mode: "report", flaky_min_flips: flaky.flaky!.minFlips, flaky_history_runs: 5, flaky_cases: 1 },
    ]);

    // A results file is data: a hand-edited one whose flaky list holds a null is read past it, not a crash.
    const edited = JSON.parse(await readFile(path.join(dir, "head.json"), "utf8")) as Results;
    (edited.verdict as GateVerdict).flaky!.cases.unshift(null as never);
    await writeFile(path.join(dir, "edited.json"), JSON.stringify(edited));
    const report = await runCli(["report", "edited.json", "--sqlite", "edited.db"], { cwd: dir });
    assert.ok(report.code === 0 || report.code === 1, report.stdout + report.stderr);
    assert.equal(query(path.join(dir, "edited.db"), "SELECT count(*) AS n FROM gate_flaky")[0]!.n, 1);
  } finally {
    await server.close();
  }
});

/** The version-3 tables that version 4 adds columns to, as evalgate 3 created them. */
const VERSION_3 = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT);
INSERT INTO meta VALUES ('schema_version', '3'), ('writer', 'evalgate');
CREATE TABLE runs (
  id TEXT PRIMARY KEY, started_at TEXT, finished_at TEXT, duration_ms REAL, commit_sha TEXT, branch TEXT, event TEXT,
  evalgate_version TEXT, config_hash TEXT, requests INTEGER, cache_hits INTEGER, cost_usd REAL, verdict TEXT, partial TEXT);
CREATE TABLE verdicts (
  run_id TEXT PRIMARY KEY, verdict TEXT, profile TEXT, baseline_found INTEGER, baseline_commit TEXT, baseline_branch TEXT,
  baseline_finished_at TEXT, repeated INTEGER);
CREATE TABLE cases (
  run_id TEXT, suite TEXT, case_id TEXT, repeat INTEGER, title TEXT, file TEXT, line INTEGER, status TEXT, error_kind TEXT,
  error_message TEXT, cost_usd REAL, latency_ms REAL, requests INTEGER, tags TEXT, details TEXT, finished_at TEXT,
  PRIMARY KEY (run_id, suite, case_id, repeat));
CREATE TABLE gate_suites (
  run_id TEXT, suite TEXT, kind TEXT, status TEXT, has_baseline INTEGER, compared_on TEXT, carried TEXT, error_rate REAL,
  max_error_rate REAL, PRIMARY KEY (run_id, suite));
CREATE TABLE gate_metrics (
  run_id TEXT, suite TEXT, metric TEXT, gated INTEGER, direction TEXT, unit TEXT, baseline REAL, now REAL, n INTEGER,
  change REAL, relative_change REAL, status TEXT, failing INTEGER, reason TEXT, inside_noise INTEGER, ci_low REAL,
  ci_high REAL, mcnemar_p REAL, mde REAL, cases_needed INTEGER, PRIMARY KEY (run_id, suite, metric));
CREATE TABLE gate_cases (
  run_id TEXT, suite TEXT, case_id TEXT, repeat INTEGER, title TEXT, case_group TEXT, state TEXT, baseline_score REAL,
  score REAL, change REAL, reason TEXT, judge_notes TEXT, answer TEXT, baseline_answer TEXT, file TEXT, line INTEGER,
  PRIMARY KEY (run_id, suite, case_id, repeat));
INSERT INTO runs (id, verdict) VALUES ('a-version-3-run', 'fail');
INSERT INTO verdicts (run_id, verdict, baseline_found) VALUES ('a-version-3-run', 'fail', 1);
INSERT INTO cases (run_id, suite, case_id, repeat, status, error_kind) VALUES ('a-version-3-run', 'bot', 'c1', 0, 'error', 'endpoint');
INSERT INTO gate_suites (run_id, suite, status) VALUES ('a-version-3-run', 'bot', 'fail');
INSERT INTO gate_metrics (run_id, suite, metric, status, mcnemar_p) VALUES ('a-version-3-run', 'bot', 'recall', 'fail', 0.03);
`;

test("--sqlite: a version-3 file gets version 4's columns and table, keeps its run, and takes a new one", async () => {
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-sqlite-v3-"));
  const older = path.join(dir, "v3.db");
  const seed = new DatabaseSync(older);
  seed.exec(VERSION_3);
  seed.close();
  const fresh = path.join(dir, "fresh.db");
  // A run with an error on each side, so the new columns have something to hold.
  const erroring = [
    caseResult("bot", "c1", { recall: 1 }),
    caseResult("bot", "c2", {}, { status: "error", error: { kind: "endpoint", message: "503" } }),
    caseResult("bot", "c3", {}, { status: "error", error: { kind: "judge", message: "refused", side: "scorer" } }),
  ];
  const head = results({ bot: suite({ recall: metric(0.8) }, erroring) }, { id: "a-version-4-run" });
  const baseline = results({ bot: suite({ recall: metric(0.9) }) });
  const run = { ...head, verdict: evaluateGate(head, baseline, gate({ "max-error-rate": 1 })) as unknown as Results["verdict"] };
  await writeSqliteResults(older, run);
  await writeSqliteResults(fresh, run);

  assert.deepEqual(query(older, "SELECT value FROM meta WHERE key = 'schema_version'"), [{ value: "6" }]);
  for (const table of ["verdicts", "cases", "gate_suites", "gate_metrics", "gate_cases", "gate_flaky", "case_steps", "judges"])
    assert.deepEqual(columnsOf(older, table), columnsOf(fresh, table), `${table}: a migrated file has the columns a new one has`);
  assert.deepEqual(query(older, "SELECT id FROM runs ORDER BY id"), [{ id: "a-version-3-run" }, { id: "a-version-4-run" }]);
  assert.deepEqual(query(older, "SELECT mcnemar_p, p, adjusted_p, accepted_by FROM gate_metrics WHERE run_id = 'a-version-3-run'"), [
    { mcnemar_p: 0.03, p: null, adjusted_p: null, accepted_by: null },
  ]);
  assert.deepEqual(query(older, "SELECT verdict, flaky_history_runs FROM verdicts WHERE run_id = 'a-version-3-run'"), [
    { verdict: "fail", flaky_history_runs: null },
  ]);
  assert.deepEqual(query(older, "SELECT error_kind, error_side FROM cases WHERE run_id = 'a-version-3-run'"), [
    { error_kind: "endpoint", error_side: null },
  ]);
  assert.deepEqual(
    query(older, "SELECT case_id, error_side FROM cases WHERE run_id = 'a-version-4-run' AND status = 'error' ORDER BY case_id"),
    [
      { case_id: "c2", error_side: "system" },
      { case_id: "c3", error_side: "scorer" },
    ],
  );
  assert.deepEqual(query(older, "SELECT system_errors, scorer_errors FROM gate_suites WHERE run_id = 'a-version-4-run'"), [
    { system_errors: 1, scorer_errors: 1 },
  ]);
  // Writing the new run again replaces it (gate_flaky included in what a rewrite clears).
  await writeSqliteResults(older, run);
  assert.deepEqual(query(older, "SELECT COUNT(*) AS n FROM runs"), [{ n: 2 }]);
});
