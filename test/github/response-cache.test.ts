// The response cache across CI runs: the real @actions/cache toolkit against a scripted Actions
// cache service (v2 twirp + blob URLs) on 127.0.0.1, around the real engine and a scripted model
// server. Each run is its own process with a fresh output folder, as on a new runner.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdir, readdir, rm, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { test } from "node:test";
import { loadConfig } from "../../src/config/load.ts";
import { cachedModelIdentities, contentHash, evictOldest, planResponseCache } from "../../src/github/response-cache.ts";
import { isJudgeRequest, startEvalServer, writeSuite } from "../engine/helpers.ts";
import { startActionsCacheServer } from "../servers/actions-cache.ts";

const HARNESS = path.resolve(import.meta.dirname, "cache-harness.ts");

interface HarnessOutput {
  plan: { primaryKey: string; restoreKeys: string[]; cachePath: string };
  restored: { restoredKey?: string; note: string };
  saved: { savedKey?: string; evicted: number; note: string };
  cacheHits: number;
}

async function ciRun(dir: string, config: string, env: Record<string, string>): Promise<HarnessOutput & { log: string }> {
  await rm(path.join(dir, "out"), { recursive: true, force: true }); // a new runner: nothing on disk
  const child = spawn(process.execPath, [HARNESS, config], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? "", GITHUB_WORKSPACE: dir, RUNNER_TEMP: path.join(dir, "runner-temp"), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  const log = `${stdout}\n${stderr}`;
  assert.equal(code, 0, log);
  const line = stdout.trim().split("\n").at(-1)!;
  return { ...(JSON.parse(line) as HarnessOutput), log };
}

test("the second run on unchanged inputs restores the cache and sends no judge request", async () => {
  const models = await startEvalServer();
  const cache = await startActionsCacheServer();
  try {
    const { dir, config } = await writeSuite(models.url, 3);
    const judgeRequests = () => models.requests.filter((r) => isJudgeRequest(r.body)).length;

    const first = await ciRun(dir, config, { ...cache.env, EVALGATE_TEST_BRANCH: "main" });
    assert.equal(first.restored.restoredKey, undefined, first.log);
    assert.equal(judgeRequests(), 3);
    assert.ok(first.saved.savedKey?.startsWith(first.plan.primaryKey), first.log);
    assert.equal(cache.entries.length, 1);
    assert.equal(first.plan.cachePath, "out/cache"); // relative to the workspace, so runners agree on the version

    const before = judgeRequests();
    const agentBefore = models.requests.length - before;
    const second = await ciRun(dir, config, { ...cache.env, EVALGATE_TEST_BRANCH: "main" });
    assert.equal(second.restored.restoredKey, first.saved.savedKey, second.log);
    assert.equal(judgeRequests() - before, 0, "no judge request on the second run");
    assert.equal(models.requests.length - before - agentBefore, 3, "the system under test is still asked (never cached)");
    assert.equal(second.cacheHits, 3);
    assert.equal(second.saved.savedKey, undefined, "an unchanged cache is not saved again");
    assert.match(second.saved.note, /unchanged/);
    assert.equal(cache.entries.length, 1);

    // A pull request from another branch falls back to main's cache (a prefix without the branch).
    const pr = await ciRun(dir, config, { ...cache.env, EVALGATE_TEST_BRANCH: "feature/x" });
    assert.equal(pr.restored.restoredKey, first.saved.savedKey, pr.log);
    assert.equal(judgeRequests() - before, 0);
    assert.ok(pr.plan.restoreKeys.includes(`${pr.plan.primaryKey.split("-").slice(0, -2).join("-")}-`), JSON.stringify(pr.plan));

    // A new case on the branch: one judge request, and the branch saves its own, bigger cache.
    await writeFile(path.join(dir, "prompts.csv"), '\n"Question 4: what is 4 + 1?","The answer is 5."\n', { flag: "a" });
    const grown = await ciRun(dir, config, { ...cache.env, EVALGATE_TEST_BRANCH: "feature/x" });
    assert.equal(judgeRequests() - before, 1);
    assert.ok(grown.saved.savedKey?.includes("-feature/x-"), grown.log);
    assert.equal(cache.entries.length, 2);
  } finally {
    await cache.close();
    await models.close();
  }
});

test("a cache service that is down or missing is a warning; the run and its requests go on", async () => {
  const models = await startEvalServer();
  const cache = await startActionsCacheServer();
  await cache.close(); // connection refused on every call
  try {
    const { dir, config } = await writeSuite(models.url, 2);
    const run = await ciRun(dir, config, { ...cache.env, EVALGATE_TEST_BRANCH: "main" });
    assert.equal(run.restored.restoredKey, undefined);
    assert.equal(run.saved.savedKey, undefined);
    assert.match(run.log, /::warning::/);
    assert.equal(models.requests.filter((r) => isJudgeRequest(r.body)).length, 2);

    const without = await ciRun(dir, config, { EVALGATE_TEST_BRANCH: "main" }); // no ACTIONS_RESULTS_URL at all
    assert.match(without.restored.note, /no Actions cache service/);
    assert.match(without.saved.note, /no Actions cache service/);
  } finally {
    await models.close();
  }
});

test("the key follows the cached models (judges, simulators) and the config, never the target or credentials", async () => {
  const models = await startEvalServer();
  try {
    const { dir, config } = await writeSuite(models.url, 1);
    const plan = async () =>
      planResponseCache(await loadConfig(config), { outDir: path.join(dir, "out"), branch: "main", workspace: dir, maxBytes: 1 });
    const original = await plan();
    const loaded = await loadConfig(config);
    assert.deepEqual(cachedModelIdentities(loaded.config), [JSON.stringify(["openai", "judge-model", `${models.url}/v1`])]);

    const { readFile } = await import("node:fs/promises");
    const text = await readFile(config, "utf8");
    const modelsPart = (key: string) => key.split("-")[3];
    // Another system under test: same models hash (its answers are not cached), another config hash.
    await writeFile(config, text.replace("model: agent-model", "model: agent-model-2"));
    const otherTarget = await plan();
    assert.equal(modelsPart(otherTarget.primaryKey), modelsPart(original.primaryKey));
    assert.notEqual(otherTarget.primaryKey, original.primaryKey);
    assert.equal(otherTarget.restoreKeys.at(-1), original.restoreKeys.at(-1), "falls back to any config with the same judge");
    // Another judge: nothing of the old cache is restored.
    await writeFile(config, text.replace("model: judge-model", "model: judge-model-2"));
    const otherJudge = await plan();
    assert.notEqual(modelsPart(otherJudge.primaryKey), modelsPart(original.primaryKey));
    // A credential's variable name or value never enters the key.
    await writeFile(config, text.replace("model: judge-model,", "model: judge-model, api-key-env: JUDGE_KEY, headers: { x-key: s3cr3t },"));
    const withKey = await plan();
    assert.equal(modelsPart(withKey.primaryKey), modelsPart(original.primaryKey));
    assert.doesNotMatch(JSON.stringify(withKey), /s3cr3t|JUDGE_KEY/);
    // Nor a password or a query key in the judge's URL: the key is the same as without them.
    const judgeUrl = `${models.url}/v1`;
    const withUserInfo = text.replace(
      `base-url: "${judgeUrl}", model: judge-model`,
      `base-url: "${judgeUrl.replace("http://", "http://user:pa55word@")}?api-key=s3cr3t", model: judge-model`,
    );
    assert.notEqual(withUserInfo, text);
    await writeFile(config, withUserInfo);
    assert.equal(modelsPart((await plan()).primaryKey), modelsPart(original.primaryKey));
    // A shard asks for its own cases: its cache is its own, and so are its fallbacks.
    const shard = planResponseCache(loaded, {
      outDir: path.join(dir, "out"),
      branch: "main",
      shard: { index: 2, total: 4 },
      workspace: dir,
      maxBytes: 1,
    });
    assert.ok(
      [shard.primaryKey, ...shard.restoreKeys].every((key) => key.includes("-shard-2-of-4-")),
      JSON.stringify(shard),
    );
    // Branch names with commas (refused by the toolkit) are made safe.
    const odd = planResponseCache(loaded, { outDir: path.join(dir, "out"), branch: "a,b c", workspace: dir, maxBytes: 1 });
    assert.doesNotMatch(odd.primaryKey, /[, ]/);
  } finally {
    await models.close();
  }
});

test("refresh-cache asks every judge request again, and the overwritten cache is saved under a new key", async () => {
  const models = await startEvalServer();
  const cache = await startActionsCacheServer();
  try {
    const { dir, config } = await writeSuite(models.url, 2);
    const judgeRequests = () => models.requests.filter((r) => isJudgeRequest(r.body)).length;
    const first = await ciRun(dir, config, { ...cache.env, EVALGATE_TEST_BRANCH: "main" });
    assert.equal(judgeRequests(), 2);
    const refreshed = await ciRun(dir, config, { ...cache.env, EVALGATE_TEST_BRANCH: "main", EVALGATE_TEST_REFRESH: "true" });
    assert.equal(refreshed.restored.restoredKey, first.saved.savedKey, refreshed.log);
    assert.equal(judgeRequests(), 4, "nothing served from the restored cache");
    assert.equal(refreshed.cacheHits, 0);
    assert.ok(refreshed.saved.savedKey && refreshed.saved.savedKey !== first.saved.savedKey, refreshed.saved.note);
    const next = await ciRun(dir, config, { ...cache.env, EVALGATE_TEST_BRANCH: "main" });
    assert.equal(next.restored.restoredKey, refreshed.saved.savedKey, "the refreshed answers are what the next run gets");
    assert.equal(judgeRequests(), 4);
  } finally {
    await cache.close();
    await models.close();
  }
});

test("the key changes with the judge prompts: a shared one restores nothing, a case's criteria only change the exact key", async () => {
  const models = await startEvalServer();
  const cache = await startActionsCacheServer();
  try {
    const { dir, config } = await writeSuite(models.url, 3);
    const { readFile } = await import("node:fs/promises");
    await writeFile(path.join(dir, "preamble.md"), "Grade strictly.\n");
    await writeFile(config, (await readFile(config, "utf8")).replace("judge-runs: 1,", "judge-runs: 1, judge-preamble: preamble.md,"));
    const judgeRequests = () => models.requests.filter((r) => isJudgeRequest(r.body)).length;
    const env = { ...cache.env, EVALGATE_TEST_BRANCH: "main" };
    const first = await ciRun(dir, config, env);
    assert.equal(judgeRequests(), 3);

    // One case's judge_prompt edited: another key, but the other cases' entries are restored (by prefix) and served.
    const csv = path.join(dir, "prompts.csv");
    const original = await readFile(csv, "utf8");
    await writeFile(csv, original.replace("The answer is 2.", "The answer is two."));
    const criteria = await ciRun(dir, config, env);
    assert.notEqual(criteria.plan.primaryKey, first.plan.primaryKey);
    assert.equal(criteria.restored.restoredKey, first.saved.savedKey, criteria.log);
    assert.equal(judgeRequests(), 4, "only the edited case's judge is asked");
    assert.equal(criteria.cacheHits, 2);

    // The shared judge preamble edited: every judge request changes, so no old cache is restored at all.
    await writeFile(path.join(dir, "preamble.md"), "Grade leniently.\n");
    const preamble = await ciRun(dir, config, env);
    assert.equal(preamble.restored.restoredKey, undefined, preamble.log);
    assert.ok(
      [first, criteria].every((run) => preamble.plan.restoreKeys.every((key) => !run.saved.savedKey?.startsWith(key))),
      JSON.stringify(preamble.plan),
    );
    assert.equal(judgeRequests(), 7);
  } finally {
    await cache.close();
    await models.close();
  }
});

test("eviction keeps the newest entries under the size cap and drops torn writes", async () => {
  const { dir } = await writeSuite("http://127.0.0.1:9", 1);
  const cacheDir = path.join(dir, "cache");
  const names: string[] = [];
  for (let i = 0; i < 5; i++) {
    const name = `${String(i).padStart(2, "0")}${"a".repeat(62)}.json`;
    const folder = path.join(cacheDir, name.slice(0, 2));
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, name), "x".repeat(100));
    const when = new Date(Date.UTC(2026, 0, 1 + i));
    await utimes(path.join(folder, name), when, when);
    names.push(name);
  }
  await writeFile(path.join(cacheDir, "00", "torn.json.123.tmp"), "{");
  const { kept, evicted, bytes } = await evictOldest(cacheDir, 250);
  assert.equal(evicted, 3);
  assert.equal(bytes, 200);
  assert.deepEqual(kept.map((entry) => entry.name).sort(), names.slice(3));
  assert.deepEqual(await readdir(path.join(cacheDir, "00")), []);
  const before = await contentHash(cacheDir, kept);
  assert.equal(await contentHash(cacheDir, [...kept].reverse()), before);
  await writeFile(kept[0]!.file, "y".repeat(100));
  assert.notEqual(await contentHash(cacheDir, kept), before, "an overwritten (refreshed) entry is new content");
});
