// Repeats and history through the real CLI against a scripted OpenAI-compatible server (issue 34):
// every repeat is a fresh request to the agent and to the judge, even with a warm cache; pass^k and
// pass@k reach results.json, the comment and the HTML report; a case that flip-flopped over five
// baselines is flaky, listed, and with gate.flaky.mode: exclude left out of a comparison it failed.
import assert from "node:assert/strict";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { test } from "node:test";
import type { Results } from "../../src/results/types.ts";
import { chatCompletion, startScriptedServer } from "../servers/scripted.ts";
import { isJudgeRequest, questionOf, runCli, writeSuite } from "./helpers.ts";

const readResults = async (file: string) => JSON.parse(await readFile(file, "utf8")) as Results;

/**
 * The agent answers each question the same way every time (so its answer, and the judge's request,
 * would be a cache hit); the judge scores Question 1 by `judgeOne` (called per judge request) and
 * every other question 3 of 3.
 */
async function startServer(judgeOne: () => number) {
  return startScriptedServer((request) => {
    const question = questionOf(request.body);
    if (!isJudgeRequest(request.body)) return { body: chatCompletion(`Answer to ${question}`) };
    return { body: chatCompletion(`Checked.\nSCORE: ${question === "Question 1" ? judgeOne() : 3}`) };
  });
}

test("--repeat 3: three fresh requests per case to the agent and the judge, even with a warm cache; pass^3 and pass@3 in every report", async () => {
  let judged = 0;
  // Question 1 passes on the 1st, 4th, 7th … judge call of it: one of its three repeats passes.
  const server = await startServer(() => (judged++ % 3 === 0 ? 3 : 0));
  try {
    const { dir, config } = await writeSuite(server.url, 4);
    // The agent's answers are cacheable too, so only the repeats' own rule keeps them from the cache.
    const text = await readFile(config, "utf8");
    await writeFile(config, text.replace("model: agent-model,", "model: agent-model, cache: true,"));
    const warm = await runCli(["run", "-c", config, "--quiet"], { cwd: dir });
    assert.ok(warm.code === 0 || warm.code === 1, warm.stdout + warm.stderr);
    assert.equal(server.requests.length, 8, "4 agent and 4 judge requests warm the cache");

    for (const attempt of [1, 2]) {
      const before = server.requests.length;
      const reports = ["--markdown", `comment-${attempt}.md`, "--html", `report-${attempt}.html`, "-o", `repeat-${attempt}.json`];
      const run = await runCli(["run", "-c", config, "--repeat", "3", ...reports], { cwd: dir });
      assert.ok(run.code === 0 || run.code === 1, run.stdout + run.stderr);
      const sent = server.requests.slice(before);
      const agent = sent.filter((request) => !isJudgeRequest(request.body));
      const judge = sent.filter((request) => isJudgeRequest(request.body));
      assert.equal(agent.length, 12, `run ${attempt}: 4 cases × 3 repeats reach the agent`);
      assert.equal(judge.length, 12, `run ${attempt}: and the judge, though each repeat's request is the same as the cached one`);
      for (const n of [1, 2, 3, 4]) {
        assert.equal(agent.filter((request) => questionOf(request.body) === `Question ${n}`).length, 3);
        assert.equal(judge.filter((request) => questionOf(request.body) === `Question ${n}`).length, 3);
      }

      const results = await readResults(path.join(dir, `repeat-${attempt}.json`));
      const suite = results.suites.qa!;
      assert.deepEqual(suite.repeats, { count: 3, fresh: true });
      assert.equal(suite.cache?.hits ?? 0, 0, "no answer of this run came from the cache");
      assert.equal(results.run.selection.repeat, 3);
      assert.equal(suite.metrics["pass^3"]!.value, 3 / 4, "Question 1 passed one of its three repeats");
      assert.equal(suite.metrics["pass@3"]!.value, 1);
      assert.equal(suite.metrics["pass^3"]!.gated, true);

      const comment = await readFile(path.join(dir, `comment-${attempt}.md`), "utf8");
      assert.match(comment, /pass\\?\^3 +\| +[^|]*\| +0\.750/);
      assert.match(comment, /pass@(&#8203;)?3 +\|/, "@ is broken up in markdown so it never mentions anyone");
      assert.match(comment, /3 repeats per case, each a fresh request to the system under test and to the judge/);
      const html = await readFile(path.join(dir, `report-${attempt}.html`), "utf8");
      assert.match(html, /<td>pass\^3<\/td>/);
      assert.match(html, /<td>pass@3<\/td>/);
      assert.match(html, /3 repeats per case, each a fresh request/);
      assert.match(run.stdout, /3 repeats per case, each a fresh request/);
    }
  } finally {
    await server.close();
  }
});

test("a case that flip-flopped over 5 baselines is flaky: listed with --history; gate.flaky.mode: exclude turns its failing drop into a pass", async () => {
  let passing = true;
  const server = await startServer(() => (passing ? 3 : 0));
  try {
    const { dir, config } = await writeSuite(server.url, 3);
    // One case of three is a drop the tests cannot tell from noise: failed here, so excluding the flaky case can pass it.
    const strict = "gate: { min-score: 0.5, fail-inside-noise: true }";
    await writeFile(config, (await readFile(config, "utf8")).replace("gate: { min-score: 0.5 }", strict));
    // Five earlier baselines: Question 1 passes, fails, passes, fails, passes.
    await mkdir(path.join(dir, "history"));
    for (const [i, passes] of [true, false, true, false, true].entries()) {
      passing = passes;
      const run = await runCli(["run", "-c", config, "--quiet", "--no-cache", "-o", `baseline-${i + 1}.json`], { cwd: dir });
      assert.ok(run.code === 0 || run.code === 1, run.stdout + run.stderr);
      await rename(path.join(dir, `baseline-${i + 1}.json`), path.join(dir, "history", `baseline-${i + 1}.json`));
    }
    const args = ["--no-cache", "--baseline", "history/baseline-5.json", "--history", "history"];

    // Now Question 1 fails again: a drop from the last baseline, which lists the case as flaky.
    passing = false;
    const reported = await runCli(["run", "-c", config, ...args, "--markdown", "reported.md"], { cwd: dir });
    assert.equal(reported.code, 1, reported.stdout + reported.stderr);
    assert.match(
      reported.stdout,
      /listed only \(gate\.flaky\.mode: report\): 1 flaky case .*qa\/agent\/[0-9a-f]+\/r1 \(4 flips in 5 runs\)/,
    );
    assert.match(await readFile(path.join(dir, "reported.md"), "utf8"), /1 flaky case/);

    const excluding = path.join(dir, "excluding.yml");
    await writeFile(
      excluding,
      (await readFile(config, "utf8")).replace(strict, "gate: { min-score: 0.5, fail-inside-noise: true, flaky: { mode: exclude } }"),
    );
    const excluded = await runCli(["run", "-c", excluding, ...args, "--markdown", "excluded.md", "-o", "excluded.json"], { cwd: dir });
    assert.equal(excluded.code, 0, excluded.stdout + excluded.stderr);
    assert.match(
      excluded.stdout,
      /left out of the compared means and tests \(gate\.flaky\.mode: exclude\): 1 flaky case .*qa\/agent\/[0-9a-f]+\/r1/,
    );
    const comment = await readFile(path.join(dir, "excluded.md"), "utf8");
    assert.match(comment, /gate passed/);
    assert.match(comment, /1 flaky left out \(gate\.flaky: exclude\)/);
    assert.match(comment, /left out of the compared means and tests/);
    const verdict = (await readResults(path.join(dir, "excluded.json"))).verdict as { flaky: { cases: { caseId: string }[] } };
    assert.match(verdict.flaky.cases[0]!.caseId, /^agent\/[0-9a-f]+\/r1$/);
  } finally {
    await server.close();
  }
});
