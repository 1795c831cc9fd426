import assert from "node:assert/strict";
import { after, test } from "node:test";
import { Agent } from "undici";
import { EndpointError } from "../../src/models/errors.ts";
import { createLimits } from "../../src/models/limits.ts";
import { backoffDelay, classifyOutcome, parseRetryAfter, retryDelay } from "../../src/models/retry.ts";
import { createRunGuard } from "../../src/models/run-guard.ts";
import { emptyStats } from "../../src/models/stats.ts";
import { type ModelChannel, postJson } from "../../src/models/transport.ts";
import { chatCompletion, type ScriptedHandler, startScriptedServer } from "../servers/scripted.ts";
import { registryFor, userAsks } from "./helpers.ts";

const agent = new Agent();
after(() => agent.close());

function channel(overrides: Partial<ModelChannel> = {}): ModelChannel {
  return {
    name: "m",
    dispatcher: agent,
    limiter: createLimits(4).forModel(undefined),
    policy: { timeoutMs: 1000, maxRetries: 3, backoffMs: 1 },
    stats: emptyStats(),
    fatal: null,
    ...overrides,
  };
}

async function withServer(handler: ScriptedHandler, run: (url: string, requests: unknown[]) => Promise<void>) {
  const server = await startScriptedServer(handler);
  try {
    await run(server.url, server.requests);
  } finally {
    await server.close();
  }
}

async function rejectsWith(promise: Promise<unknown>, kind: string): Promise<EndpointError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof EndpointError, `expected EndpointError, got ${error}`);
    assert.equal(error.kind, kind, error.message);
    return error;
  }
  assert.fail(`expected an EndpointError "${kind}"`);
}

test("policy: 429 and 5xx and network and timeout retry; 401/403/404/410 fatal; other 4xx fail", () => {
  assert.equal(classifyOutcome({ kind: "status", status: 429 }), "retry");
  assert.equal(classifyOutcome({ kind: "status", status: 500 }), "retry");
  assert.equal(classifyOutcome({ kind: "status", status: 503 }), "retry");
  assert.equal(classifyOutcome({ kind: "network" }), "retry");
  assert.equal(classifyOutcome({ kind: "timeout" }), "retry");
  for (const status of [401, 403, 404, 410]) assert.equal(classifyOutcome({ kind: "status", status }), "fatal");
  for (const status of [400, 409, 413, 422]) assert.equal(classifyOutcome({ kind: "status", status }), "fail");
});

test("policy: exponential backoff with 0-30% jitter, capped at 30 s", () => {
  assert.equal(
    backoffDelay(1, 100, () => 0),
    100,
  );
  assert.equal(
    backoffDelay(3, 100, () => 0),
    400,
  );
  assert.equal(
    backoffDelay(3, 100, () => 1),
    520,
  );
  assert.equal(
    backoffDelay(20, 1000, () => 0.5),
    30_000,
  );
});

test("policy: Retry-After in seconds or as an HTTP date, honoured on 429/503 only, capped at 60 s", () => {
  const now = Date.parse("2025-01-01T00:00:00Z");
  assert.equal(parseRetryAfter("3", now), 3000);
  assert.equal(parseRetryAfter("Wed, 01 Jan 2025 00:00:10 GMT", now), 10_000);
  assert.equal(parseRetryAfter("Tue, 31 Dec 2024 00:00:00 GMT", now), 0);
  assert.equal(parseRetryAfter("soon", now), null);
  assert.equal(parseRetryAfter(undefined, now), null);
  assert.equal(
    retryDelay(1, { kind: "status", status: 429, retryAfter: "7" }, 10, () => 0, now),
    7000,
  );
  assert.equal(
    retryDelay(1, { kind: "status", status: 503, retryAfter: "600" }, 10, () => 0, now),
    60_000,
  );
  assert.equal(
    retryDelay(1, { kind: "status", status: 500, retryAfter: "7" }, 10, () => 0, now),
    10,
  );
});

test("transport: 429 with Retry-After waits what the server asked, then succeeds", async () => {
  await withServer(
    (_req, i) => (i === 0 ? { status: 429, headers: { "retry-after": "2" }, body: { error: "slow down" } } : { body: { ok: true } }),
    async (url, requests) => {
      const waits: number[] = [];
      const ch = channel({ sleep: async (ms) => void waits.push(ms) });
      const response = await postJson(ch, { url, method: "POST", headers: {}, body: { q: 1 } });
      assert.deepEqual(response.json, { ok: true });
      assert.equal(response.attempts, 2);
      assert.deepEqual(waits, [2000]);
      assert.equal(requests.length, 2);
      assert.equal(ch.stats.retries, 1);
      assert.equal(ch.stats.requests, 2);
    },
  );
});

test("transport: a backing-off call does not hold its concurrency slot", async () => {
  await withServer(
    (req) => ((req.body as { who: string }).who === "a" ? { status: 500, body: "a is unlucky" } : { body: { ok: true } }),
    async (url, requests) => {
      let markSleeping!: () => void;
      const aSleeping = new Promise<void>((resolve) => {
        markSleeping = resolve;
      });
      let wakeA!: () => void;
      const ch = channel({
        limiter: createLimits(1).forModel(undefined),
        policy: { timeoutMs: 1000, maxRetries: 1, backoffMs: 1 },
        sleep: () => {
          markSleeping();
          return new Promise<void>((resolve) => {
            wakeA = resolve;
          });
        },
      });
      // One slot only. `a` fails and sleeps in backoff; `b` must get the slot meanwhile.
      const a = postJson(ch, { url, method: "POST", headers: {}, body: { who: "a" } });
      await aSleeping;
      const b = await postJson(ch, { url, method: "POST", headers: {}, body: { who: "b" } });
      assert.deepEqual(b.json, { ok: true });
      wakeA();
      await rejectsWith(a, "http");
      assert.deepEqual(
        requests.map((r) => (r as { body: { who: string } }).body.who),
        ["a", "b", "a"],
      );
    },
  );
});

test("registry: 500, 500, 200 succeeds after 3 attempts", async () => {
  await withServer(
    (_req, i) => (i < 2 ? { status: 500, body: "upstream broke" } : { body: chatCompletion("fine") }),
    async (url, requests) => {
      const registry = registryFor({ m: { provider: "openai", "base-url": url, model: "x" } });
      const response = await registry.chat("m").chat(userAsks("hi"));
      assert.equal(response.text, "fine");
      assert.equal(response.attempts, 3);
      assert.equal(requests.length, 3);
      assert.equal(registry.stats().byModel["m"]!.retries, 2);
      await registry.close();
    },
  );
});

test("registry: a hanging endpoint times out, is retried, then fails as timeout", async () => {
  await withServer(
    () => ({ hang: true }),
    async (url, requests) => {
      const registry = registryFor({ m: { provider: "openai", "base-url": url, model: "x", timeout: 40, "max-retries": 2 } });
      const error = await rejectsWith(registry.chat("m").chat(userAsks("hi")), "timeout");
      assert.equal(error.attempts, 3);
      assert.equal(requests.length, 3);
      assert.match(error.message, /within 40ms/);
      assert.equal(registry.stats().byModel["m"]!.errors, 1);
      await registry.close();
    },
  );
});

test("registry: a non-JSON 200 is a parse error, not retried", async () => {
  await withServer(
    () => ({ status: 200, body: "<html>gateway</html>" }),
    async (url, requests) => {
      const registry = registryFor({ m: { provider: "openai", "base-url": url, model: "x" } });
      const error = await rejectsWith(registry.chat("m").chat(userAsks("hi")), "parse");
      assert.match(error.message, /not JSON: <html>gateway<\/html>/);
      assert.equal(requests.length, 1);
      await registry.close();
    },
  );
});

test("registry: 400 is not retried and reports status and body", async () => {
  await withServer(
    () => ({ status: 400, body: { error: { message: "bad temperature" } } }),
    async (url, requests) => {
      const registry = registryFor({ m: { provider: "openai", "base-url": url, model: "x" } });
      const error = await rejectsWith(registry.chat("m").chat(userAsks("hi")), "http");
      assert.equal(error.status, 400);
      assert.match(error.message, /HTTP 400: .*bad temperature/);
      assert.equal(requests.length, 1);
      await registry.close();
    },
  );
});

test("registry: 401 fails its call and opens the breaker; one probe answering 401 too stops the model", async () => {
  await withServer(
    () => ({ status: 401, body: { error: "invalid key" } }),
    async (url, requests) => {
      const registry = registryFor({ m: { provider: "openai", "base-url": url, model: "x" } });
      const model = registry.chat("m");
      const first = await rejectsWith(model.chat(userAsks("one")), "fatal");
      assert.equal(first.status, 401);
      assert.match(first.message, /HTTP 401.*check its url, model name and key/);
      assert.equal(requests.length, 1, "not retried");
      const probe = await rejectsWith(model.chat(userAsks("two")), "fatal");
      assert.match(probe.message, /HTTP 401.*stopping every call to this model/);
      assert.equal(requests.length, 2, "the probe");
      const third = await rejectsWith(model.chat(userAsks("three")), "fatal");
      assert.equal(third.message, probe.message);
      assert.equal(requests.length, 2, "no request after the model was stopped");
      assert.deepEqual(registry.stoppedModels(), [`model "m" stopped: ${probe.message.replace(/^m: /, "")}`]);
      assert.equal(registry.stats().byModel["m"]!.errors, 3);
      await registry.close();
    },
  );
});

test("registry: a dropped connection is a network error and is retried", async () => {
  await withServer(
    (_req, i) => (i === 0 ? { destroy: true } : { body: chatCompletion("after reconnect") }),
    async (url, requests) => {
      const registry = registryFor({ m: { provider: "openai", "base-url": url, model: "x" } });
      const response = await registry.chat("m").chat(userAsks("hi"));
      assert.equal(response.text, "after reconnect");
      assert.equal(response.attempts, 2);
      assert.equal(requests.length, 2);
      await registry.close();
    },
  );
});

test("registry: connections dropped every time fail as network after max-retries", async () => {
  await withServer(
    () => ({ destroy: true }),
    async (url, requests) => {
      const registry = registryFor({ m: { provider: "openai", "base-url": url, model: "x", "max-retries": 1 } });
      const error = await rejectsWith(registry.chat("m").chat(userAsks("hi")), "network");
      assert.equal(error.attempts, 2);
      assert.equal(requests.length, 2);
      await registry.close();
    },
  );
});

test("registry: the caller's abort ends the call at once, without retries or an error count", async () => {
  await withServer(
    () => ({ hang: true }),
    async (url, requests) => {
      const registry = registryFor({ m: { provider: "openai", "base-url": url, model: "x", timeout: 5000 } });
      const controller = new AbortController();
      const call = registry.chat("m").chat(userAsks("hi"), controller.signal);
      while (requests.length === 0) await new Promise((resolve) => setImmediate(resolve));
      controller.abort(new Error("run cancelled"));
      await assert.rejects(call, /run cancelled/);
      assert.equal(requests.length, 1);
      assert.equal(registry.stats().byModel["m"]!.errors, 0);
      await registry.close();
    },
  );
});

test("registry: a request undici cannot build (bad header value) is fatal, not retried", async () => {
  await withServer(
    () => ({ body: chatCompletion("unreachable") }),
    async (url, requests) => {
      const registry = registryFor({ m: { provider: "openai", "base-url": url, model: "x", headers: { "X-Bad": "a\r\nb" } } });
      const error = await rejectsWith(registry.chat("m").chat(userAsks("hi")), "fatal");
      assert.match(error.message, /cannot send POST/);
      assert.equal(requests.length, 0);
      await registry.close();
    },
  );
});

test("registry: an abort during a Retry-After backoff ends the backing-off call and the calls the pacer holds back at once", async () => {
  await withServer(
    (_req, i) =>
      i === 0 ? { status: 429, headers: { "retry-after": "60" }, body: { error: "slow down" } } : { body: chatCompletion("late") },
    async (url, requests) => {
      // One slot: `a` is refused and backs off for the 60 s asked; the pacer, slowed by the refusal, holds back `b` and `c`.
      const registry = registryFor({ m: { provider: "openai", "base-url": url, model: "x", "max-retries": 3 } }, { concurrency: 1 });
      const controller = new AbortController();
      const calls = ["a", "b", "c"].map((q) => registry.chat("m").chat(userAsks(q), controller.signal));
      while (requests.length === 0) await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setTimeout(resolve, 100)); // the 429 is read: the pace is cut
      const abortedAt = Date.now();
      controller.abort(new Error("run interrupted"));
      for (const call of calls) await assert.rejects(call, /run interrupted/);
      // Not a benchmark: only waiting out the 60 s backoff or a pace of one start a minute fails this.
      assert.ok(Date.now() - abortedAt < 5000, `the calls took ${Date.now() - abortedAt} ms to give up`);
      assert.equal(requests.length, 1, "nothing is sent after the abort");
      assert.equal(registry.stats().byModel["m"]!.errors, 0, "an abort is not an endpoint error");
      await registry.close();
    },
  );
});

test("registry: the run's deadline ends a 60 s Retry-After backoff and the calls the pacer holds back at once", async () => {
  await withServer(
    (_req, i) =>
      i === 0 ? { status: 429, headers: { "retry-after": "60" }, body: { error: "slow down" } } : { body: chatCompletion("late") },
    async (url, requests) => {
      // One slot: `a` is refused and backs off for the 60 s asked; the pacer, slowed by the refusal, holds back `b` and `c`.
      const guard = createRunGuard({ deadlineMs: 500 });
      const started = Date.now();
      const registry = registryFor({ m: { provider: "openai", "base-url": url, model: "x", "max-retries": 3 } }, { concurrency: 1, guard });
      const calls = ["a", "b", "c"].map((q) => registry.chat("m").chat(userAsks(q)));
      for (const call of calls) {
        const error = await rejectsWith(call, "stopped");
        assert.match(error.message, /^m: not sent, the run stopped: deadline reached \(500ms\)$/);
      }
      // Not a benchmark: only waiting out the 60 s backoff or a pace of one start a minute fails this.
      assert.ok(Date.now() - started < 5000, `the calls took ${Date.now() - started} ms to give up`);
      assert.equal(requests.length, 1, "nothing is sent after the deadline, not even the retry");
      await rejectsWith(registry.chat("m").chat(userAsks("d")), "stopped");
      assert.equal(requests.length, 1);
      assert.equal(registry.stats().byModel["m"]!.errors, 0, "calls the run stopped are not the model's errors");
      await registry.close();
      guard.close();
    },
  );
});

test("registry: the run's deadline does not abort a request on the wire: it finishes with its answer", async () => {
  await withServer(
    () => ({ body: chatCompletion("worth the wait"), delayMs: 600 }),
    async (url, requests) => {
      const guard = createRunGuard({ deadlineMs: 100 });
      const registry = registryFor({ m: { provider: "openai", "base-url": url, model: "x" } }, { guard });
      const response = await registry.chat("m").chat(userAsks("slow"));
      assert.ok(guard.signal.aborted, "the deadline passed while the request was on the wire");
      assert.equal(response.text, "worth the wait");
      await rejectsWith(registry.chat("m").chat(userAsks("next")), "stopped");
      assert.equal(requests.length, 1);
      await registry.close();
    },
  );
});

test("registry: the cost that uses up the budget ends another model's Retry-After backoff and its held-back calls at once", async () => {
  await withServer(
    (req) =>
      (req.body as { model: string }).model === "refusing"
        ? { status: 429, headers: { "retry-after": "60" }, body: { error: "slow down" } }
        : { body: chatCompletion("paid"), delayMs: 300 },
    async (url, requests) => {
      // 10 prompt tokens at $1,000 per million: each answer of `paid` costs $0.01; the budget is 1.5 calls.
      const guard = createRunGuard({ budgetUsd: 0.015 });
      const registry = registryFor(
        {
          refusing: { provider: "openai", "base-url": url, model: "refusing", "max-retries": 3, concurrency: 1 },
          paid: { provider: "openai", "base-url": url, model: "paid", price: { "input-per-million": 1000, "output-per-million": 0 } },
        },
        { guard },
      );
      // `a` is refused and backs off 60 s; the slowed pacer holds back `c`; `b`, on the wire meanwhile, spends the budget.
      const started = Date.now();
      const refused = ["a", "c"].map((q) => registry.chat("refusing").chat(userAsks(q)));
      // Handled at once: they end (on the budget) as soon as `b`'s cost is recorded, before `b` returns.
      for (const call of refused) call.catch(() => {});
      const answer = await registry.chat("paid").chat(userAsks("b"));
      assert.equal(answer.text, "paid");
      assert.equal(answer.costUsd, 0.01);
      for (const call of refused) {
        const error = await rejectsWith(call, "stopped");
        assert.match(error.message, /^refusing: not sent, the run stopped: budget reached: spent \$0\.0100 of \$0\.0150/);
      }
      // Not a benchmark: only waiting out the 60 s backoff or a pace of one start a minute fails this.
      assert.ok(Date.now() - started < 5000, `the calls took ${Date.now() - started} ms to give up`);
      const sent = requests.map((r) => (r as { body: { model: string } }).body.model).sort();
      assert.deepEqual(sent, ["paid", "refusing"], "one request each: no retry after the budget was used up");
      await registry.close();
    },
  );
});
