// The circuit breaker through real HTTP: transient overload that retries get past never opens it;
// calls that fail for good, a few in a row, open it; one probe then decides whether the model is stopped.
import assert from "node:assert/strict";
import { test } from "node:test";
import { isEndpointError } from "../../src/models/errors.ts";
import { chatCompletion, type ScriptedHandler, startScriptedServer } from "../servers/scripted.ts";
import { registryFor, userAsks } from "./helpers.ts";

const overloaded = { status: 503, body: { error: { type: "overloaded_error", message: "Overloaded" } } };

async function withModel(
  handler: ScriptedHandler,
  settings: Record<string, unknown>,
  body: (
    model: ReturnType<ReturnType<typeof registryFor>["chat"]>,
    registry: ReturnType<typeof registryFor>,
    sent: () => number,
  ) => Promise<void>,
  concurrency = 4,
) {
  const server = await startScriptedServer(handler);
  const registry = registryFor({ m: { provider: "openai", "base-url": server.url, model: "x", ...settings } }, { concurrency });
  try {
    await body(registry.chat("m"), registry, () => server.requests.length);
  } finally {
    await registry.close();
    await server.close();
  }
}

test("breaker: one 503 on every call (each retried once) never opens it; every call is answered", async () => {
  const seen = new Set<string>();
  await withModel(
    (request) => {
      const question = JSON.stringify(request.body);
      if (seen.has(question)) return { body: chatCompletion("fine") };
      seen.add(question);
      return overloaded;
    },
    { "max-retries": 3 },
    async (model, registry) => {
      const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => model.chat(userAsks(`q${i}`))));
      assert.equal(answers.length, 30);
      assert.deepEqual(registry.stoppedModels(), []);
      assert.equal(registry.stats().total.retries, 30);
    },
    10,
  );
});

test("breaker: an outage shorter than the retries is ridden out: every call is answered, the model is not stopped", async () => {
  const outageEnds = Date.now() + 300;
  await withModel(
    () => (Date.now() < outageEnds ? overloaded : { body: chatCompletion("back") }),
    { "max-retries": 6, "retry-backoff": "50ms" },
    async (model, registry) => {
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => model.chat(userAsks(`q${i}`))));
      assert.ok(answers.every((answer) => answer.text === "back"));
      assert.deepEqual(registry.stoppedModels(), []);
      assert.ok(registry.stats().total.retries > 0, "the outage was seen");
    },
  );
});

test("breaker: a lasting outage stops the model after three calls failed for good and one probe, with one message", async () => {
  await withModel(
    () => overloaded,
    { "max-retries": 1 },
    async (model, registry, sent) => {
      const outcomes = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => model.chat(userAsks(`q${i}`))));
      assert.ok(outcomes.every((outcome) => outcome.status === "rejected"));
      const stopped = registry.stoppedModels();
      assert.equal(stopped.length, 1);
      assert.match(
        stopped[0]!,
        /^model "m" stopped: 3 calls in a row failed the same way after their retries \(last: .*HTTP 503.*\), and a probe request answered HTTP 503.*; stopping every call to this model$/,
      );
      // One slot: the twelve first attempts go out before any call has used its retry; then three
      // retries fail for good and one probe fails. Without the breaker: twelve calls of two attempts.
      assert.ok(sent() <= 12 + 3 + 1, `sent ${sent()} requests`);
      const before = sent();
      const later = await model.chat(userAsks("later")).catch((error: unknown) => error);
      assert.ok(isEndpointError(later) && later.kind === "fatal");
      assert.equal(sent(), before, "nothing is sent to a stopped model");
    },
    1,
  );
});

test("breaker: a probe that is answered closes it again: the calls after it go on", async () => {
  await withModel(
    (_request, index) => (index < 3 ? overloaded : { body: chatCompletion("recovered") }),
    { "max-retries": 0 },
    async (model, registry) => {
      for (let i = 0; i < 3; i++) await assert.rejects(model.chat(userAsks(`failing ${i}`)), /HTTP 503/);
      const probe = await model.chat(userAsks("probe"));
      assert.equal(probe.text, "recovered");
      const after = await Promise.all(Array.from({ length: 5 }, (_, i) => model.chat(userAsks(`after ${i}`))));
      assert.equal(after.length, 5);
      assert.deepEqual(registry.stoppedModels(), []);
    },
    1,
  );
});

for (const status of [400, 413, 422]) {
  test(`breaker: HTTP ${status} refuses one request: many in a row never open it, nothing is retried, the others are answered`, async () => {
    await withModel(
      (request) =>
        JSON.stringify(request.body).includes("refused")
          ? { status, body: { error: { message: "content filter", code: "content_filter" } } }
          : { body: chatCompletion("fine") },
      { "max-retries": 3 },
      async (model, registry, sent) => {
        for (let i = 0; i < 10; i++) await assert.rejects(model.chat(userAsks(`refused ${i}`)), new RegExp(`HTTP ${status}`));
        assert.equal(sent(), 10, "a refusal is not retried");
        assert.equal((await model.chat(userAsks("healthy"))).text, "fine");
        assert.deepEqual(registry.stoppedModels(), []);
      },
      1,
    );
  });
}

test("breaker: a probe refused for its own request (400) shows the endpoint is up: it closes, the model goes on", async () => {
  await withModel(
    (request, index) => {
      if (index < 3) return overloaded;
      return JSON.stringify(request.body).includes("probe")
        ? { status: 400, body: { error: { message: "context too long" } } }
        : { body: chatCompletion("back") };
    },
    { "max-retries": 0 },
    async (model, registry) => {
      for (let i = 0; i < 3; i++) await assert.rejects(model.chat(userAsks(`failing ${i}`)), /HTTP 503/);
      await assert.rejects(model.chat(userAsks("probe")), /HTTP 400: .*context too long/);
      assert.equal((await model.chat(userAsks("after"))).text, "back");
      assert.deepEqual(registry.stoppedModels(), []);
    },
    1,
  );
});
