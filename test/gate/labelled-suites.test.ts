// Judges checked against people beyond judged CSVs (issue 41), through the real CLI with a scripted
// judge on 127.0.0.1: a .prompt.yml file whose 30 testData rows carry a `human` label, graded by an
// llm evaluator on the scale bad < meh < good. The labels and the judge's grades come from
// test/fixtures/labels/labelled-runs.json, with the κ scikit-learn's cohen_kappa_score gives on them:
// a judge that agrees (κ 0.82 on the head) gates the planted drop; one that disagrees (κ −0.70) scores
// the same drop, reported, not gated, and every output (console, comment, JUnit, SQLite) says why.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { test } from "node:test";
import { runCli } from "../engine/helpers.ts";
import { documentedQueries } from "../report/sqlite-docs.ts";
import { type ChatBody, config, promptFile, startPromptYmlServer, writeProject } from "../suites/prompt-yml/project.ts";

interface Agreement {
  kappa: number;
  exact: number;
}
const fixture = JSON.parse(readFileSync(new URL("../fixtures/labels/labelled-runs.json", import.meta.url), "utf8")) as {
  scale: string[];
  human: number[];
  regressed: number[];
  scenarios: Record<"agrees" | "disagrees", { base: number[]; head: number[]; baseAgreement: Agreement; headAgreement: Agreement }>;
};
const SCALE = fixture.scale;
const ROWS = fixture.human.length;

const GATE = "gate: { min-score: 0, fail-inside-noise: true, judge-calibration: { min-kappa: 0.6, min-labels: 20 } }";
const SUITE = `  prompts:
    kind: prompt-yml
    files: prompts/*.prompt.yml
    target: bot
    judge: judge`;
const EVALUATOR = `{ name: quality, llm: { modelId: openai/gpt-4o, prompt: "Grade the answer {{completion}} to {{input}}: good, meh or bad", choices: [{ choice: good, score: 1 }, { choice: meh, score: 0.5 }, { choice: bad, score: 0 }] } }`;

/** The row a judge's request is about ("… to q7: …" → 6), and whether its answer is the regressed one. */
function gradedRow(body: ChatBody): { row: number; poor: boolean } {
  const prompt = body.messages.at(-1)!.content;
  return { row: Number(/\bq(\d+)\b/.exec(prompt)![1]) - 1, poor: prompt.includes("a poor answer") };
}

/** A .prompt.yml suite run twice (baseline, then a head whose regressed rows answer poorly), the judge grading as the scenario says. */
async function promptYmlRuns(scenario: "agrees" | "disagrees") {
  const server = await startPromptYmlServer();
  const grades = fixture.scenarios[scenario];
  server.judge = (body) => {
    const { row, poor } = gradedRow(body);
    return SCALE[(poor ? grades.head : grades.base)[row]!]!;
  };
  const rows = fixture.human.map((label, i) => `{ input: q${i + 1}, human: ${SCALE[label]} }`);
  const answer = (poor: boolean) => {
    for (let i = 0; i < ROWS; i++) server.answers.set(`q${i + 1}`, `${poor && fixture.regressed.includes(i) ? "a poor" : "a fine"} answer`);
  };
  try {
    const project = await writeProject({
      "prompts/qa.prompt.yml": promptFile({
        system: "Answer.",
        rows,
        evaluators: [EVALUATOR, "{ name: answers, string: { contains: answer } }"],
      }),
      "evalgate.yml": config(server.server.url, SUITE, GATE),
    });
    answer(false);
    const base = await runCli(["run", "-c", "evalgate.yml", "--quiet", "--no-cache", "-o", "base.json"], { cwd: project.dir });
    assert.equal(base.code, 0, base.stdout + base.stderr);
    answer(true);
    const outputs = ["-o", "head.json", "--markdown", "m.md", "--junit", "j.xml", "--sqlite", "r.db"];
    const head = await runCli(["run", "-c", "evalgate.yml", "--no-cache", "--baseline", "base.json", ...outputs], { cwd: project.dir });
    const read = (file: string) => readFile(path.join(project.dir, file), "utf8");
    return { head, dir: project.dir, read, results: JSON.parse(await read("head.json")), baseline: JSON.parse(await read("base.json")) };
  } finally {
    await server.server.close();
  }
}

/** The judge's agreement as results.json records it equals scikit-learn's on the same grades (the fixture's). */
function assertAgreement(calibration: { n: number; kappa: number; exact: number }, expected: Agreement, n: number) {
  assert.equal(calibration.n, n);
  assert.ok(Math.abs(calibration.kappa - expected.kappa) < 1e-12, `κ ${calibration.kappa}, scikit-learn ${expected.kappa}`);
  assert.ok(Math.abs(calibration.exact - expected.exact) < 1e-12);
}

test("prompt-yml: a judge that agrees with 30 human labels (κ 0.82) gates the drop; its agreement is in every output", async () => {
  const { head, read, results, baseline } = await promptYmlRuns("agrees");
  assert.equal(head.code, 1, head.stdout + head.stderr);
  assertAgreement(baseline.suites.prompts.judge.calibration, fixture.scenarios.agrees.baseAgreement, ROWS);
  assertAgreement(results.suites.prompts.judge.calibration, fixture.scenarios.agrees.headAgreement, ROWS);
  assert.deepEqual(results.suites.prompts.judge.points, [0, 0.5, 1]);
  const score = results.verdict.suites[0].rows.find((row: { metric: string }) => row.metric === "qa/quality/score");
  assert.equal(score.status, "fail");
  const line =
    /prompts: the judge judge is calibrated against people: weighted κ 0\.82 \(95% CI [-\d.]+–[-\d.]+\), exact agreement 80%, n = 30: its metrics gate/;
  assert.match(head.stdout, line);
  assert.match(await read("m.md"), line);
  const junit = await read("j.xml");
  assert.match(junit, /<testsuite name="prompts"[^>]*>\n {4}<properties>[\s\S]*<property name="evalgate.judge.kappa" value="0\.82352941/);
  assert.match(junit, /<property name="evalgate.judge.labels" value="30"\/>/);
  assert.match(junit, /<property name="evalgate.judge.gated" value="true"\/>/);
  assert.match(junit, /<system-out>[^<]*prompts: the judge judge is calibrated against people[^<]*<\/system-out>\n {2}<\/testsuite>/);
});

test("prompt-yml: a judge that disagrees with the labels (κ −0.70): the drop is reported, not gated, and every output says it is uncalibrated", async () => {
  const { head, dir, read, results } = await promptYmlRuns("disagrees");
  assert.equal(head.code, 0, head.stdout + head.stderr);
  assertAgreement(results.suites.prompts.judge.calibration, fixture.scenarios.disagrees.headAgreement, ROWS);
  const score = results.verdict.suites[0].rows.find((row: { metric: string }) => row.metric === "qa/quality/score");
  assert.equal(score.gated, false);
  assert.ok(score.delta < 0, "the drop is measured and shown");
  const own = results.verdict.suites[0].rows.find((row: { metric: string }) => row.metric === "qa/answers/pass_rate");
  assert.equal(own.gated, true, "a string evaluator's metric is not the judge's: it still gates");
  assert.match(score.reason, /^reported, not gated: the judge judge is uncalibrated \(κ -0\.70, under min-kappa 0\.6\)/);
  const line =
    /prompts: the judge judge is uncalibrated \(κ -0\.70, under min-kappa 0\.6\): weighted κ -0\.70 .*n = 30: its metrics are reported, not gated/;
  assert.match(head.stdout, line);
  assert.match(await read("m.md"), line);
  const junit = await read("j.xml");
  assert.match(junit, /<property name="evalgate.judge.gated" value="false"\/>/);
  assert.match(junit, /<property name="evalgate.judge.held" value="the judge judge is uncalibrated \(κ -0\.70, under min-kappa 0\.6\)"\/>/);
  assert.match(junit, /<system-out>[^<]*prompts: the judge judge is uncalibrated \(κ -0\.70[^<]*reported, not gated[^<]*<\/system-out>/);
  assert.doesNotMatch(junit, /<failure/);
  const db = new DatabaseSync(path.join(dir, "r.db"), { readOnly: true });
  try {
    const [judge] = db.prepare((await documentedQueries()).get("Judges and people")!).all() as Record<string, unknown>[];
    assert.equal(judge!.labels, 30);
    assert.ok(Math.abs((judge!.kappa as number) - fixture.scenarios.disagrees.headAgreement.kappa) < 1e-12);
    assert.equal(judge!.gated, 0);
  } finally {
    db.close();
  }
});

// A conversations suite (FlexEval JSONL): 30 threads whose tutor message carries a person's rating
// ("human_ratings") of the rubric quality; the grader grades each as the fixture's head run says (mean
// 0.4, under min-score 0.5). Agreeing (κ 0.82): the floor fails the run; disagreeing (κ −0.70): reported, not gated.
const RUBRICS = `quality:
  prompt: |
    Grade the tutor's message: {content}
  choice_scores:
    "good": 1
    "meh": 0.5
    "bad": 0
`;
const CONVERSATIONS = `  tutor:
    kind: conversations
    dataset: threads.jsonl
    grader: judge
    rubrics: rubrics.yaml
    metrics:
      function:
        - { name: is_role, level: Message, kwargs: { role: assistant }, gate: { at-least: 0 } }
      rubric:
        - name: quality
          level: Message
          depends-on: [{ name: is_role, metric-name: assistant, min: 1 }]`;

async function conversationsRun(scenario: "agrees" | "disagrees") {
  const server = await startPromptYmlServer();
  const grades = fixture.scenarios[scenario].head;
  server.judge = (body) => {
    const row = Number(/thread (\d+)/.exec(body.messages.map((message) => message.content).join("\n"))![1]) - 1;
    return `The message is graded.\n${SCALE[grades[row]!]}`;
  };
  const threads = fixture.human.map((label, i) =>
    JSON.stringify({
      input: [
        { role: "user", content: `Help with exercise ${i + 1}, please.` },
        { role: "assistant", content: `Here is thread ${i + 1}'s hint.`, human_ratings: { quality: SCALE[label] } },
      ],
    }),
  );
  try {
    const project = await writeProject({
      "threads.jsonl": `${threads.join("\n")}\n`,
      "rubrics.yaml": RUBRICS,
      "evalgate.yml": config(server.server.url, CONVERSATIONS, GATE.replace("min-score: 0,", "min-score: 0.5,")),
    });
    const outputs = ["-o", "head.json", "--markdown", "m.md", "--junit", "j.xml"];
    const run = await runCli(["run", "-c", "evalgate.yml", "--no-cache", ...outputs], { cwd: project.dir });
    const read = (file: string) => readFile(path.join(project.dir, file), "utf8");
    return { run, read, results: JSON.parse(await read("head.json")) };
  } finally {
    await server.server.close();
  }
}

test("conversations: a grader that agrees with 30 rated messages (κ 0.82) gates: the rubric under min-score fails", async () => {
  const { run, read, results } = await conversationsRun("agrees");
  assert.equal(run.code, 1, run.stdout + run.stderr);
  const judge = results.suites.tutor.judge;
  assertAgreement(judge.calibration, fixture.scenarios.agrees.headAgreement, ROWS);
  assert.deepEqual([judge.name, judge.scale, judge.points, judge.grades], ["judge", "rubric", [0, 0.5, 1], ["quality@message"]]);
  const quality = results.verdict.suites[0].rows.find((row: { metric: string }) => row.metric === "quality@message");
  assert.equal(quality.status, "fail");
  const line = /tutor: the judge judge is calibrated against people: weighted κ 0\.82 .*n = 30: its metrics gate/;
  assert.match(run.stdout, line);
  assert.match(await read("m.md"), line);
  assert.match(await read("j.xml"), /<property name="evalgate.judge.kappa" value="0\.82352941/);
});

test("conversations: a grader that disagrees (κ −0.70): its rubric is reported, not gated; the function metrics still gate", async () => {
  const { run, read, results } = await conversationsRun("disagrees");
  assert.equal(run.code, 0, run.stdout + run.stderr);
  assertAgreement(results.suites.tutor.judge.calibration, fixture.scenarios.disagrees.headAgreement, ROWS);
  const rows = results.verdict.suites[0].rows as { metric: string; gated: boolean; reason: string }[];
  const quality = rows.find((row) => row.metric === "quality@message")!;
  assert.equal(quality.gated, false);
  assert.match(quality.reason, /^reported, not gated: the judge judge is uncalibrated \(κ -0\.70, under min-kappa 0\.6\)/);
  assert.equal(rows.find((row) => row.metric.startsWith("is_role"))!.gated, true, "a function metric is not the grader's");
  const line = /tutor: the judge judge is uncalibrated \(κ -0\.70, under min-kappa 0\.6\): .*n = 30: its metrics are reported, not gated/;
  assert.match(run.stdout, line);
  assert.match(await read("m.md"), line);
  const junit = await read("j.xml");
  assert.match(junit, /<property name="evalgate.judge.gated" value="false"\/>/);
  assert.match(junit, /<system-out>[^<]*tutor: the judge judge is uncalibrated[^<]*<\/system-out>/);
});

test("labels off the scale, or of an evaluator or rubric the suite lacks, are exit 2 at their file and line, before any request", async () => {
  const server = await startPromptYmlServer();
  try {
    const rows = ["{ input: q1, human: good }", "{ input: q2, human: great }", "{ input: q3, human: { tone: good } }"];
    const project = await writeProject({
      "prompts/qa.prompt.yml": promptFile({ system: "Answer.", rows, evaluators: [EVALUATOR] }),
      "threads.jsonl": `${JSON.stringify({
        input: [
          { role: "user", content: "hi" },
          { role: "assistant", content: "hello", human_ratings: { quality: "superb", tone: "ok" } },
        ],
      })}\n`,
      "rubrics.yaml": RUBRICS,
      "evalgate.yml": config(server.server.url, `${SUITE}\n${CONVERSATIONS}`, GATE),
    });
    const run = await runCli(["run", "-c", "evalgate.yml", "--no-cache"], { cwd: project.dir });
    assert.equal(run.code, 2, run.stdout + run.stderr);
    assert.match(
      run.stderr,
      /prompts\/qa\.prompt\.yml:\d+.*testData\[1\]\.human.*"great" is not on the scale of "quality": one of good \(1\), meh \(0\.5\), bad \(0\)/,
    );
    assert.match(
      run.stderr,
      /prompts\/qa\.prompt\.yml:\d+.*testData\[2\]\.human.*"tone" is not a judged evaluator of the file \(quality\)/,
    );
    assert.match(run.stderr, /threads\.jsonl:1.*messages\[1\]\.human_ratings\.quality.*"superb" is not on the scale of rubric "quality"/);
    assert.match(run.stderr, /threads\.jsonl:1.*messages\[1\]\.human_ratings\.tone.*no rubric metric "tone" in the suite \(quality\)/);
    assert.equal(server.server.requests.length, 0);
  } finally {
    await server.server.close();
  }
});
