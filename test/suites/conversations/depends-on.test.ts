// depends-on as FlexEval evaluates it: the dependency's value on this object, on the object before
// it, or on the coarser object that contains it, must lie in [min, max]; otherwise the metric is
// skipped (counted, not scored). Plans that cannot work are refused before any request.
import assert from "node:assert/strict";
import { test } from "node:test";
import { evaluateThread } from "../../../src/suites/conversations/evaluate.ts";
import { BUILTIN_FUNCTIONS } from "../../../src/suites/conversations/functions.ts";
import { type MetricItem, metricItemSchema } from "../../../src/suites/conversations/options.ts";
import { planMetrics } from "../../../src/suites/conversations/plan.ts";
import { buildThread, parseThreadLine } from "../../../src/suites/conversations/thread.ts";

const item = (value: Record<string, unknown>): MetricItem => metricItemSchema.parse(value);
const sources = {
  functions: new Map(Object.entries(BUILTIN_FUNCTIONS)),
  rubrics: new Map(),
  mode: "historical" as const,
  configured: { moderation: false },
  where: { file: "evalgate.yml", path: ["suites", "s", "metrics"] },
};

// user, assistant, assistant, user, assistant → turns: user(0), assistant(1), user(2), assistant(3).
const parsed = parseThreadLine(
  JSON.stringify({
    input: [
      { role: "user", content: "Can you plot y = x?" },
      { role: "assistant", content: "Sure." },
      { role: "assistant", content: "Here it is!" },
      { role: "user", content: "Thanks" },
      { role: "assistant", content: "Anything else?" },
    ],
  }),
  "t.jsonl",
  1,
);
assert.ok("thread" in parsed);
const thread = buildThread(parsed.thread);

test("depends-on: this object, the one before, and the turn that holds a message", async () => {
  const { metrics, problems } = planMetrics(
    {
      function: [
        // Listed before its dependency: the plan orders dependencies first.
        item({
          name: "string_length",
          level: "message",
          "depends-on": [{ name: "is_role", "metric-name": "assistant", level: "turn", min: 1 }],
        }),
        item({ name: "is_role", level: "turn", kwargs: { role: "assistant" } }),
        item({
          name: "count_messages",
          level: "turn",
          "depends-on": [{ name: "is_role", "metric-name": "assistant", "relative-position": -1, min: 1 }],
        }),
        item({ name: "index_in_thread", level: "turn", "depends-on": [{ name: "is_role", "metric-name": "assistant", max: 0 }] }),
      ],
      rubric: [],
    },
    sources,
  );
  assert.deepEqual(problems, []);
  assert.deepEqual(
    metrics.map((m) => m.evaluation),
    ["is_role", "string_length", "count_messages", "index_in_thread"],
  );
  const { rows } = await evaluateThread(thread, metrics, {
    grader: null,
    signal: new AbortController().signal,
    completionOnly: false,
    services: { moderate: null },
  });
  const of = (name: string) => rows.filter((r) => r.evaluation === name).map((r) => [r.object, r.skipped ? "skipped" : r.value]);
  // Messages in assistant turns only (messages 1, 2 and 4).
  assert.deepEqual(of("string_length"), [
    [0, "skipped"],
    [1, 5],
    [2, 11],
    [3, "skipped"],
    [4, 14],
  ]);
  // Turns whose previous turn is the assistant's: turn 2; turn 0 has no previous turn.
  assert.deepEqual(of("count_messages"), [
    [0, "skipped"],
    [1, "skipped"],
    [2, 1],
    [3, "skipped"],
  ]);
  // [min, max] = [-max, 0]: the user's turns.
  assert.deepEqual(of("index_in_thread"), [
    [0, 0],
    [1, "skipped"],
    [2, 2],
    [3, "skipped"],
  ]);
});

test("depends-on problems: an unknown metric, a finer level, a cycle", () => {
  const problems = (items: MetricItem[]) =>
    planMetrics({ function: items, rubric: [] }, sources).problems.map((p) => `${p.field}: ${p.message}`);
  assert.match(
    problems([item({ name: "count_turns", level: "thread", "depends-on": [{ name: "is_role" }] })])[0]!,
    /function\[0\]\.depends-on\[0\]\.name: depends on "is_role", which is not one of this suite's metrics/,
  );
  assert.match(
    problems([
      item({ name: "count_turns", level: "thread", "depends-on": [{ name: "string_length" }] }),
      item({ name: "string_length", level: "message" }),
    ])[0]!,
    /a Thread metric can depend on its own or a coarser level, not on a Message metric/,
  );
  assert.match(
    problems([
      item({ name: "count_messages", level: "turn", "depends-on": [{ name: "string_length" }] }),
      item({ name: "string_length", level: "turn", "depends-on": [{ name: "count_messages" }] }),
    ])[0]!,
    /depends-on cycle/,
  );
  assert.match(
    problems([item({ name: "count_turns", level: "message" })])[0]!,
    /function\[0\]\.level: count_turns works at level Thread, not Message/,
  );
  assert.match(problems([item({ name: "is_role", level: "turn" })])[0]!, /is_role needs kwargs\.role/);
});
