import assert from "node:assert/strict";
import { test } from "node:test";
import { matchGlob } from "../../src/gate/glob.ts";

test("glob: * stays in a segment, ** crosses, ? is one character", () => {
  assert.equal(matchGlob("release/**", "release/2.1"), true);
  assert.equal(matchGlob("release/**", "release/2/hotfix"), true);
  assert.equal(matchGlob("release/**", "main"), false);
  assert.equal(matchGlob("release/*", "release/2/hotfix"), false);
  assert.equal(matchGlob("*/cost_usd", "support-bot/cost_usd"), true);
  assert.equal(matchGlob("*/cost_usd", "a/b/cost_usd"), false);
  assert.equal(matchGlob("**/cost_usd", "cost_usd"), true);
  assert.equal(matchGlob("bot/p?5", "bot/p95"), true);
  assert.equal(matchGlob("bot/p?5", "bot/p/5"), false);
  assert.equal(matchGlob("v1.0", "v1x0"), false);
  assert.equal(matchGlob("main", "main"), true);
});
