#!/usr/bin/env node
// A tiny tool-calling "agent" as an evalgate command target (Node, no dependencies).
//
// evalgate writes one JSON request per line on stdin:
//   {"id": "7", "messages": [...], "tools": [...], "vars": {...}, "case": {"suite": ..., "id": ..., "repeat": 0}}
// and reads one JSON reply per line on stdout:
//   {"id": "7", "content": "...", "tool_calls": [...], "usage": {...}}   or   {"id": "7", "error": "..."}
// Messages and tool calls have OpenAI's chat-completions shape. Only replies go to stdout: logs go to
// stderr (evalgate keeps them in .evalgate/logs/<model>.log). The worker exits when its stdin ends.
//
// This "agent" answers at once and always the same way, with no model and no network: it calls the
// tool it is offered, filling the tool's required number arguments with the numbers of the question,
// in order. Good enough for most of the example questions, wrong on some: a real agent goes here.
import { createInterface } from "node:readline";

const NUMBER = /-?\d+(?:\.\d+)?/g;

function answer(request) {
  const question = request.messages.findLast((message) => message.role === "user")?.content ?? "";
  const tool = request.tools?.[0]?.function;
  if (!tool) return { content: `I can only call tools, and none was offered for: ${question}` };
  const properties = tool.parameters?.properties ?? {};
  const numbers = question.replaceAll(",", "").match(NUMBER) ?? [];
  const args = {};
  for (const name of tool.parameters?.required ?? []) {
    const kind = properties[name]?.type;
    if (!["integer", "number", "float"].includes(kind) || numbers.length === 0) continue;
    const text = numbers.shift();
    args[name] = kind === "integer" && !text.includes(".") ? Number.parseInt(text, 10) : Number.parseFloat(text);
  }
  const call = { id: "call_1", type: "function", function: { name: tool.name, arguments: JSON.stringify(args) } };
  return { content: null, tool_calls: [call], usage: { prompt_tokens: question.split(/\s+/).length, completion_tokens: Object.keys(args).length } };
}

for await (const line of createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY })) {
  if (line.trim() === "") continue;
  const request = JSON.parse(line);
  let reply;
  try {
    reply = answer(request);
  } catch (error) {
    reply = { error: String(error) }; // a failure of this request only: evalgate fails its case, the run goes on
  }
  process.stdout.write(`${JSON.stringify({ ...reply, id: request.id })}\n`);
  process.stderr.write(`answered ${request.id} (${request.case?.id})\n`);
}
