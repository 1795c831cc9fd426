import assert from "node:assert/strict";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { ConfigError } from "../../src/config/errors.ts";
import { loadConfig } from "../../src/config/load.ts";

async function configFile(text: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-config-"));
  const file = path.join(dir, "evalgate.yml");
  await writeFile(file, text);
  return file;
}

async function problemsOf(text: string) {
  const file = await configFile(text);
  try {
    await loadConfig(file);
  } catch (error) {
    assert.ok(error instanceof ConfigError, `expected a ConfigError, got ${error}`);
    return error.problems.map((p) => `${p.line}:${p.column} ${p.field} ${p.message}`);
  }
  assert.fail("the config was accepted");
}

const valid = `version: 1
models:
  judge:
    provider: openai
    model: gpt-4.1-mini
    api-key-env: OPENAI_API_KEY
  bot:
    provider: http
    url: http://127.0.0.1:8000/chat
suites:
  helpfulness:
    kind: judged
    prompts: judged/prompts.csv
    agents: [bot]
    judge: judge
`;

test("a valid config loads with defaults filled in", async () => {
  const loaded = await loadConfig(await configFile(valid));
  const suite = loaded.config.suites.helpfulness!;
  assert.equal(suite.kind, "judged");
  assert.equal(suite.kind === "judged" && suite["judge-runs"], 3);
  assert.equal(loaded.config.gate["max-drop"], 0.05);
  assert.equal(loaded.config.gate["min-score"], 0.8);
  assert.equal(loaded.config.baseline.store, "none");
  assert.equal(loaded.lineOf(["suites", "helpfulness", "judge"]), 15);
});

test("durations are read in their units: 2m, 1.5h, 12h, 500 (milliseconds)", async () => {
  const limits = `run:\n  deadline: 2m\ncache:\n  max-age: 12h\n`;
  const loaded = await loadConfig(await configFile(valid + limits));
  assert.equal(loaded.config.run.deadline, 120_000);
  assert.equal(loaded.config.cache["max-age"], 12 * 3_600_000);
  const other = await loadConfig(await configFile(`${valid}run:\n  deadline: 1.5h\ncache:\n  max-age: 500\n`));
  assert.equal(other.config.run.deadline, 5_400_000);
  assert.equal(other.config.cache["max-age"], 500);
});

test("every problem is reported at once with line, column, field and a suggestion", async () => {
  const problems = await problemsOf(`version: 1
models:
  judge:
    provider: openai
    model: gpt-4.1-mini
    temprature: 0.2
  bot:
    provider: htp
    url: http://x
suites:
  helpfulness:
    kind: judged
    prompts: judged/prompts.csv
    agents: [bot]
    judge: judge
    judge-runs: three
    scale: 0-4
gate:
  max-drop: 2
`);
  assert.deepEqual(problems, [
    '6:5 models.judge.temprature unknown key (did you mean "temperature"?)',
    '8:15 models.bot.provider expected one of "openai", "anthropic", "http", "athena", "command", "bedrock", "copilot", got "htp" (did you mean "http"?)',
    '16:17 suites.helpfulness.judge-runs expected number, got "three"',
    '17:12 suites.helpfulness.scale expected one of "binary", "0-3", "1-5", "0-100", got "0-4" (did you mean "0-3"?)',
    "19:13 gate.max-drop value must be at most 1, got 2 (a fraction of 1, not a percentage: write 0.02 for 2%)",
  ]);
});

test("a suite naming an undefined model is an error at that list item", async () => {
  const problems = await problemsOf(valid.replace("agents: [bot]", "agents: [bot, bott, judge]"));
  assert.deepEqual(problems, ['14:19 suites.helpfulness.agents[1] unknown model "bott" (did you mean "bot"?); models defined: judge, bot']);
});

test("missing required fields and unknown suite kinds", async () => {
  const problems = await problemsOf(`version: 1
models: {}
suites:
  a:
    kind: judged
    agents: [x]
    judge: x
  b:
    kind: nope
`);
  assert.deepEqual(problems, [
    "4:3 suites.a.prompts required: expected string",
    '9:11 suites.b.kind expected one of "judged", "sgi", "function-calls", "conversations", "prompt-yml", "agent", "promptfoo", got "nope"',
  ]);
});

test("YAML syntax errors name the line", async () => {
  const problems = await problemsOf("version: 1\nmodels:\n  a: [unclosed\n");
  assert.equal(problems.length > 0, true);
  assert.match(problems[0]!, /^4:1 undefined YAML: Flow sequence in block collection must be sufficiently indented and end with a \]$/);
});

test("a missing config file is a clear error", async () => {
  await assert.rejects(
    loadConfig("/nonexistent/evalgate.yml"),
    (error: unknown) => error instanceof ConfigError && /file not found/.test(error.message),
  );
});
