// The keyless routes through the real CLI: credentials that expire mid-run (Bedrock's
// ExpiredTokenException, an OpenAI-compatible bearer token answered 401 after it worked) end the run
// with exit 3 naming the expiry, never a regression; missing AWS variables are exit 2 before any
// request; and the secrets reach no output.
import assert from "node:assert/strict";
import { chmod, copyFile, mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { bedrockError, converseReply, startBedrockServer } from "../servers/bedrock.ts";
import { chatCompletion, startScriptedServer } from "../servers/scripted.ts";
import { runCli } from "./helpers.ts";

const AWS = {
  AWS_ACCESS_KEY_ID: "AKIAEVALGATECLI00001",
  AWS_SECRET_ACCESS_KEY: "cli-secret/+key=abcdefghijklmnop",
  AWS_SESSION_TOKEN: "IQoJcliSessionToken/+=abcdefgh",
  AWS_REGION: "us-east-1",
};

/** A judged suite of `prompts` questions whose agent and judge are the `models` block given. */
async function writeKeylessSuite(models: string, prompts: number): Promise<{ dir: string; config: string }> {
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-keyless-"));
  const rows = ["prompt,judge_prompt", ...Array.from({ length: prompts }, (_, i) => `"Question ${i + 1}","The answer is ${i + 2}."`)];
  await writeFile(path.join(dir, "prompts.csv"), `${rows.join("\n")}\n`);
  const config = path.join(dir, "evalgate.yml");
  await writeFile(
    config,
    `version: 1\nconcurrency: 1\noutput-dir: out\nmodels:\n${models}\nsuites:\n  qa: { kind: judged, prompts: prompts.csv, agents: [agent], judge: judge, judge-runs: 1, scale: 0-3 }\ngate: { min-score: 0.5 }\n`,
  );
  return { dir, config };
}

async function everyOutput(dir: string, stdout: string, stderr: string): Promise<string> {
  const files = (await readdir(path.join(dir, "out"), { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
  const texts = await Promise.all(files.map((entry) => readFile(path.join(entry.parentPath, entry.name), "utf8")));
  return [stdout, stderr, ...texts].join("\n");
}

test("bedrock: credentials that expire mid-run are exit 3 naming the expiry, not a regression; no AWS secret in any output", async () => {
  const expected = {
    accessKeyId: AWS.AWS_ACCESS_KEY_ID,
    secretAccessKey: AWS.AWS_SECRET_ACCESS_KEY,
    sessionToken: AWS.AWS_SESSION_TOKEN,
    region: AWS.AWS_REGION,
  };
  const server = await startBedrockServer(expected, (_request, model, index) => {
    if (index >= 4) return bedrockError(403, "ExpiredTokenException", "The security token included in the request is expired");
    return { body: converseReply([{ text: model === "judge.model-v1:0" ? "SCORE: 3" : "An answer." }]) };
  });
  try {
    const models = [
      `  agent: { provider: bedrock, model: "agent.model-v1:0", base-url: "${server.url}", retry-backoff: 1ms }`,
      `  judge: { provider: bedrock, model: "judge.model-v1:0", base-url: "${server.url}", retry-backoff: 1ms }`,
    ].join("\n");
    const { dir, config } = await writeKeylessSuite(models, 6);
    const result = await runCli(["run", "-c", config, "--quiet"], { cwd: dir, env: AWS });
    assert.equal(result.code, 3, result.stdout + result.stderr);
    assert.deepEqual(server.problems, [], "every request was signed and shaped as Bedrock wants");
    assert.match(result.stdout, /could not decide/);
    assert.match(result.stdout, /expired during the run, after \d+ accepted requests/);
    assert.doesNotMatch(result.stdout, /FAIL/);
    const results = JSON.parse(await readFile(path.join(dir, "out", "results.json"), "utf8"));
    assert.equal(results.verdict.verdict, "error");
    const outputs = await everyOutput(dir, result.stdout, result.stderr);
    for (const secret of [AWS.AWS_SECRET_ACCESS_KEY, AWS.AWS_SESSION_TOKEN, AWS.AWS_ACCESS_KEY_ID])
      assert.ok(!outputs.includes(secret), `${secret} leaked`);
  } finally {
    await server.close();
  }
});

test("bedrock: missing AWS credentials or region are exit 2 before any request, every one named", async () => {
  const models = `  agent: { provider: bedrock, model: m.x-v1, base-url: "http://127.0.0.1:9" }\n  judge: { provider: bedrock, model: j.x-v1, region: eu-west-1, base-url: "http://127.0.0.1:9" }`;
  const { dir, config } = await writeKeylessSuite(models, 1);
  const env = { AWS_ACCESS_KEY_ID: "", AWS_SECRET_ACCESS_KEY: "", AWS_SESSION_TOKEN: "", AWS_REGION: "", AWS_DEFAULT_REGION: "" };
  const result = await runCli(["run", "-c", config, "--quiet"], { cwd: dir, env });
  assert.equal(result.code, 2, result.stdout + result.stderr);
  const text = result.stdout + result.stderr;
  assert.match(
    text,
    /model "agent" needs the environment variables AWS_SECRET_ACCESS_KEY \(secret-access-key-env\), AWS_ACCESS_KEY_ID \(access-key-id-env\) and AWS_REGION or AWS_DEFAULT_REGION \(region\)/,
  );
  assert.match(
    text,
    /model "judge" needs the environment variables AWS_SECRET_ACCESS_KEY \(secret-access-key-env\) and AWS_ACCESS_KEY_ID \(access-key-id-env\)/,
  );
});

/** Vertex AI's OpenAI-compatible endpoint under a project and region. */
const VERTEX = "/v1/projects/my-project/locations/us-central1/endpoints/openapi";

test("openai with a bearer token from the environment (Entra ID, Vertex): a 401 after it worked is exit 3 saying the token expired", async () => {
  const token = "eyJ0eXAiOiJKV1QiEntraAccessToken.abc";
  const server = await startScriptedServer((request, index) => {
    if (request.headers.authorization !== `Bearer ${token}`) return { status: 400, body: { error: { message: "no bearer token" } } };
    // Azure's v1 route for the agent, Vertex's OpenAI-compatible route for the judge.
    if (!["/openai/v1/chat/completions", `${VERTEX}/chat/completions`].includes(request.path))
      return { status: 404, body: { error: { message: request.path } } };
    if (index >= 4) return { status: 401, body: { error: { code: "401", message: "Access token has expired or is not yet valid." } } };
    const judge = (request.body as { model: string }).model === "google/gemini-2.5-pro";
    return { body: chatCompletion(judge ? "SCORE: 3" : "An answer.") };
  });
  try {
    const entry = (route: string, model: string) =>
      `{ provider: openai, base-url: "${server.url}${route}", model: ${model}, api-key-env: AZURE_OPENAI_TOKEN, retry-backoff: 1ms }`;
    const { dir, config } = await writeKeylessSuite(
      `  agent: ${entry("/openai/v1", "agent-model")}\n  judge: ${entry(VERTEX, "google/gemini-2.5-pro")}`,
      6,
    );
    const result = await runCli(["run", "-c", config, "--quiet"], { cwd: dir, env: { AZURE_OPENAI_TOKEN: token } });
    assert.equal(result.code, 3, result.stdout + result.stderr);
    assert.match(result.stdout, /HTTP 401.*its credentials expired during the run, after \d+ accepted requests/);
    assert.doesNotMatch(result.stdout, /FAIL/);
    assert.ok(!(await everyOutput(dir, result.stdout, result.stderr)).includes(token));
  } finally {
    await server.close();
  }
});

/** The stand-in Copilot CLI installed as `copilot` in a folder for PATH. */
async function copilotOnPath(): Promise<string> {
  const bin = await mkdtemp(path.join(tmpdir(), "evalgate-copilot-bin-"));
  await copyFile(path.join(import.meta.dirname, "../fixtures/commands/fake-copilot.mjs"), path.join(bin, "copilot"));
  await chmod(path.join(bin, "copilot"), 0o755);
  return bin;
}

test("copilot: a judged suite through the Copilot CLI on PATH passes, the prompt file's settings the CLI cannot take named as notes; the token in no output", async () => {
  const token = "ghs_workflowTokenForCopilot0123456789";
  const bin = await copilotOnPath();
  const models = `  agent: { provider: copilot, model: gpt-5-mini, prompt: agent.prompt.yml }\n  judge: { provider: copilot, model: claude-sonnet-4.5 }`;
  const { dir, config } = await writeKeylessSuite(models, 3);
  const prompt =
    "name: agent\nmodel: openai/gpt-5-mini\nmodelParameters:\n  temperature: 0.2\nmessages:\n  - role: system\n    content: Be brief.\n";
  await writeFile(path.join(dir, "agent.prompt.yml"), prompt);
  const env = { PATH: `${bin}${path.delimiter}${process.env.PATH}`, COPILOT_GITHUB_TOKEN: token };
  const result = await runCli(["run", "-c", config], { cwd: dir, env });
  assert.equal(result.code, 0, result.stdout + result.stderr);
  assert.match(result.stdout, /model "agent" \(copilot\): temperature 0\.2 not sent: the Copilot CLI takes no sampling settings/);
  const results = JSON.parse(await readFile(path.join(dir, "out", "results.json"), "utf8"));
  assert.equal(results.suites.qa.counts.scored, 3);
  assert.ok(results.run.notes.some((note: string) => note.includes('model "agent" (copilot): temperature 0.2 not sent')));
  assert.ok(!(await everyOutput(dir, result.stdout, result.stderr)).includes(token));
});

test("copilot: a Copilot CLI that is not installed is exit 3, saying how to install it", async () => {
  const { dir, config } = await writeKeylessSuite(
    `  agent: { provider: copilot, command: copilot-missing-here }\n  judge: { provider: copilot, command: copilot-missing-here }`,
    2,
  );
  const result = await runCli(["run", "-c", config, "--quiet"], { cwd: dir, env: { COPILOT_GITHUB_TOKEN: "ghs_token0123456789" } });
  assert.equal(result.code, 3, result.stdout + result.stderr);
  assert.match(
    result.stdout,
    /could not be started \(spawn copilot-missing-here ENOENT\): install it with `npm install -g @github\/copilot`/,
  );
});
