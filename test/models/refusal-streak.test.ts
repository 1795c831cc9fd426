// The refusal streak: refusals in a row stretch the pace until one start is admitted.
import assert from "node:assert/strict";
import { test } from "node:test";
import { createRefusalStreak } from "../../src/models/refusal-streak.ts";

test("refusal streak: each refusal of a start sent after the last one showed halves the pace, down to one start per 100 ms", () => {
  const streak = createRefusalStreak();
  assert.equal(streak.pace(100), 100, "no refusal: the learned pace");
  streak.answered(10, 0, true);
  assert.equal(streak.pace(100), 100, "one refusal is the learned rate's business");
  streak.answered(12, 5, true);
  assert.equal(streak.pace(100), 100, "started before the first refusal showed: it says nothing more");
  streak.answered(30, 20, true);
  assert.equal(streak.pace(100), 50);
  streak.answered(60, 40, true);
  assert.equal(streak.pace(100), 25);
  streak.answered(120, 80, true);
  assert.equal(streak.pace(100), 12.5);
  streak.answered(250, 200, true);
  assert.equal(streak.pace(100), 10, "never more than 100 ms between two starts");
  assert.equal(streak.pace(4), 4, "and never faster than the learned pace");
});

test("refusal streak: an admission of a start sent after the last refused one ends it; an older one does not", () => {
  const streak = createRefusalStreak();
  streak.answered(10, 0, true);
  streak.answered(30, 20, true);
  streak.answered(60, 40, true);
  assert.equal(streak.pace(80), 20);
  streak.answered(70, 30, false);
  assert.equal(streak.pace(80), 20, "sent before the last refused start: the endpoint may still be closed");
  streak.answered(90, 50, false);
  assert.equal(streak.pace(80), 80, "the endpoint takes requests again");
  streak.answered(100, 95, true);
  assert.equal(streak.pace(80), 80, "a new streak starts from one refusal");
});
