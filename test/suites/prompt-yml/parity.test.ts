// Parity with gh models eval, through the real CLI: every row of test/fixtures/gh-models/evaluators.json
// (inputs fed to gh-models' own evaluator code at f38cd97, and what it returned) becomes a .prompt.yml
// file with that one row and that one evaluator; the scripted model answers the row's raw response,
// the scripted judge the row's raw reply. evalgate must give gh's score and pass, except where the
// fixture records a deliberate difference (docs/prompt-yml.md), which it must give instead.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { after, before, test } from "node:test";
import type { PromptYmlCaseDetails } from "../../../src/suites/prompt-yml/run.ts";
import { runCli } from "../../engine/helpers.ts";
import { config, type PromptYmlServer, readResults, startPromptYmlServer, writeProject } from "./project.ts";

interface FixtureRow {
  id: string;
  kind: "string" | "llm" | "builtin";
  string?: Record<string, string>;
  choices?: { choice: string; score: number }[];
  prompt?: string;
  testCase: Record<string, unknown>;
  response: string;
  reply?: string;
  gh: { score: number; passed: boolean; details: string; filledPrompt?: string };
  evalgate?: { refused?: string; error?: string; score?: number; passed?: boolean };
}

const fixture = JSON.parse(await readFile(path.join(import.meta.dirname, "../../fixtures/gh-models/evaluators.json"), "utf8")) as {
  rows: FixtureRow[];
};
/** The built-ins that read {{input}} (fluency reads only the answer), taken in turn. */
const BUILT_IN = ["similarity", "coherence", "relevance", "groundedness"];

let server: PromptYmlServer;
before(async () => {
  server = await startPromptYmlServer();
});
after(() => server.server.close());

/** The row's file: the user message is the row's id (the server answers the row's response to it). */
function fileOf(row: FixtureRow, index: number): string {
  // A built-in reads {{input}}: it carries the id so the scripted judge knows the row (a reply's reading does not depend on it).
  const values = { ...row.testCase, id: row.id, ...(row.kind === "builtin" ? { input: row.id } : {}) };
  const evaluator =
    row.kind === "string"
      ? { name: "e", string: row.string }
      : row.kind === "llm"
        ? { name: "e", llm: { modelId: "openai/gpt-4o", prompt: row.prompt ?? `Grade {{id}}: {{completion}}`, choices: row.choices } }
        : { name: "e", uses: `github/${BUILT_IN[index % BUILT_IN.length]}` };
  return `${JSON.stringify({ model: "openai/gpt-4o", messages: [{ role: "user", content: "{{id}}" }], testData: [values], evaluators: [evaluator] }, null, 2)}\n`;
}

test("gh models eval's fixture rows: the same score and pass, or the documented difference", async () => {
  const rows = fixture.rows.filter((row) => !row.evalgate?.refused);
  assert.ok(rows.length >= 20, "at least 20 rows compared");
  for (const row of rows) server.answers.set(row.id, row.response);
  const byJudgePrompt = new Map(rows.flatMap((row) => (row.gh.filledPrompt ? [[row.gh.filledPrompt, row]] : [])));
  server.judge = (body) => {
    const user = body.messages.at(-1)!.content;
    const row =
      byJudgePrompt.get(user) ??
      rows.find((candidate) => user.includes(`Grade ${candidate.id}:`) || user.includes(`<question>\n${candidate.id}\n`));
    return row?.reply ?? "unscripted";
  };
  const files = Object.fromEntries(
    fixture.rows.flatMap((row, i) => (row.evalgate?.refused ? [] : [[`cases/${row.id}.prompt.yml`, fileOf(row, i)]])),
  );
  const project = await writeProject({
    ...files,
    "evalgate.yml": config(
      server.server.url,
      "  gh: { kind: prompt-yml, files: cases/*.prompt.yml, target: bot, judge: judge }",
      "gate: { min-score: 0, max-error-rate: 1 }",
    ),
  });
  const from = server.server.requests.length;
  const run = await runCli(["run", "-c", "evalgate.yml", "--no-cache", "--quiet"], { cwd: project.dir });
  // A file whose one row could not be graded measured nothing: the gate cannot decide on it (exit 3), and says why.
  assert.equal(run.code, 3, run.stdout + run.stderr);
  const results = await readResults(project.dir);
  const undecided = new Set(results.verdict.errors.map((error) => /^gh: ([\w-]+)\//.exec(error)?.[1]));
  assert.deepEqual(
    [...undecided].sort(),
    rows
      .filter((row) => row.evalgate?.error)
      .map((row) => row.id)
      .sort(),
  );
  const suite = results.suites["gh"]!;
  for (const row of rows) {
    const result = suite.cases.find((c) => c.caseId === `cases/${row.id}.prompt.yml#1`);
    assert.ok(result, row.id);
    const expected = row.evalgate ?? row.gh;
    if ("error" in expected && expected.error) {
      assert.match(result.metricErrors?.["e/pass_rate"] ?? "", new RegExp(`^${expected.error.replace(/[()]/g, "\\$&")}`), row.id);
      assert.equal(result.metrics["e/pass_rate"], undefined, `${row.id}: no silent 0`);
      assert.ok(suite.metrics[`${row.id}/e/pass_rate`]!.failed === 1, `${row.id}: counted as a failed computation`);
      continue;
    }
    assert.equal(result.metrics["e/pass_rate"], expected.passed ? 1 : 0, `${row.id}: pass`);
    assert.equal(result.metrics["pass_rate"], expected.passed ? 1 : 0, `${row.id}: the row's pass is its one evaluator's`);
    const [outcome] = (result.details as PromptYmlCaseDetails).evaluators;
    assert.equal(outcome && "score" in outcome ? outcome.score : undefined, expected.score, `${row.id}: score`);
    // A score metric only where the score says more than the pass: built-ins, llm choices other than 0 and 1.
    const scored = row.kind === "builtin" || (row.choices ?? []).some((choice) => choice.score !== 0 && choice.score !== 1);
    assert.equal(result.metrics["e/score"], scored ? expected.score : undefined, `${row.id}: score metric`);
    assert.equal(suite.metrics[`${row.id}/e/pass_rate`]!.value, expected.passed ? 1 : 0, `${row.id}: the file's metric`);
  }
  // gh fills an llm evaluator's prompt with the row and {{completion}}, the trimmed answer.
  const filled = rows.find((row) => row.gh.filledPrompt)!;
  const sent = server.bodiesTo("judge-model", from).map((body) => body.messages.at(-1)!.content);
  assert.ok(sent.includes(filled.gh.filledPrompt!), `the judge got gh's filled prompt:\n${filled.gh.filledPrompt}`);
});

test("a string evaluator naming two texts, which gh would read only the first of, is exit 2 at its line", async () => {
  const row = fixture.rows.find((candidate) => candidate.evalgate?.refused)!;
  const project = await writeProject({
    "cases/two.prompt.yml": fileOf(row, 0),
    "evalgate.yml": config(server.server.url, "  gh: { kind: prompt-yml, files: cases/*.prompt.yml, target: bot }"),
  });
  const run = await runCli(["validate", "-c", "evalgate.yml"], { cwd: project.dir });
  assert.equal(run.code, 2, run.stdout + run.stderr);
  assert.match(run.stderr, new RegExp(`cases/two\\.prompt\\.yml:\\d+: evaluators\\[0\\]\\.string: ${row.evalgate!.refused}`));
});
