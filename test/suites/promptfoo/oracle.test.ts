// Parity with promptfoo itself, through the real CLI: test/fixtures/promptfoo/oracle/ holds two
// promptfoo configs (every assert type evalgate runs; templating and test loading) and expected.json,
// what promptfoo 0.123.1 gave on them (record.mjs, the command in README.md) with its `echo` provider
// and a scripted grader. evalgate runs the same configs unchanged, its model echoing the prompt and its
// judge replying as the scripted grader did: every test on every prompt passes or fails alike, with
// the same output, score, named scores and each assert's pass, score and reason, except where
// docs/reference-differences.md says otherwise (a javascript error's stack trace).
import assert from "node:assert/strict";
import { cp, readFile } from "node:fs/promises";
import path from "node:path";
import { after, before, test } from "node:test";
import type { CaseResult } from "../../../src/results/types.ts";
import type { PromptfooCaseDetails } from "../../../src/suites/promptfoo/run.ts";
import { runCli } from "../../engine/helpers.ts";
import { scriptedReply } from "../../fixtures/promptfoo/oracle/grader.mjs";
import { chatCompletion, type ScriptedServer, startScriptedServer } from "../../servers/scripted.ts";
import { readResults, writeProject } from "../prompt-yml/project.ts";

interface Expected {
  config: string;
  description: string;
  vars: Record<string, unknown>;
  promptIdx: number;
  output: unknown;
  success: boolean;
  score: number;
  namedScores: Record<string, number>;
  asserts: { type: string; pass: boolean; score: number; reason: string }[];
}

const ORACLE = path.join(import.meta.dirname, "../../fixtures/promptfoo/oracle");
const fixture = JSON.parse(await readFile(path.join(ORACLE, "expected.json"), "utf8")) as { promptfoo: string; results: Expected[] };

/** promptfoo appends a javascript error's stack trace to its reason; evalgate gives the error alone (docs/reference-differences.md). */
const withoutStack = (reason: string) => reason.replace(/\nStack Trace: Error: [^\n]*(\n\s+at [^\n]*)*/, "");
/** A latency is measured, not the same twice: its number is left out of the comparison. */
const unmeasured = (reason: string) => reason.replace(/^Latency \d+ms/, "Latency Nms");

type Body = { model: string; messages: { role: string; content: string }[] };
let server: ScriptedServer;
before(async () => {
  // The model echoes what it is sent, as promptfoo's echo provider does (a chat prompt as its JSON);
  // the judge replies as the scripted grader did.
  server = await startScriptedServer((request) => {
    const body = request.body as Body;
    if (body.model === "judge-model") return { body: chatCompletion(scriptedReply(body.messages.at(-1)!.content, true)) };
    const only = body.messages.length === 1 && body.messages[0]!.role === "user";
    const text = only
      ? body.messages[0]!.content
      : JSON.stringify(
          body.messages.map(({ role, content }) => ({ role, content })),
          null,
          2,
        );
    return { body: chatCompletion(text, { usage: { prompt: 1, completion: 1 } }) };
  });
});
after(() => server.close());

async function runOracle(file: string) {
  const url = `${server.url}/v1`;
  const project = await writeProject({
    "evalgate.yml": `version: 1
concurrency: 4
output-dir: out
models:
  echo: { provider: openai, base-url: "${url}", model: echo-model, max-retries: 0, price: { input-per-million: 0, output-per-million: 0 } }
  judge: { provider: openai, base-url: "${url}", model: judge-model, max-retries: 0 }
suites:
  oracle: { kind: promptfoo, config: oracle/${file}, model-map: { echo: echo }, judge: judge, script-timeout: 60s }
gate: { min-score: 0 }
`,
  });
  await cp(ORACLE, path.join(project.dir, "oracle"), { recursive: true });
  const result = await runCli(["run", "-c", "evalgate.yml", "--no-cache", "--quiet"], { cwd: project.dir });
  assert.ok(result.code === 0 || result.code === 1, result.stdout + result.stderr);
  return (await readResults(project.dir)).suites["oracle"]!;
}

/** The evalgate case for a promptfoo result: the same test (description, vars as promptfoo shows them) on the same prompt. */
function caseFor(cases: readonly CaseResult[], want: Expected): CaseResult | undefined {
  return cases.find((c) => {
    const input = c.details as PromptfooCaseDetails;
    if (input.description !== want.description || input.promptIndex !== want.promptIdx) return false;
    // A var naming a file holds the file's text in evalgate's case, its reference in promptfoo's results.
    return Object.entries(want.vars).every(
      ([name, value]) => (typeof value === "string" && value.startsWith("file://")) || shown(input.vars[name]) === shown(value),
    );
  });
}

/** promptfoo's results show a var holding JSON text re-serialized without its spaces (nested JSON too): compared without them. */
const shown = (value: unknown) => (typeof value === "string" && /^[[{]/.test(value) ? value.replace(/\s+/g, "") : JSON.stringify(value));

const close = (a: number, b: number) => Math.abs(a - b) < 1e-9;

for (const file of ["asserts.yaml", "templating.yaml"]) {
  test(`promptfoo ${fixture.promptfoo} on ${file}: evalgate gives the same results, test for test`, async () => {
    const suite = await runOracle(file);
    const expected = fixture.results.filter((r) => r.config === file);
    assert.equal(suite.cases.length, expected.length, "one case per promptfoo result");
    for (const want of expected) {
      const label = `${want.description} ${JSON.stringify(want.vars)} on prompt ${want.promptIdx}`;
      const mine = caseFor(suite.cases, want);
      assert.ok(mine, `no evalgate case for ${label}`);
      const details = mine.details as PromptfooCaseDetails;
      assert.deepEqual(details.output, want.output, `${label}: output`);
      assert.equal(mine.metrics["pass_rate"], want.success ? 1 : 0, `${label}: pass`);
      assert.ok(close(mine.metrics["score"]!, want.score), `${label}: score ${mine.metrics["score"]} != ${want.score}`);
      for (const [name, value] of Object.entries(want.namedScores))
        assert.ok(close(mine.metrics[`metric/${name}`]!, value), `${label}: metric ${name}`);
      assert.equal(details.asserts?.length, want.asserts.length, `${label}: asserts`);
      want.asserts.forEach((a, i) => {
        const got = details.asserts![i]!;
        assert.equal(got.pass, a.pass, `${label}: assert ${i} (${a.type}) pass: ${got.reason}`);
        assert.ok(close(got.score, a.score), `${label}: assert ${i} (${a.type}) score ${got.score} != ${a.score}`);
        assert.equal(unmeasured(got.reason), unmeasured(withoutStack(a.reason)), `${label}: assert ${i} (${a.type}) reason`);
      });
    }
  });
}
