import assert from "node:assert/strict";
import { test } from "node:test";
import { EndpointError } from "../../src/models/errors.ts";
import type { ChatRequest } from "../../src/models/types.ts";
import { chatCompletion, startScriptedServer } from "../servers/scripted.ts";
import { registryFor } from "./helpers.ts";

const toolConversation: ChatRequest = {
  purpose: "target",
  temperature: 0.2,
  maxTokens: 300,
  messages: [
    { role: "system", content: "You book flights." },
    { role: "user", content: "Book LHR to JFK" },
    { role: "assistant", content: null, toolCalls: [{ id: "call_1", name: "search", arguments: { from: "LHR", to: "JFK" } }] },
    { role: "tool", content: '{"flights":[1]}', toolCallId: "call_1" },
  ],
  tools: [{ name: "book", description: "Books a flight", parameters: { type: "object", properties: { id: { type: "number" } } } }],
};

test("openai: request body carries messages, assistant tool calls, tool results and tools", async () => {
  const server = await startScriptedServer(() => ({ body: chatCompletion("ok") }));
  const registry = registryFor(
    { target: { provider: "openai", "base-url": `${server.url}/v1/`, model: "gpt-test", "api-key-env": "OPENAI_KEY" } },
    { env: { OPENAI_KEY: "sk-test-1234567890" } },
  );
  await registry.chat("target").chat(toolConversation);
  const [request] = server.requests;
  assert.equal(request!.path, "/v1/chat/completions");
  assert.equal(request!.headers["authorization"], "Bearer sk-test-1234567890");
  assert.equal(request!.headers["content-type"], "application/json");
  assert.deepEqual(request!.body, {
    model: "gpt-test",
    messages: [
      { role: "system", content: "You book flights." },
      { role: "user", content: "Book LHR to JFK" },
      {
        role: "assistant",
        content: null,
        tool_calls: [{ id: "call_1", type: "function", function: { name: "search", arguments: '{"from":"LHR","to":"JFK"}' } }],
      },
      { role: "tool", content: '{"flights":[1]}', tool_call_id: "call_1" },
    ],
    tools: [
      {
        type: "function",
        function: { name: "book", description: "Books a flight", parameters: { type: "object", properties: { id: { type: "number" } } } },
      },
    ],
    temperature: 0.2,
    max_tokens: 300,
  });
  await registry.close();
  await server.close();
});

test("openai: parses text, tool calls (broken arguments kept raw), usage, cost and request id", async () => {
  const server = await startScriptedServer(() => {
    const body = chatCompletion(null, {
      id: "chatcmpl-42",
      toolCalls: [{ id: "call_a", name: "book", arguments: { id: 7 } }],
      usage: { prompt: 1000, completion: 500 },
    });
    const message = (body["choices"] as { message: { tool_calls: unknown[] } }[])[0]!.message;
    message.tool_calls.push({ id: "call_b", type: "function", function: { name: "cancel", arguments: "{not json" } });
    return { body };
  });
  const registry = registryFor({
    target: {
      provider: "openai",
      "base-url": server.url,
      model: "gpt-test",
      price: { "input-per-million": 2, "output-per-million": 8 },
    },
  });
  const response = await registry.chat("target").chat(toolConversation);
  assert.equal(response.text, "");
  assert.deepEqual(response.toolCalls, [
    { id: "call_a", name: "book", arguments: { id: 7 } },
    { id: "call_b", name: "cancel", arguments: { __raw: "{not json" } },
  ]);
  assert.deepEqual(response.usage, { inputTokens: 1000, outputTokens: 500 });
  assert.equal(response.costUsd, (1000 * 2 + 500 * 8) / 1e6);
  assert.equal(response.requestId, "chatcmpl-42");
  assert.equal(response.model, "target");
  assert.equal(response.cached, false);
  assert.equal(response.attempts, 1);
  assert.equal(server.requests[0]!.headers["authorization"], undefined, "no key configured, no auth header");
  const stats = registry.stats();
  assert.equal(stats.byModel["target"]!.inputTokens, 1000);
  assert.equal(stats.byModel["target"]!.outputTokens, 500);
  assert.equal(stats.total.costUsd, 0.006);
  assert.equal(stats.total.requests, 1);
  await registry.close();
  await server.close();
});

test("openai: a raw argument string is sent back verbatim in the next turn", async () => {
  const server = await startScriptedServer(() => ({ body: chatCompletion("ok") }));
  const registry = registryFor({ target: { provider: "openai", "base-url": server.url, model: "m" } });
  await registry.chat("target").chat({
    purpose: "target",
    messages: [{ role: "assistant", content: null, toolCalls: [{ id: "c", name: "f", arguments: { __raw: "{oops" } }] }],
  });
  const body = server.requests[0]!.body as { messages: { tool_calls: { function: { arguments: string } }[] }[] };
  assert.equal(body.messages[0]!.tool_calls[0]!.function.arguments, "{oops");
  await registry.close();
  await server.close();
});

test("openai: Azure sends the key as api-key and appends api-version", async () => {
  const server = await startScriptedServer(() => ({ body: chatCompletion("azure ok") }));
  const registry = registryFor(
    {
      azure: {
        provider: "openai",
        "base-url": `${server.url}/openai/deployments/gpt4o`,
        model: "gpt-4o",
        "api-key-env": "AZURE_KEY",
        "api-key-header": "api-key",
        "api-version": "2024-10-21",
      },
    },
    { env: { AZURE_KEY: "azure-secret-value" } },
  );
  const response = await registry.chat("azure").chat({ purpose: "target", messages: [{ role: "user", content: "hi" }] });
  assert.equal(response.text, "azure ok");
  const request = server.requests[0]!;
  assert.equal(request.path, "/openai/deployments/gpt4o/chat/completions?api-version=2024-10-21");
  assert.equal(request.headers["api-key"], "azure-secret-value");
  assert.equal(request.headers["authorization"], undefined);
  await registry.close();
  await server.close();
});

test("openai: the bearer key never appears in an error message, even when the server echoes it", async () => {
  const key = "sk-live-very-secret-000111";
  const server = await startScriptedServer((req) => ({ status: 400, body: { error: `rejected header ${req.headers["authorization"]}` } }));
  const registry = registryFor(
    { target: { provider: "openai", "base-url": server.url, model: "m", "api-key-env": "KEY" } },
    { env: { KEY: key } },
  );
  await assert.rejects(
    registry.chat("target").chat({ purpose: "target", messages: [{ role: "user", content: "x" }] }),
    (error: unknown) => {
      assert.ok(error instanceof EndpointError);
      assert.equal(error.kind, "http");
      assert.ok(!error.message.includes(key), error.message);
      assert.match(error.message, /rejected header Bearer \*\*\*/);
      return true;
    },
  );
  await registry.close();
  await server.close();
});

test("openai: a 200 without choices is a parse error", async () => {
  const server = await startScriptedServer(() => ({ body: { error: "quota" } }));
  const registry = registryFor({ target: { provider: "openai", "base-url": server.url, model: "m" } });
  await assert.rejects(
    registry.chat("target").chat({ purpose: "target", messages: [{ role: "user", content: "x" }] }),
    (error: unknown) => {
      assert.ok(error instanceof EndpointError);
      assert.equal(error.kind, "parse");
      assert.match(error.message, /no choices/);
      return true;
    },
  );
  await registry.close();
  await server.close();
});
