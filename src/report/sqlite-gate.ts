// The gate's view of one run in the SQLite file: the verdict, each suite's status, each metric's
// baseline, now, change, status and reason, each case's state and why, and the gate's reasons. Rows
// carry both sides, so a reviewer's query reads one run.
import { answerText } from "../baseline/case-answer.ts";
import { sideOf } from "../gate/error-sides.ts";
import type { FlakyReport, GateVerdict, MetricRow, NoiseEstimate, SuiteVerdict } from "../gate/types.ts";
import type { CaseResult, Results } from "../results/types.ts";
import { answerKey, answerPairs } from "./answer-pairs.ts";
import { caseStates } from "./case-states.ts";
import { num } from "./sqlite-flexeval.ts";

type Database = import("node:sqlite").DatabaseSync;
type StatementSync = import("node:sqlite").StatementSync;
type SQLInputValue = import("node:sqlite").SQLInputValue;

/** The verdict results.json carries, when it has one a reader can use (a file from an older evalgate may not). */
export function readVerdict(results: Results): GateVerdict | undefined {
  const verdict = results.verdict as Partial<GateVerdict> | undefined;
  if (!verdict || typeof verdict.verdict !== "string" || !Array.isArray(verdict.suites)) return undefined;
  const suites = verdict.suites.map((suite) => ({
    ...suite,
    rows: suite.rows ?? [],
    reasons: suite.reasons ?? [],
    errors: suite.errors ?? [],
    changes: suite.changes ?? [],
    failingCases: suite.failingCases ?? [],
  }));
  return { ...verdict, suites, errors: verdict.errors ?? [], notes: verdict.notes ?? [], failures: verdict.failures ?? [] } as GateVerdict;
}

export function writeGate(db: Database, runId: string, verdict: GateVerdict, results: Results, baseline: Results | null): void {
  const base = verdict.baseline ?? { found: false };
  // NULL flaky columns: no history was read; 0 flaky cases: one was, and no case flip-flopped.
  const flaky = verdict.flaky;
  db.prepare(
    `INSERT INTO verdicts (run_id, verdict, profile, baseline_found, baseline_commit, baseline_branch, baseline_finished_at, repeated,
      flaky_mode, flaky_min_flips, flaky_history_runs, flaky_cases) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    runId,
    verdict.verdict,
    verdict.profile ?? null,
    base.found ? 1 : 0,
    base.commit ?? null,
    base.branch ?? null,
    base.finishedAt ?? null,
    verdict.repeated ? 1 : 0,
    flaky ? String(flaky.mode) : null,
    flaky ? num(flaky.minFlips) : null,
    flaky ? num(flaky.runs) : null,
    flaky ? flakyEntries(flaky).length : null,
  );
  writeReasons(db, runId, verdict);
  for (const suite of verdict.suites) {
    writeGateSuite(db, runId, suite);
    writeGateMetrics(db, runId, suite);
  }
  writeGateCases(db, runId, verdict, results, baseline);
  writeFlaky(db, runId, verdict.flaky);
}

/** The run's lines (suite NULL) and each suite's: why it failed, why it could not be decided, what to know. */
function writeReasons(db: Database, runId: string, verdict: GateVerdict): void {
  const insert = db.prepare("INSERT INTO gate_reasons (run_id, suite, kind, text) VALUES (?, ?, ?, ?)");
  const lines = (suite: string | null, kind: string, texts: readonly string[] | undefined) => {
    for (const text of texts ?? []) insert.run(runId, suite, kind, text);
  };
  lines(null, "failure", verdict.failures);
  lines(null, "error", verdict.errors);
  lines(null, "note", verdict.notes);
  lines(null, "accepted", verdict.accepted);
  for (const suite of verdict.suites) {
    lines(suite.suite, "failure", suite.reasons);
    lines(suite.suite, "error", suite.errors);
    lines(suite.suite, "note", suite.notes);
    lines(suite.suite, "accepted", suite.accepted);
  }
}

function writeGateSuite(db: Database, runId: string, suite: SuiteVerdict): void {
  db.prepare(
    `INSERT INTO gate_suites (run_id, suite, kind, status, has_baseline, compared_on, carried, error_rate, max_error_rate,
      system_errors, scorer_errors) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    runId,
    suite.suite,
    suite.kind,
    suite.status,
    suite.hasBaseline ? 1 : 0,
    suite.comparedOn ?? null,
    suite.carried ?? null,
    num(suite.errorRate),
    num(suite.maxErrorRate),
    // A verdict from before sides were kept has none: NULL, not a count of zero.
    num(suite.errorSides?.system),
    num(suite.errorSides?.scorer),
  );
}

/** Which test gave the comparison's p-value (gate/noise.ts): McNemar's for pass/fail values, the sign-flip test for clustered scores, else the bootstrap. */
function pTest(noise: NoiseEstimate | undefined): string | null {
  if (noise?.p === undefined) return null;
  return noise.mcnemar ? "mcnemar" : noise.signFlip ? "sign-flip" : "bootstrap";
}

/** One gate_metrics row, column by column: the comparison, its noise and p-values, and who accepted it. */
function metricColumns(runId: string, suite: string, row: MetricRow): Record<string, SQLInputValue> {
  const noise = row.noise;
  return {
    run_id: runId,
    suite,
    metric: row.metric,
    gated: row.gated ? 1 : 0,
    direction: row.direction,
    unit: row.unit,
    baseline: num(row.baseline),
    now: num(row.now),
    n: row.n,
    change: num(row.delta),
    relative_change: num(row.relDelta),
    status: row.status,
    failing: row.failing ? 1 : 0,
    reason: row.reason,
    inside_noise: noise ? (noise.insideNoise ? 1 : 0) : null,
    ci_low: num(noise?.ciLow),
    ci_high: num(noise?.ciHigh),
    // McNemar's p only (pass/fail metrics), as in version 2; `p` holds whichever test decided.
    mcnemar_p: num(noise?.mcnemar?.p),
    mde: num(noise?.mde),
    cases_needed: num(noise?.casesNeeded),
    p: num(noise?.p),
    p_test: pTest(noise),
    adjusted_p: num(noise?.adjusted?.p),
    adjusted_method: noise?.adjusted?.method ?? null,
    comparisons: num(noise?.adjusted?.comparisons),
    accepted_by: row.accepted?.by ?? null,
    accepted_reason: row.accepted?.reason ?? null,
    accepted_via: row.accepted?.via ?? null,
    accepted_pr: num(row.accepted?.pullRequest),
  };
}

function writeGateMetrics(db: Database, runId: string, suite: SuiteVerdict): void {
  let insert: StatementSync | undefined;
  for (const row of suite.rows) {
    const columns = metricColumns(runId, suite.suite, row);
    const names = Object.keys(columns);
    insert ??= db.prepare(`INSERT INTO gate_metrics (${names.join(", ")}) VALUES (${names.map(() => "?").join(", ")})`);
    insert.run(...Object.values(columns));
  }
}

/** The report's cases that are cases: a hand-edited results.json (evalgate report) may hold anything. */
function flakyEntries(flaky: FlakyReport): FlakyReport["cases"] {
  return Array.isArray(flaky.cases) ? flaky.cases.filter((entry) => typeof entry === "object" && entry !== null) : [];
}

/** The flaky cases the history showed, with what the gate did with them (listed, or left out of the comparison). */
function writeFlaky(db: Database, runId: string, flaky: FlakyReport | undefined): void {
  if (!flaky) return;
  const insert = db.prepare(
    "INSERT OR REPLACE INTO gate_flaky (run_id, suite, case_id, title, flips, runs, mode, min_flips, history_runs) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  for (const entry of flakyEntries(flaky)) {
    const { suite, caseId, title, flips, runs } = entry;
    insert.run(
      runId,
      String(suite),
      String(caseId),
      String(title),
      num(flips),
      num(runs),
      String(flaky.mode),
      num(flaky.minFlips),
      num(flaky.runs),
    );
  }
}

/** The judge's reasoning on this run's answer (judged suites): each vote's text, as the side-by-side view keeps it. */
function judgeNotes(result: CaseResult | undefined): string | null {
  const votes = (result?.details as { votes?: unknown } | undefined)?.votes;
  if (!Array.isArray(votes)) return null;
  const texts = votes.flatMap((vote) => (typeof vote?.text === "string" && vote.text ? [vote.text as string] : []));
  return texts.length ? texts.join("\n---\n") : null;
}

function writeGateCases(db: Database, runId: string, verdict: GateVerdict, results: Results, baseline: Results | null): void {
  const insert = db.prepare(
    `INSERT INTO gate_cases (run_id, suite, case_id, repeat, title, case_group, state, baseline_score, score, change, reason,
      judge_notes, answer, baseline_answer, file, line, error_side) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  // Both answers of the regressed, improved and changed cases (the baseline's when the caller has the baseline file).
  const pairs = answerPairs(verdict, results, baseline);
  for (const row of caseStates(verdict, results)) {
    const pair = pairs.get(answerKey(row.suite, row.caseId, row.repeat));
    insert.run(
      runId,
      row.suite,
      row.caseId,
      row.repeat,
      row.title,
      row.group ?? null,
      row.state,
      num(row.baseline),
      num(row.score),
      row.baseline !== null && row.score !== null ? row.score - row.baseline : null,
      row.reason,
      judgeNotes(row.result),
      answerText(pair?.after) ?? null,
      answerText(pair?.before) ?? null,
      row.source.file,
      row.source.line ?? null,
      row.result?.status === "error" ? sideOf(row.result.error) : null,
    );
  }
}
