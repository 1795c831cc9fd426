// Through the real CLI: a metric that fails the gate inside noise (fail-inside-noise: true) reads as
// failing in every report; by default such a drop is inconclusive, reported and not failed. Each gated
// row says what the run could detect (noise.mde, noise.casesNeeded), and a suite too small for max-drop
// gets one line with its resolution (the cases it has over the cases it needs), none when no case moved.
import assert from "node:assert/strict";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { test } from "node:test";
import { isJudgeRequest, questionOf, runCli, writeSuite } from "../engine/helpers.ts";
import { chatCompletion, startScriptedServer } from "../servers/scripted.ts";

/**
 * 20 judged cases, scale 0-3: the baseline scores 3 (1.0) on all; the head run scores 0 on Questions 1 and 2.
 * A 10 % drop over max-drop 5 %, but McNemar on 2 worse, 0 better gives p = 0.5: inside noise.
 */
async function regressedPair(gate: string, body: (dir: string, config: string) => Promise<void>) {
  let regressed = false;
  const server = await startScriptedServer((request) => {
    if (!isJudgeRequest(request.body)) return { body: chatCompletion("An answer") };
    const question = questionOf(request.body);
    const bad = regressed && (question === "Question 1" || question === "Question 2");
    return { body: chatCompletion(`SCORE: ${bad ? 0 : 3}`) };
  });
  try {
    const { dir, config } = await writeSuite(server.url, 20);
    await writeFile(config, (await readFile(config, "utf8")).replace("gate: { min-score: 0.5 }", gate));
    const base = await runCli(["run", "-c", config, "--quiet", "--no-cache", "-o", "base.json"], { cwd: dir });
    assert.equal(base.code, 0, base.stdout + base.stderr);
    regressed = true;
    await body(dir, config);
  } finally {
    await server.close();
  }
}

test("a metric failing inside noise is ❌/FAIL in text, markdown, HTML and JUnit; its reason says inside noise", async () => {
  await regressedPair("gate: { min-score: 0.5, fail-inside-noise: true }", async (dir, config) => {
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

test("by default a drop inside noise is inconclusive, not failed; rows carry noise.mde and noise.casesNeeded; one resolution line", async () => {
  await regressedPair("gate: { min-score: 0.5 }", async (dir, config) => {
    const run = await runCli(
      ["run", "-c", config, "--no-cache", "--baseline", "base.json", "-o", "head.json", "--markdown", "m.md", "--html", "r.html"],
      { cwd: dir },
    );
    assert.equal(run.code, 0, run.stdout + run.stderr);
    const results = JSON.parse(await readFile(path.join(dir, "head.json"), "utf8"));
    const row = results.verdict.suites[0].rows.find((r: { metric: string }) => r.metric === "score");
    assert.equal(row.status, "noise");
    assert.equal(row.failing, false);
    assert.match(
      row.reason,
      /dropped 10% .*but inside noise \(McNemar p = 0\.500.*\): inconclusive, not failed \(fail-inside-noise: false\)/,
    );
    // By hand: k = z(0.975) + z(0.8) = 1.959964 + 0.841621 = 2.801585, k² = 7.848879; n = 20, ψ = 2/20 flipped, baseline 1.
    // MDE = max(k·√(ψ/n), k²/n) = max(2.801585 · √0.005, 7.848879 / 20) = max(0.198102, 0.392444) = 0.392444.
    // Cases for Δ = 5 % of 1: max(k²·ψ/Δ², k²/Δ) = max(7.848879 · 0.1 / 0.0025, 7.848879 / 0.05) = max(313.96, 156.98) → 314.
    assert.ok(Math.abs(row.noise.mde - 0.392444) < 1e-5, String(row.noise.mde));
    assert.equal(row.noise.casesNeeded, 314);
    assert.equal(row.noise.cases, 20);
    assert.equal(row.noise.target, 0.05);
    assert.equal(row.noise.power, 0.8);
    const markdown = await readFile(path.join(dir, "m.md"), "utf8");
    assert.match(markdown, /\| score +\| +1 \| +0\.900 <sub>n=20<\/sub> \| [^|]+\| 〰️ inconclusive +\|/);
    assert.match(markdown, /- \*\*score\*\*: 20 cases can detect a drop of 39\.2% or more; \\?~314 would detect 5% \(max-drop\)/);
    // One line for the suite (20 / 314 = 0.064), not one per metric.
    const line =
      /> - qa: resolution 0\.06: 20 cases of the \\?~314 needed to tell a drop of 5% from noise \((score|pass_rate) sees a drop of 39\.2% or more\)/;
    assert.match(markdown, new RegExp(`> \\*\\*Too few cases\\*\\* to tell a drop of max-drop from noise[^\n]*\n${line.source}\n\n`));
    const notes = run.stdout.split("\n").filter((l) => l.includes("resolution"));
    assert.deepEqual(notes.length, 1, run.stdout);
    assert.match(notes[0]!, /^note: qa: resolution 0\.06: 20 cases of the ~314 needed/);
    assert.match(
      run.stdout,
      /✓ qa +judged +20\/20 scored +score 0\.900 \(−0\.100 \(−10\.0%\)\); inconclusive, inside noise \(not failed\): score/,
    );
    const html = await readFile(path.join(dir, "r.html"), "utf8");
    assert.match(
      html,
      /<details class="detectable" open>.*<li><strong class="inconclusive">Too few cases<\/strong> qa\/score: 20 cases can detect a drop of 39\.2% or more; ~314 would detect 5% \(max-drop\)<\/li>/,
    );
    assert.match(html, />inconclusive \(within noise\)</);
  });
});

test("a suite too small for any drop says so in one line; an unchanged rerun, where no case moved, says nothing", async () => {
  let changed = false;
  const server = await startScriptedServer((request) => {
    if (!isJudgeRequest(request.body)) return { body: chatCompletion("An answer") };
    const question = questionOf(request.body);
    return { body: chatCompletion(`SCORE: ${question === "Question 1" || (changed && question === "Question 2") ? 0 : 3}`) };
  });
  try {
    const { dir, config } = await writeSuite(server.url, 3);
    await writeFile(config, (await readFile(config, "utf8")).replace("gate: { min-score: 0.5 }", "gate: { min-score: 0 }"));
    assert.equal((await runCli(["run", "-c", config, "-q", "--no-cache", "-o", "base.json"], { cwd: dir })).code, 0);
    const args = ["run", "-c", config, "--no-cache", "--baseline", "base.json", "-o", "head.json", "--markdown", "m.md"];
    const unchanged = await runCli(args, { cwd: dir });
    assert.equal(unchanged.code, 0, unchanged.stdout + unchanged.stderr);
    assert.doesNotMatch(unchanged.stdout, /resolution|can detect|cannot tell/);
    assert.doesNotMatch(await readFile(path.join(dir, "m.md"), "utf8"), /Too few cases|can detect|cannot tell/);
    // Question 2 now fails too: 1 worse, 0 better (McNemar p = 1), ψ = 1/3, baseline mean 2/3.
    // MDE = max(k·√(ψ/3), k²/3) / (2/3) = 2.616 / 0.667 = 392%: no drop is detectable. Cases for Δ = 0.05 · 2/3:
    // max(k²·ψ/Δ², k²/Δ) = max(7.848879 · (1/3) / 0.0333², 235.5) = 2354.7 → 2355; resolution 3 / 2355 = 0.0013.
    changed = true;
    const run = await runCli(args, { cwd: dir });
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(
      run.stdout,
      /note: qa: resolution 0\.001: 3 cases of the ~2355 needed to tell a drop of 5% from noise \((score|pass_rate) cannot see even a drop to zero\)/,
    );
    const markdown = await readFile(path.join(dir, "m.md"), "utf8");
    assert.match(markdown, /- \*\*score\*\*: 3 cases cannot tell even a drop to zero from noise; \\?~2355 would detect 5% \(max-drop\)/);
  } finally {
    await server.close();
  }
});
