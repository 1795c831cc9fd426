// Node timers hold at most 2^31−1 ms: every delay evalgate sets is clamped to that, never set to 1 ms with a warning.
import assert from "node:assert/strict";
import { test } from "node:test";
import { formatWait, MAX_TIMER_MS, timerDelay } from "../../src/util/timers.ts";

test("timerDelay: any number becomes a delay setTimeout holds as it is", async () => {
  assert.equal(timerDelay(250), 250);
  assert.equal(timerDelay(0.2), 1);
  assert.equal(timerDelay(-5), 0);
  assert.equal(timerDelay(Number.NaN), 0);
  assert.equal(timerDelay(30 * 86_400_000), MAX_TIMER_MS);
  assert.equal(timerDelay(Number.POSITIVE_INFINITY), MAX_TIMER_MS);
  // What Node would do with it: no TimeoutOverflowWarning, and the timer waits.
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(warning.name);
  process.on("warning", onWarning);
  const timer = setTimeout(() => assert.fail("fired early"), timerDelay(1e15));
  clearTimeout(timer);
  await new Promise((resolve) => setImmediate(resolve)); // warnings are emitted on the next tick
  process.off("warning", onWarning);
  assert.deepEqual(warnings, []);
});

test("formatWait: a wait as a person reads it", () => {
  assert.equal(formatWait(250), "250ms");
  assert.equal(formatWait(30_000), "30s");
  assert.equal(formatWait(20 * 60_000), "20m");
  assert.equal(formatWait(3 * 3_600_000 + 20 * 60_000), "3h 20m");
  assert.equal(formatWait(12 * 86_400_000), "12 days");
  assert.equal(formatWait(99999999 * 3_600_000), "4.2e+6 days");
});
