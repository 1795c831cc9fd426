// Two runs of one config at the same time (two `evalgate demo` in one checkout, two terminals): the
// first holds the run key's journal by its lock until its results are written, the second writes a
// journal of its own beside it, so neither truncates the file the other reads its results back from.
// Real CLI processes; the agent holds every answer until both runs have opened their journals.
import assert from "node:assert/strict";
import { existsSync, readdirSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { test } from "node:test";
import type { Results } from "../../src/results/types.ts";
import { commandProject, until, workerCommand } from "./command-project.ts";
import { runCli } from "./helpers.ts";

/** An agent that answers once the file `go` exists in its folder. */
const WAITING_AGENT = `
import { existsSync } from "node:fs";
import { createInterface } from "node:readline";
for await (const line of createInterface({ input: process.stdin })) {
  const request = JSON.parse(line);
  while (!existsSync("go")) await new Promise((resolve) => setTimeout(resolve, 20));
  process.stdout.write(JSON.stringify({ id: request.id, content: "Answer to " + request.messages.at(-1).content }) + "\\n");
}
`;

test("journal: two runs of one config at once each keep a journal of their own; both results are whole, and the lock goes with the run", async () => {
  const models = [
    `  agent: { provider: command, command: [${JSON.stringify(process.execPath)}, agent.mjs] }`,
    `  judge: { provider: command, command: ${workerCommand("--judge")} }`,
  ].join("\n");
  const project = await commandProject(12, models);
  await writeFile(path.join(project.dir, "agent.mjs"), WAITING_AGENT);
  const runs = path.join(project.dir, "out", "runs");
  const journals = () => (existsSync(runs) ? readdirSync(runs).flatMap((key) => readdirSync(path.join(runs, key))) : []);

  const first = runCli(["run", "-c", "evalgate.yml", "-q", "-o", "first.json"], { cwd: project.dir });
  await until(() => journals().includes("journal.jsonl.lock"), 30_000, "the first run's lock");
  const second = runCli(["run", "-c", "evalgate.yml", "-q", "-o", "second.json"], { cwd: project.dir });
  await until(() => journals().some((name) => /^journal\.[0-9a-f]{8}\.jsonl$/.test(name)), 30_000, "the second run's own journal");
  await writeFile(path.join(project.dir, "go"), "");
  const [a, b] = await Promise.all([first, second]);
  assert.equal(a.code, 0, a.stdout + a.stderr);
  assert.equal(b.code, 0, b.stdout + b.stderr);
  for (const file of ["first.json", "second.json"]) {
    const results = JSON.parse(await readFile(path.join(project.dir, file), "utf8")) as Results;
    assert.deepEqual(results.suites["qa"]!.counts, { cases: 12, scored: 12, errors: 0 }, file);
  }
  const [a1, b1] = await Promise.all(
    ["first.json", "second.json"].map(async (f) => JSON.parse(await readFile(path.join(project.dir, f), "utf8")) as Results),
  );
  assert.notEqual(a1!.run.id, b1!.run.id, "two runs, two journals");
  assert.ok(!journals().includes("journal.jsonl.lock"), "the lock is released when the run ends");

  // The next run takes the run key's journal again.
  const third = await runCli(["run", "-c", "evalgate.yml", "-q", "-o", "third.json"], { cwd: project.dir });
  assert.equal(third.code, 0, third.stdout + third.stderr);
  const header = JSON.parse((await readFile(path.join(runs, readdirSync(runs)[0]!, "journal.jsonl"), "utf8")).split("\n")[0]!);
  const thirdResults = JSON.parse(await readFile(path.join(project.dir, "third.json"), "utf8")) as Results;
  assert.equal(header.runId, thirdResults.run.id);
});
