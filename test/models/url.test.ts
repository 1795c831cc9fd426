// biome-ignore-all lint/suspicious/noTemplateCurlyInString: these strings are ${VAR} references under test, not templates
// Where a model's requests go: a base URL's query string stays on the end of the route, and a
// URL variable holding a line break or space is a config error (exit 2), never stripped.
import assert from "node:assert/strict";
import { readFile, writeFile } from "node:fs/promises";
import { test } from "node:test";
import { routeUrl } from "../../src/models/url.ts";
import { runCli, startEvalServer, writeSuite } from "../engine/helpers.ts";
import { chatCompletion, startScriptedServer } from "../servers/scripted.ts";
import { registryFor, userAsks } from "./helpers.ts";

test("url: a base URL's query string stays on the end of the route; api-version joins it", () => {
  assert.equal(routeUrl("https://gw.example/v1?org=x", "/chat/completions"), "https://gw.example/v1/chat/completions?org=x");
  assert.equal(routeUrl("https://gw.example/v1/?org=x&team=y", "/chat/completions"), "https://gw.example/v1/chat/completions?org=x&team=y");
  assert.equal(
    routeUrl("https://az.example/openai/deployments/d?org=x", "/chat/completions", { "api-version": "2024-06-01" }),
    "https://az.example/openai/deployments/d/chat/completions?org=x&api-version=2024-06-01",
  );
  assert.equal(routeUrl("https://api.anthropic.com/", "/v1/messages"), "https://api.anthropic.com/v1/messages");
});

test("url: OpenAI and Anthropic requests keep the base URL's query", async () => {
  const server = await startScriptedServer((request) =>
    request.path.startsWith("/v1/messages")
      ? {
          body: {
            id: "m",
            type: "message",
            role: "assistant",
            content: [{ type: "text", text: "ok" }],
            usage: { input_tokens: 1, output_tokens: 1 },
          },
        }
      : { body: chatCompletion("ok") },
  );
  const registry = registryFor(
    {
      gpt: { provider: "openai", "base-url": `${server.url}/v1?org=x`, model: "g" },
      claude: { provider: "anthropic", "base-url": `${server.url}?gateway=y`, model: "c" },
    },
    { env: { ANTHROPIC_API_KEY: "anthropic-key-123456" } },
  );
  try {
    await registry.chat("gpt").chat(userAsks("hi"));
    await registry.chat("claude").chat(userAsks("hi"));
    assert.deepEqual(
      server.requests.map((request) => request.path),
      ["/v1/chat/completions?org=x", "/v1/messages?gateway=y"],
    );
  } finally {
    await registry.close();
    await server.close();
  }
});

test("url: a line break or space in a URL's variable is a config error (exit 2) naming the model and field; nothing is sent", async () => {
  const server = await startEvalServer();
  try {
    const { dir, config } = await writeSuite(server.url, 2);
    const text = (await readFile(config, "utf8")).replace(
      `base-url: "${server.url}/v1", model: agent-model`,
      'base-url: "${AGENT_URL}", model: agent-model',
    );
    await writeFile(config, text);
    for (const value of [`${server.url}/v1\r\nX-Injected: 1`, `${server.url}/v1 `]) {
      const result = await runCli(["run", "-c", config, "--quiet"], { cwd: dir, env: { AGENT_URL: value } });
      assert.equal(result.code, 2, result.stdout + result.stderr);
      assert.match(
        result.stderr + result.stdout,
        /model "agent" base-url uses \$\{AGENT_URL\}, and its value holds a line break, space or control character/,
      );
      assert.doesNotMatch(result.stderr, /\n\s+at /, "no stack trace");
    }
    assert.equal(server.requests.length, 0);
  } finally {
    await server.close();
  }
});
