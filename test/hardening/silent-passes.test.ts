// What would pass without measuring, through the real CLI: an `llm` evaluator choice that is empty or
// blank (every reply contains it), a placeholder gh-models fills that evalgate would send unfilled
// (`{{user name}}`, `{{город}}`, `{{1st}}`: names with spaces, other scripts, a leading digit), and
// `gate.flaky: {mode: exclude}` leaving most of a suite out. The first two are exit 2 at load, with
// file:line and field, before any request; the last is exit 3, saying how many were left out.
import assert from "node:assert/strict";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { after, before, test } from "node:test";
import { isJudgeRequest, questionOf, runCli, writeSuite } from "../engine/helpers.ts";
import { chatCompletion, startScriptedServer } from "../servers/scripted.ts";
import { config, type PromptYmlServer, promptFile, startPromptYmlServer, writeProject } from "../suites/prompt-yml/project.ts";

let server: PromptYmlServer;
before(async () => {
  server = await startPromptYmlServer();
});
after(() => server.server.close());

const SUITE = `  prompts:
    kind: prompt-yml
    files: prompts/*.prompt.yml
    target: bot
    model-map: { openai/gpt-4o-mini: bot, openai/gpt-4o: big }
    judge: judge`;

async function refused(files: Record<string, string>) {
  const project = await writeProject({ ...files, "evalgate.yml": config(server.server.url, SUITE) });
  const sent = server.server.requests.length;
  const run = await runCli(["run", "-c", "evalgate.yml", "--no-cache"], { cwd: project.dir });
  assert.equal(server.server.requests.length, sent, "no request was sent");
  return { run, errors: run.stderr.split("\n").filter((line) => line.startsWith("error: ")) };
}

test("silent passes: an empty or blank llm choice is exit 2 at its evaluator's line, before any request", async () => {
  const choices = (blank: string) => `[{ choice: good, score: 1 }, { choice: ${blank}, score: 1 }]`;
  const llm = (name: string, blank: string) =>
    `{ name: ${name}, llm: { modelId: openai/gpt-4o, prompt: "Is {{completion}} right?", choices: ${choices(blank)} } }`;
  const { run, errors } = await refused({
    "prompts/a.prompt.yml": promptFile({ system: "S", rows: ["{ input: hi }"], evaluators: [llm("empty", '""'), llm("blank", '"  "')] }),
  });
  assert.equal(run.code, 2, run.stdout + run.stderr);
  assert.ok(
    errors.some((line) =>
      /^error: prompts\/a\.prompt\.yml:10: evaluators\[0\]\.llm\.choices\[1\]\.choice: is empty: every reply contains it/.test(line),
    ),
    errors.join("\n"),
  );
  assert.ok(
    errors.some((line) =>
      /^error: prompts\/a\.prompt\.yml:11: evaluators\[1\]\.llm\.choices\[1\]\.choice: is blank: every reply contains it/.test(line),
    ),
    errors.join("\n"),
  );
});

test("silent passes: placeholders read as gh-models reads them are filled, and one a row cannot fill is exit 2 at its line", async () => {
  const file = (rows: string[]) =>
    [
      "model: openai/gpt-4o-mini",
      "messages:",
      "  - role: system",
      `    content: 'Greet {{user name}} from {{город}} on the {{1st}} try. JSON stays text: {{"a": 1}}'`,
      "  - role: user",
      '    content: "{{input}}"',
      "testData:",
      ...rows.map((row) => `  - ${row}`),
      "evaluators:",
      "  - { name: said, string: { contains: hello } }",
      "",
    ].join("\n");
  const { run, errors } = await refused({ "prompts/p.prompt.yml": file(["{ input: hi }"]) });
  assert.equal(run.code, 2, run.stdout + run.stderr);
  for (const name of ["user name", "город", "1st"]) {
    const pattern = new RegExp(
      `^error: prompts/p\\.prompt\\.yml:4: messages\\[0\\]\\.content: \\{\\{${name}\\}\\} has no value in testData\\[0\\]`,
    );
    assert.ok(
      errors.some((line) => pattern.test(line)),
      `{{${name}}}:\n${errors.join("\n")}`,
    );
  }
  assert.ok(!errors.some((line) => line.includes('"a": 1')), "JSON between braces is text");

  // Rows that give those keys fill them, as gh does.
  const project = await writeProject({
    "prompts/p.prompt.yml": file(['{ input: hi, "user name": Ann, город: Москва, 1st: first }']),
    "evalgate.yml": config(server.server.url, SUITE),
  });
  const from = server.server.requests.length;
  const ran = await runCli(["run", "-c", "evalgate.yml", "--no-cache", "--quiet"], { cwd: project.dir });
  assert.ok(ran.code === 0 || ran.code === 1, ran.stdout + ran.stderr);
  const sent = server.bodiesTo("bot-model", from);
  assert.equal(sent.length, 1);
  assert.equal(sent[0]!.messages[0]!.content, 'Greet Ann from Москва on the first try. JSON stays text: {{"a": 1}}');
});

test("silent passes: gate.flaky exclude never leaves less than half a suite to decide on: 9 of 10 flaky is exit 3, saying so", async () => {
  let flakyPass = true;
  // Questions 1-9 flip-flop over the history; Question 10 always passes.
  const judge = startScriptedServer((request) => {
    const question = questionOf(request.body);
    if (!isJudgeRequest(request.body)) return { body: chatCompletion(`Answer to ${question}`) };
    return { body: chatCompletion(`Checked.\nSCORE: ${question !== "Question 10" && !flakyPass ? 0 : 3}`) };
  });
  const scripted = await judge;
  try {
    const { dir, config: configFile } = await writeSuite(scripted.url, 10);
    await mkdir(path.join(dir, "history"));
    for (const [i, passes] of [true, false, true, false, true].entries()) {
      flakyPass = passes;
      const run = await runCli(["run", "-c", configFile, "--quiet", "--no-cache", "-o", `baseline-${i + 1}.json`], { cwd: dir });
      assert.ok(run.code === 0 || run.code === 1, run.stdout + run.stderr);
      await rename(path.join(dir, `baseline-${i + 1}.json`), path.join(dir, "history", `baseline-${i + 1}.json`));
    }
    const text = await readFile(configFile, "utf8");
    await writeFile(configFile, text.replace("gate: { min-score: 0.5 }", "gate: { min-score: 0.5, flaky: { mode: exclude } }"));
    flakyPass = false; // the head fails the nine flaky cases
    const args = ["--no-cache", "--baseline", "history/baseline-5.json", "--history", "history", "-o", "head.json"];
    const head = await runCli(["run", "-c", configFile, ...args], { cwd: dir });
    assert.equal(head.code, 3, head.stdout + head.stderr);
    assert.match(
      head.stdout + head.stderr,
      /gate\.flaky: exclude left 9 of 10 cases out as flaky, so fewer than half would decide the gate/,
    );
  } finally {
    await scripted.close();
  }
});
