// Each case's state in gate_cases, against a real baseline run: a judged suite on a scripted server
// run twice, with one answer better, one worse, one case's criteria edited, one case dropped, one
// added and one as before. The states are the ones the gate's case changes name.
import assert from "node:assert/strict";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { test } from "node:test";
import { isJudgeRequest, questionOf, runCli, writeSuite } from "../engine/helpers.ts";
import { chatCompletion, startScriptedServer } from "../servers/scripted.ts";

const prompts = (rows: [number, string][]) =>
  `prompt,judge_prompt\n${rows.map(([n, criteria]) => `"Question ${n}: what is ${n} + 1?","${criteria}"`).join("\n")}\n`;

test("gate_cases: regressed, improved, changed, unchanged, new and disappeared cases, each with its scores and reason", async () => {
  // Before: odd questions score 1 of 3 (0.333), even ones 3 (1). After: question 1 scores 3, question 2 scores 1.
  let after = false;
  const server = await startScriptedServer((request) => {
    const n = Number(questionOf(request.body).split(" ")[1]);
    if (!isJudgeRequest(request.body)) return { body: chatCompletion(`Answer to Question ${n}`) };
    const good = after && n <= 2 ? n === 1 : n % 2 === 0;
    return { body: chatCompletion(`Judged.\nSCORE: ${good ? 3 : 1}`) };
  });
  try {
    const { dir, config } = await writeSuite(server.url, 5);
    const csv = path.join(dir, "prompts.csv");
    await writeFile(csv, prompts([1, 2, 3, 4, 5].map((n) => [n, `The answer is ${n + 1}.`])));
    const base = await runCli(["run", "-c", config, "-q", "--no-cache", "-o", "base.json"], { cwd: dir });
    assert.ok(base.code === 0 || base.code === 1, base.stderr + base.stdout);
    after = true;
    // Question 3's criteria edited, question 4 dropped, question 6 added.
    await writeFile(
      csv,
      prompts([
        [1, "The answer is 2."],
        [2, "The answer is 3."],
        [3, "The answer is 4, said plainly."],
        [5, "The answer is 6."],
        [6, "The answer is 7."],
      ]),
    );
    const head = await runCli(["run", "-c", config, "-q", "--no-cache", "--baseline", "base.json", "--sqlite", "r.db"], { cwd: dir });
    assert.ok(head.code === 0 || head.code === 1, head.stderr + head.stdout);

    const db = new DatabaseSync(path.join(dir, "r.db"), { readOnly: true });
    try {
      const rows = db.prepare("SELECT title, state, baseline_score, score, change, reason FROM gate_cases ORDER BY title").all() as {
        title: string;
        state: string;
        baseline_score: number | null;
        score: number | null;
        change: number | null;
        reason: string;
      }[];
      const byQuestion = new Map(rows.map((row) => [Number(/Question (\d+)/.exec(row.title)?.[1]), row]));
      assert.deepEqual(
        [1, 2, 3, 4, 5, 6].map((n) => byQuestion.get(n)?.state),
        ["improved", "regressed", "changed", "disappeared", "unchanged", "new"],
        JSON.stringify(rows, null, 1),
      );
      const improved = byQuestion.get(1)!;
      assert.deepEqual([improved.baseline_score, improved.score], [1 / 3, 1]);
      assert.match(improved.reason, /^main score 0\.333 → 1: higher than the baseline$/);
      const regressed = byQuestion.get(2)!;
      assert.deepEqual([regressed.baseline_score, regressed.score, regressed.change], [1, 1 / 3, 1 / 3 - 1]);
      assert.match(regressed.reason, /^main score 1 → 0\.333: lower than the baseline/);
      assert.match(byQuestion.get(3)!.reason, /inputs or expectations changed since the baseline/);
      assert.deepEqual([byQuestion.get(4)!.baseline_score, byQuestion.get(4)!.score], [1, null]);
      assert.equal(byQuestion.get(4)!.reason, "in the baseline, not in this run");
      assert.deepEqual([byQuestion.get(5)!.baseline_score, byQuestion.get(5)!.score, byQuestion.get(5)!.change], [1 / 3, 1 / 3, 0]);
      assert.deepEqual([byQuestion.get(6)!.baseline_score, byQuestion.get(6)!.reason], [null, "not in the baseline"]);
    } finally {
      db.close();
    }
  } finally {
    await server.close();
  }
});
