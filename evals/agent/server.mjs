// A support desk's MCP server, Node without dependencies: MCP over stdio (JSON-RPC 2.0, one message a
// line), its tools answering from a small in-memory desk. evalgate starts it from the checkout
// (`mcp: { command: [node, server.mjs] }`), lists its tools, offers them to the agent under test and
// sends it every call the agent makes; what it prints on stderr is in .evalgate/logs/<name>.log. A
// real server would use the official SDK (@modelcontextprotocol/sdk); this one spells the protocol
// out so it runs with nothing installed.
// One source: evals/agent/server.mjs (the demo's suite; regressed/server.mjs imports it for
// `evalgate demo --regress-tools`). examples/mcp-agent/server.mjs is a byte-for-byte copy, so the
// example runs alone (test/examples.test.ts holds them equal): edit this one, then copy it there.
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";

const TICKETS = new Map([
  ["T-1001", { id: "T-1001", title: "Printer on floor 2 jams", status: "open", priority: "low" }],
  ["T-1002", { id: "T-1002", title: "VPN drops every hour", status: "open", priority: "high" }],
]);

export const TOOLS = [
  {
    name: "search_tickets",
    description: "Search existing support tickets by words of their title. Use it to find a ticket before you look it up.",
    inputSchema: { type: "object", properties: { query: { type: "string" } }, required: ["query"] },
  },
  {
    name: "get_ticket",
    description: "Look up one support ticket by its id (T-1234): its title, status and priority.",
    inputSchema: { type: "object", properties: { ticket_id: { type: "string" } }, required: ["ticket_id"] },
  },
  {
    name: "create_ticket",
    description: "Open a new support ticket with a title and a priority (low, normal or high).",
    inputSchema: {
      type: "object",
      properties: { title: { type: "string" }, priority: { type: "string", enum: ["low", "normal", "high"] } },
      required: ["title"],
    },
  },
];

const text = (value) => ({ content: [{ type: "text", text: typeof value === "string" ? value : JSON.stringify(value) }] });
const toolError = (message) => ({ ...text(message), isError: true });

const CALLS = {
  search_tickets: ({ query }) => {
    const words = String(query ?? "").toLowerCase().split(/\W+/).filter(Boolean);
    return text([...TICKETS.values()].filter((t) => words.some((w) => t.title.toLowerCase().includes(w))));
  },
  get_ticket: ({ ticket_id }) => (TICKETS.has(ticket_id) ? text(TICKETS.get(ticket_id)) : toolError(`no ticket ${ticket_id}`)),
  create_ticket: ({ title, priority = "normal" }) => {
    if (!title) return toolError("a title is required");
    const ticket = { id: `T-${1001 + TICKETS.size}`, title, status: "open", priority };
    TICKETS.set(ticket.id, ticket);
    return text(ticket);
  },
};

function answer(request, tools) {
  switch (request.method) {
    case "initialize":
      return { protocolVersion: request.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: "support-desk", version: "1.0.0" } };
    case "ping":
      return {};
    case "tools/list":
      return { tools };
    case "tools/call": {
      const call = CALLS[request.params.name];
      if (!call) throw { code: -32602, message: `unknown tool: ${request.params.name}` };
      return call(request.params.arguments ?? {});
    }
    default:
      throw { code: -32601, message: `method not found: ${request.method}` };
  }
}

const send = (message) => process.stdout.write(`${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`);

/** Answers MCP requests on stdin with `tools` until stdin ends. */
export async function serve(tools) {
  for await (const line of createInterface({ input: process.stdin })) {
    if (!line.trim()) continue;
    const request = JSON.parse(line);
    if (request.id === undefined) continue; // a notification (initialized, cancelled): nothing to answer
    try {
      send({ id: request.id, result: answer(request, tools) });
    } catch (error) {
      send({ id: request.id, error: { code: error.code ?? -32603, message: error.message ?? String(error) } });
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await serve(TOOLS);
