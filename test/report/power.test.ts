// Through the real CLI: a metric that fails the gate inside noise reads as failing in every report,
// and each gated row says what the run could detect (noise.mde, noise.casesNeeded), with the
// inconclusive note when the suite is too small for max-drop.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { test } from "node:test";
import { isJudgeRequest, questionOf, runCli, writeSuite } from "../engine/helpers.ts";
import { chatCompletion, startScriptedServer } from "../servers/scripted.ts";

/**
 * 20 judged cases, scale 0-3: the baseline scores 3 (1.0) on all; the head run scores 0 on Questions 1 and 2.
 * A 10 % drop over max-drop 5 %, but McNemar on 2 worse, 0 better gives p = 0.5: inside noise.
 */
async function regressedPair(body: (dir: string, config: string) => Promise<void>) {
  let regressed = false;
  const server = await startScriptedServer((request) => {
    if (!isJudgeRequest(request.body)) return { body: chatCompletion("An answer") };
    const question = questionOf(request.body);
    const bad = regressed && (question === "Question 1" || question === "Question 2");
    return { body: chatCompletion(`SCORE: ${bad ? 0 : 3}`) };
  });
  try {
    const { dir, config } = await writeSuite(server.url, 20);
    const base = await runCli(["run", "-c", config, "--quiet", "--no-cache", "-o", "base.json"], { cwd: dir });
    assert.equal(base.code, 0, base.stdout + base.stderr);
    regressed = true;
    await body(dir, config);
  } finally {
    await server.close();
  }
}

test("a metric failing inside noise is ❌/FAIL in text, markdown, HTML and JUnit; its reason says inside noise", async () => {
  await regressedPair(async (dir, config) => {
    const args = ["run", "-c", config, "--no-cache", "--baseline", "base.json", "-o", "head.json"];
    const run = await runCli([...args, "--markdown", "m.md", "--html", "r.html", "--junit", "j.xml", "--details"], { cwd: dir });
    assert.equal(run.code, 1, run.stdout + run.stderr);
    assert.match(run.stdout, /score +1 +0\.900 .*FAIL/);
    assert.doesNotMatch(run.stdout, /\bnoise {2}/, "no row reads plain 'noise' as its status");
    const markdown = await readFile(path.join(dir, "m.md"), "utf8");
    assert.match(
      markdown,
      /\| score +\| +1 \| +0\.900 <sub>n=20<\/sub> \| [^|]+\| ❌ fail +\| [^|]*McNemar p=0\.500 · Holm p=1 \(2 tests\) · not significant/,
    );
    assert.match(markdown, /- \*\*score\*\*: dropped 10% \(1 → 0\.900\), over max-drop 5%, inside noise \(McNemar p = 0\.500/);
    assert.doesNotMatch(markdown, /〰️/);
    const html = await readFile(path.join(dir, "r.html"), "utf8");
    // The row carries its status twice (first on narrow screens, last on wide ones): both read FAIL.
    assert.match(
      html,
      /<tr class="row-fail">[^\n]*?score[^\n]*?<td class="status wide-only" title="[^"]*inside noise[^"]*">✗ FAIL<\/td><\/tr>/,
    );
    assert.match(html, /<tr class="row-fail"><td class="status narrow-only" title="[^"]*inside noise[^"]*">✗ FAIL<\/td><td>score/);
    const junit = await readFile(path.join(dir, "j.xml"), "utf8");
    assert.match(junit, /<failure message="dropped 10%[^"]*inside noise/);
  });
});

test("results.json rows carry noise.mde and noise.casesNeeded; a 20-case suite gets the inconclusive note", async () => {
  await regressedPair(async (dir, config) => {
    const run = await runCli(
      ["run", "-c", config, "--no-cache", "--baseline", "base.json", "-o", "head.json", "--markdown", "m.md", "--html", "r.html"],
      {
        cwd: dir,
      },
    );
    assert.equal(run.code, 1, run.stdout + run.stderr);
    const results = JSON.parse(await readFile(path.join(dir, "head.json"), "utf8"));
    const row = results.verdict.suites[0].rows.find((r: { metric: string }) => r.metric === "score");
    // By hand: k = z(0.975) + z(0.8) = 1.959964 + 0.841621 = 2.801585, k² = 7.848879; n = 20, ψ = 2/20 flipped, baseline 1.
    // MDE = max(k·√(ψ/n), k²/n) = max(2.801585 · √0.005, 7.848879 / 20) = max(0.198102, 0.392444) = 0.392444.
    // Cases for Δ = 5 % of 1: max(k²·ψ/Δ², k²/Δ) = max(7.848879 · 0.1 / 0.0025, 7.848879 / 0.05) = max(313.96, 156.98) → 314.
    assert.ok(Math.abs(row.noise.mde - 0.392444) < 1e-5, String(row.noise.mde));
    assert.equal(row.noise.casesNeeded, 314);
    assert.equal(row.noise.cases, 20);
    assert.equal(row.noise.target, 0.05);
    assert.equal(row.noise.power, 0.8);
    const markdown = await readFile(path.join(dir, "m.md"), "utf8");
    assert.match(markdown, /- \*\*score\*\*: 20 cases can detect a drop of 39\.2% or more; \\?~314 would detect 5% \(max-drop\)/);
    assert.match(
      markdown,
      /> \*\*Inconclusive\*\*: too few cases to tell a change of max-drop from noise\n> - qa\/score: with 20 cases this run can only detect a drop of 39\.2% or more, not max-drop 5%; \\?~314 cases would/,
    );
    assert.match(run.stdout, /note: inconclusive — qa\/score: with 20 cases/);
    const html = await readFile(path.join(dir, "r.html"), "utf8");
    assert.match(
      html,
      /<details class="detectable" open>.*<li><strong class="inconclusive">Inconclusive<\/strong> qa\/score: 20 cases can detect a drop of 39\.2% or more; ~314 would detect 5% \(max-drop\)<\/li>/,
    );
  });
});

test("a suite too small for any drop says so instead of a drop over 100%", async () => {
  const server = await startScriptedServer((request) =>
    isJudgeRequest(request.body)
      ? { body: chatCompletion(`SCORE: ${questionOf(request.body) === "Question 1" ? 0 : 3}`) }
      : { body: chatCompletion("An answer") },
  );
  try {
    // 3 cases, 2 passing: k²/n = 7.85 / 3 = 2.62 of a baseline mean of 2/3, an MDE of 392%.
    const { dir, config } = await writeSuite(server.url, 3);
    assert.equal((await runCli(["run", "-c", config, "-q", "--no-cache", "-o", "base.json"], { cwd: dir })).code, 0);
    const run = await runCli(["run", "-c", config, "--no-cache", "--baseline", "base.json", "-o", "head.json", "--markdown", "m.md"], {
      cwd: dir,
    });
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(
      run.stdout,
      /note: inconclusive — qa\/score: with 3 cases this run cannot tell even a drop to zero from noise, not max-drop 5%/,
    );
    const markdown = await readFile(path.join(dir, "m.md"), "utf8");
    assert.match(markdown, /- \*\*score\*\*: 3 cases cannot tell even a drop to zero from noise; \\?~\d+ would detect 5% \(max-drop\)/);
  } finally {
    await server.close();
  }
});
