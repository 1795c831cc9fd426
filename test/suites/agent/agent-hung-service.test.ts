// A streamable HTTP MCP service evalgate started that hangs (alive, not answering) is replaced for the
// case's retry, through the real CLI with the SDK's own server (test/fixtures/mcp/http-server.mjs):
// the case passes on a fresh service, the case in flight on the hung one finishes there undisturbed,
// and the hung service is stopped once that case is done: nothing is left after the run.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { test } from "node:test";
import type { AgentDetails } from "../../../src/results/agent.ts";
import type { Results } from "../../../src/results/types.ts";
import { startedGroups, survivors } from "../../engine/command-project.ts";
import { runCli } from "../../engine/helpers.ts";
import { agentProject, nodeCommand } from "./project.ts";

test("agent: a started MCP service that hangs is replaced for the case's retry; the case in flight on it finishes there; nothing is left", async () => {
  const cases = [
    // Its first call wedges the service on T-1: the retry must go to a fresh one.
    { id: "hung", instruction: "call get_ticket T-1", expected_calls: [{ name: "get_ticket", arguments: { ticket_id: "T-1" } }] },
    // In flight on the same service the whole time: its agent calls only once the fresh one has started.
    { id: "in-flight", instruction: "after-restart call get_ticket T-2", expected_calls: [{ name: "get_ticket" }] },
  ];
  let starts = "";
  const mcp = (dir: string) => {
    starts = path.join(dir, "starts");
    const serviceEnv = `{ MCP_HANG_FIRST: ${JSON.stringify(path.join(dir, "hung"))}, MCP_STARTS: ${JSON.stringify(starts)} }`;
    const start = `{ command: ${nodeCommand("mcp/http-server.mjs")}, ready: "http://127.0.0.1:{{port}}/health", timeout: 20s, env: ${serviceEnv} }`;
    return `{ name: desk-mcp, url: "http://127.0.0.1:{{port}}/mcp", start: ${start}, timeout: 2s }`;
  };
  // The HTTP fixture imports the SDK: the temp repository resolves it from ours.
  const dir = await agentProject("evalgate-agent-hung-", { mcp, cases, gate: "{ min-score: 0.5 }", timeout: "20s", sdk: true });

  const run = await runCli(["run", "-c", "evalgate.yml", "-q"], { cwd: dir, env: { AGENT_WAIT_STARTS: starts } });
  assert.equal(run.code, 0, run.stdout + run.stderr);
  const suite = (JSON.parse(await readFile(path.join(dir, "out", "results.json"), "utf8")) as Results).suites["desk"]!;
  const byId = Object.fromEntries(suite.cases.map((c) => [c.caseId, c]));
  assert.equal(byId["hung"]!.metrics["trajectory_pass"], 1);
  const failures = (byId["hung"]!.details as AgentDetails).serverFailures ?? [];
  assert.equal(failures.length, 1, JSON.stringify(byId["hung"]!.details));
  assert.match(failures[0]!, /did not answer a call of get_ticket: gave no answer within 2000ms/);
  assert.equal(byId["in-flight"]!.metrics["trajectory_pass"], 1);
  assert.equal((byId["in-flight"]!.details as AgentDetails).serverFailures, undefined, "the case in flight was not failed");
  assert.match(JSON.stringify(byId["in-flight"]!.details), /T-2 is open \(over HTTP\)/);

  const log = await readFile(path.join(dir, "out", "logs", "desk-mcp.log"), "utf8");
  assert.equal(startedGroups(log).length, 2, log);
  assert.deepEqual(await survivors(startedGroups(log)), [], "the hung service was stopped, and the fresh one");
});
