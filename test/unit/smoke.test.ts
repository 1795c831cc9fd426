import assert from "node:assert/strict";
import { test } from "node:test";
import { parseDuration } from "../../src/config/primitives.ts";

test("durations", () => {
  assert.equal(parseDuration("2m"), 120000);
});
