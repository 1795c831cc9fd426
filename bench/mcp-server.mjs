// The bench's MCP server (stdio, no dependencies): three tools answered at once; when its stdin ends
// or it is told to stop, adds the time it spent answering to $BENCH_SERVER_TIMES.
import { appendFileSync } from "node:fs";
import { createInterface } from "node:readline";

const TOOLS = [1, 2, 3].map((n) => ({
  name: `step_${n}`,
  description: `Step ${n} of the task.`,
  inputSchema: { type: "object", properties: { n: { type: "integer" } } },
}));
let busyMs = 0;
const report = () => {
  if (process.env.BENCH_SERVER_TIMES) appendFileSync(process.env.BENCH_SERVER_TIMES, `${busyMs}\n`);
  process.exit(0);
};
process.on("SIGTERM", report);
const lines = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
lines.on("line", (line) => {
  const started = performance.now();
  const request = JSON.parse(line);
  if (request.id === undefined) return;
  const result =
    request.method === "initialize"
      ? { protocolVersion: request.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: "bench", version: "1" } }
      : request.method === "tools/list"
        ? { tools: TOOLS }
        : request.method === "tools/call"
          ? { content: [{ type: "text", text: `did ${request.params.name}` }] }
          : {};
  process.stdout.write(`${JSON.stringify({ jsonrpc: "2.0", id: request.id, result })}\n`);
  busyMs += performance.now() - started;
});
lines.on("close", report);
