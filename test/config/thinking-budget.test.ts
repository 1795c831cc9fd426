// Anthropic refuses a thinking budget of max_tokens or more, so a model configured that way would fail
// every request: `validate` says so at the field's line with the other problems of the file, exit 2,
// before any request. A model that thinks adaptively (the model rules) is sent no budget and may have any.
import assert from "node:assert/strict";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { runCli } from "../engine/helpers.ts";
import { chatCompletion, startScriptedServer } from "../servers/scripted.ts";

test("thinking-budget not below max-tokens is exit 2 at its line, with every other problem, before any request", async (t) => {
  const server = await startScriptedServer(() => chatCompletion("unused"));
  t.after(() => server.close());
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-thinking-"));
  await writeFile(path.join(dir, "prompts.csv"), "prompt\nhello\n");
  const url = server.url;
  await writeFile(
    path.join(dir, "evalgate.yml"),
    `version: 1
models:
  equal: { provider: anthropic, base-url: "${url}", model: claude-sonnet-4-5, max-tokens: 2048, thinking-budget: 2048 }
  unset:
    provider: anthropic
    base-url: "${url}"
    model: claude-opus-4-1
    thinking-budget: 1024
  below: { provider: anthropic, base-url: "${url}", model: claude-sonnet-4-5, max-tokens: 4096, thinking-budget: 2048 }
  adaptive: { provider: anthropic, base-url: "${url}", model: claude-opus-4-7, max-tokens: 1000, thinking-budget: 4096 }
  judge: { provider: openai, base-url: "${url}/v1", model: gpt-5, temperature: 5 }
suites:
  qa: { kind: judged, prompts: prompts.csv, agents: [equal, unset, below, adaptive], judge: judge }
`,
  );
  const result = await runCli(["validate", "-c", "evalgate.yml"], {
    cwd: dir,
    env: { ANTHROPIC_API_KEY: "k", OPENAI_API_KEY: "k" },
  });
  assert.equal(result.code, 2, result.stdout + result.stderr);
  assert.match(
    result.stderr,
    /evalgate\.yml:3:\d+: models\.equal\.thinking-budget: 2048 is not below max-tokens 2048, and Anthropic refuses a thinking budget of max_tokens or more/,
  );
  assert.match(
    result.stderr,
    /evalgate\.yml:8:\d+: models\.unset\.thinking-budget: 1024 is not below max-tokens, which is 1024 when unset.*set max-tokens above 1024/,
  );
  assert.match(result.stderr, /evalgate\.yml:11:\d+: models\.judge\.temperature:/, "the other problems of the file, in the same pass");
  assert.doesNotMatch(result.stderr, /models\.(below|adaptive)\./);
  assert.equal(server.requests.length, 0);
});

test("a prompt file's maxTokens is the max_tokens checked against the budget when the model sets none", async (t) => {
  const server = await startScriptedServer(() => chatCompletion("unused"));
  t.after(() => server.close());
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-thinking-prompt-"));
  await writeFile(path.join(dir, "prompts.csv"), "prompt,judge_prompt\nhello,Is it kind?\n");
  const promptFile = (maxTokens: string) => `name: careful
model: claude-sonnet-4-5
modelParameters:
  temperature: 1
${maxTokens}messages:
  - role: system
    content: Think, then answer.
  - role: user
    content: "{{prompt}}"
`;
  await writeFile(path.join(dir, "low.prompt.yml"), promptFile("  maxTokens: 1500\n"));
  await writeFile(path.join(dir, "high.prompt.yml"), promptFile("  maxTokens: 8000\n"));
  await writeFile(path.join(dir, "none.prompt.yml"), promptFile(""));
  const url = server.url;
  const model = (file: string, extra = "") =>
    `{ provider: anthropic, base-url: "${url}", model: claude-sonnet-4-5, prompt: ${file}, thinking-budget: 2048${extra} }`;
  await writeFile(
    path.join(dir, "evalgate.yml"),
    `version: 1
models:
  low: ${model("low.prompt.yml")}
  high: ${model("high.prompt.yml")}
  none: ${model("none.prompt.yml")}
  owned: ${model("low.prompt.yml", ", max-tokens: 4096")}
  judge: { provider: openai, base-url: "${url}/v1", model: gpt-5 }
suites:
  qa: { kind: judged, prompts: prompts.csv, agents: [low, high, none, owned], judge: judge }
`,
  );
  const result = await runCli(["validate", "-c", "evalgate.yml"], { cwd: dir, env: { ANTHROPIC_API_KEY: "k", OPENAI_API_KEY: "k" } });
  assert.equal(result.code, 2, result.stdout + result.stderr);
  // the file's 1500 is what model low sends: refused there, at the file's line
  assert.match(
    result.stderr,
    /low\.prompt\.yml:5(:\d+)?: modelParameters\.maxTokens: 1500 is the max_tokens model low sends \(its entry sets no max-tokens\), and its thinking-budget 2048 is not below it/,
  );
  // a file with no maxTokens leaves the default, 1024: at the model's thinking-budget line
  assert.match(
    result.stderr,
    /evalgate\.yml:5(:\d+)?: models\.none\.thinking-budget: 2048 is not below max-tokens, which is 1024 when unset/,
  );
  // the file's 8000 is enough; the model's own max-tokens wins over the file's 1500
  assert.doesNotMatch(result.stderr, /models\.(high|owned)\.|model (high|owned) sends|prompts\.csv/);
  assert.equal(result.stderr.match(/low\.prompt\.yml:5/g)?.length, 1, "the shared file's problem once");
  assert.equal(server.requests.length, 0);
});
