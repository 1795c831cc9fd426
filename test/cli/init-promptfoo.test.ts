// `evalgate init --from promptfoo` through the real CLI: around promptfoo's own getting-started
// config (plus a model-graded assert), it writes an evalgate.yml whose models are the config's
// providers, mapped, with a judge, and a workflow that actionlint accepts and that passes their key;
// the config validates and runs against the demo targets unchanged. A provider evalgate cannot run
// itself is exit 2 naming it, and nothing is written.
import assert from "node:assert/strict";
import { access, mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { createWorkflowLinter } from "../docs/doc-blocks.ts";
import { runCli } from "../engine/helpers.ts";

const EXAMPLE = path.join(import.meta.dirname, "../fixtures/promptfoo/examples/getting-started/promptfooconfig.yaml");

async function repository(config: string): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), "evalgate-init-pf-"));
  await mkdir(path.join(root, ".git"));
  await writeFile(path.join(root, ".git", "HEAD"), "ref: refs/heads/main\n");
  await writeFile(path.join(root, "promptfooconfig.yaml"), config);
  return root;
}

const NO_KEYS = { OPENAI_API_KEY: "", ANTHROPIC_API_KEY: "" };

test("init --from promptfoo maps the config's providers to models, adds a judge and a workflow; it validates and runs", async () => {
  const graded = `${await readFile(EXAMPLE, "utf8")}      - type: llm-rubric\n        value: is a translation\n`;
  const root = await repository(graded);
  const init = await runCli(
    ["init", "--from", "promptfoo", "--workflow", "--action", "evalgate/evalgate@0123456789abcdef0123456789abcdef01234567"],
    {
      cwd: root,
    },
  );
  assert.equal(init.code, 0, init.stdout + init.stderr);
  const config = await readFile(path.join(root, "evals", "evalgate.yml"), "utf8");
  assert.match(config, /config: \.\.\/promptfooconfig\.yaml/);
  assert.match(config, /model-map: \{ "openai:gpt-4\.1": gpt-4-1, "openai:o4-mini": o4-mini \}/);
  assert.match(config, /judge: judge/);
  const workflow = await readFile(path.join(root, ".github", "workflows", "evals.yml"), "utf8");
  assert.match(workflow, /OPENAI_API_KEY: \$\{\{ secrets\.OPENAI_API_KEY \}\}/);
  assert.deepEqual(await (await createWorkflowLinter())(workflow, "evals.yml"), []);
  const validate = await runCli(["validate", "-c", "evals/evalgate.yml"], { cwd: root, env: NO_KEYS });
  assert.equal(validate.code, 0, validate.stdout + validate.stderr);
  const demo = await runCli(["demo", "-c", "evals/evalgate.yml", "--quiet"], { cwd: root, env: NO_KEYS });
  assert.ok(demo.code === 0 || demo.code === 1, demo.stdout + demo.stderr);
});

test("init --from promptfoo with a provider evalgate cannot run itself: exit 2 naming it, nothing written", async () => {
  const root = await repository(
    "prompts: ['{{q}}']\nproviders:\n  - openai:gpt-4.1\n  - vertex:gemini-2.5-pro\ntests: [{ vars: { q: hi } }]\n",
  );
  const init = await runCli(["init", "--from", "promptfoo"], { cwd: root });
  assert.equal(init.code, 2, init.stdout + init.stderr);
  assert.match(init.stderr, /promptfooconfig\.yaml:4: provider "vertex:gemini-2\.5-pro" is not one evalgate runs itself/);
  await assert.rejects(access(path.join(root, "evals", "evalgate.yml")));
});

test("init --from promptfoo leaves exec:, Python and http providers to run as they are: no model written, the config validates", async () => {
  const root = await repository(`prompts: ['{{q}}']
providers:
  - exec:python3 agent.py
  - file://provider.py
  - id: http
    config: { url: "http://127.0.0.1:9/chat", body: { q: "{{prompt}}" }, transformResponse: json.answer }
tests: [{ vars: { q: hi }, assert: [{ type: llm-rubric, value: greets }] }]
`);
  const init = await runCli(["init", "--from", "promptfoo"], { cwd: root });
  assert.equal(init.code, 0, init.stdout + init.stderr);
  const config = await readFile(path.join(root, "evals", "evalgate.yml"), "utf8");
  assert.doesNotMatch(config, /model-map/);
  assert.match(config, /judge: judge/);
  const validate = await runCli(["validate", "-c", "evals/evalgate.yml"], { cwd: root, env: { OPENAI_API_KEY: "sk-test" } });
  assert.equal(validate.code, 0, validate.stdout + validate.stderr);
});
