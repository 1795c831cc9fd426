// The dataset formats' JSON Schemas (`evalgate schema --dataset`) agree with the loaders: every line of
// the repository's real datasets is valid, and lines the loaders refuse are refused by the schema at
// the same field. The schemas are data for other tools, so this is what keeps them honest.
import assert from "node:assert/strict";
import { mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { startDemoAthenaServer } from "../../src/demo/athena-server.ts";
import { DATASET_SCHEMAS, type DatasetFormat } from "../../src/suites/dataset-schemas.ts";
import { parseCsv } from "../../src/suites/judged/csv.ts";
import { parseAthenaResponse } from "../../src/suites/sgi/response.ts";
import { runCli } from "../engine/helpers.ts";

async function jsonLines(file: string): Promise<unknown[]> {
  const text = await readFile(file, "utf8");
  return text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line));
}

function assertValid(format: DatasetFormat, value: unknown, where: string): void {
  const result = DATASET_SCHEMAS[format].safeParse(value);
  assert.ok(result.success, `${where} is refused by the ${format} schema: ${result.error?.message}`);
}

/** The first issue's path, dotted as the loaders name fields. */
function refusedAt(format: DatasetFormat, value: unknown): string {
  const result = DATASET_SCHEMAS[format].safeParse(value);
  assert.equal(result.success, false, `the ${format} schema accepts ${JSON.stringify(value)}`);
  return result.error!.issues[0]!.path.join(".");
}

test("every line of the repository's datasets is valid against its format's schema", async () => {
  const sources: [DatasetFormat, string][] = [
    ["function-calls", "evals/function-calls/cases.jsonl"],
    ["conversations", "evals/conversations/simple.jsonl"],
    ["conversations", "evals/conversations/plot-convos.jsonl"],
    ["conversations", "test/fixtures/flexeval/example.jsonl"],
    ["agent", "evals/agent/cases.jsonl"],
    ["agent", "examples/mcp-agent/cases.jsonl"],
  ];
  for (const file of await readdir("test/fixtures/bfcl")) {
    if (file.endsWith(".jsonl")) {
      sources.push(["bfcl-question", `test/fixtures/bfcl/${file}`], ["bfcl-answer", `test/fixtures/bfcl/possible_answer/${file}`]);
    }
  }
  let lines = 0;
  for (const [format, file] of sources) {
    for (const [i, value] of (await jsonLines(file)).entries()) {
      assertValid(format, value, `${file}:${i + 1}`);
      lines++;
    }
  }
  const [header, ...rows] = parseCsv(await readFile("evals/judged/prompts.csv", "utf8"));
  for (const row of rows) {
    assertValid("judged-csv", Object.fromEntries(header!.fields.map((name, i) => [name, row.fields[i] ?? ""])), `prompts.csv:${row.line}`);
  }
  assert.ok(lines > 150 && rows.length > 0, `checked ${lines} JSONL lines and ${rows.length} CSV rows`);
});

test("the demo Athena server's replies are valid Athena replies", async () => {
  const server = await startDemoAthenaServer({ unpricedModel: "mystery-model" });
  try {
    const request = {
      exercise: {
        id: 1,
        example_solution: "{}",
        grading_criteria: [{ id: 1, title: "c", structured_grading_instructions: [{ id: 7, credits: 1 }] }],
      },
      submission: { id: 3, model: "{}" },
    };
    const response = await fetch(`${server.url}/modules/modeling/module_modeling_llm/feedback_suggestions`, {
      method: "POST",
      body: JSON.stringify(request),
    });
    const reply = await response.json();
    assertValid("athena-reply", reply, "the demo server's reply");
    assert.equal(parseAthenaResponse(reply).ok, true);
  } finally {
    await server.close();
  }
});

test("Athena replies the reader refuses are refused by the schema", () => {
  const good = { status: 200, data: [{ credits: 1, structured_grading_instruction_id: 3 }], meta: {} };
  const bad: [unknown, string][] = [
    [{ ...good, data: undefined }, "data"],
    [{ ...good, meta: undefined }, "meta"],
    [{ ...good, data: [{ credits: [1] }] }, "data.0.credits"],
    [{ ...good, data: [{ title: 5 }] }, "data.0.title"],
    [{ ...good, status: "200" }, "status"],
    [{ ...good, meta: { llmRequests: [{ model: "" }] } }, "meta.llmRequests.0.model"],
  ];
  for (const [reply, field] of bad) {
    assert.equal(parseAthenaResponse(reply).ok, false, `the reader accepts ${JSON.stringify(reply)}`);
    assert.equal(refusedAt("athena-reply", reply), field);
  }
});

test("function-call lines `evalgate validate` refuses are refused by the schema at the field it names, and the error names the schema", async () => {
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-dataset-schema-"));
  const bad: [Record<string, unknown>, string][] = [
    [{ expected_function_calls: [] }, "scenarioType"],
    [{ scenarioType: "refund" }, "expected_function_calls"],
    [{ scenarioType: "refund", expected_function_calls: [{ arguments: {} }] }, "expected_function_calls.0.functionName"],
    [{ scenarioType: "refund", expected_function_calls: [], mocked_results: [1] }, "mocked_results"],
    [{ scenarioType: "refund", expected_function_calls: [], id: "" }, "id"],
  ];
  for (const [i, [line, field]] of bad.entries()) {
    await writeFile(path.join(dir, `cases${i}.jsonl`), `${JSON.stringify({ ...line, actual_function_calls: [] })}\n`);
    await writeFile(
      path.join(dir, `evalgate${i}.yml`),
      `version: 1\nmodels: {}\nsuites:\n  calls:\n    kind: function-calls\n    dataset: cases${i}.jsonl\n`,
    );
    const result = await runCli(["validate", "--config", `evalgate${i}.yml`], { cwd: dir });
    assert.equal(result.code, 2, result.stderr);
    assert.match(result.stderr, new RegExp(`cases${i}\\.jsonl:1.*${field.replace(/\./g, "\\.")}`), result.stderr);
    assert.match(
      result.stderr,
      new RegExp(`note: the format of cases${i}\\.jsonl is written down in schemas/function-calls\\.schema\\.json`),
    );
    assert.equal(refusedAt("function-calls", line), field);
  }
});

test("conversation lines the loader refuses are refused by the schema at the field it names", async () => {
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-dataset-schema-"));
  const bad: [unknown, string, string][] = [
    [{ messages: [] }, "input", "input"],
    [{ input: [{ content: "hi" }] }, "input[0].role", "input.0.role"],
    [
      { input: [{ role: "assistant", content: "", tool_calls: [{ function: { arguments: "{}" } }] }] },
      "input[0].tool_calls[0].function.name",
      "input.0.tool_calls.0.function.name",
    ],
  ];
  for (const [i, [line, loaderField, schemaField]] of bad.entries()) {
    await writeFile(path.join(dir, `threads${i}.jsonl`), `${JSON.stringify(line)}\n`);
    await writeFile(
      path.join(dir, `evalgate${i}.yml`),
      `version: 1\nmodels: {}\nsuites:\n  talk:\n    kind: conversations\n    dataset: threads${i}.jsonl\n    metrics:\n      function:\n        - { name: count_turns, level: thread }\n`,
    );
    const result = await runCli(["validate", "--config", `evalgate${i}.yml`], { cwd: dir });
    assert.equal(result.code, 2, result.stderr);
    assert.ok(result.stderr.includes(`threads${i}.jsonl:1`) && result.stderr.includes(loaderField), result.stderr);
    assert.ok(result.stderr.includes("(evalgate schema --dataset conversations)"), result.stderr);
    assert.equal(refusedAt("conversations", line), schemaField);
  }
});

test("`evalgate schema --dataset` prints each format's JSON Schema, and names the formats on a wrong one", async () => {
  for (const format of Object.keys(DATASET_SCHEMAS)) {
    const result = await runCli(["schema", "--dataset", format], { cwd: process.cwd() });
    assert.equal(result.code, 0, result.stderr);
    const schema = JSON.parse(result.stdout) as { $schema: string; title: string; examples: unknown[] };
    assert.match(schema.$schema, /json-schema\.org/);
    assert.ok(schema.title && schema.examples.length > 0, `${format}: a title and an example`);
    for (const example of schema.examples) assertValid(format as DatasetFormat, example, `${format}'s example`);
  }
  const wrong = await runCli(["schema", "--dataset", "csv"], { cwd: process.cwd() });
  assert.equal(wrong.code, 2);
  assert.match(wrong.stderr, /function-calls, bfcl-question, bfcl-answer, conversations, judged-csv, athena-reply, agent/);
});

test("agent lines `evalgate validate` refuses are refused by the schema at the field it names, and the error names the schema", async () => {
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-dataset-schema-"));
  const bad: [Record<string, unknown>, string][] = [
    [{ id: "a", expected_calls: [] }, "instruction"],
    [{ id: "a", instruction: "hi", messages: [{ role: "user", content: "hi" }], expected_calls: [] }, "instruction"],
    [{ id: "a", instruction: "hi" }, "expected_calls"],
    [{ id: "a", instruction: "hi", expected_calls: [{ arguments: {} }] }, "expected_calls.0.functionName"],
    [{ id: "a", instruction: "hi", expected_calls: [], order: "any" }, "order"],
    [{ id: "a", instruction: "hi", expected_calls: [], max_steps: 0 }, "max_steps"],
    [{ id: "", instruction: "hi", expected_calls: [] }, "id"],
    [{ id: "a", instruction: "hi", expected_calls: [], judge_prompt: "" }, "judge_prompt"],
    [{ id: "a", instructions: "ask", expected_calls: [], task_completion_condition: "" }, "task_completion_condition"],
  ];
  for (const [i, [line, field]] of bad.entries()) {
    await writeFile(path.join(dir, `cases${i}.jsonl`), `${JSON.stringify(line)}\n`);
    await writeFile(
      path.join(dir, `evalgate${i}.yml`),
      `version: 1\nmodels:\n  bot: { provider: command, command: [node, bot.mjs] }\nsuites:\n  desk:\n    kind: agent\n    target: bot\n    dataset: cases${i}.jsonl\n`,
    );
    const result = await runCli(["validate", "--config", `evalgate${i}.yml`], { cwd: dir });
    assert.equal(result.code, 2, result.stderr);
    assert.match(result.stderr, new RegExp(`cases${i}\\.jsonl:1.*${field.replace(/\./g, "\\.")}`), result.stderr);
    assert.match(result.stderr, new RegExp(`note: the format of cases${i}\\.jsonl is written down in schemas/agent\\.schema\\.json`));
    assert.equal(refusedAt("agent", line), field);
  }
});
