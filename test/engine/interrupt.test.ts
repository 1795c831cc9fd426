// Ctrl-C during a provider's Retry-After: through the real CLI against a scripted server on
// 127.0.0.1 that answers 429 with `retry-after: 60`. The run must stop at once (exit 130, the
// journal closed), not wait out the backoff of the refused calls nor the pacer they slowed, and
// `--resume` must then finish the run from the journal.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import type { Results } from "../../src/results/types.ts";
import { chatCompletion, startScriptedServer } from "../servers/scripted.ts";
import { isJudgeRequest, questionOf, runCli, writeSuite } from "./helpers.ts";

async function until(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  test(`${signal} while calls back off after Retry-After exits 130 at once; --resume finishes the run`, async () => {
    // Question 1 is answered; every later agent call is refused with a minute's Retry-After while `refusing`.
    let refusing = true;
    let refusals = 0;
    const refusedAt: number[] = [];
    const server = await startScriptedServer((request) => {
      const question = questionOf(request.body);
      const n = Number(question.split(" ")[1]);
      if (isJudgeRequest(request.body)) return { body: chatCompletion(`Fine.\nSCORE: ${n % 2 === 0 ? 3 : 1}`) };
      if (refusing && n > 1) {
        refusals++;
        refusedAt.push(Date.now());
        return { status: 429, headers: { "retry-after": "60" }, body: { error: { message: "slow down" } } };
      }
      return { body: chatCompletion(`Answer to ${question}`) };
    });
    try {
      // Global concurrency 1: two cases in the pool, so while case 2 backs off after its 429 (a
      // retry sleep), case 3 waits for the pacer the refusal slowed (or backs off after its own 429).
      const { dir, config } = await writeSuite(server.url, 4);
      const first = runCli(["run", "-c", config, "--quiet", "--concurrency", "1"], { cwd: dir });
      await until(() => refusals >= 1 && server.requests.some((r) => isJudgeRequest(r.body)), 20_000, "the first 429");
      await sleep(300); // the next case reaches the pacer's queue
      const sentAt = Date.now();
      first.child.kill(signal);
      const interrupted = await first;
      const tookMs = Date.now() - sentAt;
      assert.equal(interrupted.code, 130, interrupted.stdout + interrupted.stderr);
      assert.match(interrupted.stderr, /--resume/);
      // Not a benchmark: only a run that waited out the 60 s backoff fails this.
      assert.ok(tookMs < 10_000, `the interrupted run took ${tookMs} ms to exit`);
      assert.ok(
        refusedAt.every((at) => at <= sentAt),
        "nothing was retried nor sent after the signal",
      );

      refusing = false;
      const resumed = await runCli(["run", "-c", config, "--quiet", "--concurrency", "1", "--resume"], { cwd: dir });
      assert.ok(resumed.code === 0 || resumed.code === 1, resumed.stdout + resumed.stderr);
      const results = JSON.parse(await readFile(path.join(dir, "out", "results.json"), "utf8")) as Results;
      assert.equal(results.run.resumedCases, 1, "the case finished before the signal comes from the journal");
      assert.ok(refusals >= 1);
      assert.deepEqual(
        results.suites.qa!.cases.map((c) => c.status),
        ["scored", "scored", "scored", "scored"],
      );
    } finally {
      await server.close();
    }
  });
}
