// Comparisons that mean something, through the real CLI: a sampled run is compared on the cases it
// ran, a multi-agent rerun with nothing changed shows no regressed case, and a case whose inputs
// were edited is "changed", not a regression.
import assert from "node:assert/strict";
import { copyFile, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { test } from "node:test";
import { sampleByPosition } from "../../src/engine/select.ts";
import type { GateVerdict } from "../../src/gate/types.ts";
import type { Case, Results } from "../../src/results/types.ts";
import { chatCompletion, startScriptedServer } from "../servers/scripted.ts";
import { isJudgeRequest, questionOf, runCli, writeSuite } from "./helpers.ts";

type GatedResults = Results & { verdict: GateVerdict };

async function readResults(dir: string): Promise<GatedResults> {
  return JSON.parse(await readFile(path.join(dir, "out", "results.json"), "utf8"));
}

/** Agents answer "Answer to Question n" (agent2 "Bad answer…" when told); the judge: 0 for bad answers or "three", else even 3 / odd 1. */
async function startServer(state: { agent2Bad: boolean }) {
  return startScriptedServer((request) => {
    const body = request.body as { model: string; messages: { content: string }[] };
    const question = questionOf(body);
    if (!isJudgeRequest(body)) {
      const bad = body.model === "agent2-model" && state.agent2Bad;
      // Latency differs on every call: per-case timings must never read as score changes.
      return { body: chatCompletion(`${bad ? "Bad answer" : "Answer"} to ${question}`), delayMs: Math.floor(Math.random() * 15) };
    }
    const text = body.messages.map((m) => m.content).join("\n");
    const n = Number(question.split(" ")[1]);
    const score = text.includes("Bad answer") || text.includes("three") ? 0 : n % 2 === 0 ? 3 : 1;
    return { body: chatCompletion(`SCORE: ${score}`) };
  });
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

test("a sample of 5 of 9 is compared with the baseline recomputed over the same 5 cases; its seed is printed", async () => {
  const server = await startServer({ agent2Bad: false });
  try {
    const { dir, config } = await writeSuite(server.url, 9);
    await writeFile(config, (await readFile(config, "utf8")).replace("min-score: 0.5", "min-score: 0.7"));
    // The whole suite scores (5 x 1/3 + 4 x 1) / 9 = 0.63 < 0.7: the baseline run itself fails its threshold.
    const full = await runCli(["run", "-c", config, "--quiet"], { cwd: dir });
    assert.equal(full.code, 1, full.stdout + full.stderr);
    await copyFile(path.join(dir, "out", "results.json"), path.join(dir, "base.json"));
    const base = await readResults(dir);

    // A seed whose sample of 5 prompts is as weak as the baseline on them (at most two even questions).
    const positions: Case[] = Array.from({ length: 9 }, (_, i) => ({
      id: `${i + 1}`,
      title: "",
      source: { file: "" },
      position: i + 1,
      input: {},
    }));
    const seed = [...Array(100).keys()].find((s) => sampleByPosition(positions, 5, s).filter((c) => c.position! % 2 === 0).length <= 2)!;
    const sampled = await runCli(["run", "-c", config, "--quiet", "--sample", "5", "--seed", String(seed), "--baseline", "base.json"], {
      cwd: dir,
    });
    const results = await readResults(dir);
    const suite = results.verdict.suites[0]!;
    assert.equal(results.suites.qa!.cases.length, 5);
    assert.match(results.run.partial!.join(";"), new RegExp(`a sample of 5 per suite, seed ${seed}: 5 of 9 cases`));
    assert.match(suite.comparedOn!, /compared on the 5 of 9 baseline cases this run shares \(4 not in this run\)/);
    const ids = new Set(results.suites.qa!.cases.map((c) => c.caseId));
    const baseSame = mean(base.suites.qa!.cases.filter((c) => ids.has(c.caseId)).map((c) => c.metrics.score!));
    const score = suite.rows.find((row) => row.metric === "score")!;
    assert.ok(
      Math.abs(score.baseline! - baseSame) < 1e-9,
      `baseline ${score.baseline} = the baseline's mean on the same cases ${baseSame}`,
    );
    assert.equal(score.delta, 0);
    assert.equal(suite.changeCounts.disappeared, 0, "cases the sample left out are not 'gone'");
    assert.match(score.reason, /under min-score 0\.700, as is the baseline on the same cases .*: not a new failure/);
    assert.doesNotMatch(sampled.stdout, /within the noise|not significant/);
    assert.equal(sampled.code, 0, sampled.stdout + sampled.stderr);

    // Without --seed the sample's seed comes from the commit, and is printed with the partial reason.
    const derived = await runCli(["run", "-c", config, "--quiet", "--sample", "5", "--baseline", "base.json"], {
      cwd: dir,
      env: { GITHUB_ACTIONS: "true", GITHUB_SHA: "0123456789abcdef0123456789abcdef01234567", GITHUB_REF_NAME: "main" },
    });
    assert.match(derived.stdout, /partial run \(a sample of 5 per suite, seed \d+ derived from the head commit 0123456: 5 of 9 cases\)/);
    const again = await runCli(["run", "-c", config, "--quiet", "--sample", "5", "--baseline", "base.json"], {
      cwd: dir,
      env: { GITHUB_ACTIONS: "true", GITHUB_SHA: "0123456789abcdef0123456789abcdef01234567", GITHUB_REF_NAME: "main" },
    });
    assert.equal(again.stdout.match(/seed \d+/)![0], derived.stdout.match(/seed \d+/)![0], "the same commit draws the same sample");
  } finally {
    await server.close();
  }
});

async function writeTwoAgentSuite(serverUrl: string) {
  const suite = await writeSuite(serverUrl, 6);
  const text = (await readFile(suite.config, "utf8"))
    .replace("agents: [agent]", "agents: [agent, agent2]")
    .replace(
      "  judge: {",
      `  agent2: { provider: openai, base-url: "${serverUrl}/v1", model: agent2-model, retry-backoff: 1ms, max-retries: 1 }\n  judge: {`,
    );
  await writeFile(suite.config, text);
  return suite;
}

test("multi-agent judged: an unchanged rerun has 0 regressed cases and no annotations; a real drop names the agent", async () => {
  const state = { agent2Bad: false };
  const server = await startServer(state);
  try {
    const { dir, config } = await writeTwoAgentSuite(server.url);
    const first = await runCli(["run", "-c", config, "--quiet", "--no-cache"], { cwd: dir });
    assert.equal(first.code, 0, first.stdout + first.stderr);
    await copyFile(path.join(dir, "out", "results.json"), path.join(dir, "base.json"));

    const rerun = await runCli(["run", "-c", config, "--quiet", "--no-cache", "--baseline", "base.json"], { cwd: dir });
    assert.equal(rerun.code, 0, rerun.stdout + rerun.stderr);
    const unchanged = (await readResults(dir)).verdict.suites[0]!;
    assert.ok(unchanged.rows.some((row) => row.metric === "agent2/score" && row.gated));
    assert.equal(unchanged.changeCounts.regressed, 0);
    assert.equal(unchanged.changeCounts.improved, 0);
    assert.deepEqual(unchanged.failingCases, []);

    state.agent2Bad = true;
    const dropped = await runCli(["run", "-c", config, "--quiet", "--no-cache", "--baseline", "base.json"], { cwd: dir });
    assert.equal(dropped.code, 1, dropped.stdout + dropped.stderr);
    const suite = (await readResults(dir)).verdict.suites[0]!;
    const regressed = suite.changes.filter((change) => change.kind === "regressed");
    assert.equal(regressed.length, 6, "agent2's six answers, agent's untouched");
    assert.ok(regressed.every((change) => change.group === "agent2" && change.after === 0 && change.before! > 0));
    assert.match(dropped.stdout, /\[agent2\]/);
  } finally {
    await server.close();
  }
});

test("a case whose criteria were edited is 'changed': out of regressed and of the compared means", async () => {
  const server = await startServer({ agent2Bad: false });
  try {
    const { dir, config } = await writeSuite(server.url, 4);
    await writeFile(config, (await readFile(config, "utf8")).replace("min-score: 0.5", "min-score: 0.2"));
    const first = await runCli(["run", "-c", config, "--quiet"], { cwd: dir });
    assert.equal(first.code, 0, first.stdout + first.stderr);
    await copyFile(path.join(dir, "out", "results.json"), path.join(dir, "base.json"));
    // Question 2's criteria now say "three": the judge scores it 0 (it was 1).
    const csv = path.join(dir, "prompts.csv");
    await writeFile(csv, (await readFile(csv, "utf8")).replace("The answer is 3.", "The answer is three."));
    const edited = await runCli(["run", "-c", config, "--quiet", "--baseline", "base.json"], { cwd: dir });
    assert.equal(edited.code, 0, edited.stdout + edited.stderr);
    const results = await readResults(dir);
    const suite = results.verdict.suites[0]!;
    assert.deepEqual(
      suite.changes.map((change) => change.kind),
      ["changed"],
    );
    assert.equal(suite.changeCounts.regressed, 0);
    assert.match(suite.comparedOn!, /compared on the 3 of 4 baseline cases this run shares \(1 changed since the baseline\)/);
    const score = suite.rows.find((row) => row.metric === "score")!;
    assert.equal(score.delta, 0, "the compared means leave the changed case out");
    assert.ok(score.whole!.now! < score.whole!.baseline!, "both whole-suite means are shown");
  } finally {
    await server.close();
  }
});
