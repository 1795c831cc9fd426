// A JSON text read as JSON (config/json-positions.ts) gives the same data and the same position for
// every field, present or missing, as the YAML reader gives for the same text; a text the YAML reader
// would read differently (a repeated key, a merge key, no JSON at all) is left to it.
import assert from "node:assert/strict";
import { test } from "node:test";
import { parseJsonPositioned, parsePositionedData } from "../../src/config/json-positions.ts";
import { parsePositionedYaml } from "../../src/config/yaml-positions.ts";

/** Every path into a value, and a missing field or item under each container. */
function paths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const found: (string | number)[][] = [prefix];
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) found.push(...paths(item, [...prefix, i]));
    found.push([...prefix, value.length], [...prefix, value.length, "deeper"]);
  } else if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) found.push(...paths(item, [...prefix, key]));
    found.push([...prefix, "missing"], [...prefix, "missing", 0]);
  } else found.push([...prefix, "under-a-scalar"]);
  return found;
}

const data = {
  description: 'bench \u00e9 \ud83d\ude00 "quoted" back\\slash',
  prompts: ["{{question}}", "file://prompt.json"],
  providers: [{ id: "openai:chat:x", config: { apiBaseUrl: "http://127.0.0.1:1/v1", temperature: 0.5, max: 1e3, off: null, on: true } }],
  defaultTest: { options: { provider: { id: "openai:chat:judge" } }, vars: {} },
  tests: Array.from({ length: 30 }, (_, i) => ({
    vars: { question: `Question ${i}: ${"x".repeat(i)}?`, list: [i, [i, { deep: -i }]], empty: [] },
    assert: [{ type: "llm-rubric", value: `The answer is ${2 * i}.`, weight: i / 7 }],
  })),
  "": "an empty key",
  "a/b.c": { "0": "a key that looks like an index" },
};

test("JSON read as JSON: the YAML reader's data and position for every field, minified, indented, with CRLF, tabs and lone CRs", () => {
  const texts = [
    JSON.stringify(data),
    JSON.stringify(data, null, 2),
    JSON.stringify(data, null, "\t").replaceAll("\n", "\r\n"),
    `\n\n  ${JSON.stringify(data, null, 1).replaceAll("\n", "\r")}  \n`,
    '[1, [2, {"a": [ ]}], {}]',
  ];
  for (const text of texts) {
    const json = parseJsonPositioned(text);
    const yaml = parsePositionedYaml(text);
    assert.ok(json, text.slice(0, 40));
    assert.deepEqual(yaml.problems, []);
    assert.deepEqual(json.value, yaml.value);
    for (const path of paths(yaml.value)) assert.deepEqual(json.positionOf(path), yaml.positionOf(path), JSON.stringify(path));
  }
});

test("a text the YAML reader reads otherwise is left to it: a repeated key is its problem, a merge key, YAML itself", () => {
  for (const text of ['{"a": 1, "a": 2}', '{"<<": {"a": 1}}', '{"x": {"__proto__": 1}}', "a: 1\n", '{"a": 1} # comment', "[1, 2,]", "{}x"])
    assert.equal(parseJsonPositioned(text), undefined, text);
  const repeated = parsePositionedData('{"tests": [{"a": 1, "a": 2}]}');
  assert.equal(repeated.problems.length, 1);
  assert.match(repeated.problems[0]!.message, /unique/);
  assert.deepEqual(parsePositionedData("tests:\n  - a: 1\n").value, { tests: [{ a: 1 }] });
});
