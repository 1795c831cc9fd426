// FlexEval's threads, turns and built-in function metrics on fixed texts, against values computed by
// hand (readability against the worked examples Flesch's formula is usually taught with).
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { test } from "node:test";
import { BUILTIN_FUNCTIONS, readMetricReturn } from "../../../src/suites/conversations/functions.ts";
import {
  countEmojis,
  countSentences,
  countSyllables,
  fleschKincaidGrade,
  fleschReadingEase,
  listWords,
} from "../../../src/suites/conversations/readability.ts";
import {
  buildThread,
  type LevelObject,
  parseThreadLine,
  promptForCompletion,
  type ThreadObject,
} from "../../../src/suites/conversations/thread.ts";

const fixture = (name: string) => new URL(`../../fixtures/flexeval/${name}`, import.meta.url);
const close = (actual: unknown, expected: number, digits = 3) =>
  assert.ok(typeof actual === "number" && Math.abs(actual - expected) < 10 ** -digits, `${actual} ≉ ${expected}`);

function threadOf(line: string): ThreadObject {
  const parsed = parseThreadLine(line, "t.jsonl", 1);
  assert.ok("thread" in parsed, JSON.stringify(parsed));
  return buildThread(parsed.thread);
}

async function threadsOf(name: string): Promise<ThreadObject[]> {
  const text = await readFile(fixture(name), "utf8");
  return text
    .split("\n")
    .filter((l) => l.trim())
    .map(threadOf);
}

const run = (name: string, object: LevelObject, thread: ThreadObject, kwargs: Record<string, unknown> = {}) =>
  readMetricReturn(name, BUILTIN_FUNCTIONS[name]!.fn(object, kwargs, thread, { moderate: null }));

test("readability: Flesch's worked examples", () => {
  // "The cat sat on the mat.": 6 words, 1 sentence, 6 syllables → 206.835 − 1.015·6 − 84.6·1 = 116.145.
  assert.equal(listWords("The cat sat on the mat.").length, 6);
  assert.equal(countSyllables("The cat sat on the mat."), 6);
  close(fleschReadingEase("The cat sat on the mat."), 116.145);
  // Grade: 0.39·6 + 11.8·1 − 15.59 = −1.45.
  close(fleschKincaidGrade("The cat sat on the mat."), -1.45);
  // Wikipedia's example, "about 69": 16 words, 1 sentence, 23 syllables by the CMU dictionary, as
  // textstat counts them: 206.835 − 1.015·16 − 84.6·23/16 = 68.9825; grade 0.39·16 + 11.8·23/16 − 15.59 = 7.6125.
  const text = "This sentence, taken as a reading passage unto itself, is being used to prove a point.";
  assert.equal(listWords(text).length, 16);
  assert.equal(countSyllables(text), 23);
  close(fleschReadingEase(text), 68.9825);
  close(fleschKincaidGrade(text), 7.6125);
});

test("readability: textstat's sentence and word rules", () => {
  // Sentences of two words or fewer are not counted ("Hi there." is ignored), but never fewer than 1.
  assert.equal(countSentences("Hi there. The cat sat on the mat. It was warm and sunny."), 2);
  assert.equal(countSentences("Yes."), 1);
  assert.equal(countSentences(""), 0);
  // Contractions keep their apostrophe (one word); quotes and hyphens are removed.
  assert.deepEqual(listWords("Don't say 'well-known' now."), ["Don't", "say", "wellknown", "now"]);
  assert.equal(fleschReadingEase(""), 0);
  assert.equal(fleschKincaidGrade("   "), 0);
});

test("count_emojis: each emoji once, modifiers and flags included", () => {
  assert.equal(countEmojis("Great job! 🎉👍🏽 Keep going 🇺🇸"), 3);
  assert.equal(countEmojis("no emoji here :)"), 0);
});

test("turns: consecutive messages on one side are one turn (multiturn.jsonl)", async () => {
  const [first, , third] = await threadsOf("multiturn.jsonl");
  // system, user, assistant, assistant, user → the system prompt and 4 messages in 3 turns.
  assert.equal(first!.systemPrompt, "my system prompt");
  assert.deepEqual(
    first!.messages.map((m) => [m.role, m.turnIndex]),
    [
      ["user", 0],
      ["assistant", 1],
      ["assistant", 1],
      ["user", 2],
    ],
  );
  assert.deepEqual(
    first!.turns.map((t) => [t.role, t.messages.length, t.isLast]),
    [
      ["user", 1, false],
      ["assistant", 2, false],
      ["user", 1, true],
    ],
  );
  assert.equal(first!.turns[1]!.content, "Help with what?\nExplain yourself.");
  assert.ok(third!.turns.length >= 3);
});

const TOOL_THREAD = JSON.stringify({
  session: "s-1",
  input: [
    { role: "system", content: "You are a tutor." },
    { role: "user", content: "Plot y = 2x." },
    {
      role: "assistant",
      content: "",
      tool_calls: [
        { id: "c1", type: "function", function: { name: "DesmosPlot", arguments: '{"expr":"y=2x","xmax":"10"}' } },
        { id: "c2", type: "function", function: { name: "lookup", arguments: "{}" } },
      ],
    },
    { role: "tool", tool_call_id: "c1", content: "plotted" },
    { role: "assistant", content: "Here is the line. What is its slope? 😀", prompt_tokens: 30, completion_tokens: 9 },
    { role: "user", content: "2" },
  ],
});

test("turns and tool calls: assistant, tool, assistant is one machine turn; the tool message answers its call", () => {
  const thread = threadOf(TOOL_THREAD);
  assert.deepEqual(thread.metadata, { session: "s-1" });
  assert.deepEqual(
    thread.turns.map((t) => [t.index, t.role, t.messages.map((m) => m.role).join(",")]),
    [
      [0, "user", "user"],
      [1, "assistant", "assistant,tool,assistant"],
      [2, "user", "user"],
    ],
  );
  assert.deepEqual(
    thread.toolCalls.map((c) => [c.name, c.messageIndex, c.turnIndex, c.response]),
    [
      ["DesmosPlot", 1, 1, "plotted"],
      ["lookup", 1, 1, null],
    ],
  );
});

test("completion mode: the prompt is the thread up to its last user turn", () => {
  const raw = parseThreadLine(
    JSON.stringify({
      input: [
        { role: "user", content: "a" },
        { role: "assistant", content: "b" },
        { role: "user", content: "c" },
        { role: "assistant", content: "d" },
        { role: "tool", content: "e" },
      ],
    }),
    "t.jsonl",
    1,
  );
  assert.ok("thread" in raw);
  assert.deepEqual(
    promptForCompletion(raw.thread).map((m) => m.content),
    ["a", "b", "c"],
  );
});

test("every built-in metric against hand-computed values", () => {
  const thread = threadOf(TOOL_THREAD);
  const [userTurn, machineTurn, lastTurn] = thread.turns;
  const reply = thread.messages[3]!;
  const call = thread.toolCalls[0]!;
  const values = (name: string, object: LevelObject, kwargs?: Record<string, unknown>) =>
    Object.fromEntries(run(name, object, thread, kwargs).map((v) => [v.name, v.value]));

  assert.deepEqual(values("string_length", reply), { string_length: 38 }); // "Here is the line. What is its slope? 😀": Python's len counts 😀 once
  assert.deepEqual(values("string_length", machineTurn!), { string_length: 0 + 7 + 38 });
  assert.deepEqual(values("string_length", thread), { string_length: 12 + 0 + 7 + 38 + 1 });
  assert.deepEqual(values("count_messages", thread), { count_messages: 5 });
  assert.deepEqual(values("count_messages", machineTurn!), { count_messages: 3 });
  assert.deepEqual(values("count_turns", thread), { count_turns: 3 });
  assert.deepEqual(values("count_messages_per_role", thread), { user: 2, assistant: 2, tool: 1 });
  assert.deepEqual(values("count_tool_calls", machineTurn!), { count_tool_calls: 2 });
  assert.deepEqual(values("count_tool_calls", userTurn!), { count_tool_calls: 0 });
  assert.deepEqual(values("count_tool_calls_by_name", thread), { DesmosPlot: 1, lookup: 1 });
  assert.deepEqual(values("count_tool_calls_by_name", call), { DesmosPlot: 1 });
  assert.deepEqual(values("tool_was_called", machineTurn!), { tool_was_called: 1 });
  assert.deepEqual(values("tool_was_called", reply), { tool_was_called: 0 });
  assert.deepEqual(values("is_role", reply, { role: "assistant" }), { assistant: 1 });
  assert.deepEqual(values("is_role", userTurn!, { role: "assistant" }), { assistant: 0 });
  assert.deepEqual(values("index_in_thread", reply), { index_in_thread: 3 });
  assert.deepEqual(values("index_in_thread", lastTurn!), { index_in_thread: 2 });
  assert.deepEqual(values("is_last_turn_in_thread", lastTurn!), { is_last_turn_in_thread: 1 });
  assert.deepEqual(values("is_last_turn_in_thread", machineTurn!), { is_last_turn_in_thread: 0 });
  assert.deepEqual(values("message_matches_regex", reply, { expression: "\\bis\\b" }), { "\\bis\\b": 2 });
  assert.deepEqual(values("count_of_parts_matching_regex", thread, { expression: "[0-9]" }), { "[0-9]": 2 }); // "2x" and "2"
  assert.deepEqual(values("count_emojis", reply), { count_emojis: 1 });
  // FlexEval keeps a JSONL message's prompt_tokens/completion_tokens keys as metadata only: its columns stay empty.
  assert.deepEqual(values("count_tokens", machineTurn!), { prompt_tokens: 0, completion_tokens: 0 });
  assert.deepEqual(values("count_numeric_tool_call_params_by_name", call), { xmax: 10 });
  assert.deepEqual(values("constant", reply, { response: 7 }), { constant: 7 });
  assert.deepEqual(values("identity", call), { object_type: 3 });
  assert.deepEqual(values("count_llm_models", thread), {});
  // "Here is the line. What is its slope? 😀": 8 words, 2 sentences, 8 syllables
  // → 206.835 − 1.015·4 − 84.6·1 = 118.175; grade 0.39·4 + 11.8 − 15.59 = −2.23.
  close(values("flesch_reading_ease", reply)["flesch_reading_ease"], 118.175);
  close(values("flesch_kincaid_grade", reply)["flesch_kincaid_grade"], -2.23);
  // No timestamps in this data: latency is unknown, not 0.
  assert.deepEqual(values("latency", reply), { latency: null });
});

test("latency: seconds since the previous message, where the data has timestamps", () => {
  const thread = threadOf(
    JSON.stringify({
      input: [
        { role: "user", content: "hi", timestamp: "2025-01-01T10:00:00Z" },
        { role: "assistant", content: "hello", timestamp: "2025-01-01T10:00:04.5Z" },
        { role: "assistant", content: "how can I help?", timestamp: "2025-01-01T10:00:06Z" },
      ],
    }),
  );
  const value = (object: LevelObject) => run("latency", object, thread)[0]!.value;
  assert.equal(value(thread.messages[1]!), 4.5);
  assert.equal(value(thread.turns[1]!), 6);
  assert.equal(value(thread), 6);
  assert.equal(value(thread.messages[0]!), 0);
});

test("bad lines name the line and the field", () => {
  const problem = (line: string) => {
    const parsed = parseThreadLine(line, "data.jsonl", 7);
    assert.ok("problems" in parsed);
    return parsed.problems[0]!;
  };
  assert.deepEqual({ ...problem("{not json"), message: "" }, { file: "data.jsonl", line: 7, field: "line", message: "" });
  assert.equal(problem('{"messages": []}').field, "input");
  assert.equal(problem('{"input": [{"content": "x"}]}').field, "input[0].role");
  assert.equal(
    problem('{"input": [{"role": "assistant", "content": "", "tool_calls": [{"function": {}}]}]}').field,
    "input[0].tool_calls[0].function.name",
  );
});

test("content as FlexEval stores it: str() of numbers, booleans and records; parts and null content reported", () => {
  const read = (content: string) => {
    const parsed = parseThreadLine(`{"input": [{"role": "user", "content": ${content}}]}`, "data.jsonl", 1);
    assert.ok("thread" in parsed, JSON.stringify(parsed));
    return { text: parsed.thread.messages[0]!.content, choices: parsed.choices };
  };
  assert.deepEqual(read("42"), { text: "42", choices: [] });
  assert.deepEqual(read("1.0"), { text: "1.0", choices: [] });
  assert.deepEqual(read("1e20"), { text: "1e+20", choices: [] });
  assert.deepEqual(read("true"), { text: "True", choices: [] });
  assert.deepEqual(read('{"a": [1, null]}'), { text: "{'a': [1, None]}", choices: [] });
  assert.deepEqual(read('[{"type": "text", "text": "Hi"}, {"type": "image_url"}, {"type": "text", "text": " there"}]'), {
    text: "Hi there",
    choices: ["parts"],
  });
  assert.deepEqual(read("null"), { text: "", choices: ["null"] });
});

test("count_errors and value_counts_by_tool_name: FlexEval's results on JSONL", () => {
  const thread = threadOf(TOOL_THREAD);
  const run1 = (name: string, object: LevelObject, kwargs: Record<string, unknown> = {}) =>
    BUILTIN_FUNCTIONS[name]!.fn(object, kwargs, thread, { moderate: null });
  // No additional_kwargs on the calling message: no errors, no rows (FlexEval has no JSONL tool calls: {}).
  assert.deepEqual(run1("count_errors", thread), {});
  const withErrors = threadOf(
    JSON.stringify({
      input: [
        {
          role: "assistant",
          content: "",
          additional_kwargs: { python_errors: "NameError", js_errors: null },
          tool_calls: [
            { id: "a", function: { name: "run", arguments: "{}" } },
            { id: "b", function: { name: "run", arguments: "{}" } },
          ],
        },
      ],
    }),
  );
  assert.deepEqual(BUILTIN_FUNCTIONS["count_errors"]!.fn(withErrors, {}, withErrors, { moderate: null }), { python_errors: 2 });
  assert.deepEqual(BUILTIN_FUNCTIONS["count_errors"]!.fn(withErrors.toolCalls[0]!, {}, withErrors, { moderate: null }), {
    python_errors: 1,
  });
  // A tool message with text content: FlexEval indexes the text as content parts and raises; without one, {}.
  assert.throws(() => run1("value_counts_by_tool_name", thread.turns[1]!, { json_key: "k" }), /FlexEval raises TypeError/);
  assert.deepEqual(run1("value_counts_by_tool_name", thread.turns[0]!, { json_key: "k" }), {});
});

test("a metric's return shapes: number, record, list of {name, value}", () => {
  assert.deepEqual(readMetricReturn("f", 2), [{ name: "f", value: 2 }]);
  assert.deepEqual(readMetricReturn("f", true), [{ name: "f", value: 1 }]);
  assert.deepEqual(readMetricReturn("f", { a: 1, b: null }), [
    { name: "a", value: 1 },
    { name: "b", value: null },
  ]);
  assert.deepEqual(readMetricReturn("f", [{ name: "x", value: 0.5 }]), [{ name: "x", value: 0.5 }]);
  assert.throws(() => readMetricReturn("f", "high"), /not a number|expected a number/);
});
