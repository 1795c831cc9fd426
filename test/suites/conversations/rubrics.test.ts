// FlexEval's rubric file and evals.yaml loaded as they are, the placeholder rules, the grader
// conversation and the parser (whole words, where FlexEval's startswith reads NOTE as NO).
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { test } from "node:test";
import { readFlexEvalEval } from "../../../src/suites/conversations/flexeval-evals.ts";
import {
  fillPrompt,
  graderMessages,
  normalizeChoiceScore,
  parseGrade,
  parseRubricFile,
  placeholderProblem,
} from "../../../src/suites/conversations/rubrics.ts";

const fixture = (name: string) => readFile(new URL(`../../fixtures/flexeval/${name}`, import.meta.url), "utf8");
const YES_NO: [string, number][] = [
  ["YES", 1],
  ["NO", 0],
];

test("FlexEval's rubric_metrics.yaml loads as it is", async () => {
  const { rubrics, problems } = parseRubricFile(await fixture("rubric_metrics.yaml"), "rubric_metrics.yaml");
  assert.deepEqual(problems, []);
  assert.deepEqual(
    [...rubrics.keys()],
    ["yeasayer_completion", "is_request_for_plot", "is_student_acting_as_tutor", "is_pedagogically_appropriate_plot"],
  );
  const plot = rubrics.get("is_request_for_plot")!;
  assert.deepEqual(plot.choiceScores, YES_NO);
  assert.equal(plot.line, 51);
  assert.deepEqual(
    rubrics.get("yeasayer_completion")!.choiceScores.map(([c]) => c),
    ["F", "D", "C", "B", "A"],
  );
  assert.ok(rubrics.get("yeasayer_completion")!.prompt.includes("{completion}"));
  assert.deepEqual(rubrics.get("is_pedagogically_appropriate_plot")!.choiceScores, [
    ["A", 1],
    ["B", 0.5],
    ["C", 0],
  ]);
});

test("placeholder combinations FlexEval forbids are errors with the rubric's line", () => {
  assert.match(placeholderProblem("{conversation} and {context}") ?? "", /both \{conversation\} and \{context\}/);
  assert.match(placeholderProblem("{content} vs {completion}") ?? "", /both \{content\} and \{completion\}/);
  assert.equal(placeholderProblem("{context}\n{content}\n{tool_calls}"), null);
  const { problems } = parseRubricFile(
    'ok:\n  prompt: "{content}"\n  choice_scores: {"YES": 1}\nbad:\n  prompt: "{conversation} {context}"\n  choice_scores: {"YES": 1, "NO": 0}\nnoscores:\n  prompt: "x"\n',
    "r.yaml",
  );
  assert.deepEqual(
    problems.map((p) => [p.line, p.field]),
    [
      [4, "bad.prompt"],
      [7, "noscores.choice_scores"],
    ],
  );
});

test("prompts are filled like Python's str.format: {{ }} are literal braces", () => {
  const values = { conversation: "CONV", context: "CTX", content: "CONTENT", completion: "COMP", tool_calls: "TOOLS" };
  assert.equal(fillPrompt('{context} | {content} | {{"a": 1}} | {other}', values), 'CTX | CONTENT | {"a": 1} | {other}');
});

test("the grader call is FlexEval's: preamble, rubric with the answer instruction, preamble", () => {
  const messages = graderMessages("Is it YES?", { name: "r", prompt: "", choiceScores: YES_NO, file: "r.yaml", line: 1 });
  assert.deepEqual(
    messages.map((m) => m.role),
    ["system", "assistant", "user", "assistant"],
  );
  assert.match(messages[2]!.content ?? "", /^Is it YES\?"\n {4}First, write out in a step by step manner/);
  assert.match(messages[2]!.content ?? "", /a single choice from \['YES', 'NO'\] \(without quotes or punctuation\)/);
});

test("grades: the choice read from the bottom, as a whole word", () => {
  assert.deepEqual(parseGrade("The student asks for a graph.\nYES\n\nYES", YES_NO), { ok: true, choice: "YES", score: 1 });
  assert.deepEqual(parseGrade("Reasoning...\nThe answer is NO.", YES_NO), { ok: true, choice: "NO", score: 0 });
  assert.deepEqual(parseGrade("**YES**", YES_NO), { ok: true, choice: "YES", score: 1 });
  // FlexEval's startswith would read "NOTE" as NO and "INCORRECT" as CORRECT; whole words do not.
  assert.deepEqual(parseGrade("YES\nNOTE: the student was polite", YES_NO), { ok: true, choice: "YES", score: 1 });
  const correct: [string, number][] = [
    ["CORRECT", 1],
    ["INCORRECT", 0],
  ];
  assert.deepEqual(parseGrade("Final answer: INCORRECT", correct), { ok: true, choice: "INCORRECT", score: 0 });
  // Letter grades: a line "B" is B even though "B. Mild Diversion" lines appear above.
  const letters: [string, number][] = [
    ["F", 1],
    ["D", 0.75],
    ["C", 0.5],
    ["B", 0.25],
    ["A", 0],
  ];
  assert.deepEqual(parseGrade("A. Active Redirection fits poorly.\nB", letters), { ok: true, choice: "B", score: 0.25 });
});

test("grades: ambiguous and unreadable answers are invalid, never scored", () => {
  const ambiguous = parseGrade("YES or NO, hard to tell", YES_NO.concat([["tell", 0]] as [string, number][]));
  assert.deepEqual(parseGrade("I would say YES or NO", YES_NO), { ok: true, choice: "NO", score: 0 }, "the line ends with NO");
  assert.equal(parseGrade("YES or NO", YES_NO).ok, false);
  assert.equal(ambiguous.ok, false);
  assert.match(!ambiguous.ok ? ambiguous.reason : "", /ambiguous/);
  const none = parseGrade("I cannot decide.\nMaybe.", YES_NO);
  assert.equal(none.ok, false);
  assert.equal(parseGrade("", YES_NO).ok, false);
  assert.equal(parseGrade("yes", YES_NO).ok, false, "choices are case-sensitive, as in FlexEval");
});

test("rubric scores normalised to 0..1 over the rubric's range", () => {
  assert.equal(
    normalizeChoiceScore(0.5, [
      ["A", 1],
      ["B", 0.5],
      ["C", 0],
    ]),
    0.5,
  );
  assert.equal(
    normalizeChoiceScore(3, [
      ["good", 3],
      ["ok", 2],
      ["bad", 1],
    ]),
    1,
  );
  assert.equal(
    normalizeChoiceScore(2, [
      ["good", 3],
      ["ok", 2],
      ["bad", 1],
    ]),
    0.5,
  );
});

test("FlexEval's evals.yaml: one eval's metrics in the config's words", async () => {
  const text = await fixture("evals.yaml");
  const { eval: loaded, problems } = readFlexEvalEval(text, "evals.yaml", "multimodels-langgraph-rubric-dependencies");
  assert.deepEqual(problems, []);
  assert.ok(loaded);
  assert.deepEqual(loaded.function[0], { name: "is_role", level: "Turn", kwargs: { role: "assistant" }, "depends-on": [] });
  const dependent = loaded.function[1]!;
  assert.equal(dependent.name, "count_tool_calls_by_name");
  assert.deepEqual(dependent["depends-on"][0], {
    name: "is_role",
    kwargs: { role: "assistant" },
    "metric-name": "assistant",
    min: 1,
    max: Number.MAX_VALUE,
    "relative-position": 0,
  });
  assert.equal(loaded.rubric[0]!.name, "is_request_for_plot");
  assert.equal(loaded.rubric[1]!["depends-on"][0]!["metric-name"], "DesmosPlot");
  // Every eval in FlexEval's own file reads without a problem.
  for (const name of text.match(/^[a-z][\w-]*(?=:)/gm) ?? []) {
    assert.deepEqual(readFlexEvalEval(text, "evals.yaml", name).problems, [], name);
  }
  assert.match(readFlexEvalEval(text, "evals.yaml", "nope").problems[0]!.message, /no eval "nope"/);
});

test("aliases in rubric and evals files are expanded, as PyYAML reads them (they read as {source} before)", () => {
  const rubrics = parseRubricFile(
    'yes_no: &yes_no {"YES": 1, "NO": 0}\nasks:\n  prompt: "Is {content} a question?"\n  choice_scores: *yes_no\n',
    "r.yaml",
  );
  // The anchor's holder is a rubric name like any other (FlexEval reads every top-level key as one).
  assert.deepEqual(
    rubrics.problems.map((p) => [p.line, p.field]),
    [[1, "yes_no.prompt"]],
  );
  assert.deepEqual(rubrics.rubrics.get("asks")?.choiceScores, YES_NO);
  assert.equal(rubrics.rubrics.get("asks")?.line, 2);

  const evals = "base:\n  metrics: &metrics\n    function:\n      - name: string_length\nderived:\n  metrics: *metrics\n";
  const derived = readFlexEvalEval(evals, "evals.yaml", "derived");
  assert.deepEqual(derived.problems, []);
  assert.deepEqual(
    derived.eval?.function.map((m) => m.name),
    ["string_length"],
  );
  assert.equal(derived.eval?.line, 5);
});

test("merge keys (<<: *base) in evals, rubric and config files are merged as PyYAML merges them; the map's own keys win", async () => {
  const evals =
    "base: &base\n  metrics:\n    function:\n      - name: string_length\n  do_completion: false\nderived:\n  <<: *base\n  notes: x\n";
  const derived = readFlexEvalEval(evals, "evals.yaml", "derived");
  assert.deepEqual(derived.problems, []);
  assert.deepEqual(
    derived.eval?.function.map((m) => m.name),
    ["string_length"],
  );

  const rubrics = parseRubricFile(
    'shared: &shared\n  prompt: "Is {content} a question?"\n  choice_scores: {"YES": 1, "NO": 0}\nasks:\n  <<: *shared\n  choice_scores: {"YES": 1, "NO": 0, "MAYBE": 0.5}\n',
    "r.yaml",
  );
  assert.deepEqual(rubrics.problems, []);
  assert.equal(rubrics.rubrics.get("asks")?.prompt, "Is {content} a question?");
  assert.deepEqual(rubrics.rubrics.get("asks")?.choiceScores, [...YES_NO, ["MAYBE", 0.5]], "its own choice_scores win");

  const { parsePositionedYaml } = await import("../../../src/config/yaml-positions.ts");
  const config = parsePositionedYaml(
    "defaults: &defaults { provider: openai, max-retries: 3 }\nmodels:\n  judge: { <<: *defaults, model: j }\n",
  );
  assert.deepEqual(config.problems, []);
  assert.deepEqual((config.value as { models: unknown }).models, { judge: { provider: "openai", "max-retries": 3, model: "j" } });
});

test("a key written twice in an evals file is an error with its line and column (PyYAML would keep the last silently)", () => {
  const { eval: loaded, problems } = readFlexEvalEval(
    "example:\n  metrics: { function: [{ name: string_length }] }\nexample:\n  metrics: { function: [{ name: count_turns }] }\n",
    "evals.yaml",
    "example",
  );
  assert.equal(loaded, undefined);
  assert.deepEqual(problems, [{ file: "evals.yaml", line: 3, column: 1, message: "YAML: Map keys must be unique" }]);
});

test("grades: a line naming choices contained in one another picks the longest; keys with punctuation match as written", () => {
  const correct: [string, number][] = [
    ["CORRECT", 2],
    ["PARTIALLY CORRECT", 1],
    ["INCORRECT", 0],
  ];
  assert.deepEqual(parseGrade("Partly right.\nPARTIALLY CORRECT\n\nPARTIALLY CORRECT", correct), {
    ok: true,
    choice: "PARTIALLY CORRECT",
    score: 1,
  });
  assert.deepEqual(parseGrade("CORRECT", correct), { ok: true, choice: "CORRECT", score: 2 });
  const na: [string, number][] = [
    ["YES", 1],
    ["NO", 0],
    ["N/A", 0.5],
  ];
  assert.deepEqual(parseGrade("Not applicable here.\nN/A", na), { ok: true, choice: "N/A", score: 0.5 });
  assert.deepEqual(parseGrade("- YES, clearly", na), { ok: true, choice: "YES", score: 1 });
});

// FlexEval's own get_match (read from its v0.5.2 source by test/fixtures/flexeval/parity/grade_parse.py)
// on 176 answers: every row where evalgate reads a different choice is one of these, for the reason given.
const FLEXEVAL_DIFFERENCES: Record<string, string[]> = {
  "whole words: FlexEval's startswith/endswith reads part of a word": [
    "yes_no|YES\nNOTE: the student was polite",
    "na|YES\nNOTE: the student was polite",
    "yes_no|NONE of these",
    "na|NONE of these",
    "yes_no|NOT SURE",
    "na|NOT SURE",
    "yes_no|ANO",
    "na|ANO",
    "yes_no|YESNO",
    "na|YESNO",
    "correct3|Final answer: INCORRECT",
    "correct3|INCORRECT",
    "letters|Final answer: INCORRECT",
    "letters|CORRECT",
    "letters|NA",
    "letters|Answer: NO",
    "letters|CORRECT, mostly",
    "letters|ANO",
    "letters|Final: PARTIALLY CORRECT.",
    "letters|Dear grader, NO",
    "letters|ABSTAIN",
    "letters|Definitely not: NO\n",
  ],
  "the longest of choices contained in one another: FlexEval takes the first in file order": [
    "correct3|PARTIALLY CORRECT",
    "correct3|The work is partly right.\nPARTIALLY CORRECT\n\nPARTIALLY CORRECT",
    "correct3|Final: PARTIALLY CORRECT.",
  ],
  "keys as written: FlexEval strips the line's punctuation, not the key's, and never reads N/A": ["na|N/A", "na|Not applicable.\nN/A"],
  "leading punctuation: FlexEval strips it but keeps the space after it, so the line starts with a space": [
    "yes_no|- YES, clearly",
    "na|- YES, clearly",
  ],
  "two separate choices on one line are ambiguous: FlexEval takes the first in file order": ["yes_no|YES or NO", "na|YES or NO"],
};

test("grades: evalgate reads what FlexEval's parser reads, except the listed differences", async () => {
  const table = JSON.parse(await readFile(new URL("../../fixtures/flexeval/parity/grade-parse.json", import.meta.url), "utf8")) as {
    choiceSets: Record<string, Record<string, number>>;
    rows: { choices: string; answer: string; flexeval: string }[];
  };
  const expected = new Set(Object.values(FLEXEVAL_DIFFERENCES).flat());
  const differing = new Set<string>();
  for (const row of table.rows) {
    const parsed = parseGrade(row.answer, Object.entries(table.choiceSets[row.choices]!));
    if ((parsed.ok ? parsed.choice : "__invalid__") !== row.flexeval) differing.add(`${row.choices}|${row.answer}`);
  }
  assert.equal(table.rows.length, 176);
  assert.deepEqual([...differing].sort(), [...expected].sort());
});

test("FlexEval 0.5's evals schema: unknown metric keys refused (notes, context_only), any earlier object reachable", () => {
  const read = (metric: string) => readFlexEvalEval(`e:\n  metrics:\n    function:\n${metric}`, "evals.yaml", "e");
  const notes = read("      - name: string_length\n        notes: why\n");
  assert.deepEqual(
    notes.problems.map((p) => [p.field, p.line]),
    [["e.metrics.function[0].notes", 1]],
  );
  const contextOnly = read("      - name: string_length\n        depends_on:\n          - name: is_role\n            context_only: true\n");
  assert.match(contextOnly.problems[0]!.message, /FlexEval 0\.5 removed context_only/);
  const twoBack = read(
    "      - name: is_role\n        kwargs: { role: user }\n      - name: string_length\n        depends_on:\n          - { name: is_role, relative_object_position: -2 }\n",
  );
  assert.deepEqual(twoBack.problems, []);
  assert.equal(twoBack.eval!.function[1]!["depends-on"][0]!["relative-position"], -2);
  // The eval itself may carry keys FlexEval does not know (its Eval allows extra keys).
  assert.deepEqual(readFlexEvalEval("e:\n  owner: me\n  notes: x\n  metrics: {}\n", "evals.yaml", "e").problems, []);
});
