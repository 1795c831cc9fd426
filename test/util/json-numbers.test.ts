// parseJsonKeepingNumbers skips its reviver when no number in the text can lose its source text.
// Whichever path a text takes, the value and the kept sources must be what the reviver alone gives.
import assert from "node:assert/strict";
import { test } from "node:test";
import { numberSource, parseJsonKeepingNumbers, stringifyKeepingNumbers } from "../../src/util/json-numbers.ts";

/** Every (holder, key) whose number source the parse kept, walked from the root. */
function keptSources(value: unknown, path = "$"): string[] {
  if (typeof value !== "object" || value === null) return [];
  const kept: string[] = [];
  for (const [key, item] of Object.entries(value)) {
    const source = numberSource(value, Array.isArray(value) ? Number(key) : key);
    if (source !== undefined) kept.push(`${path}.${key}=${source}`);
    kept.push(...keptSources(item, `${path}.${key}`));
  }
  return kept;
}

test("a model response without a lossy number parses like JSON.parse and keeps no source", () => {
  const response = JSON.stringify({
    id: "chatcmpl-3e5f9a0b1c2d",
    created: 1732368000,
    choices: [{ index: 0, message: { role: "assistant", content: "It is 42: see e.g. section 3.5.\nSCORE: 3" }, logprobs: null }],
    usage: { prompt_tokens: 120, completion_tokens: 30, total_tokens: 150 },
  });
  const parsed = parseJsonKeepingNumbers(response);
  assert.deepEqual(parsed, JSON.parse(response));
  assert.deepEqual(keptSources(parsed), []);
});

test("numbers that lose their source keep it, wherever they sit and however they are spaced", () => {
  const cases: [string, string[]][] = [
    ['{"a":5.0}', ["$.a=5.0"]],
    ['{"a": 5.0, "b": 2.5}', ["$.a=5.0"]],
    ['{"a":1e16,"b":1E+3}', ["$.a=1e16", "$.b=1E+3"]],
    ['{"a":12345678901234567890}', ["$.a=12345678901234567890"]],
    ['{"a":-0}', ["$.a=-0"]],
    ["[5.0, 7]", ["$.0=5.0"]],
    ['{"args":{"x":[1, 2.0]}}', ["$.args.x.1=2.0"]],
    // A string that looks like a lossy number takes the slow path and still keeps nothing.
    ['{"text":"ratio: 5.0","n":3}', []],
  ];
  for (const [text, expected] of cases) {
    const parsed = parseJsonKeepingNumbers(text);
    assert.deepEqual(parsed, JSON.parse(text), text);
    assert.deepEqual(keptSources(parsed), expected, text);
  }
  assert.equal(stringifyKeepingNumbers(parseJsonKeepingNumbers('{"a": 5.0, "b": [1e16]}')), '{"a":5.0,"b":[1e16]}');
});
