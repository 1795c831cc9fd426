// A reply far past the answer cap is never held whole: its long strings are cut as the body arrives
// (src/models/capped-json.ts), and what the model call returns is what the cap would keep of the
// whole text (src/util/cap-text.ts): the same first characters, the same line saying how much was cut.
import assert from "node:assert/strict";
import { test } from "node:test";
import { JsonStringCapper } from "../../src/models/capped-json.ts";
import { capAnswer, MAX_ANSWER_CHARS } from "../../src/util/cap-text.ts";
import { registerSecret } from "../../src/util/redact.ts";
import { chatCompletion, startScriptedServer } from "../servers/scripted.ts";
import { registryFor, userAsks } from "./helpers.ts";

/** `chars` characters of text with escapes, multibyte and astral characters all through it. */
function longText(chars: number): string {
  const piece = 'line "quoted"\n\té ü 😀 \\ \u2028 plain words ';
  return piece.repeat(Math.ceil(chars / piece.length)).slice(0, chars);
}

test("long reply: a 6 MB answer comes back as the answer cap keeps it, usage still read", async () => {
  const secret = "sk-long-reply-secret-0123456789";
  registerSecret(secret);
  // The secret straddles the cut: no piece of it may be kept.
  const text = `${longText(MAX_ANSWER_CHARS - 10)}${secret}${longText(6_000_000)}`;
  const server = await startScriptedServer(() => ({ body: chatCompletion(text) }));
  const registry = registryFor({ m: { provider: "openai", "base-url": server.url, model: "m" } });
  try {
    const reply = await registry.chat("m").chat(userAsks("write a lot"));
    assert.equal(reply.text, capAnswer(text), "the same text and cut line as capping the whole answer");
    assert.match(reply.text, /\n\[evalgate: [\d,]+ of this answer's [\d,]+ characters cut\]$/);
    assert.ok(!reply.text.includes(secret.slice(0, 12)), "no piece of the secret");
    assert.ok(reply.usage && reply.usage.inputTokens > 0, "the rest of the body is parsed as sent");
  } finally {
    await registry.close();
    await server.close();
  }
});

test("long reply: an answer under the size where strings are cut is read whole and capped as before", async () => {
  const text = longText(MAX_ANSWER_CHARS + 5000);
  const server = await startScriptedServer(() => ({ body: chatCompletion(text) }));
  const registry = registryFor({ m: { provider: "openai", "base-url": server.url, model: "m" } });
  try {
    const reply = await registry.chat("m").chat(userAsks("write a bit more"));
    assert.equal(reply.text, capAnswer(text));
  } finally {
    await registry.close();
    await server.close();
  }
});

test("long reply: strings are cut across chunk boundaries by characters, not bytes; everything else passes byte for byte", () => {
  const body = JSON.stringify({
    short: 'é😀"\\',
    long: `${'é😀"\\\n'.repeat(10)}tail`,
    n: [1.5, 2, { k: "v" }],
    after: "x",
  });
  const capper = new JsonStringCapper(12, 8);
  for (const byte of Buffer.from(body, "utf8")) capper.write(Buffer.from([byte])); // one byte at a time
  const parsed = JSON.parse(capper.end().toString("utf8"));
  const whole = JSON.parse(body);
  assert.deepEqual({ ...parsed, long: undefined }, { ...whole, long: undefined }, "short strings and numbers untouched");
  assert.equal(parsed.long, capAnswer(whole.long, 8), "the long string as the cap keeps it");
  assert.equal(capper.cutChars, whole.long.length - 12);
});
