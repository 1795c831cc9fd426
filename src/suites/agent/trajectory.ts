// Pure: an agent's trajectory (its tool calls and final answer, in order) checked against a case's
// expectations: the expected calls in their order (ordered: exactly these, in this order;
// subsequence: these in this order, others allowed between; unordered: all of these, in any order),
// no forbidden tool, within the step limit and the budget. A failure names the first step that
// differs from what was expected, as a person reading the trajectory would point at it.
import type { AgentStep, AgentTermination, FirstDifference } from "../../results/agent.ts";
import { maxWeightAssignment } from "../function-calls/assignment.ts";
import type { ExpectedArgument } from "../function-calls/matchers.ts";
import { type ExpectedCall, normalizeName, scoreCalls, scorePair } from "../function-calls/metrics.ts";
import type { CallOrder } from "./options.ts";

export type Step = AgentStep;
export type Termination = AgentTermination;

export interface Expectations {
  expected: ExpectedCall[];
  argumentsChecked: boolean[];
  order: CallOrder;
  forbidden: string[];
  ignore: string[];
}

export interface TrajectoryVerdict {
  passed: boolean;
  /** Each failed expectation, worded for a report. */
  reasons: string[];
  firstDifference?: FirstDifference;
  metrics: { trajectory_pass: number; tool_precision: number; tool_recall: number; tool_calls: number };
}

interface Counted {
  /** Index in the steps. */
  step: number;
  call: Extract<Step, { kind: "call" }>;
}

export function checkTrajectory(steps: readonly Step[], expect: Expectations, termination: Termination): TrajectoryVerdict {
  const ignored = new Set(expect.ignore.map(normalizeName));
  const counted: Counted[] = steps.flatMap((step, index) =>
    step.kind === "call" && !ignored.has(normalizeName(step.name)) ? [{ step: index, call: step }] : [],
  );
  const expected = expect.expected.filter((call) => !ignored.has(normalizeName(call.name)));
  const checked = expect.expected
    .map((_call, i) => expect.argumentsChecked[i] ?? true)
    .filter((_c, i) => !ignored.has(normalizeName(expect.expected[i]!.name)));
  const matches = (e: number, c: Counted) => callMatches(expected[e]!, checked[e]!, c.call);
  const order = orderDifference(expected, counted, matches, expect.order, steps.length);
  const reasons: string[] = [];
  let first = order;
  if (order) reasons.push(`step ${order.step}: expected ${order.expected}, ${order.actual}`);
  const forbidden = new Set(expect.forbidden.map(normalizeName));
  const banned = counted.find(({ call }) => forbidden.has(normalizeName(call.name)));
  if (banned) {
    reasons.push(`step ${banned.step + 1}: called ${banned.call.name}, which the case forbids`);
    if (!first || banned.step + 1 < first.step)
      first = { step: banned.step + 1, expected: `no call of ${banned.call.name}`, actual: `called ${banned.call.name}` };
  }
  if (termination !== "answer" && termination !== "reported") reasons.push(LIMIT_REASONS[termination]);
  const score = scoreCalls(
    expected.map((call, i) => (checked[i] ? call : { ...call, arguments: {} })),
    counted.map(({ call }) => ({ name: call.name, arguments: call.arguments })),
  );
  return {
    passed: reasons.length === 0,
    reasons,
    ...(first && { firstDifference: first }),
    metrics: {
      trajectory_pass: reasons.length === 0 ? 1 : 0,
      tool_precision: score.metrics.precision_fn,
      tool_recall: score.metrics.recall_fn,
      tool_calls: counted.length,
    },
  };
}

const LIMIT_REASONS: Record<Exclude<Termination, "answer" | "reported">, string> = {
  max_steps: "stopped at max-steps before a final answer",
  max_cost: "stopped past max-cost before a final answer",
  max_tokens: "stopped past max-tokens before a final answer",
  max_turns: "the simulated user did not say the task was done within max-turns",
};

/** A call matches an expected one by name and, when its arguments are checked, by every expected argument (extra ones allowed). */
function callMatches(
  expected: ExpectedCall,
  argumentsChecked: boolean,
  call: { name: string; arguments: Record<string, unknown> },
): boolean {
  if (normalizeName(expected.name) !== normalizeName(call.name)) return false;
  if (!argumentsChecked) return true;
  const pair = scorePair(expected, call);
  return pair.wrong.length === 0 && pair.missing.length === 0;
}

type Matches = (expected: number, call: Counted) => boolean;

/** The first step where the calls stop following the expected ones, or undefined when they follow them. */
function orderDifference(
  expected: ExpectedCall[],
  counted: Counted[],
  matches: Matches,
  order: CallOrder,
  stepCount: number,
): FirstDifference | undefined {
  if (order === "unordered") return unorderedDifference(expected, counted, matches, stepCount);
  let next = 0; // the next counted call to look at
  for (let e = 0; e < expected.length; e++) {
    const at = counted[next];
    if (order === "ordered") {
      if (!at || !matches(e, at))
        return { step: stepOf(at, stepCount), expected: describeExpected(expected[e]!), actual: describeActual(at) };
      next++;
      continue;
    }
    const found = counted.findIndex((c, i) => i >= next && matches(e, c));
    if (found < 0) return { step: stepOf(at, stepCount), expected: describeExpected(expected[e]!), actual: describeActual(at) };
    next = found + 1;
  }
  const extra = order === "ordered" ? counted[next] : undefined;
  return extra ? { step: extra.step + 1, expected: "no further call", actual: describeActual(extra) } : undefined;
}

/** Unordered: every expected call paired with a distinct call (a maximum matching); the first unpaired expected call is the difference. */
function unorderedDifference(
  expected: ExpectedCall[],
  counted: Counted[],
  matches: Matches,
  stepCount: number,
): FirstDifference | undefined {
  if (expected.length === 0) return undefined;
  const weights = expected.map((_e, e) => counted.map((c) => (matches(e, c) ? 1 : 0)));
  const paired = new Set(
    counted.length === 0 ? [] : maxWeightAssignment(weights).flatMap(([row, column]) => (weights[row]![column] === 1 ? [row] : [])),
  );
  const missing = expected.findIndex((_e, e) => !paired.has(e));
  if (missing < 0) return undefined;
  return { step: stepCount, expected: describeExpected(expected[missing]!), actual: "the agent never made that call" };
}

/** 1-based step of a call, or the step after the last one when the calls ran out. */
function stepOf(at: Counted | undefined, stepCount: number): number {
  return at ? at.step + 1 : Math.max(stepCount, 1);
}

function describeExpected(call: ExpectedCall): string {
  const args = Object.entries(call.arguments).map(([key, spec]) => `${key}=${describeMatcher(spec)}`);
  return `a call of ${call.name}${args.length ? `(${args.join(", ")})` : ""}`;
}

function describeMatcher(spec: ExpectedArgument): string {
  const matcher = spec.matcher;
  if ("value" in matcher) return JSON.stringify(matcher.value);
  if (matcher.kind === "regex") return `/${matcher.pattern}/`;
  return matcher.kind;
}

function describeActual(at: Counted | undefined): string {
  if (!at) return "the agent made no further call";
  const args = JSON.stringify(at.call.arguments);
  return `the agent called ${at.call.name}(${args.length > 120 ? `${args.slice(0, 117)}…` : args})`;
}
