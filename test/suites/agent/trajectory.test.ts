// The trajectory checks, pure: each order, forbidden tools, limits, argument matchers, and the first
// step that differs as a report names it.
import assert from "node:assert/strict";
import { test } from "node:test";
import { toolsDifference } from "../../../src/gate/target-change.ts";
import type { CallOrder } from "../../../src/suites/agent/options.ts";
import { toolsIdentity } from "../../../src/suites/agent/server.ts";
import { checkTrajectory, type Step } from "../../../src/suites/agent/trajectory.ts";
import { compileExpected } from "../../../src/suites/function-calls/matchers.ts";
import type { ExpectedCall } from "../../../src/suites/function-calls/metrics.ts";

const expect = (name: string, args?: Record<string, unknown>): ExpectedCall => ({
  name,
  arguments: Object.fromEntries(
    Object.entries(args ?? {}).map(([key, value]) => [key, compileExpected(value, { mode: "exact", threshold: 0.95 }, key)]),
  ),
});
const call = (name: string, args: Record<string, unknown> = {}): Step => ({ kind: "call", name, arguments: args });
const answer: Step = { kind: "answer", text: "done" };

function check(steps: Step[], expected: ExpectedCall[], order: CallOrder, more: { forbidden?: string[]; checked?: boolean[] } = {}) {
  return checkTrajectory(
    steps,
    { expected, argumentsChecked: more.checked ?? expected.map(() => true), order, forbidden: more.forbidden ?? [], ignore: [] },
    "answer",
  );
}

test("ordered: exactly the expected calls in order; an extra call or a swap is the first difference", () => {
  const expected = [expect("search", { q: "vpn" }), expect("get", { id: "T-1" })];
  assert.equal(check([call("search", { q: "vpn" }), call("get", { id: "T-1" }), answer], expected, "ordered").passed, true);
  const swapped = check([call("get", { id: "T-1" }), call("search", { q: "vpn" }), answer], expected, "ordered");
  assert.deepEqual(swapped.firstDifference, {
    step: 1,
    expected: 'a call of search(q="vpn")',
    actual: 'the agent called get({"id":"T-1"})',
  });
  const extra = check([call("search", { q: "vpn" }), call("get", { id: "T-1" }), call("get", { id: "T-2" }), answer], expected, "ordered");
  assert.equal(extra.firstDifference?.step, 3);
  assert.equal(extra.metrics.tool_precision, 2 / 3);
});

test("subsequence allows calls between; unordered any order; both fail on a missing call at the step where it was due", () => {
  const expected = [expect("search"), expect("get")];
  const between = [call("search"), call("log"), call("get"), answer];
  assert.equal(check(between, expected, "subsequence", { checked: [false, false] }).passed, true);
  assert.equal(check([call("get"), call("search"), answer], expected, "subsequence", { checked: [false, false] }).passed, false);
  assert.equal(check([call("get"), call("search"), answer], expected, "unordered", { checked: [false, false] }).passed, true);
  const missing = check([call("search"), answer], expected, "subsequence", { checked: [false, false] });
  assert.deepEqual(missing.firstDifference, { step: 2, expected: "a call of get", actual: "the agent made no further call" });
});

test("arguments are checked by the function-calls matchers when given, extra arguments allowed; forbidden tools and limits fail", () => {
  const expected = [expect("get", { id: { $regex: "T-\\d+" } })];
  assert.equal(check([call("get", { id: "T-42", verbose: true }), answer], expected, "ordered").passed, true);
  assert.match(
    check([call("get", { id: "x" }), answer], expected, "ordered").reasons[0]!,
    /^step 1: expected a call of get\(id=\/T-\\d\+\/\)/,
  );
  const banned = check([call("get", { id: "T-1" }), call("delete"), answer], expected, "subsequence", { forbidden: ["delete"] });
  assert.deepEqual(banned.reasons, ["step 2: called delete, which the case forbids"]);
  const limited = checkTrajectory(
    [call("get", { id: "T-1" })],
    { expected, argumentsChecked: [true], order: "ordered", forbidden: [], ignore: [] },
    "max_steps",
  );
  assert.deepEqual(limited.reasons, ["stopped at max-steps before a final answer"]);
});

test("a tool list's identity names what changed: a description, a schema, a tool added or removed", () => {
  const tools = [
    { name: "get", description: "Look up a ticket", inputSchema: { type: "object" } },
    { name: "create", description: "Open a ticket", inputSchema: { type: "object" } },
  ];
  const before = toolsIdentity(tools);
  assert.equal(toolsDifference("desk", before, toolsIdentity([...tools].reverse())), undefined, "order does not matter");
  const edited = toolsIdentity([
    { ...tools[0]!, description: "Find a ticket" },
    { ...tools[1]!, inputSchema: { type: "object", required: ["title"] } },
  ]);
  assert.equal(toolsDifference("desk", before, edited), "the tools of desk changed: create's input schema, get's description");
  assert.equal(toolsDifference("desk", before, toolsIdentity([tools[0]!])), "the tools of desk changed: create removed");
});
