// The response cache through the real CLI against a scripted OpenAI-compatible server whose judge
// changes its answers between runs: what a report says about cached answers, --refresh-cache,
// `evalgate cache stats|clear`, expiry, a changed model identity, and answers that are never cached.
import assert from "node:assert/strict";
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { test } from "node:test";
import type { Results } from "../../src/results/types.ts";
import { chatCompletion, startScriptedServer } from "../servers/scripted.ts";
import { isJudgeRequest, questionOf, runCli, writeSuite } from "./helpers.ts";

/** How the scripted judge answers question n; the agent always answers "Answer to Question n". */
type JudgeScript = (n: number) => Record<string, unknown>;

const scoring = (score: number, identity: { model?: string; fingerprint?: string } = {}): JudgeScript => {
  return () => chatCompletion(`Checked.\nSCORE: ${score}`, identity);
};

async function startJudgeServer(initial: JudgeScript) {
  const state = { judge: initial };
  const server = await startScriptedServer((request) => {
    const question = questionOf(request.body);
    if (!isJudgeRequest(request.body)) return { body: chatCompletion(`Answer to ${question}`) };
    return { body: state.judge(Number(question.split(" ")[1])) };
  });
  const judgeRequests = () => server.requests.filter((r) => isJudgeRequest(r.body)).length;
  return { server, state, judgeRequests };
}

async function readResults(dir: string, file = "out/results.json"): Promise<Results> {
  return JSON.parse(await readFile(path.join(dir, file), "utf8")) as Results;
}

async function cacheEntries(dir: string): Promise<string[]> {
  const files = await readdir(path.join(dir, "out", "cache"), { recursive: true }).catch(() => [] as string[]);
  return files.filter((file) => /[0-9a-f]{64}\.json$/.test(file)).map((file) => path.join(dir, "out", "cache", file));
}

test("a broken judge's cached votes fake a regression: every report says they came from the cache; --refresh-cache asks again", async () => {
  const { server, state, judgeRequests } = await startJudgeServer(scoring(0));
  try {
    const { dir, config } = await writeSuite(server.url, 3);
    // The judge is broken: every answer scores 0, and the votes are cached.
    const broken = await runCli(["run", "-c", config, "--quiet"], { cwd: dir });
    assert.equal(broken.code, 1, broken.stdout + broken.stderr);
    assert.equal(judgeRequests(), 3);

    // Fixed; a baseline made without the cache passes.
    state.judge = scoring(3);
    const base = await runCli(["run", "-c", config, "--quiet", "--no-cache", "-o", "base.json"], { cwd: dir });
    assert.equal(base.code, 0, base.stdout + base.stderr);
    assert.equal(judgeRequests(), 6);
    assert.equal((await readResults(dir, "base.json")).run.cache?.mode, "off");
    assert.match(base.stdout, /response cache off \(--no-cache\)/);

    // Nothing changed, but the cache still holds the broken votes: the gate fails, and says why.
    const args = ["run", "-c", config, "--quiet", "--baseline", "base.json"];
    const stale = await runCli([...args, "--markdown", "report.md", "--junit", "junit.xml", "--html", "report.html"], { cwd: dir });
    assert.equal(stale.code, 1, stale.stdout + stale.stderr);
    assert.equal(judgeRequests(), 6, "every vote came from the cache");
    assert.match(stale.stdout, /3 answers from the cache \(saved \d+ min before the run\), entries expire after 7 days/);
    assert.match(stale.stdout, /--refresh-cache asks again/);
    assert.match(stale.stdout, /✗ qa\s+judged\s+3\/3 scored, 3 from cache/);
    const results = await readResults(dir);
    assert.equal(results.run.cache?.mode, "on");
    assert.equal(results.run.cache?.hits, 3);
    assert.ok(results.run.cache?.oldest && results.run.cache.newest, JSON.stringify(results.run.cache));
    assert.equal(results.suites.qa!.cache?.hits, 3);
    assert.deepEqual(
      results.suites.qa!.cases.map((c) => c.cache?.hits),
      [1, 1, 1],
    );
    const markdown = await readFile(path.join(dir, "report.md"), "utf8");
    assert.match(markdown, /🗄️ 3 answers from the cache/);
    assert.match(markdown, /3 requests · 3 from the cache/, "the agent's 3 answers were asked, the judge's 3 served");
    const junit = await readFile(path.join(dir, "junit.xml"), "utf8");
    assert.match(junit, /<property name="evalgate.cache.hits" value="3"\/>/);
    assert.match(junit, /<property name="evalgate.cache.mode" value="on"\/>/);
    const html = await readFile(path.join(dir, "report.html"), "utf8");
    assert.match(html, /3 answers from the cache/);
    assert.match(html, /Answers from the cache/);

    // --refresh-cache reads nothing from the cache and overwrites every entry.
    const refreshed = await runCli([...args, "--refresh-cache"], { cwd: dir });
    assert.equal(refreshed.code, 0, refreshed.stdout + refreshed.stderr);
    assert.equal(judgeRequests(), 9);
    assert.match(refreshed.stdout, /response cache refreshed \(--refresh-cache\)/);
    assert.equal((await readResults(dir)).run.cache?.hits, 0);

    // The next run is served the fresh votes: it passes without asking, and --verbose says so per case.
    const after = await runCli([...args, "--verbose"], { cwd: dir });
    assert.equal(after.code, 0, after.stdout + after.stderr);
    assert.equal(judgeRequests(), 9);
    assert.equal((await readResults(dir)).run.cache?.hits, 3);
    assert.equal(after.stderr.match(/ scored \d+ ms 1 requests 1 from cache \(saved 20\d\d-/g)?.length, 3, after.stderr);

    // Shards merged: the cache counts add up, per suite and for the run.
    for (const shard of ["1/2", "2/2"])
      assert.equal(
        (await runCli(["run", "-c", config, "--quiet", "--shard", shard, "-o", `shard-${shard[0]}.json`], { cwd: dir })).code,
        0,
      );
    const merged = await runCli(["merge", "-c", config, "-o", "merged.json", "shard-1.json", "shard-2.json"], { cwd: dir });
    assert.equal(merged.code, 0, merged.stderr);
    const mergedResults = await readResults(dir, "merged.json");
    assert.equal(mergedResults.suites.qa!.cache?.hits, 3);
    assert.equal(mergedResults.run.cache?.hits, 3);
    assert.equal(mergedResults.run.cache?.mode, "on");

    const both = await runCli([...args, "--refresh-cache", "--no-cache"], { cwd: dir });
    assert.equal(both.code, 2, both.stderr);
    assert.match(both.stderr, /--no-cache and --refresh-cache contradict/);
  } finally {
    await server.close();
  }
});

test("evalgate cache stats and clear; an entry past cache.max-age is a miss", async () => {
  const { server, judgeRequests } = await startJudgeServer(scoring(3, { model: "judge-model-2026-01", fingerprint: "fp_a" }));
  try {
    const { dir, config } = await writeSuite(server.url, 3);
    const first = await runCli(["run", "-c", config, "--quiet"], { cwd: dir });
    assert.equal(first.code, 0, first.stdout + first.stderr);
    assert.equal(judgeRequests(), 3);

    // One entry saved 8 days ago: past the default max age of 7 days.
    const [oldEntry] = await cacheEntries(dir);
    const entry = JSON.parse(await readFile(oldEntry!, "utf8")) as { savedAt: string };
    entry.savedAt = new Date(Date.now() - 8 * 86_400_000).toISOString();
    await writeFile(oldEntry!, JSON.stringify(entry));

    const stats = await runCli(["cache", "stats", "-c", config, "--json"], { cwd: dir });
    assert.equal(stats.code, 0, stats.stderr);
    const parsed = JSON.parse(stats.stdout) as { entries: number; expired: number; byIdentity: Record<string, number>; oldest: string };
    assert.equal(parsed.entries, 3);
    assert.equal(parsed.expired, 1);
    assert.deepEqual(parsed.byIdentity, { "judge-model-2026-01 fp_a": 3 });
    assert.equal(parsed.oldest, entry.savedAt);
    const text = await runCli(["cache", "stats", "-c", config], { cwd: dir });
    assert.match(text.stdout, /entries {2}3 /);
    assert.match(text.stdout, /expired {2}1 \(older than 7 days/);
    assert.match(text.stdout, /oldest {3}8 days old/);

    const second = await runCli(["run", "-c", config, "--quiet"], { cwd: dir });
    assert.equal(second.code, 0, second.stdout + second.stderr);
    assert.equal(judgeRequests(), 4, "the expired entry was asked again");
    const results = await readResults(dir);
    assert.equal(results.run.cache?.hits, 2);
    assert.equal(results.run.cache?.expired, 1);
    assert.match(second.stdout, /2 answers from the cache .*entries asked again: 1 expired/);

    // A shorter max age in the config: every entry (written by the runs above) is too old.
    await writeFile(config, `${await readFile(config, "utf8")}cache: { max-age: 1ms }\n`);
    const strict = await runCli(["run", "-c", config, "--quiet"], { cwd: dir });
    assert.equal(strict.code, 0, strict.stdout + strict.stderr);
    assert.equal(judgeRequests(), 7);
    assert.equal((await readResults(dir)).run.cache?.expired, 3);

    // A results file is data: cache fields that are not counts are not printed.
    const forged = await readResults(dir);
    Object.assign(forged.run.cache!, { hits: "<img src=x onerror=alert(1)>", mode: "on" });
    Object.assign(forged.suites.qa!, { cache: { hits: "**9000**" } });
    await writeFile(path.join(dir, "forged.json"), JSON.stringify(forged));
    const report = await runCli(["report", "forged.json", "--markdown", "forged.md", "--junit", "forged.xml"], { cwd: dir });
    assert.equal(report.code, 0, report.stderr);
    const rendered = [
      report.stdout,
      await readFile(path.join(dir, "forged.md"), "utf8"),
      await readFile(path.join(dir, "forged.xml"), "utf8"),
    ];
    for (const text of rendered) assert.doesNotMatch(text, /<img|9000/);

    const clear = await runCli(["cache", "clear", "-c", config], { cwd: dir });
    assert.equal(clear.code, 0, clear.stderr);
    assert.match(clear.stdout, /removed 3 cache entries/);
    assert.deepEqual(await cacheEntries(dir), []);
    const bad = await runCli(["cache", "wipe", "-c", config], { cwd: dir });
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /cache expects "stats" or "clear"/);
  } finally {
    await server.close();
  }
});

test("an entry written under another reported model identity is a miss once a fresh answer reports the new one", async () => {
  const { server, state, judgeRequests } = await startJudgeServer(scoring(3, { model: "judge-model-2026-01", fingerprint: "fp_a" }));
  try {
    const { dir, config } = await writeSuite(server.url, 3);
    assert.equal((await runCli(["run", "-c", config, "--quiet"], { cwd: dir })).code, 0);
    assert.equal(judgeRequests(), 3);

    // The provider now serves the same name from another build. One fresh answer (case 1, refreshed) reports it.
    state.judge = scoring(3, { model: "judge-model-2026-01", fingerprint: "fp_b" });
    const probe = await runCli(["run", "-c", config, "--quiet", "--refresh-cache", "--filter", "1"], { cwd: dir });
    assert.equal(probe.code, 0, probe.stdout + probe.stderr);
    assert.equal(judgeRequests(), 4);

    // Cases 2 and 3 were cached under fp_a: misses, asked again; case 1's fresh entry is served.
    const next = await runCli(["run", "-c", config, "--quiet"], { cwd: dir });
    assert.equal(next.code, 0, next.stdout + next.stderr);
    assert.equal(judgeRequests(), 6);
    const results = await readResults(dir);
    assert.equal(results.run.cache?.hits, 1);
    assert.equal(results.run.cache?.otherIdentity, 2);
    assert.match(next.stdout, /entries asked again: 2 from another model identity/);
    const stats = JSON.parse((await runCli(["cache", "stats", "-c", config, "--json"], { cwd: dir })).stdout) as {
      byIdentity: Record<string, number>;
    };
    assert.deepEqual(stats.byIdentity, { "judge-model-2026-01 fp_b": 3 });
  } finally {
    await server.close();
  }
});

test("an unparsable vote, a refusal and an empty answer are never cached", async () => {
  const unusable: JudgeScript = (n) =>
    n === 1
      ? chatCompletion("The answer looks plausible but I will not give a number.")
      : n === 2
        ? {
            ...chatCompletion(null),
            choices: [
              { index: 0, finish_reason: "stop", message: { role: "assistant", content: null, refusal: "I can't help with that." } },
            ],
          }
        : n === 3
          ? chatCompletion("")
          : chatCompletion("Checked.\nSCORE: 3");
  const { server, state, judgeRequests } = await startJudgeServer(unusable);
  try {
    const { dir, config } = await writeSuite(server.url, 4);
    const first = await runCli(["run", "-c", config, "--quiet"], { cwd: dir });
    assert.equal(first.code, 3, first.stdout + first.stderr); // three of four cases are judge errors: not measured
    assert.equal(judgeRequests(), 4);
    assert.equal((await cacheEntries(dir)).length, 1, "only the usable vote was written");

    // The judge answers properly now: the three unusable votes are asked again, the good one is served.
    state.judge = scoring(3);
    const second = await runCli(["run", "-c", config, "--quiet"], { cwd: dir });
    assert.equal(second.code, 0, second.stdout + second.stderr);
    assert.equal(judgeRequests(), 7);
    assert.equal((await readResults(dir)).run.cache?.hits, 1);
  } finally {
    await server.close();
  }
});
