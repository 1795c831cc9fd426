// An Athena answer that breaks the module manager's documented schema (no `meta`, fields of the
// wrong type) is an invalid answer, never "empty feedback": retried per `invalid-retries`, then a
// case error naming every cause, as the TestBench does. Through the real CLI against the scripted
// Athena server.
import assert from "node:assert/strict";
import { cp, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import type { Results } from "../../../src/results/types.ts";
import { runCli } from "../../engine/helpers.ts";
import { feedbackBody, startScriptedAthena } from "../../servers/athena.ts";
import { BPMN_TEST_CASES, EVALS } from "./helpers.ts";

const withoutMeta = (body: unknown) => {
  const { meta: _meta, ...rest } = body as Record<string, unknown>;
  return rest;
};

test("an answer missing meta, then one with meta of the wrong type, is retried and the third, correct answer is scored; one that never has meta is a case error", async () => {
  const server = await startScriptedAthena(BPMN_TEST_CASES, (name, attempt, request) => {
    const valid = feedbackBody(request, { sgis: [], usage: [{ model: "gpt-4o-2024-08-06", input: 1000, output: 100 }] });
    if (name === "missing_event") {
      if (attempt === 1) return { reply: { body: withoutMeta(valid) } };
      if (attempt === 2) return { reply: { body: { ...(valid as object), meta: "none", status: "200" } } };
      return { sgis: [], usage: [{ model: "gpt-4o-2024-08-06", input: 1000, output: 100 }] };
    }
    if (name === "missing_gateway") return { reply: { body: withoutMeta(valid) } };
    if (name === "missing_end_event") return { reply: { body: { ...(valid as object), module_name: 7 } } };
    return { sgis: [], usage: [{ model: "gpt-4o-2024-08-06", input: 1000, output: 100 }] };
  });
  try {
    const dir = await mkdtemp(path.join(tmpdir(), "evalgate-athena-schema-"));
    await cp(path.join(EVALS, "sgi"), path.join(dir, "sgi"), { recursive: true });
    await writeFile(
      path.join(dir, "evalgate.yml"),
      `version: 1
output-dir: out
models:
  athena: { provider: athena, url: "${server.url}", secret-env: ATHENA_SECRET, retry-backoff: 1ms, max-retries: 1 }
suites:
  uml: { kind: sgi, scenarios: sgi/bpmn_loan, target: athena, costs: sgi/llm_cost.yml }
gate: { min-score: 0, max-error-rate: 1 }
`,
    );
    const result = await runCli(["run", "-c", "evalgate.yml", "-o", "results.json", "--details"], {
      cwd: dir,
      env: { ATHENA_SECRET: "athena-shared-secret" },
    });
    assert.ok(result.code === 0 || result.code === 1, result.stdout + result.stderr);
    const results = JSON.parse(await readFile(path.join(dir, "results.json"), "utf8")) as Results;
    const byName = (name: string) => results.suites["uml"]!.cases.find((c) => c.caseId.endsWith(`/${name}`))!;

    assert.equal(server.attempts.get("missing_event"), 3);
    assert.equal(byName("missing_event").status, "scored");
    assert.ok(byName("missing_event").costUsd! > 0, "the correct answer's usage is priced");

    const gateway = byName("missing_gateway");
    assert.equal(server.attempts.get("missing_gateway"), 3, "invalid-retries: 2 by default, 3 attempts");
    assert.equal(gateway.status, "error");
    assert.match(gateway.error!.message, /^athena: 3 attempts, every answer was invalid: the response has no "meta" field/);

    const endEvent = byName("missing_end_event");
    assert.equal(endEvent.status, "error");
    assert.match(endEvent.error!.message, /"module_name" is a number, not a text/);
  } finally {
    await server.close();
  }
});

test("the wrong type of a feedback field or of meta.totalUsage is an invalid answer too", async () => {
  const { parseAthenaResponse } = await import("../../../src/suites/sgi/response.ts");
  const base = { module_name: "module_modeling_llm", status: 200, data: [{ credits: 1, structured_grading_instruction_id: 3 }], meta: {} };
  assert.equal(parseAthenaResponse(base).ok, true);
  const invalid = (body: unknown) => {
    const parsed = parseAthenaResponse(body);
    return parsed.ok ? "valid" : parsed.message;
  };
  assert.match(invalid({ ...base, meta: null }), /"meta" is null, not an object/);
  assert.match(invalid({ ...base, data: [{ credits: 1, title: 42 }] }), /data\[0\]\.title is a number, not a text/);
  assert.match(
    invalid({ ...base, meta: { totalUsage: { numInputTokens: "many" } } }),
    /meta\.totalUsage\.numInputTokens is the text "many"/,
  );
  assert.match(
    invalid({ ...base, meta: { llmRequests: [{ model: "m", numInputTokens: -5, numOutputTokens: 1 }] } }),
    /meta\.llmRequests\[0\] has negative token counts/,
  );
});
