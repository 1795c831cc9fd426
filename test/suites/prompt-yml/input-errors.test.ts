// What a prompt-yml suite refuses before any request, through the real CLI: exit 2, every problem in
// one pass, each with its file, line and field. A placeholder a row does not fill (gh models eval
// would send it as written) names the placeholder's line and the row's.
import assert from "node:assert/strict";
import { symlink } from "node:fs/promises";
import path from "node:path";
import { after, before, test } from "node:test";
import { runCli } from "../../engine/helpers.ts";
import { config, type PromptYmlServer, promptFile, startPromptYmlServer, writeProject } from "./project.ts";

let server: PromptYmlServer;
before(async () => {
  server = await startPromptYmlServer();
});
after(() => server.server.close());

const LLM = "{ name: graded, llm: { modelId: openai/gpt-4o, prompt: '{{completion}} ok?', choices: [{ choice: ok, score: 1 }] } }";

test("every problem of every file at once, before any request: placeholders, evaluators, models, the judge", async () => {
  const files = {
    // line 5: {{language}}; row 2 (line 11) lacks it.
    "prompts/speak.prompt.yml": [
      "model: openai/gpt-4o-mini",
      "messages:",
      "  - role: system",
      "    content: |",
      "      Speak {{language}}.",
      "  - role: user",
      '    content: "{{input}}"',
      "testData:",
      "  - input: hello",
      "    language: French",
      "  - input: goodbye",
      "evaluators:",
      "  - name: polite",
      "    string: { contains: '{{expected}}' }",
      "  - name: similar",
      "    uses: github/similarty",
      "",
    ].join("\n"),
    "prompts/unmapped.prompt.yml": promptFile({
      head: ["model: openai/o3"],
      system: "S",
      rows: ["{ input: a, expected: b }"],
      evaluators: [LLM],
    }),
    "prompts/empty.prompt.yml": promptFile({
      system: "S",
      rows: ["{ input: a, expected: '' }"],
      evaluators: ["{ name: e, string: { equals: '{{expected}}' } }"],
    }),
    "evalgate.yml": config(
      server.server.url,
      "  prompts: { kind: prompt-yml, files: prompts/*.prompt.yml, model-map: { openai/gpt-4o-mini: bot } }",
    ),
  };
  const project = await writeProject(files);
  const sent = server.server.requests.length;
  const run = await runCli(["run", "-c", "evalgate.yml", "--no-cache"], { cwd: project.dir });
  assert.equal(run.code, 2, run.stdout + run.stderr);
  assert.equal(server.server.requests.length, sent, "no request");
  const errors = run.stderr.split("\n").filter((line) => line.startsWith("error: "));
  const expected = [
    /^error: prompts\/empty\.prompt\.yml:8: testData\[0\]\.expected: empty, and the evaluator "e" fills \{\{expected\}\} from it: give every row a value$/,
    /^error: prompts\/speak\.prompt\.yml:5: messages\[0\]\.content: \{\{language\}\} has no value in testData\[1\] at prompts\/speak\.prompt\.yml:11; the row gives \{\{input\}\}$/,
    /^error: prompts\/speak\.prompt\.yml:13: evaluators\[0\]: "polite": \{\{expected\}\} has no value in testData\[0\] at prompts\/speak\.prompt\.yml:9 \(and 1 more row\); the row gives \{\{input\}\}, \{\{language\}\}$/,
    /^error: prompts\/speak\.prompt\.yml:15: evaluators\[1\]\.uses: unknown evaluator "github\/similarty" \(did you mean "github\/similarity"\?\)/,
    /^error: prompts\/unmapped\.prompt\.yml:1: model: "openai\/o3" is not in suites\.prompts\.model-map: map it to a configured model \(mapped: openai\/gpt-4o-mini\)$/,
    /^error: evalgate\.yml:\d+: suites\.prompts\.judge: required: prompts\/speak\.prompt\.yml:15 has the uses evaluator "similar"|^error: evalgate\.yml:\d+: suites\.prompts\.judge: required: prompts\/unmapped\.prompt\.yml:\d+ has the llm evaluator "graded"/,
  ];
  for (const pattern of expected)
    assert.ok(
      errors.some((line) => pattern.test(line)),
      `${pattern}\n${errors.join("\n")}`,
    );
});

test("what the target cannot take: a responseFormat its provider cannot send, a prompt file of its own", async () => {
  const project = await writeProject({
    "prompts/json.prompt.yml": promptFile({
      head: ["model: openai/gpt-4o-mini", "responseFormat: json_object"],
      system: "S",
      rows: ["{ input: a }"],
      evaluators: ["{ name: e, string: { startsWith: '{' } }"],
    }),
    "own.md": "You are a bot.\n",
    "evalgate.yml": config(
      server.server.url,
      `  json: { kind: prompt-yml, files: prompts/json.prompt.yml, target: claude }
  own: { kind: prompt-yml, files: prompts/json.prompt.yml, target: prompted }`,
    ).replace(
      "models:\n",
      `models:\n  claude: { provider: anthropic, base-url: "${server.server.url}", model: claude-x, api-key-env: EVALGATE_TEST_KEY }\n  prompted: { provider: openai, base-url: "${server.server.url}/v1", model: p, prompt: own.md }\n`,
    ),
  });
  const run = await runCli(["validate", "-c", "evalgate.yml"], { cwd: project.dir, env: { EVALGATE_TEST_KEY: "k" } });
  assert.equal(run.code, 2, run.stdout + run.stderr);
  assert.match(
    run.stderr,
    /error: prompts\/json\.prompt\.yml:2: responseFormat: responseFormat json_object cannot be sent to model "claude" \(provider anthropic\); use a provider that takes it \(openai, command\)/,
  );
  assert.match(
    run.stderr,
    /error: prompts\/json\.prompt\.yml:1: model: model "prompted" carries a prompt file \(own\.md\): this file is its prompt/,
  );
});

test("a glob that matches nothing, and a suite with neither target nor model-map, are exit 2 at the config's line", async () => {
  const project = await writeProject({
    "evalgate.yml": config(server.server.url, `  none: { kind: prompt-yml, files: "prompts/**/*.prompt.yml", target: bot }`),
  });
  const run = await runCli(["validate", "-c", "evalgate.yml"], { cwd: project.dir });
  assert.equal(run.code, 2, run.stdout + run.stderr);
  assert.match(run.stderr, /evalgate\.yml:\d+: suites\.none\.files: "prompts\/\*\*\/\*\.prompt\.yml" (matches no file|does not exist)/);

  await project.write({ "evalgate.yml": config(server.server.url, "  none: { kind: prompt-yml, files: a.prompt.yml }") });
  const schema = await runCli(["validate", "-c", "evalgate.yml"], { cwd: project.dir });
  assert.equal(schema.code, 2, schema.stdout + schema.stderr);
  assert.match(
    schema.stderr,
    /evalgate\.yml:\d+(:\d+)?: suites\.none\.target: required: the model the files' messages are sent to \(or a model-map\)/,
  );
});

test("the glob stays inside the repository: node_modules is not searched, a linked file pointing outside is refused", async () => {
  const outside = await writeProject({
    "secret.prompt.yml": promptFile({ system: "S", rows: ["{ input: a }"], evaluators: ["{ name: e, string: { contains: a } }"] }),
  });
  const project = await writeProject(
    {
      "prompts/node_modules/dep/x.prompt.yml": "not even YAML: [",
      "evalgate.yml": config(server.server.url, '  p: { kind: prompt-yml, files: "prompts/**/*.prompt.yml", target: bot }'),
    },
    { git: true },
  );
  await symlink(path.join(outside.dir, "secret.prompt.yml"), path.join(project.dir, "prompts/linked.prompt.yml"));
  const run = await runCli(["validate", "-c", "evalgate.yml"], { cwd: project.dir });
  assert.equal(run.code, 2, run.stdout + run.stderr);
  const errors = run.stderr.split("\n").filter((line) => line.startsWith("error: "));
  assert.equal(errors.length, 1, errors.join("\n"));
  assert.match(errors[0]!, /suites\.p\.files: .*linked\.prompt\.yml" is a link to a file outside the repository/);
});
