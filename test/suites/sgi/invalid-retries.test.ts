// A 2xx whose body is not JSON or not the module manager's wrapper is retried like a transport
// error (the TestBench retries any exception, 3 attempts in all), bounded by `invalid-retries`,
// and the cause is reported when it stays invalid. Real HTTP against the scripted Athena server.
import assert from "node:assert/strict";
import { test } from "node:test";
import { startScriptedAthena } from "../../servers/athena.ts";
import { BPMN_TEST_CASES, loadBpmn, perfectAnswer, runCases } from "./helpers.ts";

const NAMES = ["missing_event", "missing_gateway", "unlabelled_pool", "unlabelled_activity"];

test("invalid bodies are retried until valid; if they stay invalid the case error names the cause", async () => {
  const { opts, cases } = await loadBpmn();
  const picked = cases.filter((c) => NAMES.includes(c.input.testCase.name));
  const server = await startScriptedAthena(BPMN_TEST_CASES, (name, attempt) => {
    const perfect = { sgis: perfectAnswer(picked.find((c) => c.input.testCase.name === name)!.input) };
    switch (name) {
      case "missing_event": // HTML from a proxy, then a valid answer
        return attempt === 1 ? { reply: { body: "<html>502 Bad Gateway</html>" } } : perfect;
      case "missing_gateway": // a wrapper without data twice, then valid: the third and last attempt
        return attempt <= 2 ? { reply: { body: { module_name: "module_modeling_llm", status: 200 } } } : perfect;
      case "unlabelled_pool": // never valid: not JSON, then a bare array, then not JSON again
        return { reply: { body: attempt === 2 ? [{ credits: 1 }] : "Internal hiccup" } };
      default: // a real HTTP error is the transport's business: retried there, not here
        return { reply: { status: 400, body: { detail: "bad request" } } };
    }
  });
  try {
    const results = await runCases(picked, opts, server.url);
    const byName = (n: string) => results.find((r) => r.caseId.endsWith(`/${n}`))!;
    assert.equal(byName("missing_event").status, "scored");
    assert.equal(byName("missing_event").metrics.score, 1);
    assert.equal(byName("missing_event").requests, 2);
    assert.equal(byName("missing_gateway").status, "scored");
    assert.equal(server.attempts.get("missing_gateway"), 3);

    const pool = byName("unlabelled_pool");
    assert.equal(pool.status, "error");
    assert.equal(pool.error?.kind, "endpoint");
    assert.equal(server.attempts.get("unlabelled_pool"), 3);
    assert.equal(pool.requests, 3);
    assert.match(pool.error!.message, /^athena: 3 attempts, every answer was invalid: /);
    assert.match(pool.error!.message, /body that is not JSON: Internal hiccup; then: the response is a bare array/);

    assert.equal(byName("unlabelled_activity").status, "error");
    assert.equal(server.attempts.get("unlabelled_activity"), 1); // 400 is not retryable anywhere
    assert.match(byName("unlabelled_activity").error!.message, /HTTP 400/);
  } finally {
    await server.close();
  }
});

test("invalid-retries bounds the attempts: 0 means the first invalid answer is final", async () => {
  const { opts, cases } = await loadBpmn({ "invalid-retries": 0 });
  const picked = cases.filter((c) => c.input.testCase.name === "missing_event");
  const server = await startScriptedAthena(BPMN_TEST_CASES, () => ({ reply: { body: "not json" } }));
  try {
    const [result] = await runCases(picked, opts, server.url);
    assert.equal(result?.status, "error");
    assert.equal(server.attempts.get("missing_event"), 1);
    assert.match(result!.error!.message, /^athena: 1 attempt, the answer was invalid: .*not JSON: not json/);
  } finally {
    await server.close();
  }
});
