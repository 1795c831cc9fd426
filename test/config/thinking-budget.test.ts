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
