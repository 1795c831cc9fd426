// `paths:` and prompt files, in a real git repository through the real CLI: a target's prompt file is
// one of its suite's inputs whatever `paths:` says, so a suite whose prompt changed is never carried.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { after, before, test } from "node:test";
import type { Results } from "../../src/results/types.ts";
import type { ScriptedServer } from "../servers/scripted.ts";
import { type ChangedRepo, createChangedRepo, FULL_RUN_REQUESTS } from "./changed-repo.ts";
import { runCli, startEvalServer } from "./helpers.ts";

let server: ScriptedServer;
let repo: ChangedRepo;
let base: string;

before(async () => {
  server = await startEvalServer();
  repo = await createChangedRepo(server.url);
  // The agent's prompt lives outside the suite's `paths: ["prompts/**"]`.
  const config = (await readFile(path.join(repo.dir, "evals/evalgate.yml"), "utf8")).replace(
    "model: agent-model,",
    "model: agent-model, prompt: ../agents/bot.prompt.yml,",
  );
  await repo.commit(
    {
      "evals/evalgate.yml": config,
      "agents/bot.prompt.yml": "messages:\n  - role: system\n    content: You answer arithmetic questions.\n",
    },
    "the agent's prompt file",
  );
  const made = await runCli(["run", "-c", "evals/evalgate.yml", "--no-cache", "--quiet", "--out", "evals/baseline.json"], {
    cwd: repo.dir,
  });
  assert.equal(made.code, 0, made.stderr + made.stdout);
  base = await repo.commit({}, "baseline");
});
after(() => server.close());

const run = () => runCli(["run", "-c", "evals/evalgate.yml", "--no-cache", "--quiet", "--changed-since", base], { cwd: repo.dir });

async function readResults(): Promise<Results> {
  return JSON.parse(await readFile(path.join(repo.dir, ".evalgate/results.json"), "utf8")) as Results;
}

test("an untouched suite is carried, and its marker names the prompt file among its inputs", async () => {
  await repo.commit({ "docs/guide.md": "# Guide\n\nMore words.\n" }, "docs only");
  const sent = server.requests.length;
  const result = await run();
  assert.equal(result.code, 0, result.stderr + result.stdout);
  assert.equal(server.requests.length - sent, 0);
  assert.match(
    result.stdout,
    /not run: nothing under prompts\/\*\*, evals\/qa\.csv, agents\/bot\.prompt\.yml or its block in evals\/evalgate\.yml changed/,
  );
});

test("a commit that edits only the target's prompt file runs the suite, though the file is outside paths:", async () => {
  await repo.commit(
    { "agents/bot.prompt.yml": "messages:\n  - role: system\n    content: You answer arithmetic questions, briefly.\n" },
    "edit the prompt",
  );
  const sent = server.requests.length;
  const result = await run();
  assert.equal(result.code, 0, result.stderr + result.stdout);
  assert.equal(server.requests.length - sent, FULL_RUN_REQUESTS, "the suite ran in full");
  const results = await readResults();
  assert.equal(results.suites["qa"]!.carried, undefined);
  assert.deepEqual(results.run.changedSince?.carried, []);
  assert.match(result.stdout, /note: qa: the prompt of agent changed \(agents\/bot\.prompt\.yml\): its cases are compared/);
});
