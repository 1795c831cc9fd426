// The engine's case pool: at most `width` items at once, and items are pulled from the source only
// when a worker frees (nothing queued up front, so memory does not follow the number of cases).
import assert from "node:assert/strict";
import { test } from "node:test";
import { forEachBounded } from "../../src/engine/pool.ts";

test("forEachBounded: width items at a time, pulled lazily, every item once", async () => {
  let pulled = 0;
  let running = 0;
  let maxRunning = 0;
  let maxAhead = 0;
  const done: number[] = [];
  function* items() {
    for (let i = 0; i < 50; i++) {
      pulled++;
      yield i;
    }
  }
  await forEachBounded(items(), 4, async (item) => {
    running++;
    maxRunning = Math.max(maxRunning, running);
    maxAhead = Math.max(maxAhead, pulled - done.length);
    await new Promise((resolve) => setTimeout(resolve, item % 3));
    done.push(item);
    running--;
  });
  assert.equal(maxRunning, 4);
  assert.ok(maxAhead <= 4, `never more than the pool's width pulled ahead of what finished: ${maxAhead}`);
  assert.deepEqual(
    [...done].sort((a, b) => a - b),
    Array.from({ length: 50 }, (_, i) => i),
  );
});

test("forEachBounded: stops pulling once stopped() says so, and a failure stops the others", async () => {
  let started = 0;
  let stop = false;
  await forEachBounded(
    [1, 2, 3, 4, 5, 6, 7, 8],
    2,
    async () => {
      started++;
      if (started === 3) stop = true;
      await new Promise((resolve) => setTimeout(resolve, 1));
    },
    () => stop,
  );
  assert.ok(started <= 4, `no new item after the stop: ${started}`);

  let after = 0;
  await assert.rejects(
    forEachBounded([1, 2, 3, 4, 5, 6], 2, async (item) => {
      if (item === 1) throw new Error("journal full");
      after++;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }),
    /journal full/,
  );
  assert.ok(after <= 2, `the other worker finished its item and stopped: ${after}`);
});
