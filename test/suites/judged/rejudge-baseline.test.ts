// --rejudge-baseline: the baseline's stored answers go to the current judge (no agent call), so a
// stricter new judge is compared with itself, not with the lenient judge that graded the baseline.
// The real CLI against a scripted OpenAI-compatible server on 127.0.0.1.
import assert from "node:assert/strict";
import { copyFile, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { test } from "node:test";
import { questionOf, runCli, writeSuite } from "../../engine/helpers.ts";
import { chatCompletion, startScriptedServer } from "../../servers/scripted.ts";

test("an unchanged agent and a stricter new judge: --rejudge-baseline passes, asking the agent 20 times and the judge 2 × 20 × 3", async () => {
  // The old judge gives 3 of 3, the strict one 2 of 3, to every answer.
  const server = await startScriptedServer((request) => {
    const model = (request.body as { model: string }).model;
    if (model === "agent-model") return { body: chatCompletion(`Answer to ${questionOf(request.body)}`) };
    return { body: chatCompletion(`Reasons.\nSCORE: ${model === "strict-judge" ? 2 : 3}`) };
  });
  const count = (from: number, model: string) =>
    server.requests.slice(from).filter((r) => (r.body as { model: string }).model === model).length;
  try {
    const { dir, config } = await writeSuite(server.url, 20);
    await writeFile(config, (await readFile(config, "utf8")).replace("judge-runs: 1", "judge-runs: 3"));
    const first = await runCli(["run", "-c", config, "--quiet"], { cwd: dir });
    assert.equal(first.code, 0, first.stderr);
    const baseline = path.join(dir, "baseline.json");
    await copyFile(path.join(dir, "out", "results.json"), baseline);
    await writeFile(config, (await readFile(config, "utf8")).replace("model: judge-model,", "model: strict-judge,"));

    const from = server.requests.length;
    const md = path.join(dir, "comment.md");
    const rejudged = await runCli(["run", "-c", config, "--baseline", baseline, "--rejudge-baseline", "--markdown", md], { cwd: dir });
    assert.equal(rejudged.code, 0, rejudged.stdout + rejudged.stderr);
    assert.equal(count(from, "agent-model"), 20);
    assert.equal(count(from, "strict-judge"), 2 * 20 * 3);
    assert.equal(count(from, "judge-model"), 0);
    const comment = await readFile(md, "utf8");
    assert.match(comment, /the baseline's 20 stored answers were re-judged by the current judge \(judge calls only, no agent calls\)/);
    assert.doesNotMatch(comment, /the judge changed since the baseline/);
    // The re-judging's requests are the run's: in results.json and in the comment's cost line.
    const results = JSON.parse(await readFile(path.join(dir, "out", "results.json"), "utf8"));
    assert.equal(results.run.requests, 20 + 20 * 3 + 20 * 3);
    assert.deepEqual(results.run.rejudged, { suites: ["qa"], answers: 20, requests: 60, costUsd: null, unpricedCases: 20 });
    assert.match(comment, /140 requests \(60 re-judging 20 baseline answers\)/);

    // Against the lenient judge's scores the strict judge reads as a drop from 1 to 2/3: the gate fails.
    const mixed = await runCli(["run", "-c", config, "--baseline", baseline], { cwd: dir });
    assert.equal(mixed.code, 1, mixed.stdout);
    assert.match(mixed.stdout, /the judge changed since the baseline \(model judge-model → strict-judge/);
  } finally {
    await server.close();
  }
});

test("a baseline without stored answers cannot be re-judged, and the verdict says so", async () => {
  const server = await startScriptedServer((request) => {
    const model = (request.body as { model: string }).model;
    return { body: chatCompletion(model === "agent-model" ? `Answer to ${questionOf(request.body)}` : "Ok.\nSCORE: 3") };
  });
  try {
    const { dir, config } = await writeSuite(server.url, 3);
    assert.equal((await runCli(["run", "-c", config, "--quiet"], { cwd: dir })).code, 0);
    // As a store that keeps no case details writes it.
    const full = JSON.parse(await readFile(path.join(dir, "out", "results.json"), "utf8"));
    for (const c of full.suites.qa.cases) delete c.details;
    const baseline = path.join(dir, "baseline.json");
    await writeFile(baseline, JSON.stringify(full));
    const result = await runCli(["run", "-c", config, "--baseline", baseline, "--rejudge-baseline"], { cwd: dir });
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /qa: rejudge-baseline: the baseline holds no answers to re-judge/);
  } finally {
    await server.close();
  }
});

test("a judge that stops answering while re-judging the baseline is an infrastructure error (exit 3), never a verdict", async () => {
  // The new judge grades this run's 5 answers, then refuses the key (401): the re-judging cannot finish.
  let strictCalls = 0;
  const server = await startScriptedServer((request) => {
    const model = (request.body as { model: string }).model;
    if (model === "agent-model") return { body: chatCompletion(`Answer to ${questionOf(request.body)}`) };
    if (model === "strict-judge" && ++strictCalls > 5) return { status: 401, body: { error: { message: "key revoked" } } };
    return { body: chatCompletion("Reasons.\nSCORE: 3") };
  });
  try {
    const { dir, config } = await writeSuite(server.url, 5);
    assert.equal((await runCli(["run", "-c", config, "--quiet"], { cwd: dir })).code, 0);
    const baseline = path.join(dir, "baseline.json");
    await copyFile(path.join(dir, "out", "results.json"), baseline);
    await writeFile(config, (await readFile(config, "utf8")).replace("model: judge-model,", "model: strict-judge,"));
    const result = await runCli(["run", "-c", config, "--baseline", baseline, "--rejudge-baseline", "--no-cache"], { cwd: dir });
    assert.equal(result.code, 3, result.stdout + result.stderr);
    assert.match(result.stdout, /could not decide: rejudge-baseline: model "judge" stopped/);
    const results = JSON.parse(await readFile(path.join(dir, "out", "results.json"), "utf8"));
    assert.match(results.run.errors.join("\n"), /rejudge-baseline: model "judge" stopped/);
  } finally {
    await server.close();
  }
});

test("re-judging stays within the run's budget: what is left after the run's cases; reached, it is exit 3 and says the baseline was not wholly re-judged", async () => {
  const usage = { prompt: 1000, completion: 100 }; // $0.0011 per call at $1 per million tokens
  const server = await startScriptedServer((request) => {
    const model = (request.body as { model: string }).model;
    if (model === "agent-model") return { body: chatCompletion(`Answer to ${questionOf(request.body)}`, { usage }) };
    return { body: chatCompletion(`Reasons.\nSCORE: ${model === "strict-judge" ? 2 : 3}`, { usage }) };
  });
  try {
    const { dir, config } = await writeSuite(server.url, 20);
    const priced = (await readFile(config, "utf8"))
      .replace("judge-runs: 1", "judge-runs: 3")
      .replaceAll("max-retries: 1 }", "max-retries: 1, price: { input-per-million: 1, output-per-million: 1 } }");
    await writeFile(config, priced);
    const first = await runCli(["run", "-c", config, "--quiet"], { cwd: dir });
    assert.equal(first.code, 0, first.stderr);
    const baseline = path.join(dir, "baseline.json");
    await copyFile(path.join(dir, "out", "results.json"), baseline);
    const runCost = JSON.parse(await readFile(baseline, "utf8")).run.costUsd as number;
    assert.ok(Math.abs(runCost - 80 * 0.0011) < 1e-9, `the run's 80 calls cost ${runCost}`);
    await writeFile(config, priced.replace("model: judge-model,", "model: strict-judge,"));

    // Enough for the run's 80 calls and about 9 more; re-judging needs 60.
    const from = server.requests.length;
    const budget = String(runCost + 0.01);
    const result = await runCli(["run", "-c", config, "--baseline", baseline, "--rejudge-baseline", "--budget-usd", budget], { cwd: dir });
    assert.equal(result.code, 3, result.stdout + result.stderr);
    assert.match(result.stdout + result.stderr, /rejudge-baseline: budget reached.*the baseline was not wholly re-judged/);
    const rejudgeCalls = server.requests.slice(from).filter((r) => (r.body as { model: string }).model === "strict-judge").length - 60;
    assert.ok(rejudgeCalls > 0 && rejudgeCalls < 60, `${rejudgeCalls} re-judge calls within the budget`);
    const results = JSON.parse(await readFile(path.join(dir, "out", "results.json"), "utf8"));
    // What was in flight when the budget was reached finishes (concurrency 4), as in the run itself.
    assert.ok(results.run.limits.spentUsd <= runCost + 0.01 + 4 * 0.0011 + 1e-9, `spent ${results.run.limits.spentUsd}`);
    assert.ok(results.run.limits.spentUsd > runCost, "the re-judging's spend is the run's");
  } finally {
    await server.close();
  }
});
