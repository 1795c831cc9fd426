#!/usr/bin/env node
// A tiny tool-using "agent" as an evalgate command target (Node, no dependencies): evalgate runs the
// loop, offering it the MCP server's tools and answering its calls (docs/agents.md).
//
// evalgate writes one JSON request per line on stdin:
//   {"id": "7", "messages": [...], "tools": [...], "vars": {"case": ..., "step": 2}, "case": {...}}
// and reads one JSON reply per line on stdout: a tool call, or the final answer:
//   {"id": "7", "tool_calls": [{"id": "c1", "function": {"name": "get_ticket", "arguments": "{...}"}}]}
//   {"id": "7", "content": "..."}
// Messages and tool calls have OpenAI's chat-completions shape; a tool's answer comes back as a
// message of role "tool". Only replies go to stdout: logs go to stderr.
//
// It answers at once, with no model: each part of the instruction ("…, then …") is one call, of the
// tool whose description shares the most words with it, its arguments taken from the instruction
// (a ticket id T-1234, a "quoted" title or query, a priority) or, for a ticket id, from the last
// answer. Its choice rests on the tools' descriptions, so a pull request that edits one can make it
// call the wrong tool: what an agent suite is there to catch.
import { createInterface } from "node:readline";

const STOP_WORDS = new Set(["a", "an", "the", "of", "to", "by", "it", "its", "and", "or", "with", "is", "in", "on", "for"]);
const words = (text) => new Set(text.toLowerCase().split(/[^a-z0-9]+/).filter((word) => word.length > 0 && !STOP_WORDS.has(word)));

function pickTool(part, tools) {
  const wanted = words(part);
  let best;
  let bestScore = -1;
  for (const tool of tools) {
    const score = [...words(tool.function.description ?? "")].filter((word) => wanted.has(word)).length;
    if (score > bestScore) [best, bestScore] = [tool.function, score];
  }
  return best;
}

function argumentsFor(tool, part, lastResult) {
  const quoted = /"([^"]+)"/.exec(part)?.[1];
  const args = {};
  for (const name of Object.keys(tool.parameters?.properties ?? {})) {
    if (name === "ticket_id") args[name] = /T-\d+/.exec(part)?.[0] ?? /T-\d+/.exec(lastResult ?? "")?.[0];
    else if (name === "priority") args[name] = /priority "?(low|normal|high)/i.exec(part)?.[1]?.toLowerCase();
    else if (quoted !== undefined && (name === "title" || name === "query")) args[name] = quoted;
  }
  return Object.fromEntries(Object.entries(args).filter(([, value]) => value !== undefined));
}

function answer(request) {
  const instruction = request.messages.find((message) => message.role === "user")?.content ?? "";
  const parts = instruction.split(/,?\s+then\s+/i);
  const answered = request.messages.filter((message) => message.role === "tool");
  const lastResult = answered.at(-1)?.content;
  if (answered.length >= parts.length || !request.tools?.length) return { content: `Done. ${lastResult ?? "Nothing to do."}` };
  const part = parts[answered.length];
  const tool = pickTool(part, request.tools);
  const args = argumentsFor(tool, part, lastResult);
  return { tool_calls: [{ id: `call_${answered.length + 1}`, type: "function", function: { name: tool.name, arguments: JSON.stringify(args) } }] };
}

for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  const request = JSON.parse(line);
  process.stdout.write(`${JSON.stringify({ id: request.id, ...answer(request) })}\n`);
}
