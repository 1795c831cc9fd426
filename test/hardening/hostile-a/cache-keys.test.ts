// The response cache (issue 36): a key holds everything that selects the answer, secrets included
// (hashed, never on disk in clear); an entry saved in the future, or that is not a regular file, is a
// miss; a cache folder that is not a folder is exit 2 before any request. The real CLI against a
// scripted OpenAI-compatible server on 127.0.0.1, with a real FIFO.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdir, readdir, readFile, rm, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { test } from "node:test";
import { questionOf, runCli, writeSuite } from "../../engine/helpers.ts";
import { chatCompletion, startScriptedServer } from "../../servers/scripted.ts";

const TENANT_A = "tenant-alpha-7f3k2q9x";
const TENANT_B = "tenant-bravo-5m8p1w4z";
const KEY_A = "sk-key-alpha-Hq72kLm0";
const KEY_B = "sk-key-bravo-Zx81nPq3";

/** Every cache entry file, with its text. */
async function cacheFiles(dir: string): Promise<{ file: string; text: string }[]> {
  const root = path.join(dir, "out", "cache");
  const found: { file: string; text: string }[] = [];
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    found.push({ file, text: await readFile(file, "utf8") });
  }
  return found;
}

async function project() {
  // The judge's answer depends on the tenant in the URL and the key: a shared entry would be a wrong answer.
  const server = await startScriptedServer((request) => {
    const model = (request.body as { model: string }).model;
    if (model === "agent-model") return { body: chatCompletion(`Answer to ${questionOf(request.body)}`) };
    const tenant = new URL(request.path, "http://x").searchParams.get("tenant");
    const key = String(request.headers.authorization ?? "");
    return { body: chatCompletion(`Graded for ${tenant} with ${key.slice(-4)}.\nSCORE: 3`) };
  });
  const { dir, config } = await writeSuite(server.url, 3);
  const text = (await readFile(config, "utf8")).replace(
    `judge: { provider: openai, base-url: "${server.url}/v1", model: judge-model,`,
    `judge: { provider: openai, base-url: "${server.url}/v1?tenant=\${TENANT}", api-key-env: JUDGE_KEY, model: judge-model,`,
  );
  await writeFile(config, text);
  const judgeCalls = (from: number) =>
    server.requests.slice(from).filter((r) => (r.body as { model: string }).model === "judge-model").length;
  const run = async (env: Record<string, string>, ...args: string[]) => {
    const from = server.requests.length;
    const result = await runCli(["run", "-c", config, "--quiet", ...args], { cwd: dir, env });
    return { ...result, judgeCalls: judgeCalls(from) };
  };
  return { server, dir, config, run };
}

test("two endpoints that differ only in a secret URL part or key never share cache entries, and no secret is on disk in clear", async () => {
  const { server, dir, run } = await project();
  try {
    const first = await run({ TENANT: TENANT_A, JUDGE_KEY: KEY_A });
    assert.equal(first.code, 0, first.stderr);
    assert.equal(first.judgeCalls, 3);
    const again = await run({ TENANT: TENANT_A, JUDGE_KEY: KEY_A });
    assert.equal(again.judgeCalls, 0, "the same endpoint is served from the cache");

    const otherTenant = await run({ TENANT: TENANT_B, JUDGE_KEY: KEY_A });
    assert.equal(otherTenant.code, 0, otherTenant.stderr);
    assert.equal(otherTenant.judgeCalls, 3, "another tenant in the URL is another endpoint");
    const otherKey = await run({ TENANT: TENANT_A, JUDGE_KEY: KEY_B });
    assert.equal(otherKey.judgeCalls, 3, "another key is another endpoint");

    for (const { file, text } of await cacheFiles(dir)) {
      for (const secret of [TENANT_A, TENANT_B, KEY_A, KEY_B]) {
        assert.ok(!text.includes(secret) && !file.includes(secret), `${secret} in clear in ${file}`);
        // Nor cut: the first half of a secret is not there either.
        assert.ok(!text.includes(secret.slice(0, 12)), `a part of ${secret} in ${file}`);
      }
    }
  } finally {
    await server.close();
  }
});

test("an entry saved in the future, or one that is not a regular file (a FIFO, a symlink), is a miss; the run neither hangs nor serves it", async () => {
  const { server, dir, run } = await project();
  const env = { TENANT: TENANT_A, JUDGE_KEY: KEY_A };
  try {
    assert.equal((await run(env)).judgeCalls, 3);
    const entries = (await cacheFiles(dir)).filter(({ file }) => file.endsWith(".json") && !file.endsWith("identities.json"));
    assert.equal(entries.length, 3);
    // One entry dated in the year 2999, one a FIFO, one a symlink to an entry that is valid.
    const [future, fifo, linked] = entries as [(typeof entries)[0], (typeof entries)[0], (typeof entries)[0]];
    const saved = JSON.parse(future.text);
    await writeFile(future.file, JSON.stringify({ ...saved, savedAt: "2999-01-01T00:00:00.000Z" }));
    await unlink(fifo.file);
    execFileSync("mkfifo", [fifo.file]);
    await unlink(linked.file);
    await writeFile(`${linked.file}.elsewhere`, linked.text);
    execFileSync("ln", ["-s", `${linked.file}.elsewhere`, linked.file]);

    const result = await run(env);
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.judgeCalls, 3, "each of the three is asked again");
    const results = JSON.parse(await readFile(path.join(dir, "out", "results.json"), "utf8"));
    assert.equal(results.run.cacheHits ?? 0, 0);
    assert.equal(results.suites.qa.counts.scored, 3);
  } finally {
    await server.close();
  }
});

test("a cache folder that is not a folder is exit 2 before any request, naming it; --no-cache runs", async () => {
  const { server, dir, run } = await project();
  const env = { TENANT: TENANT_A, JUDGE_KEY: KEY_A };
  try {
    await mkdir(path.join(dir, "out"), { recursive: true });
    await writeFile(path.join(dir, "out", "cache"), "not a folder\n");
    const sent = server.requests.length;
    const refused = await run(env);
    assert.equal(refused.code, 2, refused.stderr);
    assert.match(
      refused.stderr,
      /out\/cache: is a file: the response cache \(--no-cache runs without it\) is a folder evalgate writes into/,
    );
    assert.equal(server.requests.length, sent, "no request before the refusal");
    assert.equal(await readFile(path.join(dir, "out", "cache"), "utf8"), "not a folder\n", "left as it was");

    await rm(path.join(dir, "out", "cache"));
    execFileSync("mkfifo", [path.join(dir, "out", "cache")]);
    const fifo = await run(env);
    assert.equal(fifo.code, 2, fifo.stderr);
    assert.match(fifo.stderr, /out\/cache: is a FIFO/);

    const uncached = await run(env, "--no-cache");
    assert.equal(uncached.code, 0, uncached.stderr);
  } finally {
    await server.close();
  }
});
