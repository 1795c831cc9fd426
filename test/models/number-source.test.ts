// Tool-call arguments that arrive as objects inside the response body (Anthropic's tool_use input)
// keep their numbers' source text through the transport and through the response cache, so the
// function-call str() matcher sees 5.0 and big integers as the model wrote them.
import assert from "node:assert/strict";
import { test } from "node:test";
import { pythonStr } from "../../src/util/sequence-matcher.ts";
import { startScriptedServer } from "../servers/scripted.ts";
import { registryFor, tempDir, userAsks } from "./helpers.ts";

test("anthropic tool_use input: 5.0 and a big integer survive the transport and a cache hit", async () => {
  // Sent as text, so the wire carries 5.0 and every digit.
  const body =
    '{"id":"msg_1","type":"message","role":"assistant","content":[{"type":"tool_use","id":"t1","name":"book",' +
    '"input":{"seats":5.0,"ref":12345678901234567890,"legs":[1.0,2]}}],"usage":{"input_tokens":1,"output_tokens":1}}';
  const server = await startScriptedServer(() => ({ headers: { "content-type": "application/json" }, body }));
  try {
    const cacheDir = await tempDir("number-source");
    const config = { provider: "anthropic", "base-url": server.url, model: "claude-test", "max-tokens": 64, cache: true };
    const expected = "{'seats': 5.0, 'ref': 12345678901234567890, 'legs': [1.0, 2]}";
    const first = registryFor({ claude: config }, { env: { ANTHROPIC_API_KEY: "k-123456789" }, cacheDir });
    const fresh = await first.chat("claude").chat(userAsks("book"));
    assert.equal(pythonStr(fresh.toolCalls[0]?.arguments), expected);
    await first.close(); // flushes the cache write
    // A new registry on the same cache folder: served from disk, same rendering.
    const registry = registryFor({ claude: config }, { env: { ANTHROPIC_API_KEY: "k-123456789" }, cacheDir });
    const cached = await registry.chat("claude").chat(userAsks("book"));
    assert.equal(cached.cached, true);
    assert.equal(server.requests.length, 1);
    assert.equal(pythonStr(cached.toolCalls[0]?.arguments), expected);
    await registry.close();
  } finally {
    await server.close();
  }
});
