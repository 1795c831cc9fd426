// The provider table has two halves, config's (schemas, URL and secret fields) and the registry's
// (adapters): they must name the same providers, and each provider must serve something.
import assert from "node:assert/strict";
import test from "node:test";
import { secretVariable } from "../../src/config/models.ts";
import { PROVIDER_CONFIGS } from "../../src/config/providers.ts";
import { PROVIDER_ADAPTERS, providersServing } from "../../src/models/providers.ts";
import { parseModels, registryFor } from "./helpers.ts";

test("providers: config's table and the registry's adapters list the same providers", () => {
  assert.deepEqual(Object.keys(PROVIDER_ADAPTERS).sort(), Object.keys(PROVIDER_CONFIGS).sort());
  for (const [name, adapter] of Object.entries(PROVIDER_ADAPTERS)) {
    assert.ok(adapter.chat || adapter.endpoint || adapter.moderation, `provider ${name} serves nothing`);
  }
});

test("providers: the registry names the providers that serve a use, from the table", async () => {
  const registry = registryFor({ grader: { provider: "anthropic", model: "m" } });
  assert.throws(
    () => registry.endpoint("grader"),
    new RegExp(`endpoint needs a model with provider ${providersServing("endpoint").join(" or ")}$`),
  );
  assert.throws(() => registry.moderation("grader"), /moderation needs a model with provider openai$/);
  await registry.close();
});

test("providers: each provider's secret is read from the field its table entry names", () => {
  const models = parseModels({
    gpt: { provider: "openai", model: "m", "api-key-env": "OPENAI_KEY" },
    claude: { provider: "anthropic", model: "m" },
    raw: { provider: "http", url: "http://127.0.0.1:1", "api-key-env": "RAW_KEY" },
    athena: { provider: "athena", url: "http://127.0.0.1:1/x", "secret-env": "ATHENA_SECRET" },
    open: { provider: "http", url: "http://127.0.0.1:1" },
  });
  assert.deepEqual(secretVariable(models["gpt"]!), { name: "OPENAI_KEY", field: "api-key-env" });
  assert.deepEqual(secretVariable(models["claude"]!), { name: "ANTHROPIC_API_KEY", field: "api-key-env" });
  assert.deepEqual(secretVariable(models["raw"]!), { name: "RAW_KEY", field: "api-key-env" });
  assert.deepEqual(secretVariable(models["athena"]!), { name: "ATHENA_SECRET", field: "secret-env" });
  assert.equal(secretVariable(models["open"]!), undefined);
});
