// A command target as a chat model, with real processes: its answers' usage and cost, and what its
// cached answers belong to (`cache: true`): the command, its env and the files it names, so editing
// the program makes every entry a miss.
import assert from "node:assert/strict";
import { copyFile, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { WORKER } from "../engine/command-project.ts";
import { registryFor, tempDir } from "./helpers.ts";

const asked = (text: string) => ({ purpose: "target" as const, messages: [{ role: "user" as const, content: text }] });

async function programDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-program-"));
  await copyFile(WORKER, path.join(dir, "agent.mjs"));
  return dir;
}

function commandModel(dir: string, extra: Record<string, unknown> = {}) {
  return {
    agent: {
      provider: "command",
      command: [process.execPath, "agent.mjs"],
      cwd: dir,
      price: { "input-per-million": 1, "output-per-million": 2 },
      ...extra,
    },
  };
}

test("command model: an answer's text, usage and cost; the case is sent along", async () => {
  const dir = await programDir();
  const sent = path.join(dir, "sent.jsonl");
  const registry = registryFor(commandModel(dir, { command: [process.execPath, "agent.mjs", "--requests-file", sent] }), {
    env: process.env,
  });
  try {
    const answer = await registry.forCase({ suite: "s", id: "c1", repeat: 0 }).chat("agent").chat(asked("Question 7: hi?"));
    assert.deepEqual(JSON.parse(await readFile(sent, "utf8")), {
      id: "1",
      messages: [{ role: "user", content: "Question 7: hi?" }],
      case: { suite: "s", id: "c1", repeat: 0 },
    });
    assert.equal(answer.text, "Answer to Question 7");
    assert.deepEqual(answer.usage, { inputTokens: 10, outputTokens: 4 });
    assert.equal(answer.costUsd, (10 * 1 + 4 * 2) / 1_000_000);
    assert.equal(answer.attempts, 1);
    assert.equal(registry.stats().byModel.agent!.requests, 1);
  } finally {
    await registry.close();
  }
});

test("command model: with cache: true, an answer is served again until the program it names changes", async () => {
  const dir = await programDir();
  const cacheDir = await tempDir("command-cache");
  const ask = async () => {
    const registry = registryFor(commandModel(dir, { cache: true }), { env: process.env, cacheDir });
    try {
      return await registry.chat("agent").chat(asked("Question 3: and?"));
    } finally {
      await registry.close();
    }
  };
  assert.equal((await ask()).cached, false);
  assert.equal((await ask()).cached, true, "the same program, the same request");
  const program = path.join(dir, "agent.mjs");
  await writeFile(program, `${await readFile(program, "utf8")}\n// edited\n`);
  assert.equal((await ask()).cached, false, "agent.mjs changed: the entry belongs to the program before");
  assert.equal((await ask()).cached, true);
});

test("command model: without cache: true, a target's answers are never cached", async () => {
  const dir = await programDir();
  const cacheDir = await tempDir("command-nocache");
  for (let i = 0; i < 2; i++) {
    const registry = registryFor(commandModel(dir), { env: process.env, cacheDir });
    try {
      assert.equal((await registry.chat("agent").chat(asked("Question 3: and?"))).cached, false);
    } finally {
      await registry.close();
    }
  }
});
