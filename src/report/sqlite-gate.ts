// The gate's view of one run in the SQLite file: the verdict, each suite's status, each metric's
// baseline, now, change, status and reason, each case's state and why, and the gate's reasons. Rows
// carry both sides, so a reviewer's query reads one run.
import { answerText } from "../baseline/case-answer.ts";
import type { GateVerdict, SuiteVerdict } from "../gate/types.ts";
import type { CaseResult, Results } from "../results/types.ts";
import { answerKey, answerPairs } from "./answer-pairs.ts";
import { caseStates } from "./case-states.ts";
import { num } from "./sqlite-flexeval.ts";

type Database = import("node:sqlite").DatabaseSync;

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
  db.prepare(
    "INSERT INTO verdicts (run_id, verdict, profile, baseline_found, baseline_commit, baseline_branch, baseline_finished_at, repeated) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
  ).run(
    runId,
    verdict.verdict,
    verdict.profile ?? null,
    base.found ? 1 : 0,
    base.commit ?? null,
    base.branch ?? null,
    base.finishedAt ?? null,
    verdict.repeated ? 1 : 0,
  );
  writeReasons(db, runId, verdict);
  for (const suite of verdict.suites) {
    writeGateSuite(db, runId, suite);
    writeGateMetrics(db, runId, suite);
  }
  writeGateCases(db, runId, verdict, results, baseline);
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
  for (const suite of verdict.suites) {
    lines(suite.suite, "failure", suite.reasons);
    lines(suite.suite, "error", suite.errors);
    lines(suite.suite, "note", suite.notes);
  }
}

function writeGateSuite(db: Database, runId: string, suite: SuiteVerdict): void {
  db.prepare(
    "INSERT INTO gate_suites (run_id, suite, kind, status, has_baseline, compared_on, carried, error_rate, max_error_rate) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
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
  );
}

function writeGateMetrics(db: Database, runId: string, suite: SuiteVerdict): void {
  const insert = db.prepare(
    `INSERT INTO gate_metrics (run_id, suite, metric, gated, direction, unit, baseline, now, n, change, relative_change, status,
      failing, reason, inside_noise, ci_low, ci_high, mcnemar_p, mde, cases_needed) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const row of suite.rows) {
    const noise = row.noise;
    insert.run(
      runId,
      suite.suite,
      row.metric,
      row.gated ? 1 : 0,
      row.direction,
      row.unit,
      num(row.baseline),
      num(row.now),
      row.n,
      num(row.delta),
      num(row.relDelta),
      row.status,
      row.failing ? 1 : 0,
      row.reason,
      noise ? (noise.insideNoise ? 1 : 0) : null,
      num(noise?.ciLow),
      num(noise?.ciHigh),
      num(noise?.mcnemar?.p),
      num(noise?.mde),
      num(noise?.casesNeeded),
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
      judge_notes, answer, baseline_answer, file, line) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
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
    );
  }
}
