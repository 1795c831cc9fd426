// The promptfoo suite through the real CLI against a scripted OpenAI-compatible server: a
// promptfooconfig.yaml's prompts (inline and a chat file) rendered with Nunjucks go to the mapped
// model, its tests (inline, a CSV with __expected columns, defaultTest, a var list) are graded by
// promptfoo's asserts, a model-graded assert by the suite's judge, javascript in a process of its own;
// the metrics are per prompt × provider; an unknown assert type and an unmapped provider are exit 2.
import assert from "node:assert/strict";
import { cp } from "node:fs/promises";
import path from "node:path";
import { after, before, test } from "node:test";
import { runCli } from "../../engine/helpers.ts";
import { config, type PromptYmlServer, readResults, startPromptYmlServer, writeProject } from "../prompt-yml/project.ts";

let server: PromptYmlServer;
before(async () => {
  server = await startPromptYmlServer();
  server.answers.set("What is the capital of France? Answer briefly.", "Paris is the capital.");
  server.answers.set("What is the capital of Italy? Answer briefly.", "Rome.");
  server.answers.set("What is the capital of Spain? Answer briefly.", "I do not know.");
  server.answers.set("Say hi to ADA", '{"greeting": "hi Ada"}');
  server.judge = (body) => {
    const text = body.messages.at(-1)!.content;
    return text.includes("Rome")
      ? '{"reason": "too short", "pass": false, "score": 0.2}'
      : '{"reason": "fine", "pass": true, "score": 0.9}';
  };
});
after(() => server.server.close());

const PF_CONFIG = `description: capitals
prompts:
  - "What is the capital of {{ country }}?{% if brief %} Answer briefly.{% endif %}"
  - file://chat.json
providers:
  - id: openai:gpt-5-mini
    label: mini
defaultTest:
  vars: { brief: true }
  assert:
    - type: javascript
      value: output.length > 0
tests:
  - description: France
    vars: { country: France, expected: Paris }
    assert:
      - type: icontains
        value: "{{ expected }}"
        metric: accuracy
      - type: llm-rubric
        value: names the capital of {{ country }}
  - description: Italy and Spain
    vars: { country: [Italy, Spain] }
    assert:
      - type: contains-any
        value: [Rome, Madrid]
        metric: accuracy
      - type: not-contains
        value: know
  - file://more.csv
`;

const CHAT = JSON.stringify([
  { role: "system", content: "Be brief." },
  { role: "user", content: "Say hi to {{ name | upper }}" },
]);

async function project(pf: string, suite = "model-map: { mini: bot }\n    judge: judge") {
  return writeProject({
    "promptfooconfig.yaml": pf,
    "chat.json": CHAT,
    "more.csv": 'name,__expected,__expected2,__description\nAda,"contains: hi","is-json",greets Ada\n',
    "evalgate.yml": config(server.server.url, `  pf:\n    kind: promptfoo\n    config: promptfooconfig.yaml\n    ${suite}`),
  });
}

test("a promptfoo config runs as promptfoo runs it: rendered prompts, its asserts, per prompt × provider", async () => {
  const dir = (await project(PF_CONFIG)).dir;
  const result = await runCli(["run", "-c", "evalgate.yml", "--no-cache", "--quiet"], { cwd: dir });
  assert.equal(result.code, 0, result.stdout + result.stderr);
  const suite = (await readResults(dir)).suites["pf"]!;
  const metrics = Object.fromEntries(Object.entries(suite.metrics).map(([name, metric]) => [name, metric.value]));
  // prompt-1: France passes (0.9 from the judge), Italy passes, Spain fails two of three, Ada's CSV test fails two.
  assert.equal(metrics["prompt-1@mini/pass_rate"], 0.5);
  assert.ok(Math.abs(metrics["prompt-1@mini/score"]! - (2.9 / 3 + 1 + 1 / 3 + 1 / 3) / 4) < 1e-9);
  assert.ok(Math.abs(metrics["prompt-1@mini/metric/accuracy"]! - 2 / 3) < 1e-9);
  // The chat prompt: only "Say hi to ADA" (the upper filter) is answered as its asserts want.
  assert.equal(metrics["chat@mini/pass_rate"], 0.25);
  assert.equal(metrics["chat@mini/metric/accuracy"], 0);
  assert.equal(metrics["pass_rate"], 0.375);
  const chat = server.bodiesTo("bot-model").find((body) => body.messages.at(-1)!.content === "Say hi to ADA");
  assert.deepEqual(chat?.messages[0], { role: "system", content: "Be brief." });
  const rubric = server.bodiesTo("judge-model").map((body) => body.messages.at(-1)!.content);
  assert.ok(
    rubric.some((text) => text.includes("names the capital of France")),
    rubric.join("\n"),
  );
  const spain = (await readResults(dir)).verdict;
  assert.ok(spain, "the run is gated");
});

test("an assert type evalgate does not run, and a provider without a model, are exit 2 naming them, before any request", async () => {
  const from = server.server.requests.length;
  const pf = PF_CONFIG.replace("type: icontains", "type: similar").replace(
    "id: openai:gpt-5-mini\n    label: mini",
    "id: vertex:gemini-x\n    label: other",
  );
  const dir = (await project(pf)).dir;
  const result = await runCli(["run", "-c", "evalgate.yml", "--no-cache", "--quiet"], { cwd: dir });
  assert.equal(result.code, 2, result.stdout + result.stderr);
  assert.match(result.stderr, /promptfooconfig\.yaml:\d+:.*assert type "similar" is not one evalgate runs/);
  assert.match(result.stderr, /provider "other" has no model: add it to suites\.pf\.model-map/);
  assert.equal(server.server.requests.length, from);
});

test("promptfoo's own getting-started example runs unchanged: two prompts × two providers, one mapped, one the configured model of that id", async () => {
  server.answers.set("Convert this English to French: Hello world", "Bonjour le monde");
  server.answers.set("Translate to French: Hello world", "Salut le monde");
  server.answers.set("Convert this English to Spanish: Where is the library?", "¿Dónde está la biblioteca?");
  server.answers.set("Translate to Spanish: Where is the library?", "DÓNDE ESTÁ LA BIBLIOTECA");
  const project = await writeProject({
    "evalgate.yml": config(
      server.server.url,
      `  example:\n    kind: promptfoo\n    config: example/promptfooconfig.yaml\n    model-map: { "openai:gpt-4.1": bot }`,
    ).replace("model: big-model", "model: o4-mini"),
  });
  await cp(path.join(import.meta.dirname, "../../fixtures/promptfoo/examples/getting-started"), path.join(project.dir, "example"), {
    recursive: true,
  });
  const result = await runCli(["run", "-c", "evalgate.yml", "--no-cache", "--quiet"], { cwd: project.dir });
  assert.equal(result.code, 0, result.stdout + result.stderr);
  const suite = (await readResults(project.dir)).suites["example"]!;
  const rates = Object.fromEntries(
    Object.entries(suite.metrics)
      .filter(([name]) => name.endsWith("pass_rate"))
      .map(([name, m]) => [name, m.value]),
  );
  // Both models get the same scripted answers: the first prompt passes both tests, the second only the icontains one.
  assert.deepEqual(rates, {
    "prompt-1@openai-gpt-4.1/pass_rate": 1,
    "prompt-2@openai-gpt-4.1/pass_rate": 0.5,
    "prompt-1@openai-o4-mini/pass_rate": 1,
    "prompt-2@openai-o4-mini/pass_rate": 0.5,
    pass_rate: 0.75,
  });
  // openai:o4-mini is not in model-map: it runs on the one configured openai model asking for o4-mini.
  assert.ok(server.bodiesTo("o4-mini").length >= 4);
});

test("a javascript assert that never returns fails at script-timeout, and scripts see no key", async () => {
  server.answers.set("Say something", "something");
  const pf = `prompts: ["Say something"]
providers: [{ id: openai:gpt-5-mini, label: mini }]
tests:
  - description: scripts
    assert:
      - { type: javascript, value: "(() => { while (true) {} })()" }
      - { type: javascript, value: "process.env.OPENAI_API_KEY === undefined && process.env.EVALGATE_TEST_SECRET === undefined" }
`;
  const project = await writeProject({
    "promptfooconfig.yaml": pf,
    "evalgate.yml": config(
      server.server.url,
      "  pf:\n    kind: promptfoo\n    config: promptfooconfig.yaml\n    model-map: { mini: bot }\n    script-timeout: 8s",
    ),
  });
  const started = Date.now();
  const result = await runCli(["run", "-c", "evalgate.yml", "--no-cache", "--quiet"], {
    cwd: project.dir,
    env: { OPENAI_API_KEY: "sk-test-never-seen", EVALGATE_TEST_SECRET: "secret" },
  });
  assert.ok(result.code === 0 || result.code === 1, result.stdout + result.stderr);
  const suite = (await readResults(project.dir)).suites["pf"]!;
  const details = suite.cases[0]!.details as { asserts: { pass: boolean; reason: string }[] };
  assert.equal(details.asserts[0]!.pass, false);
  assert.match(details.asserts[0]!.reason, /did not finish within 8000 ms \(script-timeout\)/);
  assert.equal(details.asserts[1]!.pass, true, details.asserts[1]!.reason);
  assert.ok(Date.now() - started < 60_000);
});

test("a grade the judge cannot give leaves the test unknown: a failed computation, never a pass or a fail", async () => {
  server.answers.set("Tell a joke", "A joke.");
  const judge = server.judge;
  server.judge = (body) => (body.messages.at(-1)!.content.includes("is funny") ? "I cannot say." : judge(body));
  try {
    const pf = `prompts: ["Tell a joke"]
providers: [{ id: openai:gpt-5-mini, label: mini }]
tests:
  - description: joke
    assert:
      - { type: contains, value: joke }
      - { type: llm-rubric, value: is funny }
`;
    const project = await writeProject({
      "promptfooconfig.yaml": pf,
      "evalgate.yml": config(
        server.server.url,
        "  pf:\n    kind: promptfoo\n    config: promptfooconfig.yaml\n    model-map: { mini: bot }\n    judge: judge",
      ),
    });
    const result = await runCli(["run", "-c", "evalgate.yml", "--no-cache", "--quiet"], { cwd: project.dir });
    assert.notEqual(result.code, 0, "an unknown test never passes the gate");
    const suite = (await readResults(project.dir)).suites["pf"]!;
    const metric = suite.metrics["prompt-1@mini/pass_rate"]!;
    assert.equal(metric.value, null);
    assert.equal(metric.failed, 1);
    assert.match(metric.firstError ?? "", /holds no JSON object/);
  } finally {
    server.judge = judge;
  }
});
