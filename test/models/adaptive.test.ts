// Adaptive concurrency against a scripted provider that refuses (429) whatever it cannot take:
// the model's limit comes down, Retry-After holds the whole model, and no call is lost.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { test } from "node:test";
import { createAdaptiveLimit } from "../../src/models/adaptive.ts";
import { isJudgeRequest, questionOf, runCli, writeSuite } from "../engine/helpers.ts";
import { chatCompletion, type ScriptedReply, startScriptedServer } from "../servers/scripted.ts";
import { registryFor, userAsks } from "./helpers.ts";

/** Takes at most `capacity` requests at once; the rest get 429, with a Retry-After when `retryAfter` is set. */
function refusingProvider(capacity: number, options: { retryAfter?: string; answer?: (body: unknown) => string } = {}) {
  let inFlight = 0;
  const log = { served: 0, refused: 0, refusedAfterFirstCut: 0, maxInFlight: 0, refusalTimes: [] as number[], servedTimes: [] as number[] };
  const handler = async (request: { body: unknown }): Promise<ScriptedReply> => {
    if (inFlight >= capacity) {
      log.refused++;
      log.refusalTimes.push(Date.now());
      return {
        status: 429,
        body: { error: { message: "rate limited" } },
        ...(options.retryAfter ? { headers: { "retry-after": options.retryAfter } } : {}),
      };
    }
    inFlight++;
    log.maxInFlight = Math.max(log.maxInFlight, inFlight);
    await new Promise((resolve) => setTimeout(resolve, 15));
    inFlight--;
    log.served++;
    log.servedTimes.push(Date.now());
    return { body: chatCompletion(options.answer ? options.answer(request.body) : "fine") };
  };
  return { handler, log };
}

test("AIMD: a burst of 429s cuts the model's limit; every call still gets its answer", async () => {
  const provider = refusingProvider(4);
  const server = await startScriptedServer(provider.handler);
  const registry = registryFor({ m: { provider: "openai", "base-url": server.url, model: "m", "max-retries": 10 } }, { concurrency: 40 });
  const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => registry.chat("m").chat(userAsks(`q${i}`))));
  assert.equal(answers.length, 200);
  assert.ok(answers.every((answer) => answer.text === "fine"));
  assert.equal(provider.log.served, 200, "each call answered exactly once");
  assert.ok(provider.log.refused > 0, "the provider did refuse");
  // Forty slots each retrying on their own would draw hundreds of refusals; the adaptive limit
  // settles near the provider's capacity instead.
  assert.ok(provider.log.refused < 150, `refusals stay bounded: ${provider.log.refused}`);
  assert.equal(registry.stats().total.errors, 0);
  await registry.close();
  await server.close();
});

test("AIMD: Retry-After pauses the whole model, not just the refused request", async () => {
  const provider = refusingProvider(2, { retryAfter: "0.3" });
  const server = await startScriptedServer(provider.handler);
  const registry = registryFor({ m: { provider: "openai", "base-url": server.url, model: "m", "max-retries": 10 } }, { concurrency: 10 });
  await Promise.all(Array.from({ length: 30 }, (_, i) => registry.chat("m").chat(userAsks(`q${i}`))));
  assert.equal(provider.log.served, 30);
  // After the first refusal the model waits ~300 ms: nothing is served in that window.
  const firstRefusal = provider.log.refusalTimes[0]!;
  const servedDuringPause = provider.log.servedTimes.filter((t) => t > firstRefusal + 60 && t < firstRefusal + 250);
  assert.deepEqual(servedDuringPause, [], "no request sent while the model is paused");
  await registry.close();
  await server.close();
});

test("AIMD: a judged run through the CLI against a refusing provider scores every case", async () => {
  const provider = refusingProvider(3, {
    answer: (body) => {
      const question = questionOf(body);
      return isJudgeRequest(body) ? "ok\nSCORE: 3" : `Answer to ${question}`;
    },
  });
  const server = await startScriptedServer(provider.handler);
  const { dir, config } = await writeSuite(server.url, 40);
  const text = (await readFile(config, "utf8"))
    .replaceAll("max-retries: 1", "max-retries: 10")
    .replace("concurrency: 4", "concurrency: 20");
  await import("node:fs/promises").then((fs) => fs.writeFile(config, text));
  const result = await runCli(["run", "-c", config, "--no-cache"], { cwd: dir });
  assert.equal(result.code, 0, result.stderr);
  const results = JSON.parse(await readFile(path.join(dir, "out", "results.json"), "utf8"));
  assert.deepEqual(results.suites.qa.counts, { cases: 40, scored: 40, errors: 0 });
  assert.ok(provider.log.refused > 0, "the provider did refuse");
  assert.equal(provider.log.served, 80, "one agent answer and one judge vote per case, none twice");
  await server.close();
});

test("AIMD: a wait for a paused model ends at once when its signal aborts, and leaves no wake-up timer behind", async () => {
  const limit = createAdaptiveLimit(1);
  const startedAt = await limit.acquire();
  limit.feedback({ refused: true, retryAfterMs: 60_000, startedAt });
  limit.release(); // the model is now paused for a minute
  const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === "Timeout").length;
  const before = timers();
  const controller = new AbortController();
  const queued = [limit.acquire(controller.signal), limit.acquire(controller.signal)];
  assert.equal(timers(), before + 1, "one wake-up for the end of the pause");
  controller.abort(new Error("run interrupted"));
  for (const wait of queued) await assert.rejects(wait, /run interrupted/);
  assert.equal(timers(), before, "nobody waits: no timer keeps an interrupted process alive for the pause");
  await assert.rejects(limit.acquire(controller.signal), /run interrupted/, "an aborted signal does not even queue");
});

test("AIMD: the limit's stop signal (the run's deadline or budget) ends every wait at once, and every later one", async () => {
  const stop = new AbortController();
  const limit = createAdaptiveLimit(1, { stop: stop.signal });
  const startedAt = await limit.acquire();
  limit.feedback({ refused: true, retryAfterMs: 60_000, startedAt });
  const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === "Timeout").length;
  const before = timers();
  const caller = new AbortController();
  const queued = [limit.acquire(caller.signal), limit.acquire()];
  limit.release(); // the slot is free, but the model is paused for a minute
  assert.equal(timers(), before + 1, "one wake-up for the end of the pause");
  stop.abort(new Error("not sent, the run stopped: deadline reached (1s)"));
  for (const wait of queued) await assert.rejects(wait, /deadline reached \(1s\)/);
  assert.equal(timers(), before, "nobody waits: no timer keeps a stopped run alive for the pause");
  await assert.rejects(limit.acquire(), /deadline reached/, "nothing queues after the stop");
  caller.abort(new Error("late interrupt"));
  assert.equal(timers(), before);
});
