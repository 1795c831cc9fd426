// An independent judge (issue 41): a judge that is the same model, or of the same family, as a system
// under test it grades is named in every report (console, comment, results.json); with
// gate.judge-independence: required the run stops with exit 2 at the suite's judge line, before any request.
import assert from "node:assert/strict";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { test } from "node:test";
import { judgeKin } from "../../src/config/judge-independence.ts";
import { canonicalModelId, modelFamily } from "../../src/config/model-family.ts";
import type { ModelConfig } from "../../src/config/models.ts";
import { shapeBody } from "../../src/models/families.ts";
import { isJudgeRequest, runCli, writeSuite } from "../engine/helpers.ts";
import { chatCompletion, startScriptedServer } from "../servers/scripted.ts";

test("one family table: the ids the independence check reads as one family are the ids the model rules shape", () => {
  for (const id of ["openai/o4-mini-2025-04-16", "gpt-5-mini", "o1"]) {
    assert.deepEqual(modelFamily(id), { vendor: "openai", family: "gpt" });
    const { body } = shapeBody("openai", id, { max_tokens: 5, temperature: 0 });
    assert.deepEqual(body, { max_completion_tokens: 5 }, id);
  }
  assert.deepEqual(modelFamily("anthropic/claude-opus-4-7@20260101"), { vendor: "anthropic", family: "claude" });
  assert.deepEqual(shapeBody("anthropic", "anthropic/claude-opus-4-7@20260101", { temperature: 0.2, max_tokens: 9 }).body, {
    max_tokens: 9,
  });
  // A family without request rules, and a model of a ruled family that no rule covers, are sent as configured.
  assert.deepEqual(shapeBody("openai", "gpt-4o-2024-08-06", { max_tokens: 5, temperature: 0 }).body, { max_tokens: 5, temperature: 0 });
  assert.deepEqual(shapeBody("openai", "gemini-2.5-pro", { temperature: 0 }).body, { temperature: 0 });
});

test("model families: a vendor prefix, a dated snapshot and -latest are the same model; the family comes from the id", () => {
  assert.equal(canonicalModelId("openai/gpt-4o-2024-08-06"), "gpt-4o");
  assert.equal(canonicalModelId("claude-3-5-sonnet-20241022"), "claude-3-5-sonnet");
  assert.equal(canonicalModelId("Claude-Sonnet-4-latest"), "claude-sonnet-4");
  assert.deepEqual(modelFamily("gpt-4o-mini"), { vendor: "openai", family: "gpt" });
  assert.deepEqual(modelFamily("o3-mini"), { vendor: "openai", family: "gpt" });
  assert.deepEqual(modelFamily("anthropic/claude-opus-4-1"), { vendor: "anthropic", family: "claude" });
  assert.deepEqual(modelFamily("meta-llama/Llama-3.3-70B-Instruct"), { vendor: "meta", family: "llama" });
  assert.equal(modelFamily("demo-judge"), null, "an id the table does not know has no family");
  const model = (id: string) => ({ provider: "openai", "base-url": "http://127.0.0.1:1/v1", model: id }) as unknown as ModelConfig;
  const models = {
    a: model("gpt-4o"),
    b: model("openai/gpt-4o-2024-08-06"),
    c: model("gpt-4.1-mini"),
    d: model("claude-sonnet-4"),
    e: model("x"),
  };
  assert.deepEqual(judgeKin("b", ["a", "c", "d", "e"], models), [
    { target: "a", relation: "model", family: "openai gpt" },
    { target: "c", relation: "family", family: "openai gpt" },
  ]);
  assert.deepEqual(judgeKin("a", ["a"], models), [{ target: "a", relation: "model", family: "openai gpt" }]);
  assert.deepEqual(judgeKin("e", ["a", "d"], models), [], "an unknown id is only compared as the same model");
});

/** The engine's one-suite config with the agent on gpt-4o and the judge on gpt-4o-mini: a judge of the agent's own family. */
async function sameFamilySuite(url: string, gate: string) {
  const { dir, config } = await writeSuite(url, 3);
  const text = (await readFile(config, "utf8"))
    .replace("model: agent-model", "model: gpt-4o")
    .replace("model: judge-model", "model: gpt-4o-mini")
    .replace("gate: { min-score: 0.5 }", gate);
  await writeFile(config, text);
  return { dir, config, text };
}

test("a judge of the system's own family is named in the console, the comment and results.json; required stops before any request", async () => {
  const server = await startScriptedServer((request) =>
    (request.body as { model: string }).model === "gpt-4o-mini" || isJudgeRequest(request.body)
      ? { body: chatCompletion("SCORE: 3") }
      : { body: chatCompletion("An answer") },
  );
  try {
    const reported = await sameFamilySuite(server.url, "gate: { min-score: 0.5 }");
    const run = await runCli(["run", "-c", reported.config, "--no-cache", "-o", "r.json", "--markdown", "m.md"], { cwd: reported.dir });
    assert.equal(run.code, 0, run.stdout + run.stderr);
    const sentence = /qa: the judge judge is not independent: of the same family \(openai gpt\) as the system under test agent/;
    assert.match(run.stdout, sentence);
    assert.match(await readFile(path.join(reported.dir, "m.md"), "utf8"), sentence);
    const results = JSON.parse(await readFile(path.join(reported.dir, "r.json"), "utf8"));
    assert.deepEqual(results.suites.qa.judge.kin, [{ target: "agent", relation: "family", family: "openai gpt" }]);
    assert.ok(results.verdict.notes.some((note: string) => sentence.test(note)));

    const before = server.requests.length;
    const required = await sameFamilySuite(server.url, "gate: { min-score: 0.5, judge-independence: required }");
    const refused = await runCli(["run", "-c", required.config, "--no-cache", "-o", "r.json"], { cwd: required.dir });
    assert.equal(refused.code, 2, refused.stdout + refused.stderr);
    const line = required.text.split("\n").findIndex((l) => l.startsWith("  qa:")) + 1;
    assert.match(
      refused.stderr,
      new RegExp(`evalgate\\.yml:${line}: suites\\.qa\\.judge: qa: the judge judge is not independent: of the same family`),
    );
    assert.equal(server.requests.length, before, "no request was sent");
  } finally {
    await server.close();
  }
});
