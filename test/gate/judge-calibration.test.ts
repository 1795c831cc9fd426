// Judges checked against people (issue 41), through the real CLI: a judged CSV whose 40 rows carry a
// human_score (0-3). A scripted judge that agrees with the labels (κ 1 on the baseline, 0.875 on the
// head) gates: the planted drop fails. One that disagrees (κ −0.75) scores the same drop, but its
// metrics are reported, not gated, and every report says the judge is uncalibrated.
import assert from "node:assert/strict";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { test } from "node:test";
import { judgeChangeNotes } from "../../src/gate/judge-change.ts";
import { questionOf, runCli, writeSuite } from "../engine/helpers.ts";
import { documentedQueries } from "../report/sqlite-docs.ts";
import { chatCompletion, startScriptedServer } from "../servers/scripted.ts";
import { metric, results, suite } from "./fixtures.ts";

const ROWS = 40;
/** Row n's human score: 0, 1, 2, 3, 0, … */
const labelOf = (question: string) => (Number(question.replace(/\D/g, "")) - 1) % 4;

/**
 * The agent answers well, or (regressed) badly on the rows people scored 3. The judge scores a good
 * answer by `judgeOf(label)` and a bad one a point lower; agreeing: the label; disagreeing: (label + 2) mod 4.
 */
async function labelledRuns(judgeOf: (label: number) => number, body: (dir: string, args: string[]) => Promise<void>) {
  let regressed = false;
  const server = await startScriptedServer((request) => {
    const { model, messages } = request.body as { model: string; messages: { content: string }[] };
    const label = labelOf(questionOf(request.body));
    if (model !== "judge-model") return { body: chatCompletion(regressed && label === 3 ? "A bad answer" : "A good answer") };
    const bad = messages.some((message) => message.content.includes("A bad answer"));
    return { body: chatCompletion(`SCORE: ${Math.max(0, judgeOf(label) - (bad ? 1 : 0))}`) };
  });
  try {
    const { dir, config } = await writeSuite(server.url, ROWS);
    const rows = Array.from({ length: ROWS }, (_, i) => `"Question ${i + 1}: what is ${i + 1} + 1?","The answer is ${i + 2}.",${i % 4}`);
    await writeFile(path.join(dir, "prompts.csv"), `prompt,judge_prompt,human_score\n${rows.join("\n")}\n`);
    const gate = "gate: { min-score: 0, judge-calibration: { min-kappa: 0.6, min-labels: 20 } }";
    await writeFile(config, (await readFile(config, "utf8")).replace("gate: { min-score: 0.5 }", gate));
    const base = await runCli(["run", "-c", config, "--quiet", "--no-cache", "-o", "base.json"], { cwd: dir });
    assert.ok(base.code === 0 || base.code === 1, base.stdout + base.stderr);
    regressed = true;
    await body(dir, [
      "run",
      "-c",
      config,
      "--no-cache",
      "--baseline",
      "base.json",
      "-o",
      "head.json",
      "--markdown",
      "m.md",
      "--html",
      "r.html",
    ]);
  } finally {
    await server.close();
  }
}

test("a judge that agrees with 40 human labels (κ ≥ 0.8) gates: the drop fails, and its agreement is in every report", async () => {
  await labelledRuns(
    (label) => label,
    async (dir, args) => {
      const run = await runCli(args, { cwd: dir });
      assert.equal(run.code, 1, run.stdout + run.stderr);
      const results = JSON.parse(await readFile(path.join(dir, "head.json"), "utf8"));
      const calibration = results.suites.qa.judge.calibration;
      assert.equal(calibration.n, 40);
      assert.equal(calibration.kappa, 0.875, "scikit-learn's cohen_kappa_score(weights='quadratic') on these 40 pairs");
      assert.equal(calibration.exact, 0.75);
      assert.ok(calibration.ciLow <= 0.875 && calibration.ciHigh >= 0.875);
      const score = results.verdict.suites[0].rows.find((row: { metric: string }) => row.metric === "score");
      assert.equal(score.status, "fail");
      assert.match(score.reason, /dropped 16\.7%/);
      const line =
        /qa: the judge judge is calibrated against people: weighted κ 0\.88 \(95% CI [\d.]+–[\d.]+\), exact agreement 75%, n = 40: its metrics gate/;
      assert.match(run.stdout, line);
      assert.match(await readFile(path.join(dir, "m.md"), "utf8"), line);
      assert.match(await readFile(path.join(dir, "r.html"), "utf8"), line);
    },
  );
});

test("a judge that disagrees with the labels (κ ≤ 0.3): the same drop is reported, not gated, and the comment says it is uncalibrated", async () => {
  await labelledRuns(
    (label) => (label + 2) % 4,
    async (dir, args) => {
      const run = await runCli([...args, "--sqlite", "r.db"], { cwd: dir });
      assert.equal(run.code, 0, run.stdout + run.stderr);
      const db = new DatabaseSync(path.join(dir, "r.db"), { readOnly: true });
      try {
        const sql = (await documentedQueries()).get("Judges and people")!;
        const [judge] = db.prepare(sql).all() as Record<string, unknown>[];
        assert.deepEqual(
          { ...judge, kappa_ci_low: typeof judge!.kappa_ci_low, kappa_ci_high: typeof judge!.kappa_ci_high },
          {
            suite: "qa",
            judge: "judge",
            model: "judge-model",
            labels: 40,
            exact_agreement: 0,
            kappa: -0.75,
            kappa_ci_low: "number",
            kappa_ci_high: "number",
            gated: 0,
            held_reason: "the judge judge is uncalibrated (κ -0.75, under min-kappa 0.6)",
          },
        );
      } finally {
        db.close();
      }
      const results = JSON.parse(await readFile(path.join(dir, "head.json"), "utf8"));
      assert.equal(results.suites.qa.judge.calibration.kappa, -0.75);
      const score = results.verdict.suites[0].rows.find((row: { metric: string }) => row.metric === "score");
      assert.equal(score.gated, false);
      assert.equal(score.failing, false);
      assert.ok(score.delta < 0, "the drop is still measured and shown");
      assert.match(score.reason, /^reported, not gated: the judge judge is uncalibrated \(κ -0\.75, under min-kappa 0\.6\)/);
      const line =
        /qa: the judge judge is uncalibrated \(κ -0\.75, under min-kappa 0\.6\): weighted κ -0\.75 .*n = 40: its metrics are reported, not gated/;
      assert.match(run.stdout, line);
      const markdown = await readFile(path.join(dir, "m.md"), "utf8");
      assert.match(markdown, line);
      assert.match(markdown, /\| score +\| +0\.500 \| +0\.417 <sub>n=40<\/sub> \| [^|]+\| · reported/);
    },
  );
});

test("a changed judge is re-measured against the labels: the judge-change note gives κ before and now", () => {
  const identity = (promptHash: string, kappa: number) => ({
    name: "judge",
    model: "judge-model",
    promptHash,
    scale: "0-3",
    runs: 1,
    calibration: { n: 40, exact: 0.5, kappa, ciLow: kappa - 0.1, ciHigh: kappa + 0.1, weights: "quadratic" as const },
  });
  const run = (promptHash: string, kappa: number) =>
    results({ qa: suite({ score: metric(0.5, { n: 40 }) }, [], { kind: "judged", judge: identity(promptHash, kappa) }) });
  const notes = judgeChangeNotes(run("b", 0.875), run("a", -0.75));
  assert.deepEqual(notes, [
    "qa: the judge changed since the baseline (judge prompt or rubric (hash a → b)): score changes may be the judge's, not the system's; its agreement with people, re-measured on 40 labelled answers: κ -0.75 → 0.88",
  ]);
});
