// Branch and metric globs read as GitHub reads branch filters (docs/configuration.md, "Branch and metric globs"),
// and the free-text glob of --filter.
import assert from "node:assert/strict";
import { test } from "node:test";
import { matchFilters, matchGlob, textGlob } from "../../src/util/glob.ts";

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

test("glob: braces, character ranges and a leading dot", () => {
  assert.equal(matchGlob("{main,master}", "main"), true);
  assert.equal(matchGlob("{main,master}", "master"), true);
  assert.equal(matchGlob("{main,master}", "maintenance"), false);
  assert.equal(matchGlob("[0-9]*", "2.x"), true);
  assert.equal(matchGlob("[0-9]*", "v2"), false);
  assert.equal(matchGlob("[0-9]*", "2/hotfix"), false, "* after the range still stays in one segment");
  assert.equal(matchGlob("release/v[12].*", "release/v1.4"), true);
  assert.equal(matchGlob("release/v[12].*", "release/v3.0"), false);
  assert.equal(matchGlob("*", ".hidden"), true);
  assert.equal(matchGlob("fix+(a)", "fix+(a)"), true, "no extglobs: GitHub has none, so the text is literal");
});

test("glob: a single ! pattern matches every other branch", () => {
  assert.equal(matchGlob("!release/old", "release/new"), true);
  assert.equal(matchGlob("!release/old", "release/old"), false);
});

test("filter list: a ! pattern after positive ones excludes, and order matters", () => {
  const patterns = ["release/**", "!release/old"];
  assert.equal(matchFilters(patterns, "release/2.0"), true);
  assert.equal(matchFilters(patterns, "release/old"), false);
  assert.equal(matchFilters(patterns, "main"), false);
  // A later positive pattern adds a branch back (GitHub: "releases/10" in its example).
  const readded = ["release/**", "!release/old*", "release/old-lts"];
  assert.equal(matchFilters(readded, "release/old-lts"), true);
  assert.equal(matchFilters(readded, "release/old-2"), false);
  // The same patterns in the other order: the exclusion comes last and wins.
  assert.equal(matchFilters(["!release/old", "release/**"], "release/old"), true);
  assert.equal(matchFilters(["{main,master}", "[0-9]*"], "master"), true);
  assert.equal(matchFilters(["{main,master}", "[0-9]*"], "24.04"), true);
  assert.equal(matchFilters(["!main"], "main"), false);
  assert.equal(matchFilters([], "main"), false);
});

test("text glob (--filter): * crosses / and lines, case-insensitive, every other character literal", () => {
  assert.equal(textGlob("*climate*")("About the CLIMATE/now"), true);
  assert.equal(textGlob("*refund*")("first line\nasks for a Refund"), true);
  assert.equal(textGlob("a?c")("abc"), true);
  assert.equal(textGlob("a?c")("ac"), false);
  for (const [pattern, text] of [
    ["(x)*", "(x) y"],
    ["*{a,b}*", "set {a,b}"],
    ["[1]*", "[1] first"],
    ["!x*", "!x marks"],
    ["*a+b*", "2 a+b"],
    ["*$^.|*", "odd $^.| chars"],
    ["*\\*", "back\\slash"],
  ])
    assert.equal(textGlob(pattern!)(text!), true, pattern);
  assert.equal(textGlob("*.*")("no dot"), false);
  assert.equal(textGlob("{a,b}")("a"), false);
});
