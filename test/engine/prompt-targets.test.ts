// Prompt targets through the real CLI against scripted servers on 127.0.0.1: the prompt file from the
// checkout is what the model is sent, an edit to it changes the answers and the gate catches it
// (named in every report), a placeholder with no value stops the run before any request, the file's
// modelParameters yield to the config's, and each provider gets the messages in its own shape.
import assert from "node:assert/strict";
import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import type { Results } from "../../src/results/types.ts";
import { chatCompletion, type RecordedRequest, type ScriptedServer, startScriptedServer } from "../servers/scripted.ts";
import { runCli } from "./helpers.ts";

interface Body {
  model: string;
  system?: string;
  messages: { role: string; content: unknown }[];
  [key: string]: unknown;
}

const CAREFUL = "Check every fact before you answer.";

/** The text of every message, for the persona's decisions (Anthropic's system field included). */
function allText(body: Body): string {
  return [body.system ?? "", ...body.messages.map((m) => (typeof m.content === "string" ? m.content : JSON.stringify(m.content)))].join(
    "\n",
  );
}

/**
 * The agent answers right only when its prompt tells it to check facts; the judge gives 3 to a right
 * answer and 0 to a wrong one. Anthropic's route answers the same way in its own shape.
 */
function reply(request: RecordedRequest) {
  const body = request.body as Body;
  if (request.path.endsWith("/v1/messages")) {
    const text = allText(body).includes(CAREFUL) ? "Correct answer." : "Wrong answer.";
    return {
      body: {
        id: "msg_1",
        type: "message",
        role: "assistant",
        model: body.model,
        content: [{ type: "text", text }],
        usage: { input_tokens: 10, output_tokens: 3 },
      },
    };
  }
  if (body.model === "judge-model")
    return { body: chatCompletion(allText(body).includes("Correct answer.") ? "Right.\nSCORE: 3" : "Wrong.\nSCORE: 0") };
  if (body.model === "bot-model") return { body: chatCompletion(null, { toolCalls: [{ name: "lookup", arguments: { city: "Paris" } }] }) };
  return { body: chatCompletion(allText(body).includes(CAREFUL) ? "Correct answer." : "Wrong answer.") };
}

let server: ScriptedServer;
before(async () => {
  server = await startScriptedServer(reply);
});
after(() => server.close());

const ROWS = [
  "prompt,judge_prompt,city",
  '"Where is the museum?","Names the street","Paris"',
  '"When does it open?","Gives the hours","Lyon"',
  '"Is it free on Sundays?","Says yes","{{city}}"',
  '"Can I bring a dog?","Says no","Nice"',
];

const CAREFUL_PROMPT = `name: Museum guide
modelParameters: { temperature: 0.7, maxTokens: 120, topP: 0.9 }
messages:
  - role: system
    content: |
      You guide visitors in {{city}}.
      ${CAREFUL}
  - role: user
    content: "{{prompt}}"
`;

/** A project in a temp folder: a judged suite whose agent has prompt: prompts/guide.prompt.yml. */
async function project(files: Record<string, string> = {}, agent = ""): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-prompt-target-"));
  const all: Record<string, string> = {
    "prompts.csv": `${ROWS.join("\n")}\n`,
    "prompts/guide.prompt.yml": CAREFUL_PROMPT,
    "evalgate.yml": `version: 1
concurrency: 4
output-dir: out
models:
  agent: { provider: openai, base-url: "${server.url}/v1", model: agent-model, prompt: prompts/guide.prompt.yml, retry-backoff: 1ms, max-retries: 1${agent} }
  judge: { provider: openai, base-url: "${server.url}/v1", model: judge-model, retry-backoff: 1ms, max-retries: 1 }
suites:
  qa: { kind: judged, prompts: prompts.csv, agents: [agent], judge: judge, judge-runs: 1, scale: 0-3 }
gate: { min-score: 0.5 }
`,
    ...files,
  };
  for (const [file, text] of Object.entries(all)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
  return dir;
}

const bodiesSince = (from: number, model: string) =>
  server.requests.slice(from).flatMap((r) => ((r.body as Body).model === model ? [r.body as Body] : []));

async function results(dir: string, file = "out/results.json"): Promise<Results> {
  return JSON.parse(await readFile(path.join(dir, file), "utf8")) as Results;
}

test("an edited prompt file changes the answers: the gate fails (exit 1), compares every case, and every report names the prompt change", async () => {
  const dir = await project();
  const baseline = await runCli(["run", "-c", "evalgate.yml", "-q", "-o", "baseline.json"], { cwd: dir });
  assert.equal(baseline.code, 0, baseline.stderr + baseline.stdout);
  assert.equal((await results(dir, "baseline.json")).suites["qa"]!.metrics["score"]!.value, 1);

  // The pull request: the line that made the agent careful is edited away.
  await writeFile(path.join(dir, "prompts/guide.prompt.yml"), CAREFUL_PROMPT.replace(CAREFUL, "Answer quickly from memory."));
  const sent = server.requests.length;
  const head = await runCli(
    ["run", "-c", "evalgate.yml", "--baseline", "baseline.json", "--markdown", "comment.md", "--html", "report.html"],
    { cwd: dir },
  );
  assert.equal(head.code, 1, head.stderr + head.stdout);
  // The model was sent the edited file, with each row's values.
  const systems = bodiesSince(sent, "agent-model").map((b) => b.messages[0]!.content);
  assert.equal(systems.length, 4);
  assert.ok(systems.every((text) => String(text).includes("Answer quickly from memory.")));

  const note = /qa: the prompt of agent changed \(prompts\/guide\.prompt\.yml\): its cases are compared with the baseline's answers/;
  assert.match(head.stdout, note);
  assert.match(head.stdout, /✗ qa .*score: 0 is under min-score 0\.5/);
  assert.match(await readFile(path.join(dir, "comment.md"), "utf8"), note);
  assert.match(await readFile(path.join(dir, "report.html"), "utf8"), /the prompt of agent changed \(prompts\/guide\.prompt\.yml\)/);

  const now = await results(dir);
  const before = await results(dir, "baseline.json");
  const suite = now.suites["qa"]!;
  assert.notEqual(suite.targets!["agent"]!.prompt!.hash, before.suites["qa"]!.targets!["agent"]!.prompt!.hash);
  assert.equal(suite.targets!["agent"]!.prompt!.file, "prompts/guide.prompt.yml");
  // Every case stays comparable: an edited prompt is the change under review, not an edited case.
  const verdict = now.verdict as { suites: { changeCounts: Record<string, number> }[] };
  assert.equal(verdict.suites[0]!.changeCounts["regressed"], 4);
  assert.equal(verdict.suites[0]!.changeCounts["changed"], 0);
  assert.ok(
    suite.cases.every((c, i) => c.fingerprint === before.suites["qa"]!.cases[i]!.fingerprint),
    "the cases' own fingerprints do not move",
  );
  assert.ok(
    suite.cases.every((c, i) => c.configFingerprint !== before.suites["qa"]!.cases[i]!.configFingerprint),
    "the prompt's text is in every case's config fingerprint (--resume never reuses an answer to the old prompt)",
  );
});

test("every CSV column fills its placeholder in one pass: a cell holding {{city}} is sent as that text", async () => {
  const dir = await project();
  const sent = server.requests.length;
  const run = await runCli(["run", "-c", "evalgate.yml", "-q"], { cwd: dir });
  assert.equal(run.code, 0, run.stderr + run.stdout);
  const agent = bodiesSince(sent, "agent-model");
  assert.deepEqual(agent.map((b) => b.messages.map((m) => m.role)).sort(), Array(4).fill(["system", "user"]));
  const byQuestion = new Map(agent.map((b) => [b.messages[1]!.content, b.messages[0]!.content]));
  assert.equal(byQuestion.get("Where is the museum?"), `You guide visitors in Paris.\n${CAREFUL}\n`);
  assert.equal(byQuestion.get("Is it free on Sundays?"), `You guide visitors in {{city}}.\n${CAREFUL}\n`);
});

test("a placeholder with no value is exit 2 naming the prompt file:line and the dataset file:line, before any request (validate too)", async () => {
  const prompt = `messages:\n  - role: system\n    content: |\n      You guide visitors in {{city}}.\n      Speak {{language}}.\n  - role: user\n    content: "{{judge_prompt}}"\n`;
  const dir = await project({ "prompts/guide.prompt.yml": prompt });
  const sent = server.requests.length;
  for (const command of ["run", "validate"]) {
    const result = await runCli([command, "-c", "evalgate.yml"], { cwd: dir });
    assert.equal(result.code, 2, result.stderr + result.stdout);
    assert.match(
      result.stderr,
      /error: prompts\/guide\.prompt\.yml:5: messages\[0\]\.content: \{\{language\}\} has no value in prompts\.csv:2 \(and 3 more lines\) \(suite qa, model agent\); the case gives \{\{city\}\}, \{\{prompt\}\}, \{\{files\}\}/,
    );
    // The judge's criteria are never the system under test's to see.
    assert.match(
      result.stderr,
      /prompts\/guide\.prompt\.yml:7: messages\[1\]\.content: \{\{judge_prompt\}\} has no value in prompts\.csv:2 .*the judge's criteria/,
    );
  }
  assert.equal(server.requests.length, sent, "no request was sent");
});

test("modelParameters apply unless the model entry sets the same key; --verbose says which won", async () => {
  const dir = await project({}, ", temperature: 0.1");
  const sent = server.requests.length;
  const run = await runCli(["run", "-c", "evalgate.yml", "--verbose", "-q"], { cwd: dir });
  assert.equal(run.code, 0, run.stderr + run.stdout);
  for (const body of bodiesSince(sent, "agent-model")) {
    assert.equal(body["temperature"], 0.1, "the config's temperature");
    assert.equal(body["max_tokens"], 120, "the file's maxTokens");
    assert.equal(body["top_p"], 0.9, "the file's topP");
  }
  assert.match(
    run.stderr,
    /evalgate: model agent: prompt prompts\/guide\.prompt\.yml \(prompt-yml, 2 message\(s\); placeholders \{\{city\}\}, \{\{prompt\}\}\)/,
  );
  assert.match(
    run.stderr,
    /model agent: temperature 0\.1 from evalgate\.yml; the prompt file's modelParameters\.temperature 0\.7 is not used \(the config wins\)/,
  );
  assert.match(run.stderr, /model agent: max-tokens 120 from the prompt file's modelParameters\.maxTokens/);
});

test("Anthropic gets the prompt file's system message in its own field, and the file's maxTokens", async () => {
  const dir = await project({
    "prompts/guide.md": `You guide visitors in {{city}}.\n${CAREFUL}\n`,
    "evalgate.yml": `version: 1
output-dir: out
models:
  agent: { provider: anthropic, base-url: "${server.url}", model: claude-test, api-key-env: TEST_ANTHROPIC_KEY, prompt: prompts/guide.md }
  judge: { provider: openai, base-url: "${server.url}/v1", model: judge-model }
suites:
  qa: { kind: judged, prompts: prompts.csv, agents: [agent], judge: judge, judge-runs: 1, scale: 0-3 }
`,
  });
  const sent = server.requests.length;
  const run = await runCli(["run", "-c", "evalgate.yml", "-q"], { cwd: dir, env: { TEST_ANTHROPIC_KEY: "sk-ant-test-123456" } });
  assert.equal(run.code, 0, run.stderr + run.stdout);
  const bodies = bodiesSince(sent, "claude-test");
  assert.equal(bodies.length, 4);
  const paris = bodies.find((b) => JSON.stringify(b.messages).includes("Where is the museum?"))!;
  // A .md prompt is the system message, and the case's own message follows it.
  assert.equal(paris.system, `You guide visitors in Paris.\n${CAREFUL}`);
  assert.deepEqual(paris.messages, [{ role: "user", content: [{ type: "text", text: "Where is the museum?" }] }]);
  assert.equal(paris["max_tokens"], 1024, "the Messages API's required limit when neither the entry nor the file sets one");
});

test("responseFormat goes to OpenAI as response_format; a provider that cannot take it is exit 2 before any request", async () => {
  const schema = `responseFormat: json_schema
jsonSchema: |-
  { "name": "answer", "strict": true, "schema": { "type": "object", "properties": { "text": { "type": "string" } } } }
messages:
  - role: system
    content: ${CAREFUL} Answer in JSON.
`;
  const dir = await project({ "prompts/guide.prompt.yml": schema });
  const sent = server.requests.length;
  const run = await runCli(["run", "-c", "evalgate.yml", "-q"], { cwd: dir });
  assert.equal(run.code, 0, run.stderr + run.stdout);
  const [body] = bodiesSince(sent, "agent-model");
  assert.deepEqual(body!["response_format"], {
    type: "json_schema",
    json_schema: { name: "answer", strict: true, schema: { type: "object", properties: { text: { type: "string" } } } },
  });

  await writeFile(
    path.join(dir, "evalgate.yml"),
    (await readFile(path.join(dir, "evalgate.yml"), "utf8")).replace(
      /agent: \{ provider: openai, base-url: "[^"]+", model: agent-model,/,
      `agent: { provider: anthropic, base-url: "${server.url}", model: claude-test,`,
    ),
  );
  const refused = await runCli(["validate", "-c", "evalgate.yml"], { cwd: dir });
  assert.equal(refused.code, 2, refused.stderr);
  assert.match(
    refused.stderr,
    /evalgate\.yml:5: models\.agent\.prompt: prompts\/guide\.prompt\.yml asks for responseFormat json_schema, which provider anthropic cannot be sent/,
  );
});

test("a model with a prompt file is a system under test: naming it as a judge is exit 2", async () => {
  const dir = await project();
  const config = (await readFile(path.join(dir, "evalgate.yml"), "utf8")).replace("judge: judge,", "judge: agent,");
  await writeFile(path.join(dir, "evalgate.yml"), config);
  const result = await runCli(["validate", "-c", "evalgate.yml"], { cwd: dir });
  assert.equal(result.code, 2, result.stderr);
  assert.match(
    result.stderr,
    /evalgate\.yml:8:\d+: suites\.qa\.judge: model "agent" carries a prompt file \(prompts\/guide\.prompt\.yml\): it is a system under test, named only as agents or target/,
  );
});

test("function-calls: the line's vars, id and scenario type fill the template; with no {{prompt}} the case's question follows it", async () => {
  const dir = await project({
    "prompts/bot.prompt.yml":
      "messages:\n  - role: system\n    content: You are the {{scenarioType}} desk for {{customer}} (case {{id}}).\n",
    "cases.jsonl": `${JSON.stringify({ id: "weather-1", scenarioType: "weather", question: "Weather in Paris?", vars: { customer: "ACME", tier: 2.0 }, expected_function_calls: [{ functionName: "lookup", arguments: { city: "Paris" } }], tools: [{ name: "lookup", parameters: { type: "object", properties: { city: { type: "string" } } } }] })}\n`,
    "evalgate.yml": `version: 1
output-dir: out
models:
  bot: { provider: openai, base-url: "${server.url}/v1", model: bot-model, prompt: prompts/bot.prompt.yml }
suites:
  calls: { kind: function-calls, dataset: cases.jsonl, target: bot }
`,
  });
  const sent = server.requests.length;
  const run = await runCli(["run", "-c", "evalgate.yml", "-q"], { cwd: dir });
  assert.equal(run.code, 0, run.stderr + run.stdout);
  const [body] = bodiesSince(sent, "bot-model");
  assert.deepEqual(body!.messages, [
    { role: "system", content: "You are the weather desk for ACME (case weather-1)." },
    { role: "user", content: "Weather in Paris?" },
  ]);

  // A live multi-turn case has no single prompt: {{prompt}} is exit 2, naming why.
  await writeFile(path.join(dir, "prompts/bot.prompt.yml"), 'messages:\n  - role: user\n    content: "{{prompt}}"\n');
  await writeFile(
    path.join(dir, "cases.jsonl"),
    `${JSON.stringify({ scenarioType: "weather", instructions: "Ask about Paris.", task_completion_condition: "the bot looked it up", expected_function_calls: [] })}\n`,
  );
  await writeFile(
    path.join(dir, "evalgate.yml"),
    (await readFile(path.join(dir, "evalgate.yml"), "utf8"))
      .replace("target: bot }", "target: bot, simulator: judge }\n")
      .replace("models:\n", `models:\n  judge: { provider: openai, base-url: "${server.url}/v1", model: judge-model }\n`),
  );
  const refused = await runCli(["validate", "-c", "evalgate.yml"], { cwd: dir });
  assert.equal(refused.code, 2, refused.stderr);
  assert.match(
    refused.stderr,
    /prompts\/bot\.prompt\.yml:3: messages\[0\]\.content: \{\{prompt\}\} has no value in cases\.jsonl:1 \(suite calls, model bot\): a live multi-turn case has no single prompt/,
  );
});

test("conversations (completion mode): the thread's metadata fills the template and the conversation follows it", async () => {
  const thread = {
    course: "algebra",
    input: [
      { role: "system", content: "Thread system prompt." },
      { role: "user", content: "How do I solve x + 1 = 2?" },
    ],
  };
  const dir = await project({
    "prompts/tutor.md": "You tutor {{course}}. The student asked: {{prompt}}\n",
    "threads.jsonl": `${JSON.stringify(thread)}\n`,
    "evalgate.yml": `version: 1
output-dir: out
models:
  tutor: { provider: openai, base-url: "${server.url}/v1", model: tutor-model, prompt: prompts/tutor.md }
suites:
  tutoring:
    kind: conversations
    dataset: threads.jsonl
    mode: completion
    target: tutor
    metrics: { function: [{ name: string_length, level: Message }] }
`,
  });
  const sent = server.requests.length;
  const run = await runCli(["run", "-c", "evalgate.yml", "-q"], { cwd: dir });
  assert.equal(run.code, 0, run.stderr + run.stdout);
  const [body] = bodiesSince(sent, "tutor-model");
  // {{prompt}} is used: the file says where the question goes, and the thread's own messages stay out.
  assert.deepEqual(body!.messages, [{ role: "system", content: "You tutor algebra. The student asked: How do I solve x + 1 = 2?" }]);
});
