// The bench's MCP server (stdio, no dependencies): three tools answered at once; its answering time
// goes to $BENCH_SERVER_TIMES (./line-worker.mjs).
import { answerLines } from "./line-worker.mjs";

const TOOLS = [1, 2, 3].map((n) => ({
  name: `step_${n}`,
  description: `Step ${n} of the task.`,
  inputSchema: { type: "object", properties: { n: { type: "integer" } } },
}));

answerLines((request) => {
  if (request.id === undefined) return undefined; // a notification: nothing to answer
  const result =
    request.method === "initialize"
      ? { protocolVersion: request.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: "bench", version: "1" } }
      : request.method === "tools/list"
        ? { tools: TOOLS }
        : request.method === "tools/call"
          ? { content: [{ type: "text", text: `did ${request.params.name}` }] }
          : {};
  return { jsonrpc: "2.0", id: request.id, result };
}, "BENCH_SERVER_TIMES");
