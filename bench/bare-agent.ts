// The floor of the agent scenario on this machine: the same exchanges as an agent suite of `cases`
// cases (the agent asked four times, the MCP server called three times a case), at the same
// concurrency, against the same programs (bench/agent-worker.mjs, bench/mcp-server.mjs, a pair per
// slot), with nothing between an answer and the next request: no engine, no SDK, no scoring, no
// results. Its wall, as the bench's own-time formula reads it, is what processes and pipes alone cost.
//   node bench/bare-agent.ts <cases> <concurrency>
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";

const [cases, concurrency] = [Number(process.argv[2]), Number(process.argv[3])];
const here = import.meta.dirname;

/** A program answering one JSON line with one JSON line: send() resolves with its reply. */
function lineProgram(script: string): { send(message: object): Promise<Record<string, unknown>>; child: ChildProcess } {
  const child = spawn(process.execPath, [path.join(here, script)], { stdio: ["pipe", "pipe", "inherit"] });
  let waiting: ((reply: Record<string, unknown>) => void) | null = null;
  createInterface({ input: child.stdout! }).on("line", (line) => {
    const settle = waiting;
    waiting = null;
    settle?.(JSON.parse(line));
  });
  return {
    child,
    send(message) {
      return new Promise((resolve) => {
        waiting = resolve;
        child.stdin!.write(`${JSON.stringify(message)}\n`);
      });
    },
  };
}

async function slot(next: () => number): Promise<void> {
  const agent = lineProgram("agent-worker.mjs");
  const server = lineProgram("mcp-server.mjs");
  let rpc = 0;
  await server.send({
    jsonrpc: "2.0",
    id: ++rpc,
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "bare", version: "1" } },
  });
  server.child.stdin!.write(`${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n`);
  for (let n = next(); n < cases; n = next()) {
    const messages: object[] = [{ role: "user", content: `Do task ${n}.` }];
    for (let turn = 0; turn < 5; turn++) {
      const reply = await agent.send({ id: `${n}-${turn}`, messages });
      const call = (reply.tool_calls as { id: string; function: { name: string; arguments: string } }[] | undefined)?.[0];
      if (!call) break;
      messages.push({ role: "assistant", content: null, tool_calls: [call] });
      const result = await server.send({
        jsonrpc: "2.0",
        id: ++rpc,
        method: "tools/call",
        params: { name: call.function.name, arguments: JSON.parse(call.function.arguments) },
      });
      messages.push({ role: "tool", tool_call_id: call.id, content: JSON.stringify(result.result) });
    }
  }
  for (const program of [agent, server]) {
    program.child.stdin!.end();
    await new Promise((resolve) => program.child.on("exit", resolve));
  }
}

let taken = 0;
await Promise.all(Array.from({ length: concurrency }, () => slot(() => taken++)));
