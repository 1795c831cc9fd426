// biome-ignore-all lint/suspicious/noTemplateCurlyInString: these strings are ${VAR} references under test, not templates
import assert from "node:assert/strict";
import { test } from "node:test";
import { interpolateEnv, missingSecrets, resolveModel } from "../../src/models/env.ts";
import { redact } from "../../src/util/redact.ts";
import { chatCompletion, startScriptedServer } from "../servers/scripted.ts";
import { parseModels, registryFor } from "./helpers.ts";

test("env: ${VAR} and ${VAR:-default} interpolation", () => {
  assert.equal(interpolateEnv("${HOST:-http://127.0.0.1:4010}/v1", {}, "base-url"), "http://127.0.0.1:4010/v1");
  assert.equal(interpolateEnv("${HOST:-http://127.0.0.1:4010}/v1", { HOST: "http://demo:9" }, "base-url"), "http://demo:9/v1");
  assert.equal(interpolateEnv("${HOST:-fallback}", { HOST: "" }, "url"), "fallback", "empty counts as unset");
  assert.equal(interpolateEnv("Bearer ${TOKEN}", { TOKEN: "t0k3n-value" }, "header"), "Bearer t0k3n-value");
  assert.throws(
    () => interpolateEnv("${NOPE}/x", {}, 'model "m" url'),
    /model "m" url uses \$\{NOPE\}, but the environment variable NOPE is not set/,
  );
});

test("env: the demo's base-url default reaches the server, and header secrets are redacted", async () => {
  const server = await startScriptedServer(() => ({ body: chatCompletion("hi") }));
  const registry = registryFor(
    {
      demo: {
        provider: "openai",
        "base-url": "${EVALGATE_DEMO_URL:-http://127.0.0.1:1}/v1",
        model: "d",
        headers: { "X-Token": "${DEMO_HEADER_TOKEN}" },
      },
    },
    { env: { EVALGATE_DEMO_URL: server.url, DEMO_HEADER_TOKEN: "header-secret-777" } },
  );
  await registry.chat("demo").chat({ purpose: "target", messages: [{ role: "user", content: "x" }] });
  assert.equal(server.requests[0]!.path, "/v1/chat/completions");
  assert.equal(server.requests[0]!.headers["x-token"], "header-secret-777");
  assert.equal(redact("token header-secret-777 leaked"), "token *** leaked");
  await registry.close();
  await server.close();
});

test("env: missingSecrets names each model, variable and field that is unset", () => {
  const models = parseModels({
    judge: { provider: "openai", model: "gpt", "api-key-env": "OPENAI_API_KEY" },
    claude: { provider: "anthropic", model: "c" },
    athena: { provider: "athena", url: "${ATHENA_URL}/feedback", "secret-env": "ATHENA_SECRET", headers: { "X-Org": "${ORG:-none}" } },
    demo: { provider: "openai", "base-url": "${EVALGATE_DEMO_URL:-http://127.0.0.1:4010}/v1", model: "d" },
    unused: { provider: "openai", model: "u", "api-key-env": "UNUSED_KEY" },
  });
  const names = ["judge", "claude", "athena", "demo", "judge", "ghost"];
  assert.deepEqual(missingSecrets(models, names, { ANTHROPIC_API_KEY: "a-key-123456" }), [
    'model "judge" needs the environment variable OPENAI_API_KEY (api-key-env), which is not set',
    'model "athena" needs the environment variables ATHENA_SECRET (secret-env) and ATHENA_URL (url), which are not set',
    'model "ghost" is used but not defined under models:',
  ]);
  assert.deepEqual(
    missingSecrets(models, ["judge", "claude", "athena", "demo"], {
      OPENAI_API_KEY: "sk-123456",
      ANTHROPIC_API_KEY: "a-key-123456",
      ATHENA_SECRET: "s-123456",
      ATHENA_URL: "http://x",
    }),
    [],
  );
  assert.deepEqual(missingSecrets(models, ["claude"], {}), [
    'model "claude" needs the environment variable ANTHROPIC_API_KEY (api-key-env), which is not set',
  ]);
});

test("env: the env of a command and of a started service may use ${VAR}: unset ones are named, set ones are secrets", () => {
  const models = parseModels({
    bot: { provider: "command", command: "python bot.py", env: { BOT_KEY: "${BOT_KEY}", MODE: "fast", HOST: "${BOT_HOST:-local}" } },
    app: {
      provider: "http",
      url: "http://127.0.0.1:{{port}}/chat",
      start: { command: "npm start", ready: "http://127.0.0.1:{{port}}/health", env: { DB_URL: "${DB_URL}" } },
    },
  });
  assert.deepEqual(missingSecrets(models, ["bot", "app"], {}), [
    'model "bot" needs the environment variable BOT_KEY (env.BOT_KEY), which is not set',
    'model "app" needs the environment variable DB_URL (start.env.DB_URL), which is not set',
  ]);
  assert.deepEqual(missingSecrets(models, ["bot", "app"], { BOT_KEY: "k", DB_URL: "d" }), []);
  const resolved = resolveModel("bot", models.bot!, { BOT_KEY: "bot-key-31337" });
  assert.deepEqual((resolved.config as { env: Record<string, string> }).env, { BOT_KEY: "bot-key-31337", MODE: "fast", HOST: "local" });
  assert.equal(redact("the key bot-key-31337"), "the key ***");
  const app = resolveModel("app", models.app!, { DB_URL: "postgres://u:db-pass-777@h/db" });
  assert.equal((app.config as { start: { env: Record<string, string> } }).start.env.DB_URL, "postgres://u:db-pass-777@h/db");
  assert.equal(redact("db postgres://u:db-pass-777@h/db"), "db ***");
  assert.equal(models.bot!.provider, "command", "the model's own config is left as it was");
  assert.deepEqual((models.bot as { env: Record<string, string> }).env.BOT_KEY, "${BOT_KEY}");
});
