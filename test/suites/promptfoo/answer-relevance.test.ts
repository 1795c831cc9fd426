// answer-relevance with the suite's embedding-model, as promptfoo 0.123's matchesAnswerRelevance
// measures it, through the real CLI against a scripted OpenAI-compatible server: the judge writes
// three questions, the prompt and each question are embedded (POST /v1/embeddings), the score is the
// mean cosine similarity, passing at the threshold with promptfoo's reason text.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { runCli } from "../../engine/helpers.ts";
import { chatCompletion, type ScriptedServer, startScriptedServer } from "../../servers/scripted.ts";
import { readResults, writeProject } from "../prompt-yml/project.ts";

// Unit vectors: the prompt's, and each generated question's (cosines with the prompt 1, 0.8 and 0).
const VECTORS: Record<string, number[]> = {
  "What is the capital of France?": [1, 0],
  "Which city is the capital of France?": [0.8, 0.6],
  "What museum is in Paris?": [0, 1],
};
const QUESTIONS = Object.keys(VECTORS);

let server: ScriptedServer;
before(async () => {
  server = await startScriptedServer((request) => {
    const body = request.body as { model: string; input?: string; messages?: { content: string }[] };
    if (request.path === "/v1/embeddings") {
      const embedding = VECTORS[body.input ?? ""];
      return embedding
        ? { body: { data: [{ embedding }], usage: { prompt_tokens: 5 } } }
        : { status: 400, body: { error: "unknown input" } };
    }
    if (body.model === "judge-model") {
      // The three requests carry the same question: a question each, in the order they come.
      const asked = server.requests.filter((r) => (r.body as { model: string }).model === "judge-model").length;
      return { body: chatCompletion(QUESTIONS[(asked - 1) % 3]!) };
    }
    return { body: chatCompletion("Paris. It also has the Louvre.") };
  });
});
after(() => server.close());

function evalgateYml(extra: string): string {
  return `version: 1
concurrency: 1
output-dir: out
models:
  bot: { provider: openai, base-url: "${server.url}/v1", model: bot-model, max-retries: 0 }
  judge: { provider: openai, base-url: "${server.url}/v1", model: judge-model, max-retries: 0 }
  embedder: { provider: openai, base-url: "${server.url}/v1", model: embed-model, max-retries: 0 }
suites:
  pf: { kind: promptfoo, config: promptfooconfig.yaml, model-map: { mini: bot }, judge: judge${extra} }
gate: { min-score: 0 }
`;
}

const PF = `prompts: ["What is the capital of France?"]
providers: [{ id: openai:gpt-5-mini, label: mini }]
tests:
  - description: relevance
    assert:
      - { type: answer-relevance }
      - { type: answer-relevance, threshold: 0.7 }
`;

test("with an embedding-model, answer-relevance is the mean cosine of the judge's questions with the prompt", async () => {
  const project = await writeProject({ "promptfooconfig.yaml": PF, "evalgate.yml": evalgateYml(", embedding-model: embedder") });
  const from = server.requests.length;
  const result = await runCli(["run", "-c", "evalgate.yml", "--no-cache", "--quiet"], { cwd: project.dir });
  assert.ok(result.code === 0 || result.code === 1, result.stdout + result.stderr);
  const suite = (await readResults(project.dir)).suites["pf"]!;
  const details = suite.cases[0]!.details as { asserts: { pass: boolean; score: number; reason: string }[] };
  // (1 + 0.8 + 0) / 3 = 0.6: over 0.5, under 0.7.
  assert.ok(Math.abs(details.asserts[0]!.score - 0.6) < 1e-9, JSON.stringify(details.asserts));
  assert.deepEqual(
    details.asserts.map((a) => [a.pass, a.reason]),
    [
      [true, "Relevance 0.60 is greater than threshold 0.5"],
      [false, "Relevance 0.60 is less than threshold 0.7"],
    ],
  );
  const requests = server.requests.slice(from);
  assert.equal(requests.filter((r) => r.path === "/v1/embeddings").length, 8, "the prompt and 3 questions, for each assert");
  assert.ok(requests.filter((r) => r.path === "/v1/embeddings").every((r) => (r.body as { model: string }).model === "embed-model"));
  assert.equal(requests.filter((r) => (r.body as { model: string }).model === "judge-model").length, 6);
});

test("embedding-model must be an openai model: exit 2 naming it, before any request", async () => {
  const project = await writeProject({
    "promptfooconfig.yaml": PF,
    "evalgate.yml": evalgateYml(", embedding-model: claude").replace(
      "  embedder:",
      '  claude: { provider: anthropic, base-url: "http://127.0.0.1:9", model: c, api-key-env: NO_KEY_NEEDED }\n  embedder:',
    ),
  });
  const from = server.requests.length;
  const result = await runCli(["validate", "-c", "evalgate.yml"], { cwd: project.dir, env: { NO_KEY_NEEDED: "x" } });
  assert.equal(result.code, 2, result.stdout + result.stderr);
  assert.match(result.stderr, /embedding-model.*provider anthropic.*\/embeddings/);
  assert.equal(server.requests.length, from);
});
