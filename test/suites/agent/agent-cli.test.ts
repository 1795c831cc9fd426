// The agent suite through the real CLI, with a real MCP server process (test/fixtures/mcp/server.mjs)
// started from a temp git repository: its tools listed and called, a tool's error returned to the
// agent, a description edit named, a crashing and a hanging server, a 10 MB answer capped, the
// server's secret redacted everywhere, and no process left after any exit.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { readdir, readFile, stat, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { createInterface } from "node:readline";
import { DatabaseSync } from "node:sqlite";
import { test } from "node:test";
import type { Results } from "../../../src/results/types.ts";
import { startedGroups, survivors, until } from "../../engine/command-project.ts";
import { runCli } from "../../engine/helpers.ts";
import { agentProject, FIXTURES, nodeCommand } from "./project.ts";

const SECRET = "mcp-secret-7f3a9c2e41d8";
const env = { MCP_TOKEN: SECRET };

const CASES = [
  { id: "look-up", instruction: "call get_ticket T-1", expected_calls: [{ name: "get_ticket", arguments: { ticket_id: "T-1" } }] },
  { id: "tool-error", instruction: "call get_ticket T-9", expected_calls: [{ name: "get_ticket" }] },
  { id: "wrong-tool", instruction: "call create_ticket Printer", expected_calls: [{ name: "get_ticket" }], forbidden: ["create_ticket"] },
];

interface Setup {
  fail?: string;
  timeout?: string;
  minScore?: number;
  cases?: object[];
  mcp?: string;
  /** More of the suite's keys, as YAML flow entries (", checks: [...]"). */
  suiteKeys?: string;
  gate?: string;
}

async function project(setup: Setup = {}): Promise<string> {
  const mcp = (dir: string) => {
    const fail = setup.fail ? `, MCP_FAIL: "${setup.fail}", MCP_STATE: "${path.join(dir, "crashed")}"` : "";
    return `{ name: desk-mcp, command: ${nodeCommand("mcp/server.mjs")}, timeout: ${setup.timeout ?? "10s"}, env: { MCP_TOKEN: "\${MCP_TOKEN}"${fail} } }`;
  };
  return agentProject("evalgate-agent-", {
    mcp: setup.mcp ?? mcp,
    cases: setup.cases ?? CASES,
    ...(setup.suiteKeys !== undefined && { suiteKeys: setup.suiteKeys }),
    gate: setup.gate ?? `{ min-score: ${setup.minScore ?? 0.5} }`,
  });
}

const results = async (dir: string, file = "out/results.json") => JSON.parse(await readFile(path.join(dir, file), "utf8")) as Results;
const serverLog = (dir: string) => readFile(path.join(dir, "out", "logs", "desk-mcp.log"), "utf8").catch(() => "");

/** Every file the run wrote, as text. */
async function everythingWritten(dir: string): Promise<string> {
  const texts: string[] = [];
  const walk = async (at: string) => {
    for (const entry of await readdir(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) await walk(full);
      else texts.push(await readFile(full, "utf8"));
    }
  };
  await walk(path.join(dir, "out"));
  return texts.join("\n");
}

async function assertNothingLeft(dir: string): Promise<void> {
  const logs = [await serverLog(dir), await readFile(path.join(dir, "out", "logs", "agent.log"), "utf8").catch(() => "")];
  assert.deepEqual(await survivors(logs.flatMap(startedGroups)), []);
}

test("agent: the server's tools are offered, each call answered by it, a tool's error returned to the agent, the trajectory checked", async () => {
  const dir = await project();
  const run = await runCli(["run", "-c", "evalgate.yml", "--html", "report.html", "--markdown", "comment.md", "--sqlite", "results.db"], {
    cwd: dir,
    env,
  });
  assert.equal(run.code, 0, run.stdout + run.stderr);
  const suite = (await results(dir)).suites["desk"]!;
  const db = new DatabaseSync(path.join(dir, "results.db"));
  const steps = db
    .prepare(
      "SELECT case_id, step, kind, tool, arguments, result, is_error, first_difference, expected FROM case_steps ORDER BY case_id, step",
    )
    .all();
  const version = db.prepare("SELECT value FROM meta WHERE key = 'schema_version'").get() as { value: string };
  // docs/agents.md's query, as the page gives it.
  const documented = /```sql\n([\s\S]*?)```/.exec(
    await readFile(path.resolve(import.meta.dirname, "../../../docs/agents.md"), "utf8"),
  )![1]!;
  const wentWrong = db
    .prepare(documented)
    .all()
    .map((row) => ({ ...row }));
  db.close();
  assert.deepEqual(wentWrong, [{ case_id: "wrong-tool", step: 1, tool: "create_ticket", expected: "a call of get_ticket" }]);
  assert.equal(version.value, "6");
  assert.deepEqual(
    steps.filter((row) => row.case_id === "wrong-tool").map((row) => ({ ...row })),
    [
      {
        case_id: "wrong-tool",
        step: 1,
        kind: "call",
        tool: "create_ticket",
        arguments: '{"title":"Printer"}',
        result: 'created "Printer" as T-2',
        is_error: 0,
        first_difference: 1,
        expected: "a call of get_ticket",
      },
      {
        case_id: "wrong-tool",
        step: 2,
        kind: "answer",
        tool: null,
        arguments: null,
        result: 'answer: created "Printer" as T-2',
        is_error: null,
        first_difference: 0,
        expected: null,
      },
    ],
  );
  assert.ok(steps.some((row) => row.case_id === "tool-error" && row.is_error === 1));
  const html = await readFile(path.join(dir, "report.html"), "utf8");
  assert.match(html, /function trajectoryOf/, "the page shows a trajectory as steps");
  assert.deepEqual(Object.keys(suite.targets!["desk-mcp"]!.tools!.tools), ["create_ticket", "get_ticket"]);
  assert.deepEqual(suite.counts, { cases: 3, scored: 3, errors: 0 });
  assert.equal(suite.metrics["trajectory_pass_rate"]!.value, 2 / 3);
  assert.equal(suite.metrics["steps"]!.direction, "lower");
  const byId = Object.fromEntries(suite.cases.map((c) => [c.caseId, c]));
  assert.equal(
    byId["wrong-tool"]!.failedChecks?.[0]?.reason,
    'step 1: expected a call of get_ticket, the agent called create_ticket({"title":"Printer"}); step 1: called create_ticket, which the case forbids',
  );
  const full = await everythingWritten(dir);
  assert.match(full, /T-1 is open \(token \*\*\*\)/, "the server's answer reached the agent and the results, its secret redacted");
  assert.match(full, /"isError":true/, "the tool's error is the tool's answer, not a failure");
  assert.match(full, /answer: Error: no ticket T-9/, "the agent was told the tool's error");
  assert.match(await serverLog(dir), /server token is \*\*\*/);
  // Three cases at concurrency 2 (four cases in flight): a server process per concurrency slot at most.
  assert.equal(startedGroups(await serverLog(dir)).length, 2, await serverLog(dir));
  for (const text of [full, run.stdout, run.stderr, await readFile(path.join(dir, "report.html"), "utf8")])
    assert.ok(!text.includes(SECRET), "the server's secret appears nowhere");
  await assertNothingLeft(dir);
});

test("agent: a pull request that edits a tool's description is named like a prompt change", async () => {
  const dir = await project();
  const base = await runCli(["run", "-c", "evalgate.yml", "-q", "-o", "baseline.json"], { cwd: dir, env });
  assert.equal(base.code, 0, base.stdout + base.stderr);
  const server = path.join(dir, "mcp", "server.mjs");
  await writeFile(server, (await readFile(server, "utf8")).replace("Look up one support ticket by its id.", "Find a ticket."));
  const head = await runCli(["run", "-c", "evalgate.yml", "--baseline", "baseline.json", "--markdown", "comment.md"], { cwd: dir, env });
  assert.equal(head.code, 0, head.stdout + head.stderr);
  const note = /desk: the tools of desk-mcp changed: get\\?_ticket's description/;
  assert.match(head.stdout, note);
  assert.match(await readFile(path.join(dir, "comment.md"), "utf8"), note);
  const [before, now] = [await results(dir, "baseline.json"), await results(dir)];
  assert.notEqual(before.suites["desk"]!.cases[0]!.configFingerprint, now.suites["desk"]!.cases[0]!.configFingerprint);
  assert.equal(
    before.suites["desk"]!.cases[0]!.fingerprint,
    now.suites["desk"]!.cases[0]!.fingerprint,
    "the cases themselves did not change",
  );
});

test("agent: a server that dies on a call is replaced by a fresh process; one that dies every time fails the cases and the run (exit 3)", async () => {
  const once = await project({ fail: "crash-first:get_ticket" });
  const recovered = await runCli(["run", "-c", "evalgate.yml", "-q"], { cwd: once, env });
  assert.equal(recovered.code, 0, recovered.stdout + recovered.stderr);
  const retried = (await results(once)).suites["desk"]!;
  assert.equal(retried.counts.errors, 0);
  assert.ok(
    retried.cases.some((c) => JSON.stringify(c).includes("exited with code 7")) || (await serverLog(once)).includes("exited with code 7"),
  );
  await assertNothingLeft(once);

  const always = await project({ fail: "crash:get_ticket" });
  const failed = await runCli(["run", "-c", "evalgate.yml", "-q"], { cwd: always, env });
  assert.equal(failed.code, 3, failed.stdout + failed.stderr);
  const suite = (await results(always)).suites["desk"]!;
  assert.equal(suite.counts.errors, 2);
  const error = suite.cases.find((c) => c.caseId === "look-up")!.error!;
  assert.match(error.message, /MCP server desk-mcp .* did not answer a call of get_ticket: exited with code 7/);
  assert.ok(startedGroups(await serverLog(always)).length >= 4, "each failed attempt had its own process");
  await assertNothingLeft(always);
});

test("agent: a server that hangs is timed out and stopped; the case fails as infrastructure (exit 3)", async () => {
  const dir = await project({ fail: "hang:get_ticket", timeout: "2s" });
  const run = await runCli(["run", "-c", "evalgate.yml", "-q"], { cwd: dir, env });
  assert.equal(run.code, 3, run.stdout + run.stderr);
  const error = (await results(dir)).suites["desk"]!.cases.find((c) => c.caseId === "look-up")!.error!;
  assert.match(error.message, /did not answer a call of get_ticket: gave no answer within 2000ms/);
  await assertNothingLeft(dir);
});

test("agent: a tool that answers 10 MB is capped like an answer; the results stay small", async () => {
  const dir = await project({ fail: "big:get_ticket", cases: [CASES[0]!] });
  const run = await runCli(["run", "-c", "evalgate.yml", "-q"], { cwd: dir, env });
  assert.equal(run.code, 0, run.stdout + run.stderr);
  const testCase = (await results(dir)).suites["desk"]!.cases[0]!;
  assert.equal(testCase.status, "scored");
  assert.ok((await stat(path.join(dir, "out", "results.json"))).size < 200_000);
  await assertNothingLeft(dir);
});

test("agent: a gate that fails exits 1, bad input exits 2 before any server starts, Ctrl-C exits 130; nothing is left", async () => {
  const strict = await project({ minScore: 0.9 });
  const failed = await runCli(["run", "-c", "evalgate.yml", "-q"], { cwd: strict, env });
  assert.equal(failed.code, 1, failed.stdout + failed.stderr);
  await assertNothingLeft(strict);

  const bad = await project({ cases: [{ id: "x", expected_calls: [] }] });
  const refused = await runCli(["run", "-c", "evalgate.yml", "-q"], { cwd: bad, env });
  assert.equal(refused.code, 2, refused.stdout + refused.stderr);
  assert.match(refused.stderr, /cases\.jsonl:1: instruction: give either instruction/);
  assert.equal(await serverLog(bad), "", "no server was started");

  const hanging = await project({ fail: "hang:get_ticket", timeout: "60s" });
  const run = runCli(["run", "-c", "evalgate.yml", "-q"], { cwd: hanging, env });
  await until(async () => startedGroups(await serverLog(hanging)).length >= 2, 20_000, "the servers");
  run.child.kill("SIGINT");
  const interrupted = await run;
  assert.equal(interrupted.code, 130, interrupted.stdout + interrupted.stderr);
  await assertNothingLeft(hanging);
});

test("agent: without an MCP server, a command target's reported trajectory is checked the same way", async () => {
  const calls = [
    { name: "search", arguments: { q: "vpn" }, result: "T-1", order: 1 },
    { name: "get_ticket", arguments: { ticket_id: "T-1" }, result: "open", order: 2 },
  ];
  const cases = [
    {
      id: "reported",
      instruction: `report:${JSON.stringify(calls)}`,
      expected_calls: [{ name: "search" }, { name: "get_ticket", arguments: { ticket_id: "T-1" } }],
      order: "ordered",
    },
    {
      id: "reversed",
      instruction: `report:${JSON.stringify(calls.map((c) => ({ ...c, order: 3 - c.order })))}`,
      expected_calls: [{ name: "search" }, { name: "get_ticket" }],
      order: "ordered",
    },
  ];
  const dir = await project({ cases, mcp: "" });
  const run = await runCli(["run", "-c", "evalgate.yml", "-q"], { cwd: dir, env });
  assert.equal(run.code, 0, run.stdout + run.stderr);
  const suite = (await results(dir)).suites["desk"]!;
  const byId = Object.fromEntries(suite.cases.map((c) => [c.caseId, c]));
  assert.equal(byId["reported"]!.metrics["trajectory_pass"], 1);
  assert.equal(byId["reversed"]!.metrics["trajectory_pass"], 0);
  assert.match(byId["reversed"]!.failedChecks![0]!.reason, /^step 1: expected a call of search, the agent called get_ticket/);
  assert.equal(suite.targets, undefined);
});

test("agent: a streamable HTTP MCP server at a URL (the official SDK's server) lists its tools and answers the calls", async () => {
  const server = spawn(process.execPath, [path.join(FIXTURES, "http-server.mjs")], { stdio: ["ignore", "pipe", "inherit"] });
  try {
    const first = await new Promise<string>((resolve) => createInterface({ input: server.stdout! }).once("line", resolve));
    const { port } = JSON.parse(first) as { port: number };
    const dir = await project({ cases: [CASES[0]!], mcp: `{ name: desk-mcp, url: "http://127.0.0.1:${port}/mcp" }` });
    const run = await runCli(["run", "-c", "evalgate.yml", "-q"], { cwd: dir, env });
    assert.equal(run.code, 0, run.stdout + run.stderr);
    const suite = (await results(dir)).suites["desk"]!;
    assert.deepEqual(Object.keys(suite.targets!["desk-mcp"]!.tools!.tools), ["get_ticket"]);
    assert.match(JSON.stringify(suite.cases[0]!.details), /T-1 is open \(over HTTP\)/);
  } finally {
    server.kill();
  }
});

test("agent: a streamable HTTP MCP server evalgate starts from the checkout (url + start) serves the run, and is stopped; validate starts nothing", async () => {
  const start = `{ command: [${JSON.stringify(process.execPath)}, mcp/http-server.mjs], ready: "http://127.0.0.1:{{port}}/health", timeout: 20s, env: { MCP_TOKEN: "\${MCP_TOKEN}" } }`;
  const dir = await project({ cases: [CASES[0]!], mcp: `{ name: desk-mcp, url: "http://127.0.0.1:{{port}}/mcp", start: ${start} }` });
  // The fixture imports the SDK: the temp repository resolves it from ours.
  await symlink(path.resolve(import.meta.dirname, "../../../node_modules"), path.join(dir, "node_modules"));
  const runEnv = { ...env, GITHUB_TOKEN: "ghs-runner-token-never-given" };

  const validate = await runCli(["validate", "-c", "evalgate.yml"], { cwd: dir, env: runEnv });
  assert.equal(validate.code, 0, validate.stdout + validate.stderr);
  assert.equal(await serverLog(dir), "", "validate started no server");

  const run = await runCli(["run", "-c", "evalgate.yml", "-q"], { cwd: dir, env: runEnv });
  assert.equal(run.code, 0, run.stdout + run.stderr);
  const suite = (await results(dir)).suites["desk"]!;
  assert.deepEqual(Object.keys(suite.targets!["desk-mcp"]!.tools!.tools), ["get_ticket"]);
  assert.match(JSON.stringify(suite.cases[0]!.details), /T-1 is open \(over HTTP\)/);
  const log = await serverLog(dir);
  assert.match(log, /server token is \*\*\*/);
  assert.match(log, /given GITHUB_TOKEN: false/, "the runner's token is withheld from the service");
  assert.ok(!(await everythingWritten(dir)).includes(SECRET));
  assert.equal(startedGroups(log).length, 1, "one service for the run (the log of the one that listed the tools is replaced)");
  await assertNothingLeft(dir);
});

test("agent: a started MCP service that never gets ready stops the run (exit 3) quoting its log", async () => {
  const start = `{ command: [${JSON.stringify(process.execPath)}, -e, "console.error('cannot bind'); process.exit(4)"], ready: "http://127.0.0.1:{{port}}/health" }`;
  const dir = await project({ cases: [CASES[0]!], mcp: `{ name: desk-mcp, url: "http://127.0.0.1:{{port}}/mcp", start: ${start} }` });
  const run = await runCli(["run", "-c", "evalgate.yml", "-q"], { cwd: dir, env });
  assert.equal(run.code, 3, run.stdout + run.stderr);
  assert.match(run.stderr, /desk-mcp.*exited with code 4 before it was ready[\s\S]*cannot bind/);
});

test("agent: checks on the final answer are per-case metrics, gated against the baseline; a case without the value a check reads is exit 2", async () => {
  const checks = `, checks: [{ contains: "{{ticket}} is open" }, { not-contains: "no ticket", name: found }]`;
  const cases = [
    { ...CASES[0]!, vars: { ticket: "T-1" } },
    { ...CASES[1]!, vars: { ticket: "T-9" } },
  ];
  const dir = await project({ cases, suiteKeys: checks, gate: "{ min-score: 0.4, fail-inside-noise: true }" });
  const base = await runCli(["run", "-c", "evalgate.yml", "-q", "-o", "baseline.json"], { cwd: dir, env });
  assert.equal(base.code, 0, base.stdout + base.stderr);
  const suite = (await results(dir, "baseline.json")).suites["desk"]!;
  assert.equal(suite.metrics["check_pass_rate"]!.value, 0.5);
  assert.equal(suite.metrics["check_pass_rate"]!.gated, true);
  assert.equal(suite.metrics["check/found"]!.value, 0.5);
  assert.deepEqual(Object.keys(suite.checks ?? {}).sort(), ["contains-1", "found"]);
  const failing = suite.cases.find((c) => c.caseId === "tool-error")!;
  assert.deepEqual(
    failing.failedChecks!.map((check) => check.name),
    ["contains-1", "found"],
    "the trajectory passed; the answer's checks did not",
  );

  // The server now says "closed": the answers fail their contains check, the gate fails the drop.
  const server = path.join(dir, "mcp", "server.mjs");
  await writeFile(server, (await readFile(server, "utf8")).replace("T-1 is open", "T-1 is closed"));
  const head = await runCli(["run", "-c", "evalgate.yml", "--baseline", "baseline.json"], { cwd: dir, env });
  assert.equal(head.code, 1, head.stdout + head.stderr);
  assert.match(head.stdout, /check_pass_rate/);
  assert.match(head.stdout, /does not contain "T-1 is open"/);

  await writeFile(path.join(dir, "cases.jsonl"), `${JSON.stringify(CASES[0])}\n`);
  const bad = await runCli(["validate", "-c", "evalgate.yml"], { cwd: dir, env });
  assert.equal(bad.code, 2, bad.stdout + bad.stderr);
  assert.match(bad.stderr, /cases\.jsonl:1.*vars\.ticket.*the check contains-1 reads \{\{ticket\}\}/);
});

test("agent: a simulated user drives the agent over several turns; its task done is the end, the whole conversation checked", async () => {
  const cases = [
    {
      id: "two-asks",
      instructions: "call get_ticket T-1, then call get_ticket T-9",
      expected_calls: [
        { name: "get_ticket", arguments: { ticket_id: "T-1" } },
        { name: "get_ticket", arguments: { ticket_id: "T-9" } },
      ],
      order: "ordered",
    },
  ];
  const dir = await project({ cases, suiteKeys: ", simulator: user, max-turns: 5" });
  const run = await runCli(["run", "-c", "evalgate.yml", "-q", "--sqlite", "results.db"], { cwd: dir, env });
  assert.equal(run.code, 0, run.stdout + run.stderr);
  const result = (await results(dir)).suites["desk"]!.cases[0]!;
  const details = result.details as { steps: { kind: string; name?: string; text?: string }[]; termination: string };
  assert.deepEqual(
    details.steps.map((step) => step.kind + (step.name ? ` ${step.name}` : "")),
    ["user", "call get_ticket", "answer", "user", "call get_ticket", "answer"],
  );
  assert.equal(details.steps[0]!.text, "call get_ticket T-1");
  assert.equal(details.termination, "answer");
  assert.equal(result.metrics["trajectory_pass"], 1);
  assert.equal(result.metrics["steps"], 4, "the agent's requests: two per turn");
  assert.equal(result.requests, 7, "the simulated user's three messages counted beside them");
  const kinds = new DatabaseSync(path.join(dir, "results.db")).prepare("SELECT kind FROM case_steps ORDER BY step").all();
  assert.deepEqual(
    kinds.map((row) => row["kind"]),
    ["user", "call", "answer", "user", "call", "answer"],
  );

  // A user who never finishes stops at max-turns, which fails the case; a case with instructions needs the simulator.
  await writeFile(
    path.join(dir, "cases.jsonl"),
    `${JSON.stringify({ ...cases[0], instructions: "call get_ticket T-1, then call get_ticket T-1, then call get_ticket T-1" })}\n`,
  );
  const yml = path.join(dir, "evalgate.yml");
  await writeFile(yml, (await readFile(yml, "utf8")).replace("max-turns: 5", "max-turns: 2"));
  const limited = await runCli(["run", "-c", "evalgate.yml", "-q"], { cwd: dir, env });
  assert.equal(limited.code, 1, limited.stdout + limited.stderr);
  const stopped = (await results(dir)).suites["desk"]!.cases[0]!;
  assert.match(stopped.failedChecks![0]!.reason, /did not say the task was done within max-turns/);
  await writeFile(yml, (await readFile(yml, "utf8")).replace(", simulator: user", ""));
  const bad = await runCli(["validate", "-c", "evalgate.yml"], { cwd: dir, env });
  assert.equal(bad.code, 2, bad.stdout + bad.stderr);
  assert.match(bad.stderr, /cases\.jsonl:1.*instructions.*give the suite a simulator model/);
});

test("agent: a started MCP service that dies mid-run is started again for the case's second attempt", async () => {
  const dir = await project({ cases: [CASES[0]!] });
  const start = `{ command: [${JSON.stringify(process.execPath)}, mcp/http-server.mjs], ready: "http://127.0.0.1:{{port}}/health", timeout: 20s, env: { MCP_CRASH_FIRST: ${JSON.stringify(path.join(dir, "crashed"))} } }`;
  const yml = path.join(dir, "evalgate.yml");
  await writeFile(
    yml,
    (await readFile(yml, "utf8")).replace(
      /mcp: \{.*\}, max-steps/,
      `mcp: { name: desk-mcp, url: "http://127.0.0.1:{{port}}/mcp", start: ${start} }, max-steps`,
    ),
  );
  await symlink(path.resolve(import.meta.dirname, "../../../node_modules"), path.join(dir, "node_modules"));
  const run = await runCli(["run", "-c", "evalgate.yml", "-q"], { cwd: dir, env });
  assert.equal(run.code, 0, run.stdout + run.stderr);
  const result = (await results(dir)).suites["desk"]!.cases[0]!;
  assert.equal(result.metrics["trajectory_pass"], 1);
  const failures = (result.details as { serverFailures?: string[] }).serverFailures ?? [];
  assert.equal(failures.length, 1, JSON.stringify(result.details));
  const log = await serverLog(dir);
  assert.equal(startedGroups(log).length, 2, log);
  assert.match(log, /exited with code 7/);
  await assertNothingLeft(dir);
});
