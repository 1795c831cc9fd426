// The runnable examples in examples/ (a Python worker, a Node worker, a Python service under
// `start:`), each run for real through the CLI from a copy outside the repository: they validate,
// answer every case (the tool-calling "agent" is deterministic), pass their gate, and leave no
// process behind. They need python3 on the PATH, as a runner with actions/setup-python has.
import assert from "node:assert/strict";
import { cp, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import type { Results } from "../src/results/types.ts";
import { startedGroups, survivors } from "./engine/command-project.ts";
import { runCli } from "./engine/helpers.ts";

const EXAMPLES = path.resolve(import.meta.dirname, "../examples");
// The Node worker runs as `node agent.mjs`: the node of this test run comes first on the PATH.
const env = { PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ""}` };

for (const example of ["python-worker", "node-worker", "python-service"]) {
  test(`examples/${example}: validates, runs every case and passes, and nothing it started is left`, async () => {
    const copy = await mkdtemp(path.join(tmpdir(), `evalgate-example-${example}-`));
    await cp(path.join(EXAMPLES, example), copy, { recursive: true });
    const valid = await runCli(["validate", "-c", "evalgate.yml"], { cwd: copy, env });
    assert.equal(valid.code, 0, valid.stdout + valid.stderr);
    assert.match(valid.stdout, /tool-calls \(function-calls\): 10 cases/);
    const run = await runCli(["run", "-c", "evalgate.yml", "--quiet"], { cwd: copy, env });
    assert.equal(run.code, 0, run.stdout + run.stderr);
    const results = JSON.parse(await readFile(path.join(copy, ".evalgate", "results.json"), "utf8")) as Results;
    const suite = results.suites["tool-calls"]!;
    assert.deepEqual(suite.counts, { cases: 10, scored: 10, errors: 0 });
    assert.equal(suite.metrics.precision_fn?.value, 1, "the offered tool is called every time");
    const log = await readFile(path.join(copy, ".evalgate", "logs", "agent.log"), "utf8");
    assert.ok(startedGroups(log).length > 0, log);
    assert.deepEqual(await survivors(startedGroups(log)), []);
  });
}

test("examples/mcp-agent: validates, runs the agent over its MCP server, passes with the one trajectory it gets wrong, and nothing it started is left", async () => {
  const copy = await mkdtemp(path.join(tmpdir(), "evalgate-example-mcp-agent-"));
  await cp(path.join(EXAMPLES, "mcp-agent"), copy, { recursive: true });
  const valid = await runCli(["validate", "-c", "evalgate.yml"], { cwd: copy, env });
  assert.equal(valid.code, 0, valid.stdout + valid.stderr);
  const run = await runCli(["run", "-c", "evalgate.yml", "--quiet"], { cwd: copy, env });
  assert.equal(run.code, 0, run.stdout + run.stderr);
  const results = JSON.parse(await readFile(path.join(copy, ".evalgate", "results.json"), "utf8")) as Results;
  const suite = results.suites["support-agent"]!;
  assert.deepEqual(suite.counts, { cases: 4, scored: 4, errors: 0 });
  assert.equal(suite.metrics.trajectory_pass_rate?.value, 0.75);
  assert.deepEqual(Object.keys(suite.targets?.["support-mcp"]?.tools?.tools ?? {}), ["create_ticket", "get_ticket", "search_tickets"]);
  const logs = await Promise.all(
    ["agent", "support-mcp"].map((name) => readFile(path.join(copy, ".evalgate", "logs", `${name}.log`), "utf8")),
  );
  assert.deepEqual(await survivors(logs.flatMap(startedGroups)), []);
});

test("examples/mcp-agent with server.py: the Python standard-library server lists the same tools (the same identity) and answers the same calls", async () => {
  const copy = await mkdtemp(path.join(tmpdir(), "evalgate-example-mcp-python-"));
  await cp(path.join(EXAMPLES, "mcp-agent"), copy, { recursive: true });
  const config = path.join(copy, "evalgate.yml");
  await writeFile(config, (await readFile(config, "utf8")).replace("command: [node, server.mjs]", "command: [python3, server.py]"));
  const run = await runCli(["run", "-c", "evalgate.yml", "--quiet"], { cwd: copy, env });
  assert.equal(run.code, 0, run.stdout + run.stderr);
  const python = JSON.parse(await readFile(path.join(copy, ".evalgate", "results.json"), "utf8")) as Results;
  const suite = python.suites["support-agent"]!;
  assert.deepEqual(suite.counts, { cases: 4, scored: 4, errors: 0 });
  assert.equal(suite.metrics.trajectory_pass_rate?.value, 0.75);
  assert.equal(suite.targets?.["support-mcp"]?.tools?.hash, "d9c766be06c94f6d", "the tools as the Node server lists them");
  const log = await readFile(path.join(copy, ".evalgate", "logs", "support-mcp.log"), "utf8");
  assert.deepEqual(await survivors(startedGroups(log)), []);
});

test("examples/mcp-agent/server.mjs is the example suite's server (evals/agent/server.mjs), byte for byte: one source, no drift", async () => {
  const [example, source] = await Promise.all([
    readFile(path.join(EXAMPLES, "mcp-agent", "server.mjs"), "utf8"),
    readFile(path.resolve(import.meta.dirname, "../evals/agent/server.mjs"), "utf8"),
  ]);
  assert.equal(example, source, "edit evals/agent/server.mjs, then copy it to examples/mcp-agent/server.mjs");
});
