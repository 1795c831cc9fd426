// provider: copilot against a stand-in Copilot CLI (test/fixtures/commands/fake-copilot.mjs), run as
// a real process: the command line actions/ai-inference v3 builds, the token passed, one process per
// request within the concurrency, settings it cannot take named, a refused token or a missing CLI
// stopping the model with the CLI's own words (redacted), and a hung CLI's process group ended.
import assert from "node:assert/strict";
import { chmod, copyFile, readFile } from "node:fs/promises";
import path from "node:path";
import { test } from "node:test";
import { isEndpointError } from "../../src/models/errors.ts";
import { registryFor, tempDir } from "./helpers.ts";

const FAKE = path.join(import.meta.dirname, "../fixtures/commands/fake-copilot.mjs");
const TOKEN = "ghs_copilotWorkflowToken0123456789";

interface Run {
  args: string[];
  token: string | null;
  pid: number;
}

/** The fake CLI installed as `copilot` in a folder of its own, and the file it logs its runs to. */
async function fakeCopilot(): Promise<{ bin: string; runs: () => Promise<Run[]>; log: string }> {
  const dir = await tempDir("copilot");
  const bin = path.join(dir, "copilot");
  await copyFile(FAKE, bin);
  await chmod(bin, 0o755);
  const log = path.join(dir, "runs.jsonl");
  const runs = async () =>
    (await readFile(log, "utf8").catch(() => ""))
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Run);
  return { bin: dir, runs, log };
}

function copilotEnv(fake: { bin: string; log: string }, mode = "answer"): NodeJS.ProcessEnv {
  return {
    PATH: `${fake.bin}${path.delimiter}${process.env.PATH}`,
    COPILOT_GITHUB_TOKEN: TOKEN,
    FAKE_COPILOT_LOG: fake.log,
    FAKE_COPILOT_MODE: mode,
  };
}

test("copilot: copilot -p <system + conversation> -s --no-ask-user --model M on PATH, the token passed; settings it cannot take named once", async () => {
  const fake = await fakeCopilot();
  const registry = registryFor({ bot: { provider: "copilot", model: "gpt-5-mini", cache: false } }, { env: copilotEnv(fake) });
  try {
    const ask = (content: string) =>
      registry.chat("bot").chat({
        purpose: "judge",
        temperature: 0,
        maxTokens: 200,
        messages: [
          { role: "system", content: "You grade answers." },
          { role: "user", content: "First question" },
          { role: "assistant", content: "First answer" },
          { role: "user", content },
        ],
      });
    const [one, two] = await Promise.all([ask("Grade it"), ask("Grade it again")]);
    assert.equal(one.text, "An answer to: Grade it");
    assert.equal(two.text, "An answer to: Grade it again");
    assert.equal(one.costUsd, null, "the CLI reports no usage: the cost is unknown, not zero");
    const runs = await fake.runs();
    assert.equal(runs.length, 2, "one process per request");
    assert.notEqual(runs[0]!.pid, runs[1]!.pid);
    const first = runs.find((run) => run.args[1]!.endsWith("Grade it"))!;
    assert.deepEqual(first.args, [
      "-p",
      "You grade answers.\n\nFirst question\n\nASSISTANT:\nFirst answer\n\nGrade it",
      "-s",
      "--no-ask-user",
      "--model",
      "gpt-5-mini",
    ]);
    assert.equal(first.token, TOKEN);
    const notes = registry.notes();
    assert.deepEqual(
      notes.filter((line) => line.includes("not sent")),
      [
        'model "bot" (copilot): temperature 0 not sent: the Copilot CLI takes no sampling settings or answer format, it answered with its own defaults',
        'model "bot" (copilot): max-tokens 200 not sent: the Copilot CLI takes no sampling settings or answer format, it answered with its own defaults',
      ],
    );
  } finally {
    await registry.close();
  }
});

test("copilot: a refused token stops the model with the CLI's own words, the token redacted; one run, no retry loop", async () => {
  const fake = await fakeCopilot();
  const registry = registryFor({ bot: { provider: "copilot" } }, { env: copilotEnv(fake, "refuse") });
  try {
    const error = await registry
      .chat("bot")
      .chat({ purpose: "judge", messages: [{ role: "user", content: "hi" }] })
      .catch((e: unknown) => e);
    assert.ok(isEndpointError(error) && error.kind === "fatal", String(error));
    const message = (error as Error).message;
    assert.match(
      message,
      /exited with code 1, refusing its token \(COPILOT_GITHUB_TOKEN; in Actions: permissions copilot-requests: write\)/,
    );
    assert.match(message, /Authentication failed \(401\)\. The token \*\*\* is not authorized/);
    assert.ok(!message.includes(TOKEN));
    assert.equal((await fake.runs()).length, 1);
    assert.deepEqual((await fake.runs())[0]!.args.slice(2), ["-s", "--no-ask-user"], "no --model without model:");
  } finally {
    await registry.close();
  }
});

test("copilot: a CLI that is not installed stops the model, saying how to install it", async () => {
  const registry = registryFor(
    { bot: { provider: "copilot", command: "copilot-not-installed-here" } },
    { env: { PATH: process.env.PATH, COPILOT_GITHUB_TOKEN: TOKEN } },
  );
  try {
    const error = await registry
      .chat("bot")
      .chat({ purpose: "judge", messages: [{ role: "user", content: "hi" }] })
      .catch((e: unknown) => e);
    assert.ok(isEndpointError(error) && error.kind === "fatal", String(error));
    assert.match(
      (error as Error).message,
      /could not be started \(spawn copilot-not-installed-here ENOENT\): install it with `npm install -g @github\/copilot`/,
    );
  } finally {
    await registry.close();
  }
});

test("copilot: a CLI that never answers times out, and its process group is ended", async () => {
  const fake = await fakeCopilot();
  const registry = registryFor({ bot: { provider: "copilot", timeout: "3s", "max-retries": 0 } }, { env: copilotEnv(fake, "hang") });
  try {
    const error = await registry
      .chat("bot")
      .chat({ purpose: "judge", messages: [{ role: "user", content: "hi" }] })
      .catch((e: unknown) => e);
    assert.ok(isEndpointError(error) && error.kind === "timeout", String(error));
    const [run] = await fake.runs();
    assert.throws(() => process.kill(run!.pid, 0), /ESRCH/, "the hung CLI was ended");
  } finally {
    await registry.close();
  }
});

test("copilot: a prompt past the system's argument limit (E2BIG) fails that request, not the model", async () => {
  const fake = await fakeCopilot();
  const registry = registryFor({ bot: { provider: "copilot", cache: false } }, { env: copilotEnv(fake) });
  try {
    const huge = "x".repeat(200_000); // one argv string past Linux's 128 KiB MAX_ARG_STRLEN
    const error = await registry
      .chat("bot")
      .chat({ purpose: "judge", messages: [{ role: "user", content: huge }] })
      .catch((e: unknown) => e);
    assert.ok(isEndpointError(error) && error.kind === "http", String(error));
    assert.match((error as Error).message, /could not be started for this request \(spawn .*E2BIG\)/);
    const after = await registry.chat("bot").chat({ purpose: "judge", messages: [{ role: "user", content: "short" }] });
    assert.equal(after.text, "An answer to: short");
  } finally {
    await registry.close();
  }
});
