// What a run prints on stderr is evalgate's own: no warning from Node (the experimental node:sqlite on
// Node 22, a loader's experimental flag), from the sources and from the built CLI alike.
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { CLI, runCli, startEvalServer, writeSuite } from "../engine/helpers.ts";
import type { ScriptedServer } from "../servers/scripted.ts";

const BUILT_CLI = path.resolve(import.meta.dirname, "../../dist/cli.js");
let server: ScriptedServer;

before(async () => {
  server = await startEvalServer();
});
after(() => server.close());

for (const cli of [...new Set([CLI, BUILT_CLI])].filter((file) => existsSync(file))) {
  test(`a --sqlite run prints nothing on stderr but evalgate's own lines (${path.relative(process.cwd(), cli)})`, async () => {
    const { dir, config } = await writeSuite(server.url, 3);
    const result = await runCli(["run", "-c", config, "--sqlite", "results.sqlite", "--no-cache"], {
      cwd: dir,
      cli,
    });
    assert.equal(result.code, 1, result.stderr); // the judge fails odd questions: a verdict, not an error
    assert.ok(existsSync(path.join(dir, "results.sqlite")), "no SQLite file written");
    const lines = result.stderr.split("\n").filter((line) => line.trim() !== "");
    assert.ok(lines.length > 0, "the run printed no progress");
    for (const line of lines) assert.match(line, /^evalgate: /);
  });
}

test("the demo at its full concurrency prints nothing on stderr but evalgate's own lines (many requests wait on one run signal)", async () => {
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-demo-stderr-"));
  const result = await runCli(["demo", "--no-cache", "--sqlite", "results.sqlite", "--out", "results.json"], { cwd: dir });
  assert.equal(result.code, 0, result.stderr);
  const lines = result.stderr.split("\n").filter((line) => line.trim() !== "");
  for (const line of lines) assert.match(line, /^evalgate( demo)?: /);
});
