// The conversations kind through the real CLI process: FlexEval's data and rubric file, a scripted
// OpenAI-compatible grader and target on 127.0.0.1, results.json and the SQLite file read back.
import assert from "node:assert/strict";
import { copyFile, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { after, before, test } from "node:test";
import type { ConversationDetails, RoleStats } from "../../../src/results/conversations.ts";
import type { Results } from "../../../src/results/types.ts";
import { fleschReadingEase } from "../../../src/suites/conversations/readability.ts";
import { runCli } from "../../engine/helpers.ts";
import { chatCompletion, type RecordedRequest, type ScriptedServer, startScriptedServer } from "../../servers/scripted.ts";

const FIXTURES = new URL("../../fixtures/flexeval/", import.meta.url);
let server: ScriptedServer;

interface Body {
  model: string;
  messages: { role: string; content: string }[];
}
const bodyOf = (request: RecordedRequest) => request.body as Body;
const userText = (body: Body) => body.messages.filter((m) => m.role === "user").at(-1)?.content ?? "";

/** The grader's rule: an unreadable answer for prompts whose length is a multiple of 7, else YES when the student's last words mention a plot or graph. */
function graderAnswer(prompt: string): string {
  if (prompt.includes("from ['F', 'D', 'C', 'B', 'A']")) return "The tutor steers away gently.\nB\n\nB";
  if (prompt.includes("from ['A', 'B', 'C']")) return "The plot fits the lesson.\nA\n\nA";
  if (prompt.length % 7 === 0) return "I am not sure what to answer here.";
  const lastUser =
    prompt
      .split("\n")
      .filter((line) => line.trimStart().startsWith("user: "))
      .at(-1) ?? "";
  return `The student wrote: ${lastUser.slice(0, 40)}\n${/plot|graph/i.test(lastUser) ? "YES" : "NO"}\n\n${/plot|graph/i.test(lastUser) ? "YES" : "NO"}`;
}

before(async () => {
  server = await startScriptedServer((request) => {
    const body = bodyOf(request);
    if (body.model === "broken-model") return { status: 500, body: { error: { message: "grader overloaded" } } };
    if (body.model === "grader-model")
      return { body: chatCompletion(graderAnswer(userText(body)), { usage: { prompt: 100, completion: 10 } }) };
    return { body: chatCompletion("Let's look at it together. What do you notice first?", { usage: { prompt: 50, completion: 12 } }) };
  });
});
after(() => server.close());

async function suiteDir(
  suite: string,
  files: string[] = ["plot-convos.jsonl", "rubric_metrics.yaml"],
): Promise<{ dir: string; config: string }> {
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-conv-"));
  for (const file of files) await copyFile(new URL(file, FIXTURES), path.join(dir, file));
  const config = path.join(dir, "evalgate.yml");
  await writeFile(
    config,
    `version: 1
output-dir: out
models:
  grader: { provider: openai, base-url: "${server.url}/v1", model: grader-model, retry-backoff: 1ms, max-retries: 1 }
  tutor: { provider: openai, base-url: "${server.url}/v1", model: tutor-model, retry-backoff: 1ms, max-retries: 1 }
  broken: { provider: openai, base-url: "${server.url}/v1", model: broken-model, retry-backoff: 1ms, max-retries: 1 }
suites:
  tutor:
${suite}
gate: { min-score: 0 }
`,
  );
  return { dir, config };
}

async function run(dir: string, extra: string[] = []) {
  const result = await runCli(["run", "-q", "--no-cache", "-c", "evalgate.yml", "-o", "results.json", ...extra], { cwd: dir });
  return result;
}

const readResults = async (dir: string) => JSON.parse(await readFile(path.join(dir, "results.json"), "utf8")) as Results;

test("historical: per-role aggregation on plot-convos.jsonl, a rubric only on the tutor's turns (depends-on)", async () => {
  const { dir } = await suiteDir(`    kind: conversations
    dataset: plot-convos.jsonl
    grader: grader
    rubrics: rubric_metrics.yaml
    metrics:
      function:
        - { name: is_role, level: Turn, kwargs: { role: assistant } }
        - { name: flesch_reading_ease, level: Message, gate: { role: assistant, at-least: 0 } }
      rubric:
        - name: is_request_for_plot
          level: Turn
          depends-on: [{ name: is_role, metric-name: assistant, min: 1 }]`);
  const before = server.requests.length;
  const result = await run(dir, ["--sqlite", "results.db", "--markdown", "report.md"]);
  assert.equal(result.code, 0, result.stderr + result.stdout);
  assert.match(result.stdout, /per role:\n.*metric\s+role\s+n\s+mean\s+min\s+max/);
  assert.match(
    await readFile(path.join(dir, "report.md"), "utf8"),
    /<summary>Per role<\/summary>[\s\S]*\| flesch\\_reading\\_ease@&#8203;message \| assistant \|/,
  );
  const suite = (await readResults(dir)).suites["tutor"]!;

  // Expected per role, computed straight from the file: every non-system message's reading ease.
  const expected = new Map<string, number[]>();
  for (const line of (await readFile(new URL("plot-convos.jsonl", FIXTURES), "utf8")).split("\n").filter(Boolean)) {
    for (const m of (JSON.parse(line) as { input: { role: string; content: string }[] }).input) {
      if (m.role !== "system") expected.set(m.role, [...(expected.get(m.role) ?? []), fleschReadingEase(m.content)]);
    }
  }
  const roles = suite.breakdowns!["roles"] as RoleStats[];
  for (const [role, values] of expected) {
    const row = roles.find((r) => r.metric === "flesch_reading_ease@message" && r.role === role)!;
    assert.equal(row.n, values.length);
    assert.ok(Math.abs(row.mean - values.reduce((a, b) => a + b, 0) / values.length) < 1e-9);
    assert.equal(row.min, Math.min(...values));
    assert.equal(row.max, Math.max(...values));
  }
  const assistantMean = roles.find((r) => r.metric === "flesch_reading_ease@message" && r.role === "assistant")!.mean;
  assert.equal(suite.metrics["flesch_reading_ease@message/assistant"]!.value, assistantMean);
  assert.equal(suite.metrics["flesch_reading_ease@message/assistant"]!.gated, true);
  assert.equal(suite.metrics["flesch_reading_ease@message"]!.gated, false);

  // The rubric ran once per tutor turn; the student's turns were skipped, not scored as 0.
  const grades = server.requests.slice(before).filter((r) => bodyOf(r).model === "grader-model");
  const cases = (await readResults(dir)).suites["tutor"]!.cases;
  const rows = cases.flatMap((c) => (c.details as ConversationDetails).rows.filter((row) => row.evaluation === "is_request_for_plot"));
  const tutorTurns = cases.flatMap((c) => (c.details as ConversationDetails).turns.filter((t) => t.role === "assistant")).length;
  assert.equal(grades.length, tutorTurns);
  assert.equal(rows.filter((row) => row.skipped).length, rows.length - tutorTurns);
  const invalid = grades.filter((r) => userText(bodyOf(r)).length % 7 === 0).length;
  const counts = (suite.breakdowns!["metrics"] as { metric: string; invalid: number; skipped: number; scored: number }[]).find(
    (m) => m.metric === "is_request_for_plot@turn",
  )!;
  assert.equal(counts.invalid, invalid);
  assert.equal(suite.metrics["invalid_grades"]!.value, invalid);
  assert.equal(counts.scored, tutorTurns - invalid);
  const yes = grades.filter((r) => !(userText(bodyOf(r)).length % 7 === 0) && graderAnswer(userText(bodyOf(r))).endsWith("YES")).length;
  assert.ok(Math.abs(suite.metrics["is_request_for_plot@turn"]!.value! - yes / (tutorTurns - invalid)) < 1e-9);
  // The grader saw FlexEval's prompt: the conversation before the turn, no placeholder left.
  assert.ok(
    grades.every((r) => !userText(bodyOf(r)).includes("{context}") && userText(bodyOf(r)).includes("a single choice from ['YES', 'NO']")),
  );

  // The same numbers through SQL: FlexEval's metric table, by role.
  const db = new DatabaseSync(path.join(dir, "results.db"));
  try {
    const byRole = db
      .prepare(
        "SELECT role, COUNT(metric_value) AS n, AVG(metric_value) AS mean FROM metric WHERE metric_name = 'flesch_reading_ease' GROUP BY role ORDER BY role",
      )
      .all() as { role: string; n: number; mean: number }[];
    assert.deepEqual(
      byRole.map((r) => [r.role, r.n]),
      [...expected].sort(([a], [b]) => a.localeCompare(b)).map(([role, values]) => [role, values.length]),
    );
    const rubric = db
      .prepare("SELECT COUNT(*) AS n FROM metric WHERE evaluation_type = 'rubric' AND rubric_score = '__invalid__'")
      .get() as { n: number };
    assert.equal(rubric.n, invalid);
    const joined = db
      .prepare(
        "SELECT COUNT(*) AS n FROM metric JOIN turn ON turn.id = metric.turn_id WHERE metric.metric_level = 'Turn' AND metric.skipped = 0 AND metric.evaluation_type = 'rubric' AND turn.role = 'assistant'",
      )
      .get() as { n: number };
    assert.equal(joined.n, tutorTurns);
  } finally {
    db.close();
  }
});

test("completion mode: the target answers each thread's last user turn; only the completion is graded", async () => {
  const { dir } = await suiteDir(
    `    kind: conversations
    dataset: multiturn.jsonl
    mode: completion
    target: tutor
    grader: grader
    rubrics: rubric_metrics.yaml
    metrics:
      function:
        - { name: string_length, level: Message }
        - { name: count_turns, level: Thread }
        - { name: is_role, level: Turn, kwargs: { role: user } }
        - { name: count_messages, level: Turn, depends-on: [{ name: is_role, metric-name: user, relative-position: -1, min: 1 }] }
      rubric:
        - { name: yeasayer_completion, level: Turn }`,
    ["multiturn.jsonl", "rubric_metrics.yaml"],
  );
  const before = server.requests.length;
  const result = await run(dir);
  assert.equal(result.code, 0, result.stderr + result.stdout);
  const sent = server.requests.slice(before).map(bodyOf);
  const completions = sent.filter((b) => b.model === "tutor-model");
  assert.equal(completions.length, 3);
  // Each ends on the thread's last user message, with the system prompt first.
  for (const body of completions) {
    assert.equal(body.messages[0]!.role, "system");
    assert.equal(body.messages.at(-1)!.role, "user");
  }
  const suite = (await readResults(dir)).suites["tutor"]!;
  for (const c of suite.cases) {
    const details = c.details as ConversationDetails;
    const completion = details.messages.at(-1)!;
    assert.equal(completion.isCompletion, true);
    assert.equal(completion.content, "Let's look at it together. What do you notice first?");
    // string_length ran on the completion only; the rubric on its turn only.
    const lengths = details.rows.filter((r) => r.evaluation === "string_length");
    assert.deepEqual(
      lengths.map((r) => [r.object, r.value]),
      [[completion.index, completion.content.length]],
    );
    // A dependency on the turn before the completion (the student's) is checked, though only the
    // completion's turn is reported.
    assert.deepEqual(
      details.rows
        .filter((r) => r.evaluation === "count_messages" || r.evaluation === "is_role")
        .map((r) => [r.evaluation, r.object, r.value]),
      [
        ["is_role", completion.turn, 0],
        ["count_messages", completion.turn, 1],
      ],
    );
    const graded = details.rows.filter((r) => r.type === "rubric");
    assert.equal(graded.length, 1);
    assert.equal(graded[0]!.object, completion.turn);
    assert.ok(graded[0]!.rubric!.prompt.includes(`[Output]: assistant: ${completion.content}`));
  }
  assert.equal(sent.filter((b) => b.model === "grader-model").length, 3);
  // B scores 0.25 on the rubric's 0..1 range.
  assert.equal(suite.metrics["yeasayer_completion@turn"]!.value, 0.25);
});

test("custom metric module: its functions get the object at their level; one that throws is an error on that object", async () => {
  const { dir } = await suiteDir(
    `    kind: conversations
    dataset: simple.jsonl
    functions: metrics.ts
    metrics:
      function:
        - { name: question_marks, level: Message }
        - { name: words_by_role, level: Thread }
        - { name: fragile, level: Message }`,
    ["simple.jsonl"],
  );
  await writeFile(
    path.join(dir, "metrics.ts"),
    `export function question_marks(message: { content: string }) { return (message.content.match(/\\?/g) ?? []).length; }
question_marks.levels = ["Message", "Turn"];
export function words_by_role(thread: { messages: { role: string; content: string }[] }) {
  return thread.messages.map((m) => ({ name: m.role, value: m.content.split(/\\s+/).filter(Boolean).length }));
}
export function fragile(message: { role: string }) {
  if (message.role === "user") throw new Error("cannot handle users");
  return 1;
}
`,
  );
  const result = await run(dir);
  assert.equal(result.code, 0, result.stderr + result.stdout);
  const results = await readResults(dir);
  const suite = results.suites["tutor"]!;
  const lines = (await readFile(new URL("simple.jsonl", FIXTURES), "utf8")).split("\n").filter((l) => l.trim());
  const messages = lines.flatMap((l) =>
    (JSON.parse(l) as { input: { role: string; content: string }[] }).input.filter((m) => m.role !== "system"),
  );
  const users = messages.filter((m) => m.role === "user").length;
  assert.equal(suite.metrics["metric_errors"]!.value, users);
  assert.equal(suite.counts.errors, 0, "a throwing metric is reported, not a failed thread");
  const fragileRows = suite.cases.flatMap((c) => (c.details as ConversationDetails).rows.filter((r) => r.evaluation === "fragile"));
  assert.deepEqual(
    fragileRows.filter((r) => r.error).map((r) => r.error!.message),
    Array(users).fill("cannot handle users"),
  );
  const questions = messages.reduce((sum, m) => sum + (m.content.match(/\?/g) ?? []).length, 0);
  assert.equal(suite.metrics["question_marks@message"]!.value, questions / messages.length);
  assert.ok(suite.metrics["words_by_role/user@thread"]!.value! > 0);
});

test("bad input exits 2 naming the file, the line and the field", async () => {
  const check = async (suite: string, files: string[], pattern: RegExp, setUp?: (dir: string) => Promise<void>) => {
    const { dir } = await suiteDir(suite, files);
    await setUp?.(dir);
    const result = await run(dir);
    assert.equal(result.code, 2, result.stderr + result.stdout);
    assert.match(result.stderr, pattern);
    assert.doesNotMatch(result.stderr, /\n\s+at /, "no stack trace");
  };
  await check(
    "    kind: conversations\n    dataset: bad.jsonl\n    metrics: { function: [{ name: string_length }] }",
    [],
    /bad\.jsonl:2: input\[1\]\.role: /,
    (dir) =>
      writeFile(
        path.join(dir, "bad.jsonl"),
        '{"input": [{"role": "user", "content": "hi"}]}\n{"input": [{"role": "user", "content": "a"}, {"content": "b"}]}\n',
      ),
  );
  await check(
    "    kind: conversations\n    dataset: bad.jsonl\n    metrics: { function: [{ name: string_length }] }",
    [],
    /bad\.jsonl:1: line: not valid JSON/,
    (dir) => writeFile(path.join(dir, "bad.jsonl"), "{oops\n"),
  );
  await check(
    "    kind: conversations\n    dataset: simple.jsonl\n    metrics:\n      function:\n        - { name: string_length }\n        - { name: reading_level }",
    ["simple.jsonl"],
    /evalgate\.yml:14: suites\.tutor\.metrics\.function\[1\]\.name: unknown function metric "reading_level"/,
  );
  await check(
    "    kind: conversations\n    dataset: simple.jsonl\n    grader: grader\n    rubrics: rubrics.yaml\n    metrics: { rubric: [{ name: both }] }",
    ["simple.jsonl"],
    /rubrics\.yaml:1: both\.prompt: uses both \{conversation\} and \{context\}/,
    (dir) =>
      writeFile(path.join(dir, "rubrics.yaml"), 'both:\n  prompt: "{conversation} then {context}"\n  choice_scores: {"YES": 1, "NO": 0}\n'),
  );
  await check(
    "    kind: conversations\n    dataset: simple.jsonl\n    grader: grader\n    rubrics: rubric_metrics.yaml\n    metrics: { rubric: [{ name: yeasayer_completion }] }",
    ["simple.jsonl", "rubric_metrics.yaml"],
    /rubric_metrics\.yaml:1: yeasayer_completion\.prompt: uses \{completion\}, which exists only in completion mode/,
  );
  await check(
    "    kind: conversations\n    dataset: simple.jsonl\n    functions: missing.ts\n    metrics: { function: [{ name: string_length }] }",
    ["simple.jsonl"],
    /evalgate\.yml:11: suites\.tutor\.functions: .*missing\.ts"? does not exist/,
  );
});

test("flexeval: one eval of FlexEval's evals.yaml runs as it is, rubrics depending on a function and on a rubric", async () => {
  const { dir } = await suiteDir(
    `    kind: conversations
    dataset: plots.jsonl
    grader: grader
    rubrics: rubric_metrics.yaml
    flexeval: { evals: evals.yaml, eval: test-multimodels-langgraph-rubric-dependencies }`,
    ["rubric_metrics.yaml", "evals.yaml"],
  );
  const thread = (ask: string) =>
    JSON.stringify({
      input: [
        { role: "system", content: "You are a math tutor." },
        { role: "user", content: ask },
        {
          role: "assistant",
          content: "",
          tool_calls: [{ id: "c1", type: "function", function: { name: "DesmosPlot", arguments: '{"latex":"y=2x"}' } }],
        },
        { role: "tool", tool_call_id: "c1", content: "rendered" },
        { role: "assistant", content: "Here is the line y = 2x. What is its slope?" },
      ],
    });
  await writeFile(path.join(dir, "plots.jsonl"), `${thread("Can you plot y = 2x for me")}\n${thread("What is a slope, exactly?")}\n`);
  const result = await run(dir);
  assert.equal(result.code, 0, result.stderr + result.stdout);
  const suite = (await readResults(dir)).suites["tutor"]!;
  assert.equal(suite.metrics["invalid_grades"]!.value, 0);
  assert.equal(suite.metrics["count_tool_calls_by_name/DesmosPlot@turn"]!.value, 1);
  // The student asked for a plot in one thread of two; the pedagogy rubric runs only there.
  assert.equal(suite.metrics["is_request_for_plot@turn"]!.value, 0.5);
  assert.equal(suite.metrics["is_pedagogically_appropriate_plot@turn"]!.value, 1);
  assert.equal(suite.metrics["is_pedagogically_appropriate_plot@turn"]!.n, 1);
  const counts = (suite.breakdowns!["metrics"] as { metric: string; skipped: number }[]).find(
    (m) => m.metric === "is_pedagogically_appropriate_plot@turn",
  )!;
  assert.equal(counts.skipped, 3, "the two student turns, and the tutor turn whose student did not ask");
});

test("flexeval: an eval naming a function evalgate does not have is refused with the evals.yaml line", async () => {
  const { dir } = await suiteDir(
    "    kind: conversations\n    dataset: simple.jsonl\n    flexeval: { evals: evals.yaml, eval: plotting_some_rubrics }",
    ["simple.jsonl", "evals.yaml"],
  );
  const result = await run(dir);
  assert.equal(result.code, 2, result.stderr + result.stdout);
  assert.match(
    result.stderr,
    /evals\.yaml:632: plotting_some_rubrics\.metrics\.function\[5\]\.name: unknown function metric "is_langgraph_type"/,
  );
});

test("a grader that cannot be reached makes the thread an error: the gate never passes on it", async () => {
  const { dir } = await suiteDir(
    `    kind: conversations
    dataset: simple.jsonl
    grader: broken
    rubrics: rubric_metrics.yaml
    metrics:
      rubric: [{ name: is_student_acting_as_tutor, level: Thread }]`,
    ["simple.jsonl", "rubric_metrics.yaml"],
  );
  const result = await run(dir);
  assert.notEqual(result.code, 0, result.stdout);
  const suite = (await readResults(dir)).suites["tutor"]!;
  assert.equal(suite.counts.errors, suite.counts.cases);
  assert.ok(suite.cases.every((c) => c.status === "error" && c.error?.kind === "endpoint" && /grader overloaded/.test(c.error.message)));
  assert.equal(suite.metrics["error_rate"]!.value, 1);
});
