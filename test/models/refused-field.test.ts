// Which refusals name a setting evalgate may leave out: OpenAI's error.param with an unsupported
// code, Anthropic's message naming the field (quoted or not, as both forms are seen), and never a
// field a request cannot go without.
import assert from "node:assert/strict";
import { test } from "node:test";
import { readRefusal, ruleFromRefusal } from "../../src/models/refused-field.ts";

const body = { model: "m", messages: [], max_tokens: 10, temperature: 0.2, top_p: 0.5 };

test("OpenAI: an unsupported parameter named in error.param is left out, or sent as the field the message says to use", () => {
  const text = JSON.stringify({
    error: {
      message: "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
      type: "invalid_request_error",
      param: "max_tokens",
      code: "unsupported_parameter",
    },
  });
  const rule = ruleFromRefusal("openai", readRefusal(text)!, body);
  assert.equal(rule?.field, "max_tokens");
  assert.equal(rule?.sentAs, "max_completion_tokens");
  const other = JSON.stringify({ error: { message: "Invalid value for 'messages'.", param: "messages", code: "invalid_value" } });
  assert.equal(ruleFromRefusal("openai", readRefusal(other)!, body), null, "another code, another field: the case's refusal");
});

test("Anthropic: the field its message names, backquoted or bare; never max_tokens, never a field the request did not carry", () => {
  for (const message of ["`temperature` is deprecated for this model.", "temperature is deprecated for this model."]) {
    const refusal = readRefusal(JSON.stringify({ type: "error", error: { type: "invalid_request_error", message } }))!;
    assert.equal(ruleFromRefusal("anthropic", refusal, body)?.field, "temperature", message);
  }
  const topK = readRefusal(
    JSON.stringify({ type: "error", error: { type: "invalid_request_error", message: "`top_k` is deprecated for this model." } }),
  )!;
  assert.equal(ruleFromRefusal("anthropic", topK, body), null);
  const limit = readRefusal(JSON.stringify({ error: { message: "`max_tokens` is not supported for this model." } }))!;
  assert.equal(ruleFromRefusal("anthropic", limit, body), null, "required on every Claude model");
  assert.equal(readRefusal("<html>bad gateway</html>"), null);
});
