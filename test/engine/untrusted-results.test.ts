// A results file is data from the run that wrote it (in the fork pattern, an untrusted run): through the
// real CLI, `compare` and `merge` take suites, metrics, direction, gated and thresholds from the config,
// and a file that contradicts itself or lacks a configured suite is bad input (exit 2), never a pass.
import assert from "node:assert/strict";
import { copyFile, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { test } from "node:test";
import type { GateVerdict } from "../../src/gate/types.ts";
import type { Results } from "../../src/results/types.ts";
import { chatCompletion, startScriptedServer } from "../servers/scripted.ts";
import { isJudgeRequest, runCli, writeSuite } from "./helpers.ts";

/** The judge gives 3 to every answer while `good`, then 0 to five of six: a 83% drop. */
async function startServer(state: { good: boolean }) {
  return startScriptedServer((request) => {
    if (!isJudgeRequest(request.body)) return { body: chatCompletion("An answer") };
    const text = (request.body as { messages: { content: string }[] }).messages.map((m) => m.content).join("\n");
    return { body: chatCompletion(`SCORE: ${state.good || text.includes("Question 1:") ? 3 : 0}`) };
  });
}

async function baseAndHead(): Promise<{ dir: string; config: string; close: () => Promise<void> }> {
  const state = { good: true };
  const server = await startServer(state);
  try {
    const { dir, config } = await writeSuite(server.url, 6);
    assert.equal((await runCli(["run", "-c", config, "--quiet", "--no-cache", "-o", "base.json"], { cwd: dir })).code, 0);
    state.good = false;
    const head = await runCli(["run", "-c", config, "--quiet", "--no-cache", "-o", "head.json", "--baseline", "base.json"], { cwd: dir });
    assert.equal(head.code, 1, head.stdout + head.stderr);
    return { dir, config, close: () => server.close() };
  } catch (error) {
    await server.close();
    throw error;
  }
}

async function edit(file: string, change: (results: Results) => void): Promise<void> {
  const results = JSON.parse(await readFile(file, "utf8")) as Results;
  change(results);
  await writeFile(file, JSON.stringify(results));
}

test("compare: a head file that calls its own metrics `direction: lower` or `gated: false`, or names a lenient branch, still fails its drop", async () => {
  const { dir, config, close } = await baseAndHead();
  try {
    const lenient = 'gate:\n  min-score: 0.5\n  profiles:\n    "experiments/**": { min-score: 0, max-drop: 1 }';
    await writeFile(config, (await readFile(config, "utf8")).replace("gate: { min-score: 0.5 }", lenient));
    await edit(path.join(dir, "head.json"), (results) => {
      for (const metric of Object.values(results.suites.qa!.metrics)) Object.assign(metric, { direction: "lower", gated: false });
      results.run.branch = "experiments/anything"; // the profile is the baseline's branch's (or --branch), not the head's
    });
    const compared = await runCli(["compare", "-c", config, "--json", "base.json", "head.json"], { cwd: dir });
    assert.equal(compared.code, 1, compared.stdout + compared.stderr);
    const verdict = JSON.parse(compared.stdout) as GateVerdict;
    const score = verdict.suites[0]!.rows.find((row) => row.metric === "score")!;
    assert.deepEqual([score.direction, score.gated, score.status], ["higher", true, "fail"]);
    // The lenient profile is real: asked for by --branch, it passes the same files.
    const asked = await runCli(["compare", "-c", config, "--branch", "experiments/x", "base.json", "head.json"], { cwd: dir });
    assert.equal(asked.code, 0, asked.stdout + asked.stderr);
  } finally {
    await close();
  }
});

test("compare: a head file whose aggregates contradict its cases, that drops cases, or lacks a suite is bad input (exit 2)", async () => {
  const { dir, config, close } = await baseAndHead();
  try {
    const compare = () => runCli(["compare", "-c", config, "base.json", "head.json"], { cwd: dir });
    const pristine = await readFile(path.join(dir, "head.json"), "utf8");
    const base = JSON.parse(await readFile(path.join(dir, "base.json"), "utf8")) as Results;

    await edit(path.join(dir, "head.json"), (results) => {
      results.suites.qa!.metrics = base.suites.qa!.metrics; // the baseline's numbers over the new cases
    });
    let out = await compare();
    assert.equal(out.code, 2, out.stdout + out.stderr);
    assert.match(out.stderr, /head\.json: suites\.qa\.metrics\.score: says 1 \(n = 6\) but its cases give 0\.166667 \(n = 6\)/);

    await writeFile(path.join(dir, "head.json"), pristine);
    await edit(path.join(dir, "head.json"), (results) => {
      results.suites.qa!.cases = results.suites.qa!.cases.filter((c) => c.metrics.score! > 0.5);
    });
    out = await compare();
    assert.equal(out.code, 2, out.stdout + out.stderr);
    assert.match(out.stderr, /head\.json: suites\.qa\.counts: claims 6 cases but holds 1/);

    await writeFile(path.join(dir, "head.json"), pristine);
    await edit(path.join(dir, "head.json"), (results) => {
      results.suites = {};
    });
    out = await compare();
    assert.equal(out.code, 2, out.stdout + out.stderr);
    assert.match(out.stderr, /head\.json: suites\.qa: missing: the config has this suite/);

    // The untouched file is gated as the run gated it.
    await writeFile(path.join(dir, "head.json"), pristine);
    assert.equal((await compare()).code, 1);
  } finally {
    await close();
  }
});

test("merge: a shard whose counts contradict its cases is bad input (exit 2); its own metric rules are never used", async () => {
  const { dir, config, close } = await baseAndHead();
  try {
    await copyFile(path.join(dir, "head.json"), path.join(dir, "shard.json"));
    await edit(path.join(dir, "shard.json"), (results) => {
      for (const metric of Object.values(results.suites.qa!.metrics)) Object.assign(metric, { direction: "lower", gated: false });
    });
    const merged = await runCli(["merge", "-c", config, "-o", "merged.json", "shard.json"], { cwd: dir });
    assert.equal(merged.code, 0, merged.stderr);
    const metrics = (JSON.parse(await readFile(path.join(dir, "merged.json"), "utf8")) as Results).suites.qa!.metrics;
    assert.deepEqual([metrics.score!.direction, metrics.score!.gated], ["higher", true]);

    await edit(path.join(dir, "shard.json"), (results) => {
      results.suites.qa!.counts.scored = 6;
      results.suites.qa!.cases[0]!.status = "error";
    });
    const bad = await runCli(["merge", "-c", config, "-o", "merged.json", "shard.json"], { cwd: dir });
    assert.equal(bad.code, 2, bad.stderr);
    assert.match(bad.stderr, /shard\.json: suites\.qa\.counts: claims 6 scored and 0 errors but its cases hold 5 and 1/);
  } finally {
    await close();
  }
});
