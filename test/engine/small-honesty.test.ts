// The smaller ways a number could lie or a bad input could read as an infrastructure error, through
// the real CLI against a scripted OpenAI-compatible server: impossible token counts are unknown
// usage (never a negative cost), a non-finite judge score is an invalid vote (never 1), and a
// backwards --filter range, -o naming a folder or a results file holding a string where a number
// belongs are bad input (exit 2).
import assert from "node:assert/strict";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { test } from "node:test";
import type { Results } from "../../src/results/types.ts";
import { chatCompletion, startScriptedServer } from "../servers/scripted.ts";
import { isJudgeRequest, questionOf, runCli, startEvalServer, writeSuite } from "./helpers.ts";

const readResults = async (file: string) => JSON.parse(await readFile(file, "utf8")) as Results;

test("a provider reporting negative token counts: usage and cost unknown with a warning, never a negative cost", async () => {
  const server = await startScriptedServer((request) => {
    const n = Number(questionOf(request.body).split(" ")[1]);
    if (!isJudgeRequest(request.body)) return { body: chatCompletion(`Answer to Question ${n}`, { usage: { prompt: 10, completion: 5 } }) };
    return { body: chatCompletion("Fine.\nSCORE: 3", { usage: { prompt: -300_000_000_000, completion: 12 } }) };
  });
  try {
    const { dir, config } = await writeSuite(server.url, 2);
    const priced = (await readFile(config, "utf8")).replaceAll(
      "max-retries: 1 }",
      "max-retries: 1, price: { input-per-million: 1, output-per-million: 1 } }",
    );
    await writeFile(config, priced);
    const result = await runCli(["run", "-c", config, "--quiet", "--no-cache", "-o", "results.json"], { cwd: dir });
    assert.equal(result.code, 0, result.stderr + result.stdout);
    const results = await readResults(path.join(dir, "results.json"));
    const suite = results.suites["qa"]!;
    assert.ok(results.run.costUsd === null || results.run.costUsd >= 0, `cost ${results.run.costUsd}`);
    assert.ok(
      suite.cases.every((c) => c.costUsd === null),
      "the judge's cost is unknown, so the case's is",
    );
    assert.equal(suite.unpricedCases, 2);
    assert.ok(
      suite.warnings.includes(
        'model "judge" reported negative or non-finite token counts in 2 answer(s): their usage and cost are unknown',
      ),
      suite.warnings.join("\n"),
    );
  } finally {
    await server.close();
  }
});

test("a judge answering SCORE: 1e400 casts an invalid vote, not a 1", async () => {
  const server = await startScriptedServer((request) =>
    isJudgeRequest(request.body)
      ? { body: chatCompletion("Overwhelmingly good.\nSCORE: 1e400") }
      : { body: chatCompletion(`Answer to ${questionOf(request.body)}`) },
  );
  try {
    const { dir, config } = await writeSuite(server.url, 2);
    const result = await runCli(["run", "-c", config, "--quiet", "--no-cache", "-o", "results.json"], { cwd: dir });
    assert.equal(result.code, 3, "no vote could be read: nothing measured");
    const suite = (await readResults(path.join(dir, "results.json"))).suites["qa"]!;
    assert.equal(suite.counts.scored, 0);
    const details = JSON.stringify(suite.cases.map((c) => c.details));
    assert.match(details, /score 1e400 is not a finite number/);
  } finally {
    await server.close();
  }
});

test("--filter 5-2, -o naming a folder, and a results file with a string metric value are bad input: exit 2, with a clear message", async () => {
  const server = await startEvalServer();
  try {
    const { dir, config } = await writeSuite(server.url, 6);
    const backwards = await runCli(["run", "-c", config, "--quiet", "--filter", "5-2"], { cwd: dir });
    assert.equal(backwards.code, 2, backwards.stderr);
    assert.match(backwards.stderr, /filter: --filter: range 5-2 ends before it starts/);

    await mkdir(path.join(dir, "reports"));
    await writeFile(path.join(dir, "reports", "keep.txt"), "kept\n");
    const folder = await runCli(["run", "-c", config, "--quiet", "-o", "reports"], { cwd: dir });
    assert.equal(folder.code, 2, folder.stderr);
    assert.match(folder.stderr, /reports: is a folder: evalgate writes its output only as a regular file/);
    assert.deepEqual(await readdir(path.join(dir, "reports")), ["keep.txt"]);
    assert.equal(server.requests.length, 0, "refused before anything was sent");

    const good = await runCli(["run", "-c", config, "--quiet", "-o", "base.json"], { cwd: dir });
    assert.equal(good.code, 0, good.stderr);
    const tampered = await readResults(path.join(dir, "base.json"));
    (tampered.suites["qa"]!.metrics["score"] as unknown as { value: unknown }).value = "0.9";
    await writeFile(path.join(dir, "head.json"), JSON.stringify(tampered));
    const compared = await runCli(["compare", "-c", config, "base.json", "head.json"], { cwd: dir });
    assert.equal(compared.code, 2, compared.stderr + compared.stdout);
    assert.match(compared.stderr, /head\.json: suites\.qa\.metrics\.score\.value is the text "0\.9", not a number/);
    const reported = await runCli(["report", "head.json"], { cwd: dir });
    assert.equal(reported.code, 2, reported.stderr + reported.stdout);
  } finally {
    await server.close();
  }
});
