// Whose failure, through the real CLI against scripted servers: a system under test that refuses
// every case with HTTP 400, 413 or 422 (a refusal about that one request) or answers every case
// unusably has failed on its own answers (exit 1), in every suite kind that sends to a target (agent
// and promptfoo included); 408
// and 5xx may be the infrastructure's, so the same run with those could not decide (exit 3).
import assert from "node:assert/strict";
import { cp, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { runCli } from "../engine/helpers.ts";
import { startScriptedAthena } from "../servers/athena.ts";
import { startScriptedServer } from "../servers/scripted.ts";
import { EVALS } from "../suites/sgi/helpers.ts";

const MCP_SERVER = path.resolve(import.meta.dirname, "../fixtures/mcp/server.mjs");
const OWN_FAILURE = /error rate 100% \((\d+) of \1 cases: the system under test gave no usable answer\) is over max-error-rate 5%/;

/** A folder holding `files` (name → text), evalgate.yml among them. */
async function project(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-whose-"));
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, name), text);
  return dir;
}

/** A server answering each model (named "status-<code>") with that HTTP status and an OpenAI-style error. */
function refusingServer() {
  return startScriptedServer((request) => {
    const model = String((request.body as { model?: string }).model);
    const status = Number(model.replace("status-", ""));
    return { status, body: { error: { message: `refused by ${model}`, type: "invalid_request_error" } } };
  });
}

/** One judged suite per status, each with its own model on `url`, checked without a judge. */
function judgedPerStatus(url: string, statuses: number[]): Record<string, string> {
  const models = statuses.map(
    (s) => `  m${s}: { provider: openai, base-url: "${url}/v1", model: status-${s}, max-retries: 0, retry-backoff: 1ms }`,
  );
  const suites = statuses.map((s) => `  s${s}: { kind: judged, prompts: prompts.csv, agents: [m${s}], checks: [{ contains: paris }] }`);
  return {
    "prompts.csv": 'prompt\n"Q1"\n"Q2"\n"Q3"\n',
    "evalgate.yml": `version: 1\noutput-dir: out\nmodels:\n${models.join("\n")}\nsuites:\n${suites.join("\n")}\n`,
  };
}

test("a target refusing every case with 400, 413 or 422 failed on its own answers (exit 1), one request per case, the model never stopped", async () => {
  const server = await refusingServer();
  try {
    const dir = await project(judgedPerStatus(server.url, [400, 413, 422]));
    const result = await runCli(["run", "-c", "evalgate.yml", "--concurrency", "1"], { cwd: dir });
    assert.equal(result.code, 1, result.stdout + result.stderr);
    for (const status of [400, 413, 422]) {
      assert.match(result.stdout, new RegExp(`✗ s${status} .*${OWN_FAILURE.source}`));
      assert.match(result.stdout, new RegExp(`answered HTTP ${status}: refused by status-${status}`));
    }
    assert.doesNotMatch(result.stdout, /COULD NOT DECIDE|nothing measured|stopped/);
    assert.equal(server.requests.length, 9, "each refusal fails its case only: every case is still sent, once");
  } finally {
    await server.close();
  }
});

test("a target answering every case 408 or 503 is not measured: could not decide (exit 3), never a failure", async () => {
  const server = await refusingServer();
  try {
    const dir = await project(judgedPerStatus(server.url, [408, 503]));
    const result = await runCli(["run", "-c", "evalgate.yml", "--concurrency", "1"], { cwd: dir });
    assert.equal(result.code, 3, result.stdout + result.stderr);
    assert.match(result.stdout, /COULD NOT DECIDE/);
    assert.doesNotMatch(result.stdout, /the system under test gave no usable answer\) is over/);
  } finally {
    await server.close();
  }
});

test("function-calls: a target refusing every case with 400 failed on its own answers (exit 1)", async () => {
  const server = await refusingServer();
  try {
    const line = (id: string) =>
      JSON.stringify({
        id,
        scenarioType: "weather",
        question: "Weather in Paris?",
        expected_function_calls: [{ functionName: "lookup", arguments: { city: "Paris" } }],
        tools: [{ name: "lookup", parameters: { type: "object", properties: { city: { type: "string" } } } }],
      });
    const dir = await project({
      "cases.jsonl": `${line("w1")}\n${line("w2")}\n`,
      "evalgate.yml": `version: 1
output-dir: out
models:
  bot: { provider: openai, base-url: "${server.url}/v1", model: status-400, max-retries: 0, retry-backoff: 1ms }
suites:
  calls: { kind: function-calls, dataset: cases.jsonl, target: bot }
`,
    });
    const result = await runCli(["run", "-c", "evalgate.yml"], { cwd: dir });
    assert.equal(result.code, 1, result.stdout + result.stderr);
    assert.match(result.stdout, OWN_FAILURE);
    assert.doesNotMatch(result.stdout, /COULD NOT DECIDE|nothing measured/);
  } finally {
    await server.close();
  }
});

test("sgi: an Athena server whose every answer is unreadable failed on its own answers (exit 1); one refusing every case with 422 too", async () => {
  for (const reply of [{ body: "<html>not feedback</html>" }, { status: 422, body: { detail: "submission too large" } }]) {
    const server = await startScriptedAthena(path.join(EVALS, "sgi/bpmn_loan/test_cases"), () => ({ reply }));
    try {
      const dir = await mkdtemp(path.join(tmpdir(), "evalgate-whose-sgi-"));
      await cp(path.join(EVALS, "sgi"), path.join(dir, "sgi"), { recursive: true });
      await writeFile(
        path.join(dir, "evalgate.yml"),
        `version: 1
output-dir: out
models:
  athena: { provider: athena, url: "${server.url}", secret-env: ATHENA_SECRET, retry-backoff: 1ms, max-retries: 0 }
suites:
  uml: { kind: sgi, scenarios: sgi/bpmn_loan, target: athena, costs: sgi/llm_cost.yml, invalid-retries: 0 }
`,
      );
      const result = await runCli(["run", "-c", "evalgate.yml"], { cwd: dir, env: { ATHENA_SECRET: "athena-shared-secret" } });
      assert.equal(result.code, 1, `${JSON.stringify(reply)}: ${result.stdout}${result.stderr}`);
      assert.match(result.stdout, OWN_FAILURE);
      assert.doesNotMatch(result.stdout, /COULD NOT DECIDE|nothing measured/);
    } finally {
      await server.close();
    }
  }
});

test("agent: a model refusing every step with 400 failed on its own answers (exit 1); the MCP server is not blamed", async () => {
  const server = await refusingServer();
  try {
    const dir = await project({
      "cases.jsonl": `${JSON.stringify({ id: "t1", instruction: "look up T-1", expected_calls: [{ name: "get_ticket" }] })}\n`,
      "evalgate.yml": `version: 1
output-dir: out
models:
  bot: { provider: openai, base-url: "${server.url}/v1", model: status-400, api-key-env: OPENAI_API_KEY, max-retries: 0, retry-backoff: 1ms }
suites:
  desk: { kind: agent, dataset: cases.jsonl, target: bot, mcp: { command: [${JSON.stringify(process.execPath)}, ${JSON.stringify(MCP_SERVER)}] } }
`,
    });
    const result = await runCli(["run", "-c", "evalgate.yml"], { cwd: dir, env: { OPENAI_API_KEY: "sk-whose-agent" } });
    assert.equal(result.code, 1, result.stdout + result.stderr);
    assert.match(result.stdout, OWN_FAILURE);
    assert.doesNotMatch(result.stdout, /COULD NOT DECIDE|nothing measured/);
  } finally {
    await server.close();
  }
});

test("promptfoo: a provider refusing every test with 422 failed on its own answers (exit 1)", async () => {
  const server = await refusingServer();
  try {
    const dir = await project({
      "promptfooconfig.yaml": `prompts: ["Say {{word}}"]
providers:
  - id: openai:chat:status-422
    config: { apiBaseUrl: "${server.url}/v1" }
tests:
  - vars: { word: one }
    assert: [{ type: contains, value: one }]
  - vars: { word: two }
    assert: [{ type: contains, value: two }]
`,
      "evalgate.yml": "version: 1\noutput-dir: out\nmodels: {}\nsuites:\n  pf: { kind: promptfoo, config: promptfooconfig.yaml }\n",
    });
    const result = await runCli(["run", "-c", "evalgate.yml"], { cwd: dir, env: { OPENAI_API_KEY: "sk-whose-promptfoo" } });
    assert.equal(result.code, 1, result.stdout + result.stderr);
    assert.match(result.stdout, OWN_FAILURE);
    assert.doesNotMatch(result.stdout, /COULD NOT DECIDE|nothing measured/);
  } finally {
    await server.close();
  }
});
