// Scenario validation before any request: errors and warnings name the file and line.
import assert from "node:assert/strict";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { formatProblem } from "../../../src/config/errors.ts";
import { parsePriceTable } from "../../../src/suites/sgi/cost.ts";
import { sgiSuite } from "../../../src/suites/sgi/index.ts";
import { sgiOptions } from "../../../src/suites/sgi/options.ts";
import { ScenarioError } from "../../../src/suites/sgi/yaml-lines.ts";
import { BPMN_TEST_CASES, EVALS } from "./helpers.ts";

const MANIFEST = readFileSync(path.join(EVALS, "sgi/bpmn_loan/manifest.yml"), "utf8");
const KEPT = ["missing_start_event", "unlabelled_activity", "unlabelled_event"];

/** A scenario folder in tmp with the bpmn_loan manifest (edited) and three of its test cases. */
function scenario(edit: (manifest: string) => string): { root: string; manifest: string } {
  const root = mkdtempSync(path.join(tmpdir(), "evalgate-sgi-"));
  const dir = path.join(root, "loan");
  mkdirSync(path.join(dir, "test_cases"), { recursive: true });
  const manifest = edit(MANIFEST);
  writeFileSync(path.join(dir, "manifest.yml"), manifest);
  copyFileSync(path.join(EVALS, "sgi/bpmn_loan/example_solution.json"), path.join(dir, "example_solution.json"));
  for (const name of KEPT) copyFileSync(path.join(BPMN_TEST_CASES, `${name}.json`), path.join(dir, "test_cases", `${name}.json`));
  return { root, manifest };
}

function lineOf(text: string, needle: string, occurrence = 1): number {
  let index = -1;
  for (let i = 0; i < occurrence; i++) index = text.indexOf(needle, index + 1);
  assert.ok(index >= 0, `no ${needle}`);
  return text.slice(0, index).split("\n").length;
}

async function load(root: string) {
  return sgiSuite.load({
    suiteName: "sgi",
    options: sgiOptions.parse({ kind: "sgi", scenarios: ".", target: "athena" }),
    configDir: root,
    rootDir: root,
  });
}

async function loadError(root: string): Promise<string> {
  try {
    await load(root);
  } catch (error) {
    assert.ok(error instanceof ScenarioError, String(error));
    return error.message;
  }
  assert.fail("the scenario loaded without an error");
}

test("a valid scenario folder of scenarios loads, with warnings at the right lines", async () => {
  const { root, manifest } = scenario((m) => m);
  const loaded = await load(root);
  const { cases } = loaded;
  const warnings = loaded.warnings.map(formatProblem);
  assert.deepEqual(
    cases.map((c) => c.id),
    KEPT.map((name) => `loan/${name}`),
  );
  assert.deepEqual(
    cases.map((c) => c.input.testCase.submissionId),
    [0, 1, 2],
  );
  const line = lineOf(manifest, '"missing_end_event"');
  assert.ok(
    warnings.includes(
      `loan/manifest.yml:${line}: test_case_diffs: "missing_end_event" has no file test_cases/missing_end_event.json; the entry is ignored`,
    ),
  );
  assert.ok(warnings.some((w) => w.startsWith(`loan/manifest.yml:${lineOf(manifest, "test_case_diffs:")}: test case "unlabelled_event"`)));
  // No price table anywhere: a warning, and costs will be unknown.
  assert.ok(warnings.some((w) => w.includes("no llm_cost.yml price table")));
  // The case points at its diff line in the manifest, or at its file when it has none.
  assert.deepEqual(cases[0]!.source, { file: "loan/manifest.yml", line: lineOf(manifest, '"missing_start_event"') });
  assert.deepEqual(cases[2]!.source, { file: "loan/test_cases/unlabelled_event.json" });
});

test("a diff to an instruction id that does not exist is an error", async () => {
  const { root, manifest } = scenario((m) =>
    m.replace('"missing_start_event": "events_incorrect"', '"missing_start_event": "events_wrong"'),
  );
  const message = await loadError(root);
  assert.match(
    message,
    new RegExp(
      `loan/manifest.yml:${lineOf(manifest, "events_wrong")}: test_case_diffs.events_correct.missing_start_event: "events_wrong" is not an instruction id`,
    ),
  );
});

test("a duplicate instruction id is an error at the duplicate", async () => {
  const { root, manifest } = scenario((m) => m.replace('- id: "lanes_incorrect"', '- id: "lanes_correct"'));
  const message = await loadError(root);
  assert.match(
    message,
    new RegExp(
      `loan/manifest.yml:${lineOf(manifest, '- id: "lanes_correct"', 2)}: criteria.lanes: duplicate instruction id "lanes_correct"`,
    ),
  );
});

test("a duplicate criterion id and a duplicate diff key are errors", async () => {
  const { root, manifest } = scenario((m) =>
    m
      .replace('- id: "lanes"', '- id: "events"')
      .replace('"missing_end_event": "events_incorrect"', '"missing_start_event": "events_incorrect"'),
  );
  const message = await loadError(root);
  // The YAML parser rejects the duplicate key first, with its line and column, worded as in every YAML file.
  assert.match(message, new RegExp(`loan/manifest.yml:${lineOf(manifest, '"missing_start_event"', 2)}:5: YAML: Map keys must be unique`));
  const fixedDiff = scenario((m) => m.replace('- id: "lanes"', '- id: "events"'));
  assert.match(
    await loadError(fixedDiff.root),
    new RegExp(`loan/manifest.yml:${lineOf(fixedDiff.manifest, '- id: "events"', 2)}: criteria: duplicate criterion id "events"`),
  );
});

test("default_expected naming an unknown id, and a malformed field, are errors with lines", async () => {
  const { root, manifest } = scenario((m) => m.replace('  - "no_extras"', '  - "no_extra"').replace("credits: 1.0", 'credits: "one"'));
  const message = await loadError(root);
  assert.match(message, /criteria\.0\.instructions\.0\.credits: /);
  const unknown = scenario((m) => m.replace('  - "no_extras"', '  - "no_extra"'));
  assert.match(
    await loadError(unknown.root),
    new RegExp(`loan/manifest.yml:${lineOf(unknown.manifest, '"no_extra"')}: default_expected: "no_extra" is not an instruction id`),
  );
  assert.match(message, new RegExp(`loan/manifest.yml:${lineOf(manifest, 'credits: "one"')}:`));
});

test("a price table with a bad field names its line", () => {
  const text = "llm_costs:\n  gpt-4o:\n    input_cost_per_million: 2.5\n    output_cost_per_million: ten\n";
  assert.throws(() => parsePriceTable(text, "sgi/llm_cost.yml"), /sgi\/llm_cost.yml:4: llm_costs.gpt-4o.output_cost_per_million: /);
});

test("a scenario with an error keeps its warnings, before its errors, and the price-table warning with them", async () => {
  const { root, manifest } = scenario((m) => m.replace('  - "no_extras"', '  - "no_extra"'));
  const error = await load(root).then(
    () => assert.fail("the scenario loaded without an error"),
    (error: unknown) => error,
  );
  assert.ok(error instanceof ScenarioError, String(error));
  const printed = error.problems.map((p) => `${p.severity}: ${formatProblem(p)}`);
  assert.deepEqual(
    printed.filter((line) => line.startsWith("error: ")),
    [`error: loan/manifest.yml:${lineOf(manifest, '"no_extra"')}: default_expected: "no_extra" is not an instruction id of any criterion`],
  );
  const warnings = printed.slice(0, -1);
  assert.ok(
    warnings.every((line) => line.startsWith("warning: ")),
    printed.join("\n"),
  );
  assert.ok(
    warnings.includes(
      `warning: loan/manifest.yml:${lineOf(manifest, '"missing_end_event"')}: test_case_diffs: "missing_end_event" has no file test_cases/missing_end_event.json; the entry is ignored`,
    ),
  );
  assert.ok(warnings.some((line) => line.includes("no llm_cost.yml price table")));
});
