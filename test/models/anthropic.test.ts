import assert from "node:assert/strict";
import { test } from "node:test";
import { startScriptedServer } from "../servers/scripted.ts";
import { registryFor } from "./helpers.ts";

test("anthropic: maps system, tools, tool_use and tool_result blocks, and reads the reply", async () => {
  const server = await startScriptedServer(() => ({
    body: {
      id: "msg_01",
      type: "message",
      role: "assistant",
      content: [
        { type: "text", text: "Booking now. " },
        { type: "tool_use", id: "toolu_9", name: "book", input: { id: 7 } },
        { type: "text", text: "Done." },
      ],
      usage: { input_tokens: 120, output_tokens: 30 },
    },
  }));
  const registry = registryFor(
    {
      claude: {
        provider: "anthropic",
        "base-url": server.url,
        model: "claude-test",
        "max-tokens": 256,
        price: { "input-per-million": 3, "output-per-million": 15 },
      },
    },
    { env: { ANTHROPIC_API_KEY: "anthropic-key-123456" } },
  );
  const response = await registry.chat("claude").chat({
    purpose: "target",
    temperature: 0,
    messages: [
      { role: "system", content: "Be brief." },
      { role: "system", content: "Use tools." },
      { role: "user", content: "Book LHR-JFK" },
      { role: "assistant", content: "Searching.", toolCalls: [{ id: "toolu_1", name: "search", arguments: { from: "LHR" } }] },
      { role: "tool", content: "[1,2]", toolCallId: "toolu_1" },
      { role: "user", content: "Take the first" },
    ],
    tools: [{ name: "book", description: "Books", parameters: { type: "object" } }],
  });
  const request = server.requests[0]!;
  assert.equal(request.path, "/v1/messages");
  assert.equal(request.headers["x-api-key"], "anthropic-key-123456");
  assert.equal(request.headers["anthropic-version"], "2023-06-01");
  assert.deepEqual(request.body, {
    model: "claude-test",
    max_tokens: 256,
    system: "Be brief.\n\nUse tools.",
    messages: [
      { role: "user", content: [{ type: "text", text: "Book LHR-JFK" }] },
      {
        role: "assistant",
        content: [
          { type: "text", text: "Searching." },
          { type: "tool_use", id: "toolu_1", name: "search", input: { from: "LHR" } },
        ],
      },
      {
        role: "user",
        content: [
          { type: "tool_result", tool_use_id: "toolu_1", content: "[1,2]" },
          { type: "text", text: "Take the first" },
        ],
      },
    ],
    tools: [{ name: "book", description: "Books", input_schema: { type: "object" } }],
    temperature: 0,
  });
  assert.equal(response.text, "Booking now. Done.");
  assert.deepEqual(response.toolCalls, [{ id: "toolu_9", name: "book", arguments: { id: 7 } }]);
  assert.deepEqual(response.usage, { inputTokens: 120, outputTokens: 30 });
  assert.equal(response.costUsd, (120 * 3 + 30 * 15) / 1e6);
  assert.equal(response.requestId, "msg_01");
  await registry.close();
  await server.close();
});

test("anthropic: a body without content blocks is a parse error", async () => {
  const server = await startScriptedServer(() => ({ body: { type: "error" } }));
  const registry = registryFor(
    { claude: { provider: "anthropic", "base-url": server.url, model: "c" } },
    { env: { ANTHROPIC_API_KEY: "k-123456" } },
  );
  await assert.rejects(registry.chat("claude").chat({ purpose: "judge", messages: [{ role: "user", content: "x" }] }), {
    name: "EndpointError",
    kind: "parse",
  });
  await registry.close();
  await server.close();
});
