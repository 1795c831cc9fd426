// Loading ground truth: both spellings of the seed's fields, recorded calls scored without a
// target, stable ids, and errors that name file, line and field.
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { ConfigError } from "../../../src/config/errors.ts";
import { functionCallSuite } from "../../../src/suites/function-calls/index.ts";
import { optionsFor, registryFor } from "./helpers.ts";

function dirWith(lines: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), "evalgate-fc-load-"));
  writeFileSync(join(dir, "cases.jsonl"), `${lines.join("\n")}\n`);
  return dir;
}

test("recorded calls in either spelling are scored without any model", async () => {
  const dir = dirWith([
    JSON.stringify({
      scenarioType: "create",
      instructions: "x",
      task_completion_condition: "y",
      expected_function_calls: [{ functionName: "f", arguments: { a: "1" } }],
      actual_function_calls: [{ functionName: "F", arguments: '{"a": 1}' }],
    }),
    "",
    JSON.stringify({ scenario_type: "lookup", expectedFunctionCalls: [{ name: "g", arguments: {} }], actualFunctionCalls: [] }),
  ]);
  const options = optionsFor({ dataset: "cases.jsonl" });
  assert.deepEqual(functionCallSuite.modelsUsed(options), []);
  const loaded = await functionCallSuite.load({ suiteName: "fc", options, configDir: dir, rootDir: dir });
  assert.deepEqual(
    loaded.cases.map((c) => [c.source, c.input.scenarioType]),
    [
      [{ file: "cases.jsonl", line: 1 }, "create"],
      [{ file: "cases.jsonl", line: 3 }, "lookup"],
    ],
  );
  assert.match(loaded.cases[0]?.id ?? "", /^create-[0-9a-f]{10}$/);
  const again = await functionCallSuite.load({ suiteName: "fc", options, configDir: dir, rootDir: dir });
  assert.equal(again.cases[0]?.id, loaded.cases[0]?.id);
  const registry = registryFor({});
  const outcome = await functionCallSuite.runCase(loaded.cases[0] as (typeof loaded.cases)[number], {
    suiteName: "fc",
    options,
    models: registry,
    repeat: 0,
    signal: new AbortController().signal,
  });
  const missing = await functionCallSuite.runCase(loaded.cases[1] as (typeof loaded.cases)[number], {
    suiteName: "fc",
    options,
    models: registry,
    repeat: 0,
    signal: new AbortController().signal,
  });
  await registry.close();
  assert.equal(outcome.metrics.reliability, 1); // "1" and 1 both render as 1
  assert.equal(outcome.requests, 0);
  assert.equal(missing.metrics.recall_fn, 0);
});

test("the optional group field names a case's cluster; an empty one is bad input naming the line", async () => {
  const line = (extra: Record<string, unknown>) =>
    JSON.stringify({ scenarioType: "s", expected_function_calls: [], actual_function_calls: [], ...extra });
  const dir = dirWith([line({ id: "a", group: "customer-1" }), line({ id: "b", group: "customer-1" }), line({ id: "c" })]);
  const options = optionsFor({ dataset: "cases.jsonl" });
  const loaded = await functionCallSuite.load({ suiteName: "fc", options, configDir: dir, rootDir: dir });
  assert.deepEqual(loaded.warnings, [], "group is a known field");
  assert.deepEqual(
    loaded.cases.map((c) => c.cluster),
    ["customer-1", "customer-1", undefined],
  );
  const bad = dirWith([line({ id: "a", group: " " })]);
  await assert.rejects(functionCallSuite.load({ suiteName: "fc", options, configDir: bad, rootDir: bad }), (error: unknown) => {
    assert.ok(error instanceof ConfigError);
    assert.match(error.format(), /cases\.jsonl:1.*group.*non-empty string/);
    return true;
  });
});

test("bad lines are reported with file, line and field", async () => {
  const dir = dirWith([
    "{not json",
    JSON.stringify({ scenarioType: "", expected_function_calls: [] }),
    JSON.stringify({ scenarioType: "s", expected_function_calls: [{ arguments: {} }] }),
    JSON.stringify({ scenarioType: "s", expected_function_calls: [{ functionName: "f", arguments: { id: { $regex: "(" } } }] }),
    JSON.stringify({ scenarioType: "s", expected_function_calls: "nope" }),
  ]);
  const error = await functionCallSuite
    .load({
      suiteName: "fc",
      options: optionsFor({ dataset: "cases.jsonl", target: "bot", simulator: "sim" }),
      configDir: dir,
      rootDir: dir,
    })
    .catch((e: unknown) => e);
  assert.ok(error instanceof ConfigError);
  const where = error.problems.map((p) => `${p.line}:${p.field ?? ""}`);
  assert.deepEqual(where.slice(0, 1), ["1:"]);
  assert.ok(where.includes("2:scenarioType"));
  assert.ok(where.includes("3:expected_function_calls.0.functionName"));
  assert.ok(where.includes("4:expected_function_calls.0.arguments.id"));
  assert.ok(where.includes("5:expected_function_calls"));
  assert.ok(where.includes("2:instructions")); // live cases need the simulated user's instructions
  assert.match(error.message, /cases\.jsonl:4: expected_function_calls\.0\.arguments\.id: invalid regex/);
});

test("a BFCL file without its possible answers is an input error naming the path tried", async () => {
  const dir = dirWith([JSON.stringify({ id: "simple_python_0", question: [[{ role: "user", content: "hi" }]], function: [] })]);
  const error = await functionCallSuite
    .load({ suiteName: "fc", options: optionsFor({ dataset: "cases.jsonl", target: "bot" }), configDir: dir, rootDir: dir })
    .catch((e: unknown) => e);
  assert.ok(error instanceof ConfigError);
  assert.equal(error.problems[0]?.file, "possible_answer/cases.jsonl");
});
