import assert from "node:assert/strict";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { isEndpointError } from "../../src/models/errors.ts";
import { createRunGuard, RUN_STOPPED, type RunGuard } from "../../src/models/run-guard.ts";
import { chatCompletion, startScriptedServer } from "../servers/scripted.ts";
import { registryFor, userAsks } from "./helpers.ts";

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

/**
 * Two models sharing one global slot, which the holder's first request takes: the server holds it
 * until `release()` (or 5 s, so a broken limiter cannot hang the test) and answers the rest at once.
 */
async function oneSlotHeld(guard?: RunGuard) {
  let release = () => {};
  let held = true;
  const server = await startScriptedServer(async (_request, index) => {
    if (index === 0) {
      await new Promise<void>((resolve) => {
        const fallback = setTimeout(resolve, 5000);
        release = () => {
          clearTimeout(fallback);
          resolve();
        };
      });
      held = false;
    }
    return { body: chatCompletion("done") };
  });
  const registry = registryFor(
    {
      holder: { provider: "openai", "base-url": server.url, model: "h", timeout: 10_000 },
      queued: { provider: "openai", "base-url": server.url, model: "q", timeout: 10_000, concurrency: 1 },
    },
    { concurrency: 1, ...(guard ? { guard } : {}) },
  );
  const holding = registry.chat("holder").chat(userAsks("first"));
  while (server.requests.length === 0) await sleep(5);
  return {
    server,
    registry,
    holding,
    slotHeld: () => held,
    release: () => release(),
    async close() {
      release();
      await holding.catch(() => {});
      guard?.close();
      await registry.close();
      await server.close();
    },
  };
}

test("limits: an abort of the caller's signal (Ctrl-C) ends its wait for the global slot at once; no slot is lost", async () => {
  const held = await oneSlotHeld();
  try {
    // The holder runs without the signal: only the queued call is interrupted.
    const controller = new AbortController();
    const queued = held.registry.chat("queued").chat(userAsks("second"), controller.signal);
    await sleep(30); // it has its model's slot and waits for the global one
    controller.abort(new Error("interrupted"));
    await assert.rejects(queued, /^Error: interrupted$/);
    assert.ok(held.slotHeld(), "left the queue while the slot was still held");
    assert.equal(held.server.requests.length, 1, "the interrupted call was never sent");
    assert.equal(held.registry.stats().byModel.queued!.errors, 0, "an interrupted call is not the model's error");

    held.release();
    await held.holding;
    // The global slot and the queued model's own slot (its concurrency is 1) are both free again.
    const after = await Promise.all([
      held.registry.chat("queued").chat(userAsks("third")),
      held.registry.chat("holder").chat(userAsks("fourth")),
    ]);
    assert.deepEqual(
      after.map((reply) => reply.text),
      ["done", "done"],
    );
  } finally {
    await held.close();
  }
});

test("limits: the run's stop (deadline) ends a wait for the global slot at once, as a 'stopped' call", async () => {
  const held = await oneSlotHeld(createRunGuard({ deadlineMs: 100 }));
  try {
    const queued = held.registry.chat("queued").chat(userAsks("second"));
    await assert.rejects(queued, (error) => isEndpointError(error) && error.kind === "stopped" && error.message.includes(RUN_STOPPED));
    assert.ok(held.slotHeld(), "left the queue while the slot was still held");
    assert.equal(held.registry.stats().byModel.queued!.errors, 0, "a stopped call is not the model's error");
    held.release();
    assert.equal((await held.holding).text, "done", "the call in flight finishes");
    assert.equal(held.server.requests.length, 1, "nothing sent after the stop");
  } finally {
    await held.close();
  }
});
