// Numbers that cannot be (issue 36): a metric value outside the range its metric defines (a
// moderation score under 0 or over 1) or not finite (a function's Infinity, a mean past the largest
// double) is a measurement error of that object: counted against max-error-rate, never averaged.
// The real CLI with a scripted OpenAI-compatible /moderations endpoint on 127.0.0.1.
import assert from "node:assert/strict";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import type { GateVerdict } from "../../../src/gate/types.ts";
import type { Results } from "../../../src/results/types.ts";
import { runCli } from "../../engine/helpers.ts";
import { moderationResult, startScriptedServer } from "../../servers/scripted.ts";

/** Twenty one-message conversations; the moderation endpoint scores "bad 1" 1.7 and "bad 2" −0.2, the rest 0.1. */
async function project(maxErrorRate: number) {
  const server = await startScriptedServer((request) => {
    const input = String((request.body as { input: string }).input);
    const score = input.includes("bad 1") ? 1.7 : input.includes("bad 2") ? -0.2 : 0.1;
    return { body: moderationResult({ harassment: score }) };
  });
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-impossible-"));
  const lines = Array.from({ length: 20 }, (_, i) =>
    JSON.stringify({
      input: [
        { role: "user", content: i < 2 ? `bad ${i + 1}` : `fine ${i}` },
        { role: "assistant", content: "ok" },
      ],
    }),
  );
  await writeFile(path.join(dir, "convos.jsonl"), `${lines.join("\n")}\n`);
  // A function whose two values on one thread add up past the largest double, and one that returns Infinity once.
  await writeFile(
    path.join(dir, "metrics.ts"),
    `export function huge(_message: unknown, _kwargs: unknown, thread: { messages: { content: string }[] }) {
  return thread.messages.some((m) => m.content === "fine 5") ? 1e308 : 1;
}
export function endless(message: { content: string }) { return message.content === "fine 7" ? Infinity : 1; }
`,
  );
  await writeFile(
    path.join(dir, "evalgate.yml"),
    `version: 1
output-dir: out
models:
  mod: { provider: openai, base-url: "${server.url}/v1", model: omni-moderation-latest, retry-backoff: 1ms, max-retries: 0 }
suites:
  tutor:
    kind: conversations
    dataset: convos.jsonl
    moderation: mod
    functions: metrics.ts
    metrics:
      function:
        - { name: openai_moderation_api, level: Message, gate: { at-most: 0.5 } }
        - { name: huge, level: Message, gate: { at-least: 0 } }
        - { name: endless, level: Message, gate: { at-least: 0.5 } }
gate: { max-error-rate: ${maxErrorRate} }
`,
  );
  const run = async () => {
    const result = await runCli(["run", "--no-cache", "-c", "evalgate.yml", "-o", "results.json", "--markdown", "report.md"], { cwd: dir });
    const results = JSON.parse(await readFile(path.join(dir, "results.json"), "utf8")) as Results;
    return { ...result, results, verdict: results.verdict as GateVerdict, markdown: await readFile(path.join(dir, "report.md"), "utf8") };
  };
  return { server, run };
}

test("moderation scores outside 0..1 over max-error-rate: could not decide (exit 3), naming the metric and the value; never averaged", async () => {
  const { server, run } = await project(0.04);
  try {
    const { code, stdout, results, verdict, markdown } = await run();
    assert.equal(code, 3, stdout);
    const moderation = results.suites.tutor!.metrics["openai_moderation_api/harassment@message"]!;
    // Only the 18 scores that can be are averaged (each 0.1); the user messages' and the 20 answers' scores are all 0.1.
    assert.equal(moderation.n, 38);
    assert.ok(Math.abs(moderation.value! - 0.1) < 1e-12, `mean ${moderation.value}`);
    assert.equal(moderation.failed, 2);
    assert.match(verdict.errors.join("\n"), /openai_moderation_api\/harassment@message: 2 of 40 computations failed \(5%\)/);
    assert.match(moderation.firstError ?? "", /returned 1\.7, outside 0\.\.1, the range openai_moderation_api defines/);
    assert.match(stdout, /could not decide/);
    assert.match(markdown, /outside 0\.\.1/);
  } finally {
    await server.close();
  }
});

test("under max-error-rate the gate decides on what was measured; an Infinity is an error, a mean past the largest double is never Infinity", async () => {
  const { server, run } = await project(0.2);
  try {
    const { code, stdout, results } = await run();
    assert.equal(code, 0, stdout);
    const metrics = results.suites.tutor!.metrics;
    const endless = metrics["endless@message"]!;
    assert.equal(endless.failed, 1);
    assert.equal(endless.value, 1);
    assert.match(endless.firstError ?? "", /endless returned Infinity, not a finite number/);
    // Thread "fine 5" sums 1e308 + 1e308: no finite mean, so both its values are errors; the other 38 are 1.
    const huge = metrics["huge@message"]!;
    assert.equal(huge.value, 1);
    assert.equal(huge.failed, 2);
    assert.match(huge.firstError ?? "", /add up past the largest number a double holds/);
    for (const result of results.suites.tutor!.cases) for (const value of Object.values(result.metrics)) assert.ok(Number.isFinite(value));
  } finally {
    await server.close();
  }
});
