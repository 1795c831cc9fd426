// The run guard and the circuit breaker: a fake clock, hand-fed costs and failures; the guard's
// deadline timer and its signal on the real clock.
import assert from "node:assert/strict";
import { test } from "node:test";
import { BREAKER_THRESHOLD, extendStreak, failureSignature } from "../../src/models/circuit-breaker.ts";
import { createRunGuard, RUN_STOPPED } from "../../src/models/run-guard.ts";

test("deadline: the guard stops once the time is up and stays stopped", () => {
  let now = 1000;
  const guard = createRunGuard({ deadlineMs: 500, now: () => now });
  assert.equal(guard.check(), null);
  now = 1499;
  assert.equal(guard.check(), null);
  now = 1500;
  assert.equal(guard.check(), "deadline reached (500ms)");
  now = 0; // a clock going back does not restart the run
  assert.equal(guard.check(), "deadline reached (500ms)");
  assert.equal(createRunGuard({ deadlineMs: 1_800_000, now: () => 0 }).limits.deadlineMs, 1_800_000);
});

test("budget: stops before the next call could pass it, assuming it costs as much as the dearest so far", () => {
  const guard = createRunGuard({ budgetUsd: 0.1 });
  guard.recordCost(0.02);
  guard.recordCost(null); // unknown cost counts nothing
  guard.recordCost(0.03);
  assert.equal(guard.check(), null, "0.05 spent + 0.03 next = 0.08");
  guard.recordCost(0.01);
  assert.equal(guard.check(), null, "0.06 + 0.03 = 0.09");
  guard.recordCost(0.02);
  assert.ok(Math.abs(guard.spentUsd() - 0.08) < 1e-12);
  assert.equal(guard.check(), "budget reached: spent $0.0800 of $0.1000, and the next call could exceed it");
  assert.equal(createRunGuard({}).check(), null, "no limits, never stops");
});

test("circuit breaker: the same failure three times in a row makes a streak that opens it; another failure or a 429 does not", () => {
  let streak = extendStreak(undefined, failureSignature({ kind: "status", status: 500 }));
  for (let i = 1; i < BREAKER_THRESHOLD; i++) streak = extendStreak(streak, failureSignature({ kind: "status", status: 500 }));
  assert.deepEqual(streak, { signature: "HTTP 500", count: 3 });
  assert.deepEqual(extendStreak(streak, failureSignature({ kind: "timeout" })), { signature: "timeout", count: 1 });
  assert.equal(failureSignature({ kind: "status", status: 429 }), null);
  assert.equal(extendStreak(streak, null), streak, "a rate limit neither extends nor breaks the streak");
});

test("deadline: its timer aborts the guard's signal when the time is up, with the stopped reason", async () => {
  const guard = createRunGuard({ deadlineMs: 50 });
  assert.equal(guard.signal.aborted, false);
  // The guard's timer is unref'd (it never keeps a process alive): this one keeps the test's alive.
  const keepAlive = setTimeout(() => {}, 5000);
  const reason = await new Promise<unknown>((resolve) => guard.signal.addEventListener("abort", () => resolve(guard.signal.reason)));
  clearTimeout(keepAlive);
  assert.match(String((reason as Error).message), new RegExp(`^${RUN_STOPPED}: deadline reached \\(50ms\\)$`));
  assert.equal(guard.check(), "deadline reached (50ms)");
  guard.close();
});

test("deadline: the timer never keeps the process alive, and close() clears it: a closed guard does not fire", async () => {
  // Active resources list only the timers that keep the process alive.
  const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === "Timeout").length;
  const before = timers();
  const guard = createRunGuard({ deadlineMs: 30 });
  assert.equal(timers(), before, "the deadline's timer is unref'd");
  guard.close();
  await new Promise((resolve) => setTimeout(resolve, 80));
  assert.equal(guard.signal.aborted, false, "cleared when the run ends");
});

test("budget: the cost that uses it up aborts the signal at once, before any next check", () => {
  const guard = createRunGuard({ budgetUsd: 0.015 });
  guard.recordCost(0.01);
  assert.equal(guard.signal.aborted, true, "0.01 spent + 0.01 next > 0.015");
  assert.match((guard.signal.reason as Error).message, /not sent, the run stopped: budget reached: spent \$0\.0100 of \$0\.0150/);
  const unlimited = createRunGuard({});
  unlimited.recordCost(1000);
  assert.equal(unlimited.signal.aborted, false, "no limits, never stops");
});
