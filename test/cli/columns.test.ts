// A judged suite's `columns:` uses a dataset as it is: the CSV's own column plays each of evalgate's
// (prompt: question). Through the real CLI: validate reads the mapped columns (a row with an empty
// question skipped, naming "question" at its line), a run against the demo targets sends the
// question and the criteria, keeps the mapped group, and a mapped column the CSV lacks is exit 2
// naming it with the CSV's line and the columns it has.
import assert from "node:assert/strict";
import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { runCli } from "../engine/helpers.ts";

const CSV =
  'question,expected,topic\n"What is 2 + 2?","The correct answer is 4.",maths\n"What is the capital of France?","The correct answer is Paris.",geo\n"","An empty question",geo\n';

async function project(columns: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-columns-"));
  await mkdir(path.join(dir, ".git"));
  await writeFile(path.join(dir, "support.csv"), CSV);
  await writeFile(
    path.join(dir, "evalgate.yml"),
    `version: 1
models:
  bot: { provider: openai, base-url: "http://127.0.0.1:9/v1", model: demo-agent }
  judge: { provider: openai, base-url: "http://127.0.0.1:9/v1", model: demo-judge }
suites:
  qa:
    kind: judged
    prompts: support.csv
    columns: ${columns}
    agents: [bot]
    judge: judge
`,
  );
  return dir;
}

test("columns: the CSV's question, expected and topic play prompt, judge_prompt and group", async () => {
  const dir = await project("{ prompt: question, judge_prompt: expected, group: topic }");
  const validated = await runCli(["validate", "-c", "evalgate.yml"], { cwd: dir });
  assert.equal(validated.code, 0, validated.stderr);
  assert.match(validated.stdout, /qa \(judged\): 2 cases/);
  assert.match(validated.stdout, /warning: support\.csv:4: row skipped: "question" is empty/);

  const demo = await runCli(["demo", "-c", "evalgate.yml", "--quiet", "--no-cache", "--out", "r.json"], { cwd: dir });
  assert.equal(demo.code, 0, demo.stdout + demo.stderr);
  const results = JSON.parse(await readFile(path.join(dir, "r.json"), "utf8"));
  const cases = results.suites.qa.cases as { source: { line: number }; cluster: string; details: { prompt: string; criteria: string } }[];
  assert.deepEqual(
    cases.map(({ source, cluster, details }) => [source.line, cluster, details.prompt, details.criteria]),
    [
      [2, "maths", "What is 2 + 2?", "The correct answer is 4."],
      [3, "geo", "What is the capital of France?", "The correct answer is Paris."],
    ],
  );
});

test("a mapped column the CSV lacks: exit 2 naming it, with the CSV's line and the columns it has", async () => {
  const dir = await project("{ prompt: quesiton, judge_prompt: expected }");
  const validated = await runCli(["validate", "-c", "evalgate.yml"], { cwd: dir });
  assert.equal(validated.code, 2, validated.stdout);
  assert.match(
    validated.stderr,
    /error: support\.csv:1: quesiton: missing header column "quesiton" \(columns: prompt: quesiton\) \(found: question, expected, topic\)/,
  );
});

test("an unknown role under columns: is refused with the config's line", async () => {
  const dir = await project("{ prompt: question, criteria: expected }");
  const validated = await runCli(["validate", "-c", "evalgate.yml"], { cwd: dir });
  assert.equal(validated.code, 2, validated.stdout);
  assert.match(validated.stderr, /error: evalgate\.yml:9:\d+: suites\.qa\.columns\.criteria: unknown key/);
});

test("the criteria under the CSV's own name are withheld from the system under test, as judge_prompt is", async () => {
  const dir = await project("{ prompt: question, judge_prompt: expected }");
  await writeFile(path.join(dir, "bot.prompt.yml"), "messages:\n  - role: user\n    content: '{{prompt}} (hint: {{expected}})'\n");
  const config = await readFile(path.join(dir, "evalgate.yml"), "utf8");
  await writeFile(
    path.join(dir, "evalgate.yml"),
    config
      .replace("model: demo-agent }", "model: demo-agent, prompt: bot.prompt.yml }")
      .replace("    judge: judge\n", '    judge: judge\n    checks: [{ contains: "{{expected}}" }]\n'),
  );
  const validated = await runCli(["validate", "-c", "evalgate.yml"], { cwd: dir });
  assert.equal(validated.code, 2, validated.stdout);
  assert.match(validated.stderr, /\{\{expected\}\} has no value .*it is the judge's criteria, never shown to the system under test/);
});
