// Provider code loads on first use: a run whose models are all endpoints loads none of the process
// code (the command target's workers, `start:` services, process groups and their logs), and a run
// with a command target loads it when the target is first called.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { test } from "node:test";
import { commandProject, workerCommand } from "../engine/command-project.ts";
import { runCli, startEvalServer, writeSuite } from "../engine/helpers.ts";

const RECORD = path.resolve(import.meta.dirname, "../fixtures/commands/record-modules.mjs");
const PROCESS_CODE = [
  "models/process/group.ts",
  "models/process/log.ts",
  "models/command/model.ts",
  "models/command/worker.ts",
  "models/service/start.ts",
];

/** The CLI from its sources (whatever EVALGATE_TEST_CLI says): the bundle holds every module in one file. */
const SOURCE_CLI = path.resolve(import.meta.dirname, "../../src/cli.ts");

async function modulesLoaded(dir: string, config: string): Promise<string[]> {
  const file = path.join(dir, "modules.txt");
  const run = await runCli(["run", "-c", config, "--quiet"], {
    cwd: dir,
    env: { EVALGATE_MODULES_FILE: file, NODE_OPTIONS: `--import=${RECORD}` },
    cli: SOURCE_CLI,
  });
  assert.ok(run.code === 0 || run.code === 1, run.stdout + run.stderr);
  return (await readFile(file, "utf8")).split("\n").filter(Boolean);
}

test("lazy: a run of endpoints only loads none of the process code", async () => {
  const server = await startEvalServer();
  try {
    const { dir, config } = await writeSuite(server.url, 3);
    const loaded = await modulesLoaded(dir, config);
    assert.ok(
      loaded.some((url) => url.endsWith("src/models/registry.ts")),
      "the recording works",
    );
    assert.deepEqual(
      PROCESS_CODE.filter((module) => loaded.some((url) => url.endsWith(`src/${module}`))),
      [],
    );
  } finally {
    await server.close();
  }
});

test("lazy: a run with a command target loads the process code", async () => {
  const agent = `  agent: { provider: command, command: ${workerCommand()} }`;
  const judge = `  judge: { provider: command, command: ${workerCommand("--judge")} }`;
  const project = await commandProject(2, `${agent}\n${judge}`);
  const loaded = await modulesLoaded(project.dir, project.config);
  for (const module of ["models/process/group.ts", "models/command/model.ts"])
    assert.ok(
      loaded.some((url) => url.endsWith(`src/${module}`)),
      module,
    );
  assert.ok(!loaded.some((url) => url.endsWith("src/models/service/start.ts")), "no service: none of its code");
});
