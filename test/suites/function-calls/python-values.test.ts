// Argument values keep their JSON source text and render as Python's str() of what Python's json
// would have read. Every expected rendering below was printed by python3 3.11 on this machine:
//   python3 -c "import json; print(repr(str(json.loads('<source>'))))"
// and the similarity verdicts by difflib.SequenceMatcher on the normalised texts.
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { parseToolArguments } from "../../../src/models/tool-calls.ts";
import { parseJsonKeepingNumbers } from "../../../src/util/json-numbers.ts";
import { pythonFloatRepr } from "../../../src/util/python-format.ts";
import { pythonStr } from "../../../src/util/sequence-matcher.ts";
import { optionsFor, registryFor, runSuite } from "./helpers.ts";

/** str(json.loads(source)) as our port renders it: the value parsed with its numbers' source text. */
function strOfJson(source: string): string {
  // The number sits in a dict, as an argument value does; for numbers str() and repr() agree.
  const rendered = pythonStr(parseJsonKeepingNumbers(`{"v": ${source}}`));
  return rendered.slice("{'v': ".length, -1);
}

test("numbers render as Python's str() of what its json module reads", () => {
  const cases: [string, string][] = [
    ["5.0", "5.0"],
    ["5", "5"],
    ["12345678901234567890", "12345678901234567890"],
    ["-98765432109876543210987", "-98765432109876543210987"],
    ["1e16", "1e+16"],
    ["1E+16", "1e+16"],
    ["1e15", "1000000000000000.0"],
    ["1.5e300", "1.5e+300"],
    ["1e400", "inf"],
    ["-1e400", "-inf"],
    ["-0.0", "-0.0"],
    ["-0", "0"],
    ["0.1", "0.1"],
    ["1e-05", "1e-05"],
    ["0.000123", "0.000123"],
    ["100.0", "100.0"],
    ["2.50", "2.5"],
    ["123456789.123456789", "123456789.12345679"],
    ["1234567890123456.0", "1234567890123456.0"],
    ["12345678901234567.0", "1.2345678901234568e+16"],
  ];
  for (const [source, python] of cases) assert.equal(strOfJson(source), python, source);
});

test("nested values render by repr with key order kept and each number's own source", () => {
  const list = parseJsonKeepingNumbers('[1, 2.0, {"b": 1e2, "a": [true, null, 12345678901234567890]}]');
  assert.equal(pythonStr(list), "[1, 2.0, {'b': 100.0, 'a': [True, None, 12345678901234567890]}]");
  const dict = parseJsonKeepingNumbers(`{"z": 1.0, "a": "it's", "m": {"k": -0.0}}`);
  assert.equal(pythonStr(dict), `{'z': 1.0, 'a': "it's", 'm': {'k': -0.0}}`);
  // A copy forgets the source text and falls back to what JSON.stringify would write.
  assert.equal(pythonStr(structuredClone(dict)), `{'z': 1, 'a': "it's", 'm': {'k': -0.0}}`);
  assert.equal(pythonFloatRepr(5), "5.0");
});

test("strings inside lists and dicts render by repr, escaping what Python cannot print", () => {
  // python3 -c "print(str(['é', '\x85', '\xad', '\u2028', '\u00a0', ' ', '\U0001F600', '\U000e0001', 'tab\there', 'q\'\"']))"
  const list = ["é", "\x85", "\xad", "\u2028", "\u00a0", " ", "\u{1F600}", "\u{E0001}", "tab\there", `q'"`];
  assert.equal(pythonStr(list), `['é', '\\x85', '\\xad', '\\u2028', '\\xa0', ' ', '😀', '\\U000e0001', 'tab\\there', 'q\\'"']`);
  // python3 -c "print(str({'k\x85': 'v\u200b'}))"
  assert.equal(pythonStr({ "k\x85": "v\u200b" }), `{'k\\x85': 'v\\u200b'}`);
});

test("tool-call argument strings keep their numbers' source text too", () => {
  const args = parseToolArguments('{"count": 5.0, "id": 12345678901234567890, "nested": [1.0]}');
  assert.equal(pythonStr(args), "{'count': 5.0, 'id': 12345678901234567890, 'nested': [1.0]}");
  assert.equal(args.count, 5); // still a plain number for every other consumer
});

function dirWith(lines: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), "evalgate-fc-python-"));
  // Written by hand, not JSON.stringify: the source text of the numbers is the point.
  writeFileSync(join(dir, "cases.jsonl"), `${lines.join("\n")}\n`);
  return dir;
}

test("the similarity matcher compares Python's renderings: 5.0 is not 5, big integers keep every digit", async () => {
  const line = (id: string, expected: string, actual: string) =>
    `{"id": "${id}", "scenarioType": "s", "expected_function_calls": [{"functionName": "f", "arguments": {"v": ${expected}}}], "actual_function_calls": [{"functionName": "f", "arguments": {"v": ${actual}}}]}`;
  const dir = dirWith([
    line("float-vs-int", "5.0", "5"), // "50" vs "5": ratio 0.667
    line("float-vs-float", "5.0", "5.00"), // both "5.0"
    line("big-int-vs-its-text", '"12345678901234567890"', "12345678901234567890"), // JS alone: ...7168, ratio 0.9
    line("big-ints-equal", "98765432109876543210", "98765432109876543210"),
    line("nested", '{"a": [1.0, 2]}', '{"a": [1, 2]}'), // "a 10 2" vs "a 1 2": ratio 0.909
    // Recorded arguments as a JSON string, the way providers send them.
    `{"id": "string-args", "scenarioType": "s", "expected_function_calls": [{"functionName": "f", "arguments": {"v": 1e16}}], "actual_function_calls": [{"functionName": "f", "arguments": "{\\"v\\": 10000000000000000}"}]}`,
  ]);
  const run = await runSuite(optionsFor({ dataset: "cases.jsonl" }), { configDir: dir, rootDir: dir }, registryFor({}));
  const recall = Object.fromEntries(run.summaries.map((s) => [s.caseId, s.metrics.recall_args]));
  assert.deepEqual(recall, {
    "float-vs-int": 0,
    "float-vs-float": 1,
    "big-int-vs-its-text": 1,
    "big-ints-equal": 1,
    nested: 0,
    "string-args": 0, // "1e+16" vs "10000000000000000"
  });
});

test("the numeric matcher still compares by value", async () => {
  const dir = dirWith([
    `{"id": "n", "scenarioType": "s", "expected_function_calls": [{"functionName": "f", "arguments": {"v": {"$number": 5.0}}}], "actual_function_calls": [{"functionName": "f", "arguments": {"v": 5}}]}`,
  ]);
  const run = await runSuite(optionsFor({ dataset: "cases.jsonl" }), { configDir: dir, rootDir: dir }, registryFor({}));
  assert.equal(run.summaries[0]?.metrics.recall_args, 1);
});
