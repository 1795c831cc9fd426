// Metric formulas against hand-computed values. Each expectation shows its arithmetic.
import assert from "node:assert/strict";
import { test } from "node:test";
import { maxWeightAssignment } from "../../../src/suites/function-calls/assignment.ts";
import { compileBfclParameter, compileExpected, matchesValue } from "../../../src/suites/function-calls/matchers.ts";
import { type ActualCall, type ExpectedCall, scoreCalls } from "../../../src/suites/function-calls/metrics.ts";

const similarity = { mode: "similarity" as const, threshold: 0.95 };

function expect(name: string, args: Record<string, unknown>, options = similarity): ExpectedCall {
  return { name, arguments: Object.fromEntries(Object.entries(args).map(([key, value]) => [key, compileExpected(value, options, key)])) };
}
const call = (name: string, args: Record<string, unknown> = {}): ActualCall => ({ name, arguments: args });
const close = (actual: number, expected: number) => assert.ok(Math.abs(actual - expected) < 1e-12, `${actual} ≠ ${expected}`);

test("a perfect run, names compared case-insensitively and values by the seed's similarity", () => {
  const score = scoreCalls(
    [expect("TicketPlugin-create_ticket", { title: "Printer jam on floor 3", priority: "High", customer_visible: "False" })],
    [call("ticketplugin-CREATE_ticket", { title: "printer jam on floor 3!", priority: "high", customer_visible: false })],
  );
  assert.deepEqual(score.metrics, { precision_fn: 1, recall_fn: 1, precision_args: 1, recall_args: 1, reliability: 1, exact_match: 1 });
});

test("duplicates count: a repeated call must be expected twice", () => {
  // expected: create ×1, add_note ×2; actual: create ×2, add_note ×1
  const score = scoreCalls(
    [expect("create", { title: "A" }), expect("add_note", { text: "one" }), expect("add_note", { text: "two" })],
    [call("create", { title: "A" }), call("create", { title: "A" }), call("add_note", { text: "two" })],
  );
  // pairs: create↔create#0, add_note(two)↔add_note → 2 pairs
  close(score.metrics.precision_fn, 2 / 3); // 2 pairs / 3 actual
  close(score.metrics.recall_fn, 2 / 3); // 2 pairs / 3 expected
  close(score.metrics.precision_args, 1);
  close(score.metrics.recall_args, 1);
  close(score.metrics.reliability, (2 / 3 + 1) / 2);
  assert.deepEqual(score.missingCalls, [{ index: 1, name: "add_note" }]); // "one" was never sent
  assert.deepEqual(score.unexpectedCalls, [{ index: 1, name: "create" }]);
  assert.equal(score.metrics.exact_match, 0);
});

test("pairing is optimal, so the order of calls never changes the score", () => {
  const expected = [expect("f", { x: "alpha" }), expect("f", { x: "alpha", y: "beta" })];
  const orders = [
    [call("f", { x: "alpha", y: "beta" }), call("f", { x: "alpha" })],
    [call("f", { x: "alpha" }), call("f", { x: "alpha", y: "beta" })],
  ];
  for (const actual of orders) {
    const score = scoreCalls(expected, actual);
    assert.deepEqual(score.metrics, { precision_fn: 1, recall_fn: 1, precision_args: 1, recall_args: 1, reliability: 1, exact_match: 1 });
  }
  // A greedy first-fit would pair {x} with {x, y}: p = 1/2 for that pair.
});

test("ignored functions are left out of both sides, so they never move a metric", () => {
  // The reference skips ignored calls on the actual side only: its recall_fn here would be 1/2.
  const score = scoreCalls(
    [expect("create", { title: "A" }), expect("summarize", {})],
    [call("Summarize"), call("create", { title: "A" })],
    { ignoreCalls: ["SUMMARIZE"] },
  );
  assert.deepEqual(score.ignoredCalls, [{ index: 0, name: "Summarize" }]);
  assert.deepEqual(score.ignoredExpected, [{ index: 1, name: "summarize" }]);
  assert.deepEqual(score.missingCalls, []);
  assert.deepEqual(score.metrics, { precision_fn: 1, recall_fn: 1, precision_args: 1, recall_args: 1, reliability: 1, exact_match: 1 });
  // The same case without the ignored function anywhere scores the same, and so does one where the
  // ignored function is expected but never called, or called but never expected.
  const without = scoreCalls([expect("create", { title: "A" })], [call("create", { title: "A" })]).metrics;
  assert.deepEqual(score.metrics, without);
  const onlyExpected = scoreCalls([expect("create", { title: "A" }), expect("summarize", {})], [call("create", { title: "A" })], {
    ignoreCalls: ["summarize"],
  });
  assert.deepEqual(onlyExpected.metrics, without);
  const onlyCalled = scoreCalls([expect("create", { title: "A" })], [call("create", { title: "A" }), call("summarize")], {
    ignoreCalls: ["summarize"],
  });
  assert.deepEqual(onlyCalled.metrics, without);
});

test("when every expected call is ignored, the case scores like one that expects nothing", () => {
  const score = scoreCalls([expect("summarize", {})], [call("summarize")], { ignoreCalls: ["summarize"] });
  assert.deepEqual(score.metrics, scoreCalls([], []).metrics);
  const extra = scoreCalls([expect("summarize", {})], [call("create")], { ignoreCalls: ["summarize"] });
  assert.deepEqual(extra.metrics, scoreCalls([], [call("create")]).metrics);
});

test("extra and missing arguments", () => {
  // expected {title, priority, due}; actual {title ✓, priority ✗, assignee (extra)}
  const score = scoreCalls(
    [expect("create", { title: "Printer jam", priority: "High", due: "2024-05-01" })],
    [call("create", { title: "Printer jam", priority: "Low", assignee: "bob" })],
  );
  const [pair] = score.pairs;
  assert.deepEqual([pair?.correct, pair?.wrong, pair?.missing, pair?.extra], [["title"], ["priority"], ["due"], ["assignee"]]);
  close(score.metrics.precision_args, 1 / 3); // 1 correct / 3 sent
  close(score.metrics.recall_args, 1 / 3); // 1 correct / 3 expected
  close(score.metrics.reliability, (1 + 1 / 3) / 2);
});

test("empty argument maps: both empty is perfect, only the actual side empty is 0, nothing expected is full recall", () => {
  const both = scoreCalls([expect("list", {})], [call("list")]);
  assert.deepEqual([both.metrics.precision_args, both.metrics.recall_args], [1, 1]);
  const noneSent = scoreCalls([expect("get", { id: "T-1" })], [call("get")]);
  assert.deepEqual([noneSent.metrics.precision_args, noneSent.metrics.recall_args], [0, 0]);
  const noneExpected = scoreCalls([expect("list", {})], [call("list", { page: 2 })]);
  assert.deepEqual([noneExpected.metrics.precision_args, noneExpected.metrics.recall_args], [0, 1]); // 0/1 sent right; nothing to recall
});

test("edge cases: nothing expected, nothing made", () => {
  assert.deepEqual(scoreCalls([], []).metrics, {
    precision_fn: 1,
    recall_fn: 1,
    precision_args: 1,
    recall_args: 1,
    reliability: 1,
    exact_match: 1,
  });
  assert.deepEqual(scoreCalls([], [call("delete_everything")]).metrics, {
    precision_fn: 0,
    recall_fn: 1,
    precision_args: 0,
    recall_args: 1,
    reliability: 1,
    exact_match: 0,
  });
  assert.deepEqual(scoreCalls([expect("create", { a: 1 })], []).metrics, {
    precision_fn: 0,
    recall_fn: 0,
    precision_args: 0,
    recall_args: 0,
    reliability: 0,
    exact_match: 0,
  });
});

test("nested values: objects recurse with key order ignored; a different shape falls back to str()", () => {
  const spec = compileExpected(
    { customer: { name: "Ada Lovelace", tier: "Gold" }, tags: ["vip", "billing"] },
    similarity,
    "payload",
  ).matcher;
  assert.equal(matchesValue(spec, { tags: ["VIP", "billing"], customer: { tier: "gold", name: "ada lovelace" } }), true);
  assert.equal(matchesValue(spec, { customer: { name: "Ada Lovelace", tier: "Gold", extra: 1 }, tags: ["vip", "billing"] }), false); // extra nested key
  assert.equal(matchesValue(spec, { customer: { name: "Ada Lovelace", tier: "Gold" }, tags: ["billing", "vip"] }), false); // arrays are ordered
  const list = compileExpected(["a", "b"], similarity, "list").matcher;
  assert.equal(matchesValue(list, "a, b"), true); // str(['a', 'b']) and "a, b" both normalise to "a b"
  const unordered = compileExpected({ $unordered: ["vip", "billing"] }, similarity, "tags").matcher;
  assert.equal(matchesValue(unordered, ["billing", "vip"]), true);
  assert.equal(matchesValue(unordered, ["billing", "billing"]), false);
  // One nested field wrong makes the top-level argument wrong: args precision 1/2.
  const score = scoreCalls(
    [expect("update", { id: "T-1", payload: { name: "Ada", tier: "Gold" } })],
    [call("update", { id: "T-1", payload: { name: "Ada", tier: "Silver" } })],
  );
  close(score.metrics.precision_args, 1 / 2);
});

test("numeric tolerance, regex, exact, any-of and optional arguments", () => {
  const number = compileExpected({ $number: 100, $absTol: 0.5, $relTol: 0.01 }, similarity, "amount").matcher;
  assert.equal(matchesValue(number, 100.9), true); // |0.9| <= max(0.5, 1.0)
  assert.equal(matchesValue(number, 101.1), false);
  assert.equal(matchesValue(number, "100.2"), true); // numeric strings are read as numbers
  const regex = compileExpected({ $regex: "T-\\d{4}" }, similarity, "id").matcher;
  assert.equal(matchesValue(regex, "T-1042"), true);
  assert.equal(matchesValue(regex, "T-1042x"), false); // anchored
  const exact = compileExpected("High", { mode: "exact", threshold: 0.95 }, "priority").matcher;
  assert.equal(matchesValue(exact, "high"), false);
  const anyOf = compileExpected({ $anyOf: ["units", ""] }, similarity, "unit");
  assert.equal(anyOf.optional, true);
  // expected {base, unit (optional)}; actual {base}: unit stays out of the denominator
  const expected: ExpectedCall = { name: "area", arguments: { base: compileExpected(10, similarity, "base"), unit: anyOf } };
  const omitted = scoreCalls([expected], [call("area", { base: 10 })]);
  assert.deepEqual([omitted.metrics.precision_args, omitted.metrics.recall_args, omitted.metrics.exact_match], [1, 1, 1]);
  const wrongUnit = scoreCalls([expected], [call("area", { base: 10, unit: "cm" })]);
  assert.deepEqual([wrongUnit.metrics.precision_args, wrongUnit.metrics.recall_args], [1 / 2, 1 / 2]);
  assert.throws(() => compileExpected({ $regex: "(" }, similarity, "id"), /id: invalid regex/);
});

test("BFCL possible answers: standardised strings, int for float, ordered lists, nested dicts", () => {
  const city = compileBfclParameter(["New York, NY", "NYC"], "city").matcher;
  assert.equal(matchesValue(city, "new york ny"), true);
  assert.equal(matchesValue(city, "nyc"), true);
  assert.equal(matchesValue(city, 5), false);
  assert.equal(matchesValue(compileBfclParameter([7.0], "x").matcher, 7), true);
  assert.equal(matchesValue(compileBfclParameter([[3, 5]], "m").matcher, [5, 3]), false);
  const conditions = compileBfclParameter(
    [{ department: ["Science"], school: ["Bluebird High School", "Bluebird HS", ""] }],
    "conditions",
  ).matcher;
  assert.equal(matchesValue(conditions, { department: "science" }), true);
  assert.equal(matchesValue(conditions, { department: "Science", school: "Other" }), false);
});

test("the assignment maximises total weight on rectangular matrices", () => {
  assert.deepEqual(
    maxWeightAssignment([
      [1, 5],
      [5, 1],
    ]),
    [
      [0, 1],
      [1, 0],
    ],
  );
  assert.deepEqual(maxWeightAssignment([[1], [3], [2]]), [[1, 0]]);
  const pairs = maxWeightAssignment([
    [4, 1, 3],
    [2, 0, 5],
    [3, 2, 2],
  ]); // best: 4 + 5 + 2 = 11
  assert.equal(
    pairs.reduce(
      (sum, [i, j]) =>
        sum +
        [
          [4, 1, 3],
          [2, 0, 5],
          [3, 2, 2],
        ][i]![j]!,
      0,
    ),
    11,
  );
});
