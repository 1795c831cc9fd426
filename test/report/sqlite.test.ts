// The SQLite results file for every suite kind: the demo runs all four kinds against its targets on
// 127.0.0.1 with --sqlite, and the file is queried back through SQL and checked against results.json.
import assert from "node:assert/strict";
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { writeSqliteResults } from "../../src/report/sqlite.ts";
import type { Results } from "../../src/results/types.ts";
import { runCli } from "../engine/helpers.ts";

const repoRoot = fileURLToPath(new URL("../../", import.meta.url));

test("--sqlite: runs, suites, cases and metric values of every kind, and FlexEval's tables", async () => {
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-sqlite-"));
  const db = path.join(dir, "results.db");
  const out = path.join(dir, "results.json");
  const result = await runCli(["demo", "-q", "--no-cache", "-o", out, "--sqlite", db], { cwd: repoRoot });
  assert.ok(result.code === 0 || result.code === 1, result.stderr + result.stdout);
  const results = JSON.parse(await readFile(out, "utf8")) as Results;

  const read = new DatabaseSync(db);
  try {
    const kinds = read
      .prepare("SELECT kind, COUNT(*) AS cases FROM cases JOIN suites USING (run_id, suite) GROUP BY kind ORDER BY kind")
      .all() as {
      kind: string;
      cases: number;
    }[];
    const expected = new Map<string, number>();
    for (const suite of Object.values(results.suites)) expected.set(suite.kind, (expected.get(suite.kind) ?? 0) + suite.cases.length);
    assert.deepEqual(
      kinds.map((k) => [k.kind, k.cases]),
      [...expected].sort(([a], [b]) => a.localeCompare(b)),
    );
    assert.deepEqual([...expected.keys()].sort(), ["conversations", "function-calls", "judged", "prompt-yml", "sgi"]);

    // Suite metrics as results.json has them.
    for (const [name, suite] of Object.entries(results.suites)) {
      for (const [metric, value] of Object.entries(suite.metrics)) {
        const row = read.prepare("SELECT value, n, gated FROM suite_metrics WHERE suite = ? AND metric = ?").get(name, metric) as {
          value: number | null;
          n: number;
          gated: number;
        };
        assert.equal(row.value, value.value, `${name}/${metric}`);
        assert.equal(row.gated, value.gated ? 1 : 0);
      }
    }
    // A per-case metric, and a case's error, queried back.
    const judged = Object.entries(results.suites).find(([, s]) => s.kind === "judged")!;
    const scores = read.prepare("SELECT AVG(value) AS mean FROM case_metrics WHERE suite = ? AND metric = 'score'").get(judged[0]) as {
      mean: number;
    };
    const scored = judged[1].cases.filter((c) => typeof c.metrics["score"] === "number");
    assert.ok(Math.abs(scores.mean - scored.reduce((sum, c) => sum + c.metrics["score"]!, 0) / scored.length) < 1e-9);
    const errors = read.prepare("SELECT COUNT(*) AS n FROM cases WHERE status = 'error'").get() as { n: number };
    assert.equal(
      errors.n,
      Object.values(results.suites).reduce((sum, s) => sum + s.counts.errors, 0),
    );

    // FlexEval's tables for the conversations suite.
    const conversations = Object.values(results.suites).find((s) => s.kind === "conversations")!;
    assert.equal((read.prepare("SELECT COUNT(*) AS n FROM thread").get() as { n: number }).n, conversations.cases.length);
    const graded = read
      .prepare(
        "SELECT COUNT(*) AS n FROM metric JOIN turn ON turn.id = metric.turn_id WHERE evaluation_type = 'rubric' AND skipped = 0 AND turn.role = 'assistant' AND rubric_completion IS NOT NULL",
      )
      .get() as { n: number };
    assert.ok(graded.n > 0);
    const run = (read.prepare("SELECT id, verdict FROM runs").all() as { id: string; verdict: string }[]).map((r) => ({ ...r }));
    assert.deepEqual(run, [{ id: results.run.id, verdict: (results.verdict as { verdict: string }).verdict }]);
  } finally {
    read.close();
  }

  // Writing the same run again replaces it rather than adding a second copy.
  const before = new DatabaseSync(db);
  const count = (before.prepare("SELECT COUNT(*) AS n FROM metric").get() as { n: number }).n;
  before.close();
  await writeSqliteResults(db, results);
  const again = new DatabaseSync(db);
  try {
    assert.equal((again.prepare("SELECT COUNT(*) AS n FROM metric").get() as { n: number }).n, count);
    assert.equal((again.prepare("SELECT COUNT(*) AS n FROM runs").get() as { n: number }).n, 1);
  } finally {
    again.close();
  }
});

test("--sqlite: a file written before the schema version gets the new tables and keeps its runs; a newer one is refused (exit 2)", async () => {
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-sqlite-schema-"));
  const older = path.join(dir, "older.db");
  // A file as evalgate wrote it before `meta`: the run tables only, one run in them.
  const seed = new DatabaseSync(older);
  seed.exec(
    "CREATE TABLE runs (id TEXT PRIMARY KEY, started_at TEXT, finished_at TEXT, duration_ms REAL, commit_sha TEXT, branch TEXT, event TEXT, evalgate_version TEXT, config_hash TEXT, requests INTEGER, cache_hits INTEGER, cost_usd REAL, verdict TEXT, partial TEXT); INSERT INTO runs (id, verdict) VALUES ('an-old-run', 'pass');",
  );
  seed.close();
  const result = await runCli(["demo", "-q", "--no-cache", "-o", path.join(dir, "results.json"), "--sqlite", older], { cwd: repoRoot });
  assert.ok(result.code === 0 || result.code === 1, result.stderr + result.stdout);
  const read = new DatabaseSync(older, { readOnly: true });
  try {
    assert.deepEqual({ ...(read.prepare("SELECT value FROM meta WHERE key = 'schema_version'").get() as object) }, { value: "6" });
    assert.ok(read.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'case_checks'").get(), "the checks' table too");
    assert.ok(read.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'case_steps'").get(), "and the agents' steps");
    assert.equal((read.prepare("SELECT COUNT(*) AS n FROM runs").get() as { n: number }).n, 2, "the old run stays");
    assert.ok((read.prepare("SELECT COUNT(*) AS n FROM gate_cases").get() as { n: number }).n > 0);
  } finally {
    read.close();
  }

  const newer = path.join(dir, "newer.db");
  const future = new DatabaseSync(newer);
  future.exec("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT); INSERT INTO meta VALUES ('schema_version', '99');");
  future.close();
  const refused = await runCli(["demo", "-q", "--no-cache", "-o", path.join(dir, "r2.json"), "--sqlite", newer], { cwd: repoRoot });
  assert.equal(refused.code, 2, refused.stderr + refused.stdout);
  assert.match(refused.stderr, /newer\.db: --sqlite: has schema version 99, newer than this evalgate's 6/);
  assert.doesNotMatch(refused.stderr, /\n\s+at /, "no stack trace");
  const untouched = new DatabaseSync(newer, { readOnly: true });
  try {
    assert.deepEqual(
      (untouched.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((t) => t.name),
      ["meta"],
    );
  } finally {
    untouched.close();
  }
});
