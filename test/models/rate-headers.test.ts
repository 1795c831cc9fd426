// The providers' rate-limit headers, read into the pacer's limits, unit by unit and through real
// HTTP: an OpenAI-compatible and an Anthropic server announce their limits, and the model's pace follows.
import assert from "node:assert/strict";
import { test } from "node:test";
import { parseResetDuration, providerLimits, retryAfterMs } from "../../src/models/rate-headers.ts";
import { chatCompletion, startScriptedServer } from "../servers/scripted.ts";
import { registryFor, userAsks } from "./helpers.ts";

test("rate headers: OpenAI's limits are per minute; its reset is a duration; remaining 0 holds until the reset", () => {
  assert.equal(parseResetDuration("1s"), 1000);
  assert.equal(parseResetDuration("6m0s"), 360_000);
  assert.equal(parseResetDuration("1h2m3.5s"), 3_723_500);
  assert.equal(parseResetDuration("20ms"), 20);
  assert.equal(parseResetDuration("soon"), null);
  const headers = {
    "x-ratelimit-limit-requests": "600",
    "x-ratelimit-remaining-requests": "0",
    "x-ratelimit-reset-requests": "250ms",
    "x-ratelimit-limit-tokens": "120000",
    "x-ratelimit-remaining-tokens": "119000",
    "x-ratelimit-reset-tokens": "500ms",
  };
  assert.deepEqual(providerLimits(headers), { requestsPerSecond: 10, tokensPerSecond: 2000, exhaustedForMs: 250 });
  assert.equal(providerLimits({ "content-type": "application/json" }), null, "no rate-limit headers, no limits");
});

test("rate headers: Anthropic's limits are per minute; its reset is an RFC 3339 time", () => {
  const now = Date.parse("2026-01-01T00:00:00Z");
  const headers = {
    "anthropic-ratelimit-requests-limit": "50",
    "anthropic-ratelimit-requests-remaining": "49",
    "anthropic-ratelimit-requests-reset": "2026-01-01T00:00:01Z",
    "anthropic-ratelimit-input-tokens-limit": "30000",
    "anthropic-ratelimit-input-tokens-remaining": "0",
    "anthropic-ratelimit-input-tokens-reset": "2026-01-01T00:00:02Z",
  };
  assert.deepEqual(providerLimits(headers, now), { requestsPerSecond: 50 / 60, tokensPerSecond: 500, exhaustedForMs: 2000 });
});

test("rate headers: retry-after-ms wins over retry-after; retry-after is seconds or an HTTP date", () => {
  assert.equal(retryAfterMs({ "retry-after-ms": "150", "retry-after": "1" }), 150);
  assert.equal(retryAfterMs({ "retry-after": "2" }), 2000);
  const now = Date.parse("2026-01-01T00:00:00Z");
  assert.equal(retryAfterMs({ "retry-after": "Thu, 01 Jan 2026 00:00:03 GMT" }, now), 3000);
  assert.equal(retryAfterMs({}), null);
});

test("rate headers: an OpenAI-compatible server's announced limits set the model's pace", async () => {
  const server = await startScriptedServer(() => ({
    headers: { "x-ratelimit-limit-requests": "1200", "x-ratelimit-remaining-requests": "1199", "x-ratelimit-reset-requests": "50ms" },
    body: chatCompletion("fine"),
  }));
  const registry = registryFor({ m: { provider: "openai", "base-url": server.url, model: "gpt-test" } });
  try {
    await registry.chat("m").chat(userAsks("hi"));
    assert.equal(registry.pacing()["m"]!.rate, 20, "1,200 requests a minute: 20 a second, evenly");
  } finally {
    await registry.close();
    await server.close();
  }
});

test("rate headers: an Anthropic server's token limit paces by the tokens each answer used", async () => {
  const server = await startScriptedServer(() => ({
    headers: {
      "anthropic-ratelimit-tokens-limit": "60000",
      "anthropic-ratelimit-tokens-remaining": "59000",
      "anthropic-ratelimit-tokens-reset": new Date(Date.now() + 1000).toISOString(),
    },
    body: {
      id: "msg_1",
      type: "message",
      role: "assistant",
      content: [{ type: "text", text: "fine" }],
      usage: { input_tokens: 150, output_tokens: 50 },
    },
  }));
  const registry = registryFor(
    { claude: { provider: "anthropic", "base-url": server.url, model: "claude-test" } },
    { env: { ANTHROPIC_API_KEY: "anthropic-key-123456" } },
  );
  try {
    await registry.chat("claude").chat(userAsks("hi"));
    // 60,000 tokens a minute is 1,000 a second; 200-token answers: 5 requests a second.
    assert.equal(registry.pacing()["claude"]!.rate, 5);
  } finally {
    await registry.close();
    await server.close();
  }
});
