// The pacer against scripted providers that refuse (429) what they cannot take, or announce their
// limits in headers: the pace comes down to what is allowed, a Retry-After holds back only the
// refused request, and no call is lost.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { test } from "node:test";
import { createPacer } from "../../src/models/pacer.ts";
import { createSlots } from "../../src/models/slots.ts";
import { isJudgeRequest, questionOf, runCli, writeSuite } from "../engine/helpers.ts";
import { chatCompletion, type ScriptedReply, startScriptedServer } from "../servers/scripted.ts";
import { registryFor, userAsks } from "./helpers.ts";

/** Takes at most `capacity` requests at once; the rest get 429, with a Retry-After when `retryAfter` is set. */
function refusingProvider(capacity: number, options: { retryAfter?: string; answer?: (body: unknown) => string } = {}) {
  let inFlight = 0;
  const log = {
    served: 0,
    refused: 0,
    maxInFlight: 0,
    refusalTimes: [] as number[],
    servedTimes: [] as number[],
    /** When each question was last refused, and when it was answered (the time its answered request came in). */
    refusedQuestions: new Map<string, number>(),
    answeredQuestions: new Map<string, number>(),
  };
  const handler = async (request: { body: unknown }): Promise<ScriptedReply> => {
    const question = JSON.stringify(request.body);
    if (inFlight >= capacity) {
      log.refused++;
      log.refusalTimes.push(Date.now());
      log.refusedQuestions.set(question, Date.now());
      return {
        status: 429,
        body: { error: { message: "rate limited" } },
        ...(options.retryAfter ? { headers: { "retry-after": options.retryAfter } } : {}),
      };
    }
    log.answeredQuestions.set(question, Date.now());
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

test("pacer: a burst of 429s sets a rate below the burst; every call still gets its answer", async () => {
  const provider = refusingProvider(4);
  const server = await startScriptedServer(provider.handler);
  const registry = registryFor({ m: { provider: "openai", "base-url": server.url, model: "m", "max-retries": 10 } }, { concurrency: 40 });
  const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => registry.chat("m").chat(userAsks(`q${i}`))));
  assert.equal(answers.length, 200);
  assert.ok(answers.every((answer) => answer.text === "fine"));
  assert.equal(provider.log.served, 200, "each call answered exactly once");
  assert.ok(provider.log.refused > 0, "the provider did refuse");
  // Forty slots each retrying on their own would draw hundreds of refusals; the pacer settles near
  // the provider's capacity instead.
  assert.ok(provider.log.refused < 150, `refusals stay bounded: ${provider.log.refused}`);
  const pace = registry.pacing()["m"]!;
  assert.ok(Number.isFinite(pace.rate) && pace.rate > 0, `the model is paced after the refusals: ${pace.rate}/s`);
  assert.ok(pace.cuts >= 1 && pace.refused === provider.log.refused);
  assert.equal(registry.stats().total.errors, 0);
  await registry.close();
  await server.close();
});

test("pacer: a Retry-After holds back only the refused request; the others go on at the learned pace", async () => {
  const provider = refusingProvider(2, { retryAfter: "0.3" });
  const server = await startScriptedServer(provider.handler);
  const registry = registryFor({ m: { provider: "openai", "base-url": server.url, model: "m", "max-retries": 10 } }, { concurrency: 10 });
  await Promise.all(Array.from({ length: 30 }, (_, i) => registry.chat("m").chat(userAsks(`q${i}`))));
  assert.equal(provider.log.served, 30);
  const firstRefusal = provider.log.refusalTimes[0]!;
  const servedDuringWait = provider.log.servedTimes.filter((t) => t > firstRefusal + 60 && t < firstRefusal + 250);
  assert.ok(servedDuringWait.length > 0, "the model was not paused: calls that were not refused kept being answered");
  // Every refused question was asked again only after the 300 ms it was told to wait.
  for (const [question, refusedAt] of provider.log.refusedQuestions) {
    const answeredAt = provider.log.answeredQuestions.get(question)!;
    assert.ok(answeredAt - refusedAt >= 290, `${question} retried ${answeredAt - refusedAt} ms after its refusal`);
  }
  await registry.close();
  await server.close();
});

test("pacer: a judged run through the CLI against a refusing provider scores every case", async () => {
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

test("pacer: a wait held back by an exhausted limit ends at once when its signal aborts, and leaves no timer behind", async () => {
  const pacer = createPacer();
  pacer.feedback({ refused: false, startedAt: 0, limits: { requestsPerSecond: 1, exhaustedForMs: 60_000 } });
  const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === "Timeout").length;
  const before = timers();
  const controller = new AbortController();
  const queued = [pacer.wait(controller.signal), pacer.wait(controller.signal)];
  assert.equal(timers(), before + 1, "one wake-up for the end of the hold");
  controller.abort(new Error("run interrupted"));
  for (const wait of queued) await assert.rejects(wait, /run interrupted/);
  assert.equal(timers(), before, "nobody waits: no timer keeps an interrupted process alive");
  await assert.rejects(pacer.wait(controller.signal), /run interrupted/, "an aborted signal does not even queue");
});

test("pacer and slots: the stop signal (the run's deadline or budget) ends every wait at once, and every later one", async () => {
  const stop = new AbortController();
  const pacer = createPacer({ stop: stop.signal });
  pacer.feedback({ refused: false, startedAt: 0, limits: { requestsPerSecond: 1, exhaustedForMs: 60_000 } });
  const slots = createSlots(1, { stop: stop.signal });
  await slots.acquire();
  const queued = [pacer.wait(), pacer.wait(new AbortController().signal), slots.acquire()];
  stop.abort(new Error("not sent, the run stopped: deadline reached (1s)"));
  for (const wait of queued) await assert.rejects(wait, /deadline reached \(1s\)/);
  await assert.rejects(pacer.wait(), /deadline reached/, "nothing queues after the stop");
  await assert.rejects(slots.acquire(), /deadline reached/);
});

test("pacer: after a burst of refusals the rate is a cut of what was sent; answers grow it back, a paced refusal marks the limit", () => {
  let clock = 0;
  const pacer = createPacer({ now: () => clock });
  // A burst of 50 starts, then 40 of them refused.
  const starts = Array.from({ length: 50 }, () => pacer.wait());
  assert.equal(starts.length, 50);
  for (let i = 0; i < 40; i++) pacer.feedback({ refused: true, startedAt: 0 });
  assert.equal(pacer.state.cuts, 1, "refusals of requests sent before the cut say the same thing: one cut");
  assert.equal(pacer.state.refused, 40);
  assert.equal(pacer.state.rate, 40, "0.8 of the 50 starts of the last second");
  // A second of answers: no limit is known yet, so the rate grows fast.
  for (let i = 1; i <= 10; i++) {
    clock = i * 100;
    pacer.feedback({ refused: false, startedAt: clock });
  }
  assert.ok(pacer.state.rate > 40, `grows back: ${pacer.state.rate}`);
  const refusedRate = pacer.state.rate;
  clock = 2000;
  pacer.feedback({ refused: true, startedAt: 1500 });
  assert.equal(pacer.state.rate, refusedRate * 0.8);
  clock = 3000;
  pacer.feedback({ refused: false, startedAt: 2900 });
  assert.ok(pacer.state.rate <= 0.95 * refusedRate + 1e-9, "recovery stops just under the rate that was refused");
});

test("pacer: a configured rate and tokens per minute hold the pace; the lowest known limit wins", () => {
  const pacer = createPacer({ requestsPerSecond: 10 });
  assert.equal(pacer.state.rate, 10);
  pacer.configure({ tokensPerMinute: 60_000 }); // 1,000 tokens a second
  pacer.feedback({ refused: false, startedAt: 0, tokens: 200 });
  assert.equal(pacer.state.rate, 5, "200-token requests at 1,000 tokens a second");
  pacer.feedback({ refused: false, startedAt: 0, limits: { requestsPerSecond: 2 } });
  assert.equal(pacer.state.rate, 2, "the provider's announced limit is lower still");
});

test("pacer: a configured rate spaces starts evenly (600/min = one start per 100 ms)", async () => {
  const arrivals: number[] = [];
  const server = await startScriptedServer(() => {
    arrivals.push(performance.now());
    return { body: chatCompletion("fine") };
  });
  const registry = registryFor({ m: { provider: "openai", "base-url": server.url, model: "m", rate: "600/min" } }, { concurrency: 8 });
  try {
    await Promise.all(Array.from({ length: 6 }, (_, i) => registry.chat("m").chat(userAsks(`q${i}`))));
    assert.equal(registry.pacing()["m"]!.rate, 10);
    // Not a speed test: the point is that eight free slots did not send the six at once.
    const span = arrivals.at(-1)! - arrivals[0]!;
    assert.ok(span >= 450, `six starts at 10/s span five intervals: ${span.toFixed(0)} ms`);
  } finally {
    await registry.close();
    await server.close();
  }
});

test("pacer: a start let through late does not make up for it with a burst (a short window would refuse the burst)", async () => {
  let clock = 0;
  const pacer = createPacer({ now: () => clock, requestsPerSecond: 100 }); // one start per 10 ms
  await pacer.wait();
  clock = 35; // the event loop was busy: three intervals passed
  const controller = new AbortController();
  let granted = 0;
  const waits = Array.from({ length: 3 }, () => pacer.wait(controller.signal).then(() => granted++));
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(granted, 1, "one start now, the next a whole interval after it: not three at once");
  controller.abort(new Error("done"));
  await Promise.allSettled(waits);
});

/** A pacer on a test clock whose burst of 100 starts was refused, then its pace of 80/s: the mark is 80, the pace 64. */
function pacerMarkedAt80() {
  const clock = { now: 0 };
  const stop = new AbortController();
  const pacer = createPacer({ now: () => clock.now, stop: stop.signal });
  const waits = Array.from({ length: 100 }, () => pacer.wait());
  pacer.feedback({ refused: true, startedAt: 0 }); // the burst: 0.8 of 100 starts
  clock.now = 1000;
  pacer.feedback({ refused: true, startedAt: 900 }); // paced at 80: the mark is 80
  assert.equal(pacer.state.rate, 64);
  // What still waits leaves, and no timer is left behind.
  const end = async () => {
    stop.abort(new Error("done"));
    await Promise.allSettled(waits);
  };
  return { clock, pacer, waits, end };
}

test("pacer: a refusal under the rate refused before moves the mark halfway down, not all the way", async () => {
  const { clock, pacer, waits, end } = pacerMarkedAt80();
  clock.now = 2000;
  pacer.feedback({ refused: true, startedAt: 1900 }); // refused again at 64, under the mark, within a second of the cut
  assert.equal(pacer.state.rate, 64 * 0.8);
  // Recovery aims at 0.95 of the mark moved halfway, (80 + 64) / 2 = 72; a mark moved all the way
  // down to 64 would stop recovery at 0.95 x 64 and probe slowly from there.
  waits.push(...Array.from({ length: 400 }, () => pacer.wait())); // enough starts that growth is not held back
  for (let i = 1; i <= 300; i++) {
    clock.now = 2000 + i * 10;
    pacer.feedback({ refused: false, startedAt: clock.now });
  }
  assert.ok(pacer.state.rate >= 0.95 * 72, `recovered to just under the mark moved halfway: ${pacer.state.rate}`);
  await end();
});

test("pacer: a lone refusal under the mark (a bunched start) cuts a tenth; another within the second cuts a fifth", async () => {
  const { clock, pacer, end } = pacerMarkedAt80();
  clock.now = 2500;
  pacer.feedback({ refused: true, startedAt: 2400 }); // alone, under the mark
  assert.equal(pacer.state.rate, 64 * 0.9);
  clock.now = 2900;
  pacer.feedback({ refused: true, startedAt: 2800 }); // 400 ms later: the pace is too high after all
  assert.equal(pacer.state.rate, 64 * 0.9 * 0.8);
  await end();
});
