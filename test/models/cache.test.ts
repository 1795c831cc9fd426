import assert from "node:assert/strict";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { after, test } from "node:test";
import { cachePath } from "../../src/models/cache.ts";
import type { ChatRequest } from "../../src/models/types.ts";
import { chatCompletion, type ScriptedServer, startScriptedServer } from "../servers/scripted.ts";
import { registryFor, tempDir } from "./helpers.ts";

const judgeRequest: ChatRequest = { purpose: "judge", messages: [{ role: "user", content: "Is this answer correct?" }], temperature: 0 };

// Every server is closed when the file ends, also after a failed assertion (its test's own close is
// then never reached, and an open server would keep the file running).
const servers: ScriptedServer[] = [];
after(() => Promise.all(servers.map((server) => server.close())));
async function scriptedServer(...args: Parameters<typeof startScriptedServer>): Promise<ScriptedServer> {
  const server = await startScriptedServer(...args);
  servers.push(server);
  return server;
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

test("cache: an identical judge call in a later run is served from disk with zero requests", async () => {
  const server = await scriptedServer(() => ({ body: chatCompletion("VERDICT: yes", { usage: { prompt: 100, completion: 10 } }) }));
  const cacheDir = await tempDir("cache");
  const models = {
    judge: { provider: "openai", "base-url": server.url, model: "j", price: { "input-per-million": 1, "output-per-million": 1 } },
  };

  const first = registryFor(models, { cacheDir });
  const fresh = await first.chat("judge").chat(judgeRequest);
  assert.equal(fresh.cached, false);
  assert.ok((fresh.costUsd ?? 0) > 0);
  await first.close();

  const files = await listFiles(cacheDir);
  assert.equal(files.length, 1, "one entry, no temp files left behind");
  const file = files[0]!;
  const key = file.slice(file.lastIndexOf("/") + 1, -".json".length);
  assert.match(key, /^[0-9a-f]{64}$/);
  assert.equal(file, cachePath(cacheDir, key));
  assert.equal(file, join(cacheDir, key.slice(0, 2), `${key}.json`));
  const stored = JSON.parse(await readFile(file, "utf8")) as { json: unknown; status: number };
  assert.equal(stored.status, 200);

  const second = registryFor(models, { cacheDir });
  const hit = await second.chat("judge").chat(judgeRequest);
  assert.equal(server.requests.length, 1, "the second run sent no request");
  assert.equal(hit.cached, true);
  assert.equal(hit.text, "VERDICT: yes");
  assert.equal(hit.latencyMs, 0);
  assert.equal(hit.costUsd, 0);
  assert.deepEqual(second.stats().byModel["judge"], {
    requests: 0,
    cacheHits: 1,
    retries: 0,
    errors: 0,
    inputTokens: 0,
    outputTokens: 0,
    cachedInputTokens: 0,
    cacheWriteTokens: 0,
    reasoningTokens: 0,
    costUsd: 0,
    unusableUsage: 0,
  });
  await second.close();
  await server.close();
});

test("cache: a different sample is a different request", async () => {
  const server = await scriptedServer((_req, i) => ({ body: chatCompletion(`vote ${i}`) }));
  const registry = registryFor({ judge: { provider: "openai", "base-url": server.url, model: "j" } }, { cacheDir: await tempDir("cache") });
  const judge = registry.chat("judge");
  const vote1 = await judge.chat({ ...judgeRequest, sample: 1 });
  const vote2 = await judge.chat({ ...judgeRequest, sample: 2 });
  const vote1Again = await judge.chat({ ...judgeRequest, sample: 1 });
  assert.equal(server.requests.length, 2);
  assert.equal(vote1.text, "vote 0");
  assert.equal(vote2.text, "vote 1");
  assert.equal(vote1Again.text, "vote 0");
  assert.equal(vote1Again.cached, true);
  await registry.close();
  await server.close();
});

test("cache: targets are not cached unless the model says cache: true; cache: false turns judges off", async () => {
  const server = await scriptedServer(() => ({ body: chatCompletion("hello") }));
  const cacheDir = await tempDir("cache");
  const registry = registryFor(
    {
      target: { provider: "openai", "base-url": server.url, model: "t" },
      pinned: { provider: "openai", "base-url": server.url, model: "p", cache: true },
      uncachedJudge: { provider: "openai", "base-url": server.url, model: "u", cache: false },
    },
    { cacheDir },
  );
  const asTarget: ChatRequest = { purpose: "target", messages: [{ role: "user", content: "hi" }] };
  await registry.chat("target").chat(asTarget);
  await registry.chat("target").chat(asTarget);
  assert.equal(server.requests.length, 2, "the system under test is asked every time");

  await registry.chat("pinned").chat(asTarget);
  const pinnedAgain = await registry.chat("pinned").chat(asTarget);
  assert.equal(server.requests.length, 3);
  assert.equal(pinnedAgain.cached, true);

  await registry.chat("uncachedJudge").chat(judgeRequest);
  await registry.chat("uncachedJudge").chat(judgeRequest);
  assert.equal(server.requests.length, 5);
  await registry.close();
  assert.equal((await listFiles(cacheDir)).length, 1, "only the pinned model's answer was written");
  await server.close();
});

test("cache: no cache directory means no caching", async () => {
  const server = await scriptedServer(() => ({ body: chatCompletion("x") }));
  const registry = registryFor({ judge: { provider: "openai", "base-url": server.url, model: "j" } }, { cacheDir: null });
  await registry.chat("judge").chat(judgeRequest);
  const again = await registry.chat("judge").chat(judgeRequest);
  assert.equal(again.cached, false);
  assert.equal(server.requests.length, 2);
  await registry.close();
  await server.close();
});

test("cache: an entry records the identity the provider reported (Anthropic model; OpenAI model and system_fingerprint)", async () => {
  const server = await scriptedServer((request) =>
    request.path.endsWith("/v1/messages")
      ? {
          body: {
            id: "msg_1",
            model: "claude-judge-20261001",
            stop_reason: "end_turn",
            content: [{ type: "text", text: "SCORE: 2" }],
            usage: { input_tokens: 3, output_tokens: 2 },
          },
        }
      : { body: chatCompletion("SCORE: 2", { model: "gpt-judge-2026-10-01", fingerprint: "fp_77" }) },
  );
  const cacheDir = await tempDir("cache");
  const registry = registryFor(
    {
      claude: { provider: "anthropic", "base-url": server.url, model: "claude-judge" },
      gpt: { provider: "openai", "base-url": server.url, model: "gpt-judge" },
    },
    { cacheDir, env: { ANTHROPIC_API_KEY: "anthropic-key-123456" } },
  );
  await registry.chat("claude").chat(judgeRequest);
  await registry.chat("gpt").chat(judgeRequest);
  await registry.close();
  const identities = await Promise.all(
    (await listFiles(cacheDir))
      .filter((file) => file.endsWith(".json") && !file.endsWith("identities.json"))
      .map(async (file) => (JSON.parse(await readFile(file, "utf8")) as { identity?: unknown }).identity),
  );
  assert.deepEqual(
    identities.map((identity) => JSON.stringify(identity)).sort(),
    [JSON.stringify({ model: "claude-judge-20261001" }), JSON.stringify({ model: "gpt-judge-2026-10-01", fingerprint: "fp_77" })].sort(),
  );
  await server.close();
});

test("cache: a content-filtered answer and an Anthropic refusal are never written", async () => {
  const server = await scriptedServer((request) =>
    request.path.endsWith("/v1/messages")
      ? { body: { id: "msg_1", model: "c", stop_reason: "refusal", content: [{ type: "text", text: "SCORE: 0" }] } }
      : {
          body: {
            ...chatCompletion("SCORE: 0"),
            choices: [{ index: 0, finish_reason: "content_filter", message: { role: "assistant", content: "SCORE: 0" } }],
          },
        },
  );
  const cacheDir = await tempDir("cache");
  const models = {
    claude: { provider: "anthropic", "base-url": server.url, model: "c" },
    gpt: { provider: "openai", "base-url": server.url, model: "g" },
  };
  const registry = registryFor(models, { cacheDir, env: { ANTHROPIC_API_KEY: "anthropic-key-123456" } });
  try {
    for (const name of ["claude", "gpt", "claude", "gpt"]) assert.equal((await registry.chat(name).chat(judgeRequest)).cached, false);
    await registry.close();
    assert.equal(server.requests.length, 4, "each refusal was asked again");
    const entries = (await listFiles(cacheDir).catch(() => [])).filter((file) => !file.endsWith("identities.json"));
    assert.deepEqual(entries, [], "no entry written (the identity the refusal reported is still recorded)");
  } finally {
    await server.close();
  }
});
