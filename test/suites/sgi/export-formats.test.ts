// The exported TestBench files, compared byte for byte with files written by hand from the
// TestBench's rules (generate_scenario_dataframes, to_csv(index=False), json.dump(indent=4),
// TestCaseResult.to_dict). A tiny scenario keeps every expected byte readable; the cases run for
// real against the scripted Athena server, and only the request times (wall clock) are pinned.
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { sgiSuite } from "../../../src/suites/sgi/index.ts";
import { sgiOptions } from "../../../src/suites/sgi/options.ts";
import { PyFloat, pandasCsv, pythonFixed, pythonJsonDumps } from "../../../src/util/python-format.ts";
import { startScriptedAthena } from "../../servers/athena.ts";
import { runCases, suiteResults } from "./helpers.ts";

const MANIFEST = `server_url: "http://127.0.0.1:5100/modules/modeling/module_modeling_llm/feedback_suggestions"
exercise:
  title: "Loan: small demo"
  type: "modeling"
  max_points: 3
  bonus_points: 0
  grading_instructions: "g"
  problem_statement: "p"
  meta: {}
criteria:
  - id: "a"
    title: "A"
    instructions:
      - { id: "a_ok", grading_scale: "ok", instruction_description: "A is right", feedback: "fa", credits: 1.0 }
      - { id: "a_bad", grading_scale: "bad", instruction_description: "A is wrong", feedback: "fa2", credits: 0.0 }
  - id: "b"
    title: "B"
    instructions:
      - { id: "b_ok", grading_scale: "ok", instruction_description: "B is right", feedback: "fb", credits: 2.0 }
      - { id: "b_bad", grading_scale: "bad", instruction_description: "B is wrong", feedback: "fb2", credits: 0.5 }
default_expected: ["a_ok", "b_ok"]
test_case_diffs:
  a_ok: {}
  b_ok:
    broken_b: b_bad
`;

const PRICES = "llm_costs:\n  m1:\n    input_cost_per_million: 2.0\n    output_cost_per_million: 8.0\n";

function scenarioDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "evalgate-sgi-formats-"));
  const scenario = path.join(dir, "small");
  mkdirSync(path.join(scenario, "test_cases"), { recursive: true });
  writeFileSync(path.join(scenario, "manifest.yml"), MANIFEST);
  for (const name of ["broken_b", "clean", "down"])
    writeFileSync(
      path.join(scenario, "test_cases", `${name}.json`),
      JSON.stringify({ version: "3.0.0", type: "BPMN", title: name, elements: {}, relationships: {} }),
    );
  writeFileSync(path.join(dir, "llm_cost.yml"), PRICES);
  return dir;
}

const wrapper = (data: unknown[], usage: { input: number; output: number }) => ({
  module_name: "module_modeling_llm",
  status: 200,
  data,
  meta: { llmRequests: [{ model: "m1", numInputTokens: usage.input, numOutputTokens: usage.output }] },
});

test("the exported tables and JSON files are the TestBench's, byte for byte", async () => {
  const dir = scenarioDir();
  const options = sgiOptions.parse({ kind: "sgi", scenarios: "small", target: "athena", costs: "llm_cost.yml", export: true });
  const { cases } = await sgiSuite.load({ suiteName: "uml", options, configDir: dir, rootDir: dir });
  // A scenario's test cases are one cluster for the gate's tests (issue 34).
  assert.ok(cases.every((c) => c.cluster === c.id.split("/")[0]));
  const server = await startScriptedAthena(path.join(dir, "small", "test_cases"), (name) => {
    if (name === "down") return { reply: { status: 400, body: { detail: "nope" } } };
    if (name === "clean")
      return {
        reply: {
          body: wrapper(
            [
              { id: 10, title: "A", description: "A fine", credits: 1, structuredGradingInstructionId: 1, exerciseId: 7, submissionId: 1 },
              { id: 11, title: "B", description: "B fine", credits: 2, structuredGradingInstructionId: 3, exerciseId: 7, submissionId: 1 },
              { id: 12, title: "General", description: "Nice diagram", credits: 0, exerciseId: 7, submissionId: 1 },
            ],
            { input: 1000, output: 500 },
          ),
        },
      };
    return {
      reply: {
        body: wrapper(
          [
            {
              id: 1,
              title: "A",
              description: "A fine",
              credits: 1,
              structuredGradingInstructionId: 1,
              isGraded: true,
              meta: {},
              exerciseId: 7,
              submissionId: 0,
              elementIds: ["x"],
              reference: "Task:1",
            },
            {
              id: 2,
              title: "B",
              description: "B looks right",
              credits: 2,
              structuredGradingInstructionId: 3,
              exerciseId: 7,
              submissionId: 0,
            },
            {
              id: 3,
              title: "Extra",
              description: "Unknown instruction \u2014 d\u00e9j\u00e0 vu",
              credits: 0.5,
              structured_grading_instruction_id: 99,
              exercise_id: 7,
              submission_id: 0,
            },
          ],
          { input: 2000, output: 0 },
        ),
      },
    };
  });
  try {
    const results = await runCases(cases, options, server.url);
    // Wall-clock request times are the one input a test cannot script: pin them.
    const pinned: Record<string, number> = { broken_b: 1234.5, clean: 250 };
    for (const r of results) if (r.status === "scored") r.metrics.request_time_ms = pinned[r.caseId.split("/").pop() as string] as number;
    const outDir = mkdtempSync(path.join(tmpdir(), "evalgate-sgi-formats-out-"));
    await sgiSuite.exportArtifacts!(suiteResults(results, options), { suiteName: "uml", options, outDir, runId: "run-1" });
    const folder = path.join(outDir, "sgi", "run-1", "Loan-_small_demo"); // ":" kept out of folder names
    const read = (file: string) => readFileSync(path.join(folder, file), "utf8");

    assert.equal(
      read("tables/scenario_summary.csv"),
      `Metric,Value
Total Cases,2
Fully Correct Cases,1
Score Matched Count,1
Average Test Case Score,66.67
Correctly Detected Test Cases / Total Cases,1 / 2
Total Cost,0.0100
Average Cost,0.0050
Average Request Time (s),0.7422
`,
    );
    assert.equal(
      read("tables/test_case_results.csv"),
      `Test Case,Test Case Detected Correctly,Test Case Score (%),Expected Points,Total Returned Points,Cost,Request Time (s),Wrong < Points,Wrong > Points
broken_b,No,33.33,1.5,3.0,0.0040,1.2345,0,1
clean,Yes,100.00,3.0,3.0,0.0060,0.2500,0,0
`,
    );
    assert.equal(
      read("scenario_results.json"),
      `{
    "Total Cases": 2,
    "Fully Correct Cases": 1,
    "Score Matched Count": 1,
    "Average Test Case Score": "66.67",
    "Correctly Detected Test Cases / Total Cases": "1 / 2",
    "Total Cost": "0.0100",
    "Average Cost": "0.0050",
    "Average Request Time (s)": "0.7422"
}`,
    );
    assert.equal(
      read("test_cases/broken_b.json"),
      `{
    "test_case": "broken_b",
    "expected_score": 1.5,
    "returned_score": 3.0,
    "test_case_detected_correctly": false,
    "test_case_score_percent": 33.33333333333333,
    "cost": {
        "total_cost": 0.004,
        "total_input_cost": 0.004,
        "total_output_cost": 0.0,
        "details": [
            {
                "llm": "m1",
                "input_cost": 0.004,
                "output_cost": 0.0,
                "total": 0.004
            }
        ]
    },
    "criteria_results": [
        {
            "criterion_id": 2,
            "criterion_textual_id": "b",
            "mismatch_pairs": [
                {
                    "expected": {
                        "id": 4,
                        "textual_id": "b_bad",
                        "credits": 0.5,
                        "instructionDescription": "B is wrong"
                    },
                    "received": {
                        "id": 3,
                        "textual_id": "b_ok",
                        "credits": 2.0,
                        "instructionDescription": "B is right",
                        "feedbackDescription": "B looks right"
                    }
                }
            ],
            "missing_instructions": [],
            "extra_instructions": []
        }
    ],
    "feedback": [
        {
            "id": 1,
            "title": "A",
            "description": "A fine",
            "credits": 1.0,
            "structured_grading_instruction_id": 1,
            "is_graded": true,
            "meta": {},
            "exercise_id": 7,
            "submission_id": 0,
            "element_ids": [
                "x"
            ],
            "reference": "Task:1"
        },
        {
            "id": 2,
            "title": "B",
            "description": "B looks right",
            "credits": 2.0,
            "structured_grading_instruction_id": 3,
            "is_graded": null,
            "meta": {},
            "exercise_id": 7,
            "submission_id": 0,
            "element_ids": [],
            "reference": null
        },
        {
            "id": 3,
            "title": "Extra",
            "description": "Unknown instruction \\u2014 d\\u00e9j\\u00e0 vu",
            "credits": 0.5,
            "structured_grading_instruction_id": 99,
            "is_graded": null,
            "meta": {},
            "exercise_id": 7,
            "submission_id": 0,
            "element_ids": [],
            "reference": null
        }
    ]
}`,
    );
    // A perfect case has no criteria_results key at all, as in to_dict().
    const clean = JSON.parse(read("test_cases/clean.json")) as Record<string, unknown>;
    assert.deepEqual(Object.keys(clean), [
      "test_case",
      "expected_score",
      "returned_score",
      "test_case_detected_correctly",
      "test_case_score_percent",
      "cost",
      "feedback",
    ]);
    assert.throws(() => read("test_cases/down.json"), /ENOENT/); // the failed case is left out, as the TestBench does
  } finally {
    await server.close();
  }
});

test("an unpriced case makes the exported totals lower bounds; no scored case gives the TestBench's empty tables", async () => {
  const dir = scenarioDir();
  writeFileSync(
    path.join(dir, "llm_cost.yml"),
    "llm_costs:\n  other:\n    input_cost_per_million: 1.0\n    output_cost_per_million: 1.0\n",
  );
  const options = sgiOptions.parse({ kind: "sgi", scenarios: "small", target: "athena", costs: "llm_cost.yml", export: true });
  const { cases } = await sgiSuite.load({ suiteName: "uml", options, configDir: dir, rootDir: dir });
  const server = await startScriptedAthena(path.join(dir, "small", "test_cases"), () => ({
    reply: { status: 400, body: { detail: "down" } },
  }));
  try {
    const results = await runCases(cases, options, server.url);
    const outDir = mkdtempSync(path.join(tmpdir(), "evalgate-sgi-formats-out-"));
    await sgiSuite.exportArtifacts!(suiteResults(results, options), { suiteName: "uml", options, outDir, runId: "r" });
    const folder = path.join(outDir, "sgi", "r", "Loan-_small_demo");
    assert.equal(readFileSync(path.join(folder, "tables", "test_case_results.csv"), "utf8"), "Wrong < Points,Wrong > Points\n");
    assert.equal(
      readFileSync(path.join(folder, "tables", "scenario_summary.csv"), "utf8"),
      "Metric,Value\nTotal Cases,0\nFully Correct Cases,0\nScore Matched Count,0\nAverage Test Case Score,0.00\nCorrectly Detected Test Cases / Total Cases,0 / 0\nTotal Cost,0.0000\nAverage Cost,0.0000\nAverage Request Time (s),0.0000\n",
    );
  } finally {
    await server.close();
  }
  // Two scored cases, one with a model missing from the price table.
  const priced = { ...results0(), costUsd: 0.006 };
  const base = results0();
  const nothingRecognised = { ...base.details, returned_instructions: [], testbench: { ...base.details.testbench, returned_score: 0 } };
  const unpriced = { ...base, caseId: "uml/small/broken_b", costUsd: null, details: nothingRecognised };
  const outDir = mkdtempSync(path.join(tmpdir(), "evalgate-sgi-formats-out-"));
  await sgiSuite.exportArtifacts!(suiteResults([priced, unpriced], options), { suiteName: "uml", options, outDir, runId: "r" });
  const folder = path.join(outDir, "sgi", "r", "Loan-_small_demo");
  const summary = readFileSync(path.join(folder, "tables", "scenario_summary.csv"), "utf8");
  assert.match(summary, /\nTotal Cost,"≥ 0\.0060, 1 case unpriced"\nAverage Cost,"≥ 0\.0030, 1 case unpriced"\n/);
  assert.match(readFileSync(path.join(folder, "tables", "test_case_results.csv"), "utf8"), /\nbroken_b,Yes,100\.00,3\.0,0\.0,unknown,/);
});

/** A scored case as run-case records it (clean, perfect), for the unpriced-total check. */
function results0() {
  return {
    suite: "uml",
    caseId: "uml/small/clean",
    repeat: 0,
    title: "clean",
    source: { file: "small/test_cases/clean.json" },
    status: "scored" as const,
    metrics: { request_time_ms: 100, wrong_less: 0, wrong_more: 0, fully_correct: 1, score_match: 1 },
    tags: { scenario: "Loan: small demo" },
    costUsd: 0.006 as number | null,
    latencyMs: 100,
    requests: 1,
    finishedAt: new Date(0).toISOString(),
    details: {
      returned_instructions: ["a_ok", "b_ok"],
      testbench: {
        test_case: "clean",
        expected_score: 3,
        returned_score: 3,
        test_case_detected_correctly: true,
        test_case_score_percent: 100,
        cost: { total_cost: null, total_input_cost: null, total_output_cost: null, details: [], unknown_models: [] },
        criteria_results: [],
        feedback: [],
      },
    },
  };
}

test("Python's number formatting: f-strings round ties to even, floats by repr, json.dump(indent=4)", () => {
  // python3 -c "print(f'{0.125:.2f}', f'{2.675:.2f}', f'{-0.0:.4f}', f'{0.5:.0f}', f'{1.5:.0f}', f'{2.5:.0f}', f'{0.00005:.4f}')"
  const fixed: [number, number, string][] = [
    [0.125, 2, "0.12"],
    [2.675, 2, "2.67"],
    [-0, 4, "-0.0000"],
    [0.5, 0, "0"],
    [1.5, 0, "2"],
    [2.5, 0, "2"],
    [0.00005, 4, "0.0001"],
    [1.2345, 4, "1.2345"],
    [0.74225, 4, "0.7422"],
    [1e21, 4, "1000000000000000000000.0000"],
  ];
  for (const [value, digits, python] of fixed) assert.equal(pythonFixed(value, digits), python, `${value}:.${digits}f`);
  // python3 -c "import json; print(json.dumps({'a':[1.0,{'é':'x\u2028😀','\x7f':[]},{}],'b':None}, indent=4))"
  assert.equal(
    pythonJsonDumps({ a: [new PyFloat(1), { é: "x\u2028😀", "\x7f": [] }, {}], b: null }),
    `{
    "a": [
        1.0,
        {
            "\\u00e9": "x\\u2028\\ud83d\\ude00",
            "\\u007f": []
        },
        {}
    ],
    "b": null
}`,
  );
  assert.equal(pandasCsv([["a,b", 'say "hi"', "x"]]), '"a,b","say ""hi""",x\n');
});
