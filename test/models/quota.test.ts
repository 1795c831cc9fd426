// When a 429 means the provider's quota is used up (the run stops) rather than "slow down" (the
// request waits and is retried): the provider's words, the wait it asks for, the run's deadline.
import assert from "node:assert/strict";
import { test } from "node:test";
import { modelConfig } from "../../src/config/models.ts";
import { QUOTA_WAIT_MS, quotaExhausted, quotaOwner, quotaSaidInBody } from "../../src/models/quota.ts";

test("quota: the providers' words for a used-up quota, and only those", () => {
  const openai = JSON.stringify({
    error: { message: "You exceeded your current quota, please check your plan and billing details.", type: "insufficient_quota" },
  });
  assert.equal(quotaSaidInBody(openai), "the provider answered insufficient_quota");
  for (const daily of [
    "Rate limit reached for model `llama` in organization `org` on tokens per day (TPD): Limit 500000, Used 499812",
    "Rate limit reached for gpt-4 on requests per day (RPD): Limit 200",
    "You have reached your daily quota.",
    "Daily limit exceeded for this key",
  ])
    assert.equal(quotaSaidInBody(daily), "the provider says a daily limit is reached", daily);
  for (const rate of [
    "Rate limit reached for gpt-4 on tokens per min (TPM): Limit 10000, Used 9800",
    '{"error":{"type":"rate_limit_error","message":"Number of request tokens has exceeded your per-minute rate limit"}}',
    "Too Many Requests",
    "",
  ])
    assert.equal(quotaSaidInBody(rate), null, rate);
});

test("quota: a wait of an hour or more, or one past the deadline that no retry would wait out", () => {
  const facts = (waitMs: number | null, remainingMs: number | null = null) => ({ bodySays: null, waitMs, remainingMs });
  assert.equal(quotaExhausted(facts(null)), null);
  assert.equal(quotaExhausted(facts(30_000)), null);
  assert.equal(quotaExhausted(facts(QUOTA_WAIT_MS - 1)), null, "under an hour and no deadline: waited for (capped) and retried");
  assert.equal(quotaExhausted(facts(QUOTA_WAIT_MS)), "it asks to wait 1h");
  assert.equal(quotaExhausted(facts(3 * 86_400_000)), "it asks to wait 3 days");
  assert.equal(quotaExhausted(facts(20 * 60_000, 5 * 60_000)), "it asks to wait 20m, past the run's deadline (5m left)");
  assert.equal(quotaExhausted(facts(30_000, 10_000)), null, "a short wait past the deadline is ended by the deadline itself");
  assert.equal(
    quotaExhausted({ bodySays: "the provider answered insufficient_quota", waitMs: 1, remainingMs: null }),
    "the provider answered insufficient_quota",
  );
});

test("quota: whose quota it is, by the provider people know or the endpoint's host, and the model it serves", () => {
  const parse = (raw: Record<string, unknown>) => modelConfig.parse(raw);
  assert.equal(quotaOwner("judge", parse({ provider: "openai", model: "gpt-4o-mini" })), "OpenAI's quota for gpt-4o-mini");
  assert.equal(quotaOwner("judge", parse({ provider: "anthropic", model: "claude-x" })), "Anthropic's quota for claude-x");
  assert.equal(
    quotaOwner("j", parse({ provider: "openai", "base-url": "https://res.openai.azure.com/openai/deployments/d", model: "gpt-4o" })),
    "Azure OpenAI's quota for gpt-4o",
  );
  assert.equal(
    quotaOwner("j", parse({ provider: "openai", "base-url": "https://api.groq.com/openai/v1", model: "llama" })),
    "api.groq.com's quota for llama",
  );
  assert.equal(
    quotaOwner("bot", parse({ provider: "http", url: "https://bot.internal/chat", "reply-path": "reply" })),
    "bot.internal's quota for bot",
  );
});
