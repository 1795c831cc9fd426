// Today's model ids against a fake that answers as OpenAI's and Anthropic's APIs answer in late 2026
// (test/servers/today-apis.ts: bodies checked against the providers' own descriptions, the model
// rules enforced with the real refusals): the rules of src/models/families.ts keep every request
// within them, each changed setting is named once with where it came from, a refusal naming a field
// is learned, and reasoning and cache tokens are read and priced.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { DemoPersona } from "../../src/demo/openai-server.ts";
import { startScriptedServer } from "../servers/scripted.ts";
import { startTodayApis } from "../servers/today-apis.ts";
import { registryFor } from "./helpers.ts";

/** Answers with the last user message, or calls `lookup` when offered it and no tool answered yet. */
const echo: DemoPersona = (body) => {
  const offered = body.tools?.some((tool) => tool.function.name === "lookup");
  const answered = body.messages.some((message) => message.role === "tool");
  if (offered && !answered) return { content: null, toolCalls: [{ name: "lookup", arguments: { id: 7 } }] };
  return { content: `echo: ${body.messages.filter((message) => message.role === "user").at(-1)?.content ?? ""}` };
};

const fake = (refuses?: Record<string, string[]>) =>
  startTodayApis({ routes: {}, personas: new Proxy({}, { get: () => echo }), ...(refuses ? { refuses } : {}) });
const ask = (text: string) => ({ purpose: "target" as const, messages: [{ role: "user" as const, content: text }] });

test("gpt-5-mini: max_tokens goes as max_completion_tokens, a temperature other than 1 and top_p are left out, each named once with its source", async () => {
  const server = await fake();
  const registry = registryFor({
    agent: { provider: "openai", "base-url": `${server.url}/v1`, model: "gpt-5-mini", temperature: 0.2, "top-p": 0.9, "max-tokens": 800 },
    judge: { provider: "openai", "base-url": `${server.url}/v1`, model: "o4-mini", temperature: 1 },
  });
  try {
    for (const text of ["one", "two"]) assert.equal((await registry.chat("agent").chat(ask(text))).text, `echo: ${text}`);
    await registry.chat("judge").chat(ask("three"));
    const origins = { temperature: "the function-calls completion judge's temperature (set by evalgate)" };
    await registry.chat("judge").chat({ ...ask("four"), purpose: "judge", temperature: 0, origins });
    assert.deepEqual(server.refusals, []);
    const [first, , third, fourth] = server.requests.map((request) => request.body as Record<string, unknown>);
    assert.equal(first!["max_completion_tokens"], 800);
    for (const field of ["max_tokens", "temperature", "top_p"]) assert.equal(field in first!, false, field);
    assert.equal(third!["temperature"], 1, "the default is sent as it is");
    assert.equal("temperature" in fourth!, false);
    assert.deepEqual(registry.notes(), [
      'model "agent": models.agent.temperature 0.2: not sent, gpt-5-mini accepts only the default (1)',
      'model "agent": models.agent.max-tokens 800: sent as max_completion_tokens, gpt-5-mini takes no max_tokens',
      'model "agent": models.agent.top-p 0.9: not sent, gpt-5-mini accepts only the default (1)',
      `model "judge": the function-calls completion judge's temperature (set by evalgate) 0: not sent, o4-mini accepts only the default (1); judge "judge" votes at its default temperature`,
    ]);
  } finally {
    await registry.close();
    await server.close();
  }
});

test("claude-opus-4-7: no sampling fields, adaptive thinking for a budget, thinking blocks skipped, cache reads and writes priced", async () => {
  const server = await fake();
  const price = { "input-per-million": 5, "output-per-million": 25, "cached-input-per-million": 0.5, "cache-write-per-million": 6.25 };
  const registry = registryFor(
    {
      claude: { provider: "anthropic", "base-url": server.url, model: "claude-opus-4-7", temperature: 0.3, "thinking-budget": 2048, price },
    },
    { env: { ANTHROPIC_API_KEY: "sk-ant-fake-123456" } },
  );
  try {
    const long = "x".repeat(5000);
    const response = await registry.chat("claude").chat({ ...ask(long), topP: 0.5, origins: { topP: "prompts/a.prompt.yml:9 topP" } });
    assert.deepEqual(server.refusals, []);
    assert.equal(response.text, `echo: ${long}`, "the thinking and redacted_thinking blocks are not the answer");
    const body = server.requests[0]!.body as Record<string, unknown>;
    assert.deepEqual(body["thinking"], { type: "adaptive" });
    assert.equal("temperature" in body || "top_p" in body, false);
    const usage = response.usage!;
    assert.equal(usage.cacheWriteTokens, 512);
    const fresh = usage.inputTokens - 512;
    const expected = (fresh * 5 + 512 * 6.25 + usage.outputTokens * 25) / 1_000_000;
    assert.ok(Math.abs(response.costUsd! - expected) < 1e-12, `${response.costUsd} vs ${expected}`);
    assert.deepEqual(registry.notes(), [
      'model "claude": models.claude.temperature 0.3: not sent, claude-opus-4-7 takes no temperature',
      'model "claude": prompts/a.prompt.yml:9 topP 0.5: not sent, claude-opus-4-7 takes no top_p',
      'model "claude": models.claude.thinking-budget 2048: sent changed, claude-opus-4-7 takes adaptive thinking, not a budget',
    ]);
  } finally {
    await registry.close();
    await server.close();
  }
});

test("a model nobody listed: its refusal naming a field is learned, the request sent once more without it, later requests leave it out", async () => {
  const server = await fake({ "gpt-6-preview": ["temperature"], "claude-haiku-5": ["top_p"] });
  const registry = registryFor(
    {
      next: { provider: "openai", "base-url": `${server.url}/v1`, model: "gpt-6-preview", temperature: 0.2 },
      haiku: { provider: "anthropic", "base-url": server.url, model: "claude-haiku-5", "top-p": 0.8 },
    },
    { env: { ANTHROPIC_API_KEY: "sk-ant-fake-123456" } },
  );
  try {
    const first = await registry.chat("next").chat(ask("a"));
    assert.equal(first.text, "echo: a");
    assert.equal(first.attempts, 2);
    await registry.chat("next").chat(ask("b"));
    await registry.chat("haiku").chat(ask("c"));
    await registry.chat("haiku").chat(ask("d"));
    assert.equal(server.refusals.length, 2, "one refusal per model, then the field is left out");
    assert.deepEqual(server.refusals[0]!.body, {
      error: {
        message: "Unsupported value: 'temperature' does not support 0.2 with this model. Only the default (1) value is supported.",
        type: "invalid_request_error",
        param: "temperature",
        code: "unsupported_value",
      },
    });
    assert.deepEqual(registry.notes(), [
      `model "next": models.next.temperature 0.2: not sent, the API refused it: Unsupported value: 'temperature' does not support 0.2 with this model. Only the default (1) value is supported. (param temperature, unsupported_value)`,
      'model "haiku": models.haiku.top-p 0.8: not sent, the API refused it: `top_p` is deprecated for this model.',
    ]);
    assert.equal(registry.stats().total.errors, 0);
  } finally {
    await registry.close();
    await server.close();
  }
});

test("any other 400 stays the case's refusal: sent once, its whole message (redacted) in the error", async () => {
  const secret = "sk-live-secret-0123456789";
  const message = `Invalid 'messages[0].content': string too long. Expected a string with maximum length 1048576, but got a string with length 2000000 instead. The key ${secret} was not used. ${"More words follow. ".repeat(8)}`;
  const server = await startScriptedServer(() => ({
    status: 400,
    body: { error: { message, type: "invalid_request_error", param: "messages[0].content", code: "string_above_max_length" } },
  }));
  const registry = registryFor(
    { m: { provider: "openai", "base-url": server.url, model: "gpt-5", "api-key-env": "KEY" } },
    { env: { KEY: secret } },
  );
  try {
    await assert.rejects(registry.chat("m").chat(ask("hi")), (error: Error) => {
      assert.ok(error.message.includes("string too long"), error.message);
      assert.ok(error.message.includes("More words follow. More words follow. More words follow. More words follow."), "not cut");
      assert.ok(error.message.endsWith("(param messages[0].content, string_above_max_length)"), error.message);
      assert.equal(error.message.includes(secret), false, "redacted");
      return true;
    });
    assert.equal(server.requests.length, 1);
  } finally {
    await registry.close();
    await server.close();
  }
});

test("OpenAI usage: cached input priced at its rate, reasoning tokens counted as output", async () => {
  const server = await startScriptedServer(() => ({
    body: {
      choices: [{ message: { role: "assistant", content: "ok" } }],
      usage: {
        prompt_tokens: 3000,
        completion_tokens: 900,
        prompt_tokens_details: { cached_tokens: 2048 },
        completion_tokens_details: { reasoning_tokens: 700 },
      },
    },
  }));
  const price = { "input-per-million": 1.25, "output-per-million": 10, "cached-input-per-million": 0.125 };
  const registry = registryFor({ m: { provider: "openai", "base-url": server.url, model: "gpt-5", "reasoning-effort": "low", price } });
  try {
    const response = await registry.chat("m").chat(ask("hi"));
    assert.deepEqual(response.usage, { inputTokens: 3000, outputTokens: 900, cachedInputTokens: 2048, reasoningTokens: 700 });
    assert.equal(response.costUsd, (952 * 1.25 + 2048 * 0.125 + 900 * 10) / 1_000_000);
    assert.equal((server.requests[0]!.body as Record<string, unknown>)["reasoning_effort"], "low");
  } finally {
    await registry.close();
    await server.close();
  }
});

test("api: responses: /responses with input items, max_output_tokens and reasoning.effort; function_call items are tool calls", async () => {
  const server = await fake();
  const registry = registryFor({
    r: {
      provider: "openai",
      "base-url": `${server.url}/v1`,
      model: "gpt-5",
      api: "responses",
      "reasoning-effort": "high",
      "max-tokens": 300,
      temperature: 0.1,
    },
  });
  const tools = [{ name: "lookup", description: "Looks up", parameters: { type: "object", properties: { id: { type: "integer" } } } }];
  try {
    const system = { role: "system" as const, content: "Use tools." };
    const first = await registry.chat("r").chat({ ...ask("find 7"), messages: [system, ...ask("find 7").messages], tools });
    assert.deepEqual(first.toolCalls, [{ id: "call_1", name: "lookup", arguments: { id: 7 } }]);
    const followUp = [
      system,
      { role: "user" as const, content: "find 7" },
      { role: "assistant" as const, content: null, toolCalls: first.toolCalls },
      { role: "tool" as const, content: '{"found":true}', toolCallId: "call_1" },
    ];
    const second = await registry.chat("r").chat({ purpose: "target", messages: followUp, tools });
    assert.equal(second.text, "echo: find 7");
    assert.ok(second.usage?.reasoningTokens && second.usage.reasoningTokens > 0);
    assert.deepEqual(server.refusals, [], "both bodies fit OpenAI's CreateResponse schema and the reasoning rules");
    const body = server.requests[1]!.body as Record<string, unknown>;
    assert.equal(server.requests[1]!.path, "/v1/responses");
    assert.equal(body["max_output_tokens"], 300);
    assert.deepEqual(body["reasoning"], { effort: "high" });
    assert.equal("temperature" in body, false);
    assert.deepEqual((body["input"] as unknown[]).slice(2), [
      { type: "function_call", call_id: "call_1", name: "lookup", arguments: '{"id":7}' },
      { type: "function_call_output", call_id: "call_1", output: '{"found":true}' },
    ]);
  } finally {
    await registry.close();
    await server.close();
  }
});
