import assert from "node:assert/strict";
import { test } from "node:test";
import { chatCompletion, startScriptedServer } from "../servers/scripted.ts";
import { registryFor } from "./helpers.ts";

/**
 * A server that counts requests in flight inside its handler. Replies are held until `expected`
 * requests are in flight at once (or 1 s passed, so a broken limiter cannot hang the test), then
 * released a moment later, which leaves time for any request beyond the limit to show up.
 */
async function countingServer(expected: number) {
  let inFlight = 0;
  let maxInFlight = 0;
  let waiting: (() => void)[] = [];
  const server = await startScriptedServer(async () => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await new Promise<void>((resolve) => {
      waiting.push(resolve);
      const fallback = setTimeout(resolve, 1000);
      waiting.push(() => clearTimeout(fallback));
      if (inFlight >= expected) {
        const batch = waiting;
        waiting = [];
        setTimeout(() => {
          for (const release of batch) release();
        }, 10);
      }
    });
    inFlight--;
    return { body: chatCompletion("done") };
  });
  return { server, maxInFlight: () => maxInFlight };
}

test("limits: global concurrency 3 with 9 slow requests keeps exactly 3 in flight", async () => {
  const { server, maxInFlight } = await countingServer(3);
  const registry = registryFor(
    {
      a: { provider: "openai", "base-url": server.url, model: "a" },
      b: { provider: "openai", "base-url": server.url, model: "b" },
    },
    { concurrency: 3 },
  );
  const calls = Array.from({ length: 9 }, (_, i) =>
    registry.chat(i % 2 ? "a" : "b").chat({ purpose: "target", messages: [{ role: "user", content: `q${i}` }] }),
  );
  const responses = await Promise.all(calls);
  assert.equal(responses.length, 9);
  assert.equal(server.requests.length, 9);
  assert.equal(maxInFlight(), 3, "never more than 3, and all 3 slots used");
  await registry.close();
  await server.close();
});

test("limits: a model's own concurrency caps it below the global limit", async () => {
  const { server, maxInFlight } = await countingServer(2);
  const registry = registryFor({ slow: { provider: "openai", "base-url": server.url, model: "s", concurrency: 2 } }, { concurrency: 10 });
  await Promise.all(
    Array.from({ length: 6 }, (_, i) => registry.chat("slow").chat({ purpose: "target", messages: [{ role: "user", content: `q${i}` }] })),
  );
  assert.equal(maxInFlight(), 2);
  await registry.close();
  await server.close();
});
