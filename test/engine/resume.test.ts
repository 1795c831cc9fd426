// --resume reuses a journaled case only when its fingerprints match: the case's inputs and
// expectations, and the config parts that shape its requests (judge, scale, runs, models). The
// summary (console and results.json) says how many were reused and how many re-run.
import assert from "node:assert/strict";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { test } from "node:test";
import type { Results } from "../../src/results/types.ts";
import { isJudgeRequest, questionOf, runCli, startEvalServer, writeSuite } from "./helpers.ts";

const judgeTexts = (requests: { body: unknown }[]) =>
  requests
    .filter((r) => isJudgeRequest(r.body))
    .map((r) => (r.body as { messages: { content: string }[] }).messages.map((m) => m.content).join("\n"));

async function results(dir: string): Promise<Results> {
  return JSON.parse(await readFile(path.join(dir, "out", "results.json"), "utf8")) as Results;
}

test("resume after editing a judge_prompt: the edited cases run again with the new criteria, the others are reused", async () => {
  const server = await startEvalServer();
  try {
    const { dir, config } = await writeSuite(server.url, 6);
    const first = await runCli(["run", "-c", config, "--quiet"], { cwd: dir });
    assert.equal(first.code, 0, first.stderr);

    const csv = path.join(dir, "prompts.csv");
    const edited = (await readFile(csv, "utf8")).replace('"The answer is 3."', '"Exactly 3, with the working shown."');
    await writeFile(csv, edited.replace('"The answer is 5."', '"Exactly 5, with the working shown."'));
    const before = server.requests.length;
    const second = await runCli(["run", "-c", config, "--resume"], { cwd: dir });
    assert.equal(second.code, 0, second.stderr);

    const sent = server.requests.slice(before);
    assert.deepEqual(
      sent
        .filter((r) => !isJudgeRequest(r.body))
        .map((r) => questionOf(r.body))
        .sort(),
      ["Question 2", "Question 4"],
    );
    const judged = judgeTexts(sent);
    assert.equal(judged.length, 2);
    assert.ok(
      judged.every((text) => text.includes("with the working shown")),
      "the judge sees the new criteria",
    );
    const run = (await results(dir)).run;
    assert.equal(run.resumedCases, 4);
    assert.equal(run.rerunCases, 2);
    assert.equal(run.changedCases, 2);
    assert.match(second.stdout, /resumed: 4 cases reused from the journal, 2 re-run \(2 changed since it was written\)/);
  } finally {
    await server.close();
  }
});

test("resume after editing the suite's judge settings re-runs every case; after editing only a gate rule, none", async () => {
  const server = await startEvalServer();
  try {
    const { dir, config } = await writeSuite(server.url, 4);
    assert.equal((await runCli(["run", "-c", config, "--quiet"], { cwd: dir })).code, 0);

    await writeFile(config, (await readFile(config, "utf8")).replace("gate: { min-score: 0.5 }", "gate: { min-score: 0.4 }"));
    let before = server.requests.length;
    const gateOnly = await runCli(["run", "-c", config, "--quiet", "--resume"], { cwd: dir });
    assert.equal(gateOnly.code, 0, gateOnly.stderr);
    assert.equal(server.requests.length, before, "a gate rule shapes no request: every case is reused");
    assert.deepEqual([(await results(dir)).run.resumedCases, (await results(dir)).run.rerunCases], [4, 0]);

    await writeFile(config, (await readFile(config, "utf8")).replace("judge-runs: 1", "judge-runs: 2"));
    before = server.requests.length;
    const judgeRuns = await runCli(["run", "-c", config, "--quiet", "--resume", "--no-cache"], { cwd: dir });
    assert.equal(judgeRuns.code, 0, judgeRuns.stderr);
    assert.equal(judgeTexts(server.requests.slice(before)).length, 8, "4 cases, 2 votes each");
    const run = (await results(dir)).run;
    assert.deepEqual([run.resumedCases, run.rerunCases, run.changedCases], [0, 4, 4]);

    await writeFile(config, (await readFile(config, "utf8")).replace("model: judge-model,", "model: judge-model, temperature: 0.5,"));
    const temperature = await runCli(["run", "-c", config, "--quiet", "--resume", "--no-cache"], { cwd: dir });
    assert.equal(temperature.code, 0, temperature.stderr);
    assert.equal((await results(dir)).run.changedCases, 4, "a model setting that shapes the request re-runs its cases");
  } finally {
    await server.close();
  }
});

test("resume after editing the judge preamble's text re-runs every case: the preamble is the judge's, in no case's fingerprint", async () => {
  const server = await startEvalServer();
  try {
    const { dir, config } = await writeSuite(server.url, 4);
    await writeFile(path.join(dir, "preamble.md"), "Be fair.\n");
    await writeFile(config, (await readFile(config, "utf8")).replace("judge-runs: 1,", "judge-runs: 1, judge-preamble: preamble.md,"));
    assert.equal((await runCli(["run", "-c", config, "--quiet"], { cwd: dir })).code, 0);
    await writeFile(path.join(dir, "preamble.md"), "Be strict.\n");
    const before = server.requests.length;
    const resumed = await runCli(["run", "-c", config, "--quiet", "--resume", "--no-cache"], { cwd: dir });
    assert.equal(resumed.code, 0, resumed.stderr);
    assert.ok(judgeTexts(server.requests.slice(before)).every((text) => text.startsWith("Be strict.")));
    const run = (await results(dir)).run;
    assert.deepEqual([run.resumedCases, run.rerunCases, run.changedCases], [0, 4, 4]);
  } finally {
    await server.close();
  }
});
