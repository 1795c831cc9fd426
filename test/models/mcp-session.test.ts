// An MCP session on a real stdio server process (test/fixtures/mcp/server.mjs): the caller's signal
// (the run's, shared by every case) holds no listener once a call has settled, however many calls
// were made; an abort of it still stops a call in flight; a tool's output schema is checked on every
// session of the server, not only on the one whose client listed the tools.
import assert from "node:assert/strict";
import { getEventListeners } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { McpSession } from "../../src/models/mcp/session.ts";
import { createProcessLog } from "../../src/models/process/log.ts";

const SERVER = path.resolve(import.meta.dirname, "../fixtures/mcp/server.mjs");

async function openSession(env: Record<string, string> = {}) {
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-mcp-session-"));
  const log = createProcessLog(dir, "desk-mcp");
  const spec = { name: "desk-mcp", command: [process.execPath, SERVER], cwd: dir, env, timeoutMs: 10_000 };
  const run = new AbortController();
  const session = await McpSession.open(spec, { env: process.env, log, label: "mcp 1" }, run.signal);
  const other = await McpSession.open(spec, { env: process.env, log, label: "mcp 2" }, run.signal);
  const done = async () => {
    await other.close();
    await session.close();
    log.close();
    await rm(dir, { recursive: true, force: true });
  };
  return { session, other, run, done };
}

test("mcp session: calls leave no listener on the caller's signal", async () => {
  const { session, run, done } = await openSession();
  try {
    assert.equal((await session.tools(run.signal)).length, 2);
    for (let i = 0; i < 50; i++) {
      const result = await session.call("get_ticket", { ticket_id: "T-1" }, run.signal);
      assert.match(result.text, /^T-1 is open/);
    }
    assert.equal(getEventListeners(run.signal, "abort").length, 0);
  } finally {
    await done();
  }
});

test("mcp session: an abort of the caller's signal stops a call in flight with its reason", async () => {
  const { session, run, done } = await openSession({ MCP_FAIL: "hang:create_ticket" });
  try {
    const call = session.call("create_ticket", { title: "x" }, run.signal);
    const reason = new Error("interrupted");
    setTimeout(() => run.abort(reason), 100);
    await assert.rejects(call, (error) => error === reason);
    assert.equal(getEventListeners(run.signal, "abort").length, 0);
  } finally {
    await done();
  }
});

test("mcp session: a structured answer that breaks the tool's output schema is the tool's error on every session", async () => {
  const { session, other, run, done } = await openSession({ MCP_FAIL: "bad-output:get_ticket" });
  try {
    // One session lists the tools (its SDK client then checks by itself); the other is given the list, as the pool does.
    const tools = await session.tools(run.signal);
    assert.deepEqual(tools.find((tool) => tool.name === "get_ticket")?.outputSchema?.required, ["status"]);
    for (const each of [session, other]) each.useTools(tools);
    const answers = [
      await session.call("get_ticket", { ticket_id: "T-1" }, run.signal),
      await other.call("get_ticket", { ticket_id: "T-1" }, run.signal),
    ];
    for (const answer of answers) {
      assert.equal(answer.isError, true);
      assert.match(answer.text, /Structured content does not match the tool's output schema: .*status/);
    }
    assert.equal(answers[0]!.text, answers[1]!.text, "the SDK's check and evalgate's say the same");
    // A tool without an output schema is not checked.
    assert.equal((await other.call("create_ticket", { title: "x" }, run.signal)).isError, false);
  } finally {
    await done();
  }
});
