import assert from "node:assert/strict";
import { test } from "node:test";
import { EndpointError } from "../../src/models/errors.ts";
import { getPath, renderTemplate } from "../../src/models/http/target.ts";
import { startScriptedServer } from "../servers/scripted.ts";
import { registryFor } from "./helpers.ts";

test("http target: fills the body template and reads reply, tool calls and id by path", async () => {
  const server = await startScriptedServer(() => ({
    body: {
      conversation: { id: 991 },
      output: [{ text: "Here you go" }],
      actions: [
        { name: "search", arguments: { q: "shoes" } },
        { functionName: "cart", arguments: '{"sku":"A1"}' },
        { id: "x7", function: { name: "pay", arguments: '{"eur":12}' } },
        { function: { name: "broken", arguments: "{nope" } },
      ],
    },
  }));
  const registry = registryFor(
    {
      shop: {
        provider: "http",
        url: `${server.url}/agent`,
        method: "PUT",
        "api-key-env": "SHOP_KEY",
        headers: { "X-Tenant": "acme" },
        body: {
          input: "{{prompt}}",
          history: "{{messages}}",
          tools: "{{tools}}",
          session: "{{vars.session}}",
          note: "user said: {{prompt}} (session {{vars.session}})",
          fixed: [1, true, null],
        },
        "reply-path": "output.0.text",
        "tool-calls-path": "actions",
        "id-path": "conversation.id",
      },
    },
    { env: { SHOP_KEY: "shop-key-abcdef" } },
  );
  const response = await registry.chat("shop").chat({
    purpose: "target",
    vars: { session: 42 },
    messages: [
      { role: "user", content: "first" },
      { role: "assistant", content: "yes?" },
      { role: "user", content: "buy shoes" },
    ],
    tools: [{ name: "search", parameters: { type: "object" } }],
  });
  const request = server.requests[0]!;
  assert.equal(request.method, "PUT");
  assert.equal(request.path, "/agent");
  assert.equal(request.headers["authorization"], "Bearer shop-key-abcdef");
  assert.equal(request.headers["x-tenant"], "acme");
  assert.deepEqual(request.body, {
    input: "buy shoes",
    history: [
      { role: "user", content: "first" },
      { role: "assistant", content: "yes?" },
      { role: "user", content: "buy shoes" },
    ],
    tools: [{ type: "function", function: { name: "search", parameters: { type: "object" } } }],
    session: 42,
    note: "user said: buy shoes (session 42)",
    fixed: [1, true, null],
  });
  assert.equal(response.text, "Here you go");
  assert.equal(response.requestId, "991");
  assert.deepEqual(response.toolCalls, [
    { id: "call_0", name: "search", arguments: { q: "shoes" } },
    { id: "call_1", name: "cart", arguments: { sku: "A1" } },
    { id: "x7", name: "pay", arguments: { eur: 12 } },
    { id: "call_3", name: "broken", arguments: { __raw: "{nope" } },
  ]);
  assert.equal(response.usage, null);
  assert.equal(response.costUsd, null);
  await registry.close();
  await server.close();
});

test("http target: a missing reply path is a parse error naming the path", async () => {
  const server = await startScriptedServer(() => ({ body: { choices: [] } }));
  const registry = registryFor({ t: { provider: "http", url: server.url, "reply-path": "choices.0.message.content" } });
  await assert.rejects(registry.chat("t").chat({ purpose: "target", messages: [{ role: "user", content: "hi" }] }), (error: unknown) => {
    assert.ok(error instanceof EndpointError);
    assert.equal(error.kind, "parse");
    assert.match(error.message, /reply-path "choices\.0\.message\.content" is not in the answer/);
    return true;
  });
  await registry.close();
  await server.close();
});

test("http target: the default body sends the messages and reads `reply`", async () => {
  const server = await startScriptedServer(() => ({ body: { reply: "pong" } }));
  const registry = registryFor({ t: { provider: "http", url: server.url } });
  const response = await registry.chat("t").chat({ purpose: "target", messages: [{ role: "user", content: "ping" }] });
  assert.equal(response.text, "pong");
  assert.deepEqual(server.requests[0]!.body, { messages: [{ role: "user", content: "ping" }] });
  await registry.close();
  await server.close();
});

test("template and paths: pure helpers", () => {
  const context = { messages: [], tools: [], prompt: "p", vars: { user: { name: "Ada" } } };
  assert.deepEqual(renderTemplate({ a: "{{ vars.user.name }}", b: ["{{prompt}}!"], c: "{{other}}" }, context, "t"), {
    a: "Ada",
    b: ["p!"],
    c: "{{other}}",
  });
  assert.throws(() => renderTemplate("{{vars.missing}}", context, 'model "t"'), /model "t" body uses \{\{vars\.missing\}\}/);
  assert.equal(getPath({ a: [{ b: 1 }] }, "a.0.b"), 1);
  assert.equal(getPath({ a: [{ b: 1 }] }, "a.1.b"), undefined);
  assert.equal(getPath({ a: "text" }, "a.length"), undefined);
});

test("athena endpoint: posts the body with X-Server-URL and the secret as Authorization", async () => {
  const server = await startScriptedServer(() => ({ body: [{ title: "Missing class", credits: -1 }] }));
  const registry = registryFor(
    {
      athena: {
        provider: "athena",
        url: `${server.url}/modules/modeling/module_modeling_llm/feedback_suggestions`,
        "secret-env": "ATHENA_SECRET",
        "lms-url": "https://lms.example",
        headers: { "X-Extra": "1" },
      },
    },
    { env: { ATHENA_SECRET: "athena-shared-secret" } },
  );
  const endpoint = registry.endpoint("athena");
  const response = await endpoint.post({ exercise: { id: 1 }, submission: { id: 2 } });
  assert.deepEqual(response.json, [{ title: "Missing class", credits: -1 }]);
  assert.equal(response.status, 200);
  assert.equal(response.attempts, 1);
  const request = server.requests[0]!;
  assert.equal(request.method, "POST");
  assert.equal(request.path, "/modules/modeling/module_modeling_llm/feedback_suggestions");
  assert.equal(request.headers["x-server-url"], "https://lms.example");
  assert.equal(request.headers["authorization"], "athena-shared-secret");
  assert.equal(request.headers["x-extra"], "1");
  assert.deepEqual(request.body, { exercise: { id: 1 }, submission: { id: 2 } });
  assert.equal(registry.stats().byModel["athena"]!.requests, 1);
  await registry.close();
  await server.close();
});

test("registry: chat/endpoint refuse unknown names and wrong providers, naming what is allowed", async () => {
  const registry = registryFor({
    athena: { provider: "athena", url: "http://127.0.0.1:1/x" },
    gpt: { provider: "openai", "base-url": "http://127.0.0.1:1", model: "m" },
    raw: { provider: "http", url: "http://127.0.0.1:1" },
  });
  assert.throws(
    () => registry.chat("athena"),
    /model "athena" has provider "athena", but chat needs a model with provider openai or anthropic or http/,
  );
  assert.throws(
    () => registry.endpoint("gpt"),
    /model "gpt" has provider "openai", but endpoint needs a model with provider athena or http/,
  );
  assert.throws(() => registry.chat("nope"), /model "nope" is not defined under models: \(defined: athena, gpt, raw\)/);
  assert.equal(registry.chat("raw").name, "raw");
  assert.equal(registry.endpoint("raw").name, "raw");
  await registry.close();
});
