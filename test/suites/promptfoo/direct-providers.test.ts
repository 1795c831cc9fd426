// promptfoo provider ids evalgate runs itself, with no model-map entry and no model under models:
// openai:chat:<model> (its key checked before any request), exec:<command> with promptfoo's argv
// protocol, a Python file's call_api, and http with a body template and a transformResponse path. All
// through the real CLI against a scripted server; the programs are real child processes.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { runCli } from "../../engine/helpers.ts";
import { chatCompletion, type ScriptedServer, startScriptedServer } from "../../servers/scripted.ts";
import { readResults, writeProject } from "../prompt-yml/project.ts";

let server: ScriptedServer;
before(async () => {
  server = await startScriptedServer((request) => {
    const body = request.body as Record<string, unknown>;
    if (request.path === "/custom") return { body: { answer: { text: `custom heard ${String(body["q"])} from ${String(body["who"])}` } } };
    const messages = body["messages"] as { content: string }[];
    return { body: chatCompletion(`openai heard ${messages.at(-1)!.content}`) };
  });
});
after(() => server.close());

const EVALGATE = `version: 1
concurrency: 2
output-dir: out
models: {}
suites:
  pf:
    kind: promptfoo
    config: pf/promptfooconfig.yaml
gate: { min-score: 0 }
`;

const AGENT_SH = `import json, os, sys
prompt, options, context = sys.argv[1], json.loads(sys.argv[2]), json.loads(sys.argv[3])
print("exec heard " + prompt + " from " + context["vars"]["who"] + " key=" + str(os.environ.get("OPENAI_API_KEY")))
`;

const PROVIDER_PY = `import os
def call_api(prompt, options, context):
    print("a print goes to the log, not the reply")
    return {"output": "python heard " + prompt + " with " + options["config"]["flavour"], "tokenUsage": {"prompt": 3, "completion": 4}}
`;

function promptfooConfig(url: string): string {
  return `prompts: ["Hello {{ who }}"]
providers:
  - id: openai:chat:gpt-direct
    config: { apiBaseUrl: "${url}/v1", temperature: 0.5 }
  - exec:python3 agent.py
  - id: file://provider.py
    config: { flavour: vanilla }
  - id: http
    label: custom
    config:
      url: ${url}/custom
      headers: { x-token: "{{ env.CUSTOM_TOKEN }}" }
      body: { q: "{{prompt}}", who: "{{ who }}" }
      transformResponse: json.answer.text
tests:
  - description: greets Ada
    vars: { who: Ada }
    assert:
      - { type: contains, value: heard Hello Ada }
`;
}

test("openai, exec, a Python provider and http run without model-map: each its own evalgate model, promptfoo's protocols", async () => {
  const project = await writeProject({
    "evalgate.yml": EVALGATE,
    "pf/promptfooconfig.yaml": promptfooConfig(server.url),
    "pf/agent.py": AGENT_SH,
    "pf/provider.py": PROVIDER_PY,
  });
  const from = server.requests.length;
  const env = { OPENAI_API_KEY: "sk-direct-test", CUSTOM_TOKEN: "tok-custom" };
  const result = await runCli(["run", "-c", "evalgate.yml", "--no-cache", "--quiet"], { cwd: project.dir, env });
  assert.equal(result.code, 0, result.stdout + result.stderr);
  const suite = (await readResults(project.dir)).suites["pf"]!;
  const outputs = Object.fromEntries(
    suite.cases.map((c) => {
      const details = c.details as { provider: string; output: string };
      return [details.provider, details.output];
    }),
  );
  assert.deepEqual(outputs, {
    "openai:chat:gpt-direct": "openai heard Hello Ada",
    // promptfoo's argv: the prompt, the provider options, the context with the vars; no key in its environment.
    "exec:python3 agent.py": "exec heard Hello Ada from Ada key=None",
    "file://provider.py": "python heard Hello Ada with vanilla",
    http: "custom heard Hello Ada from Ada",
  });
  assert.ok(Object.values(suite.metrics).every((m) => m.value === null || m.value === 1));
  const requests = server.requests.slice(from);
  const openai = requests.find((r) => r.path === "/v1/chat/completions")!;
  assert.equal((openai.body as { model: string }).model, "gpt-direct");
  assert.equal(openai.headers["authorization"], "Bearer sk-direct-test");
  const custom = requests.find((r) => r.path === "/custom")!;
  assert.equal(custom.headers["x-token"], "tok-custom");
});

test("a direct provider's missing key is exit 2 before any request, and `validate` names the synthesised model", async () => {
  const project = await writeProject({
    "evalgate.yml": EVALGATE,
    "pf/promptfooconfig.yaml": `prompts: ["Hi"]\nproviders: ["anthropic:messages:claude-direct"]\ntests: [{ assert: [{ type: contains, value: hi }] }]\n`,
  });
  const from = server.requests.length;
  const env = { ANTHROPIC_API_KEY: undefined } as unknown as Record<string, string>;
  const result = await runCli(["run", "-c", "evalgate.yml", "--no-cache", "--quiet"], { cwd: project.dir, env });
  assert.equal(result.code, 2, result.stdout + result.stderr);
  assert.match(result.stderr, /ANTHROPIC_API_KEY/);
  assert.equal(server.requests.length, from);
});

test("an id evalgate cannot run itself is exit 2 naming it, why, and the model-map line to write", async () => {
  const project = await writeProject({
    "evalgate.yml": EVALGATE,
    "pf/promptfooconfig.yaml": `prompts: ["Hi"]
providers:
  - id: http
    config: { url: "${server.url}/custom", transformResponse: "(json) => json.answer" }
  - bedrock:some-model
tests: [{ assert: [{ type: contains, value: hi }] }]
`,
  });
  const from = server.requests.length;
  const result = await runCli(["validate", "-c", "evalgate.yml"], { cwd: project.dir });
  assert.equal(result.code, 2, result.stdout + result.stderr);
  assert.match(
    result.stderr,
    /promptfooconfig\.yaml:3:.*provider "http" evalgate cannot run it itself \(its transformResponse is not a path/,
  );
  assert.match(result.stderr, /model-map: \{ "http": <a model under models:> \}/);
  assert.match(result.stderr, /provider "bedrock:some-model" has no model: add it to suites\.pf\.model-map/);
  assert.equal(server.requests.length, from);
});
