// The SQLite file answers a reviewer's questions on its own: the documented example queries (read from
// docs/reports.md, so the two cannot drift) run against the file a real `evalgate demo --regress` wrote,
// and the regressed cases come back with their scores and reasons, as results.json's verdict has them.
import assert from "node:assert/strict";
import { copyFile, mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import type { GateVerdict } from "../../src/gate/types.ts";
import { writeSqliteResults } from "../../src/report/sqlite.ts";
import type { Results } from "../../src/results/types.ts";
import { runCli } from "../engine/helpers.ts";
import { documentedQueries } from "./sqlite-docs.ts";

const repoRoot = fileURLToPath(new URL("../../", import.meta.url));

type Row = Record<string, unknown>;

/** One `evalgate demo --regress --sqlite` run, shared by the tests: exit 1, four regressed cases. */
let demoRun: Promise<{ db: string; results: Results }> | undefined;
function regressedDemo(): Promise<{ db: string; results: Results }> {
  demoRun ??= (async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "evalgate-sqlite-queries-"));
    const db = path.join(dir, "results.db");
    const out = path.join(dir, "results.json");
    const result = await runCli(["demo", "--regress", "-q", "-o", out, "--sqlite", db], { cwd: repoRoot });
    assert.equal(result.code, 1, result.stderr + result.stdout);
    return { db, results: JSON.parse(await readFile(out, "utf8")) as Results };
  })();
  return demoRun;
}

test("the documented queries answer which cases regressed and why, the worst metrics by suite and the cost by model", async () => {
  const queries = await documentedQueries();
  for (const title of ["Which cases regressed and why", "Worst metrics by suite", "Cost by model"])
    assert.ok(queries.has(title), `docs/reports.md has no query "${title}" (has ${[...queries.keys()].join(", ")})`);

  const { db, results } = await regressedDemo();
  const verdict = results.verdict as GateVerdict;

  const read = new DatabaseSync(db, { readOnly: true });
  try {
    // Every query in the section runs.
    for (const [title, sql] of queries) assert.doesNotThrow(() => read.prepare(sql).all(), title);

    // The regressed cases, as the verdict lists them, each with its scores and why.
    const regressed = read.prepare(queries.get("Which cases regressed and why")!).all() as Row[];
    const expected = verdict.suites.flatMap((suite) => suite.changes.filter((change) => change.kind === "regressed"));
    assert.ok(expected.length >= 4, "the demo plants four regressions");
    assert.deepEqual(regressed.map((row) => `${row.suite}/${row.case_id}`).sort(), expected.map((c) => `${c.suite}/${c.caseId}`).sort());
    for (const row of regressed) {
      const change = expected.find((c) => c.caseId === row.case_id)!;
      assert.equal(row.baseline_score, change.before);
      assert.equal(row.score, change.after);
      assert.match(String(row.reason), /^main score 1 → 0 \(demo-agent-good\/score.*\): lower than the baseline/);
      assert.match(String(row.reason), /fails the gate with demo-agent-good\/score: 0\.606 is under min-score 0\.800/);
      assert.match(String(row.judge_notes), /SCORE: 0/, "the judge's reasoning on the new answer");
    }

    // The failing metric heads its suite's worst metrics, with the gate's status and reason.
    const worst = read.prepare(queries.get("Worst metrics by suite")!).all() as Row[];
    const failing = verdict.suites.flatMap((suite) => suite.rows.filter((row) => row.failing).map((row) => ({ suite: suite.suite, row })));
    assert.ok(failing.length > 0);
    const helpfulness = worst.filter((row) => row.suite === "helpfulness");
    assert.equal(helpfulness[0]!.status, "fail");
    for (const { suite, row } of failing) {
      const found = worst.find((w) => w.suite === suite && w.metric === row.metric);
      assert.ok(found, `${suite}/${row.metric} is among the worst`);
      assert.deepEqual(
        [found.baseline, found.now, found.change, found.relative_change, found.reason],
        [row.baseline, row.now, row.delta, row.relDelta, row.reason],
      );
    }
    assert.deepEqual([...new Set(worst.map((row) => row.suite))].sort(), verdict.suites.map((s) => s.suite).sort());

    // Cost by model: the agents of the judged suite, the SGI testbench's models; the total is the cases' total.
    const costs = read.prepare(queries.get("Cost by model")!).all() as Row[];
    const models = costs.map((row) => String(row.model));
    for (const model of ["demo-agent-good", "demo-agent-sloppy", "gpt-4o-2024-08-06", "o1-mini-2024-09-12"])
      assert.ok(models.includes(model), model);
    const total = costs.reduce((sum, row) => sum + Number(row.cost_usd ?? 0), 0);
    const casesTotal = Object.values(results.suites).reduce((sum, s) => sum + s.cases.reduce((t, c) => t + (c.costUsd ?? 0), 0), 0);
    assert.ok(Math.abs(total - casesTotal) < 1e-9, `${total} vs ${casesTotal}`);
  } finally {
    read.close();
  }
});

test("gate_metrics holds every row of the verdict, gate_cases every case with its state, gate_reasons the gate's lines", async () => {
  const { db, results } = await regressedDemo();
  const verdict = results.verdict as GateVerdict;
  const read = new DatabaseSync(db, { readOnly: true });
  try {
    const metric = read.prepare("SELECT * FROM gate_metrics WHERE suite = ? AND metric = ?");
    for (const suite of verdict.suites) {
      for (const row of suite.rows) {
        const stored = metric.get(suite.suite, row.metric) as Row;
        assert.deepEqual(
          [stored.baseline, stored.now, stored.status, stored.reason, stored.failing, stored.gated],
          [row.baseline, row.now, row.status, row.reason, row.failing ? 1 : 0, row.gated ? 1 : 0],
          `${suite.suite}/${row.metric}`,
        );
        // The comparison's p-value, the test that gave it, and Holm's correction over the run's gated comparisons.
        const noise = row.noise;
        assert.deepEqual(
          [stored.p, stored.adjusted_p, stored.adjusted_method, stored.comparisons, stored.mcnemar_p],
          [
            noise?.p ?? null,
            noise?.adjusted?.p ?? null,
            noise?.adjusted?.method ?? null,
            noise?.adjusted?.comparisons ?? null,
            noise?.mcnemar?.p ?? null,
          ],
          `${suite.suite}/${row.metric}: p-values`,
        );
        if (noise?.p !== undefined) assert.equal(stored.p_test, noise.mcnemar ? "mcnemar" : noise.signFlip ? "sign-flip" : "bootstrap");
      }
    }
    const corrected = read.prepare("SELECT p, adjusted_p, comparisons FROM gate_metrics WHERE adjusted_method = 'holm'").all() as Row[];
    assert.ok(corrected.length >= 2, `several gated comparisons carry a p-value (${corrected.length})`);
    for (const row of corrected) {
      assert.equal(row.comparisons, corrected.length, "Holm's correction runs over every tested comparison of the run");
      assert.ok(Number(row.adjusted_p) >= Number(row.p), "an adjusted p is never below the raw one");
    }
    const states = read.prepare("SELECT state, COUNT(*) AS n FROM gate_cases GROUP BY state ORDER BY state").all() as Row[];
    const cases = Object.values(results.suites).reduce((sum, s) => sum + s.cases.length, 0);
    assert.equal(
      states.reduce((sum, row) => sum + Number(row.n), 0),
      cases,
    );
    assert.deepEqual(
      states.map((row) => row.state),
      ["regressed", "unchanged"],
    );
    // An unchanged case's baseline score is its score: the gate compared them and found no change.
    const unchanged = read.prepare("SELECT COUNT(*) AS n FROM gate_cases WHERE state = 'unchanged' AND change != 0").get() as Row;
    assert.equal(unchanged.n, 0);
    // Both answers of a regressed case are on its row (the baseline's only when the writer is given the baseline).
    const answer = read.prepare("SELECT answer FROM gate_cases WHERE state = 'regressed' AND answer IS NOT NULL").all();
    assert.equal(answer.length, 4);
    const reasons = read.prepare("SELECT suite, kind, text FROM gate_reasons ORDER BY rowid").all() as Row[];
    assert.deepEqual(
      reasons.filter((row) => row.suite === null && row.kind === "failure").map((row) => row.text),
      verdict.failures,
    );
    const run = read.prepare("SELECT verdict, baseline_found FROM verdicts").get() as Row;
    assert.deepEqual({ ...run }, { verdict: "fail", baseline_found: 1 });
  } finally {
    read.close();
  }
});

test("given the baseline it was gated against, the writer puts the baseline's answer beside the new one", async () => {
  const { db, results } = await regressedDemo();
  const copy = path.join(path.dirname(db), "with-baseline.db");
  await copyFile(db, copy);
  const baseline = JSON.parse(await readFile(path.join(repoRoot, "evals/baseline.json"), "utf8")) as Results;
  await writeSqliteResults(copy, results, { baseline });
  const read = new DatabaseSync(copy, { readOnly: true });
  try {
    const rows = read
      .prepare("SELECT case_id, answer, baseline_answer FROM gate_cases WHERE state = 'regressed' ORDER BY case_id")
      .all() as Row[];
    assert.equal(rows.length, 4);
    const before = new Map(baseline.suites["helpfulness"]!.cases.map((c) => [c.caseId, (c.details as { response: string }).response]));
    for (const row of rows) {
      assert.equal(row.baseline_answer, before.get(String(row.case_id)));
      assert.notEqual(row.answer, row.baseline_answer, "the regressed answer differs from the baseline's");
    }
    // Written again: the run is replaced, not added.
    assert.equal((read.prepare("SELECT COUNT(*) AS n FROM gate_cases WHERE state = 'regressed'").get() as Row).n, 4);
  } finally {
    read.close();
  }
});
