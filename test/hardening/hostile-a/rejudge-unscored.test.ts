// Re-judging (issue 36): a baseline answer the new judge could not score is not a comparable case.
// The real CLI against a scripted OpenAI-compatible server on 127.0.0.1.
import assert from "node:assert/strict";
import { copyFile, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { test } from "node:test";
import { questionOf, runCli, writeSuite } from "../../engine/helpers.ts";
import { chatCompletion, startScriptedServer } from "../../servers/scripted.ts";

/**
 * The old judge gives 3 of 3 to every answer. The new agent answers "New answer to …", which the
 * strict new judge grades 2 of 3 (a 33 % drop); the baseline's stored answers ("Answer to …") it
 * grades only for the questions `scoredStored` lists, and answers without a score for the others.
 */
async function project(scoredStored: (n: number) => boolean) {
  const server = await startScriptedServer((request) => {
    const model = (request.body as { model: string }).model;
    const question = questionOf(request.body);
    if (model === "agent-model") return { body: chatCompletion(`${newAgent ? "New answer" : "Answer"} to ${question}`) };
    if (model === "judge-model") return { body: chatCompletion("Fine.\nSCORE: 3") };
    const text = JSON.stringify(request.body);
    if (text.includes("New answer")) return { body: chatCompletion("Weaker.\nSCORE: 2") };
    const n = Number(question.split(" ")[1]);
    return { body: chatCompletion(scoredStored(n) ? "Fine.\nSCORE: 3" : "I would rather not grade this one.") };
  });
  let newAgent = false;
  const { dir, config } = await writeSuite(server.url, 6);
  const first = await runCli(["run", "-c", config, "--quiet"], { cwd: dir });
  assert.equal(first.code, 0, first.stderr);
  const baseline = path.join(dir, "baseline.json");
  await copyFile(path.join(dir, "out", "results.json"), baseline);
  await writeFile(config, (await readFile(config, "utf8")).replace("model: judge-model,", "model: strict-judge,"));
  newAgent = true;
  return { server, dir, config, baseline };
}

test("a new judge that scores none of the baseline's stored answers: --rejudge-baseline is exit 3, never a pass against an empty baseline", async () => {
  const { server, dir, config, baseline } = await project(() => false);
  try {
    const md = path.join(dir, "comment.md");
    const result = await runCli(["run", "-c", config, "--baseline", baseline, "--rejudge-baseline", "--markdown", md, "--no-cache"], {
      cwd: dir,
    });
    assert.equal(result.code, 3, result.stdout + result.stderr);
    assert.doesNotMatch(result.stdout, /like with like/);
    assert.match(result.stdout, /could not decide: .*qa.*none of the baseline's 6 stored answers could be re-judged/);
    // Nothing computed is lost: this run's cases are in results.json and the comment.
    const results = JSON.parse(await readFile(path.join(dir, "out", "results.json"), "utf8"));
    assert.equal(results.suites.qa.counts.scored, 6);
    assert.equal(results.suites.qa.metrics.score.value, 2 / 3);
    assert.match(await readFile(md, "utf8"), /none of the baseline's 6 stored answers could be re-judged/);
  } finally {
    await server.close();
  }
});

test("a new judge that scores some of the stored answers: the comparison is partial, on those cases only, and says so", async () => {
  // Questions 1-3 re-judged (3 of 3), 4-6 not: compared on 1-3, the drop from 1 to 2/3 fails.
  const { server, dir, config, baseline } = await project((n) => n <= 3);
  try {
    const result = await runCli(["run", "-c", config, "--baseline", baseline, "--rejudge-baseline", "--no-cache"], { cwd: dir });
    assert.equal(result.code, 1, result.stdout + result.stderr);
    assert.doesNotMatch(result.stdout, /like with like/);
    assert.match(
      result.stdout,
      /qa: 3 of the baseline's 6 stored answers were re-judged by the current judge; 3 could not be scored by it \(first: All judge evaluations failed .*\): compared on the 3 re-judged cases only, a partial comparison/,
    );
    assert.match(
      result.stdout,
      /compared on the 3 of 6 baseline cases this run shares \(3 whose stored answer the current judge could not score\)/,
    );
    // The run's own six answers are all kept and measured; the comparison is on the three re-judged cases.
    const results = JSON.parse(await readFile(path.join(dir, "out", "results.json"), "utf8"));
    assert.equal(results.suites.qa.counts.scored, 6);
    assert.deepEqual(results.run.rejudged, { suites: ["qa"], answers: 6, requests: 6, costUsd: null, unpricedCases: 6 });
    const [verdict] = results.verdict.suites;
    assert.equal(verdict.status, "fail");
    assert.match(verdict.comparedOn, /3 of 6 baseline cases/);
  } finally {
    await server.close();
  }
});
