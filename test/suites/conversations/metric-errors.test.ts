// A gated metric whose computation throws on some objects is never shown as measured: past the
// suite's max-error-rate the verdict is "could not decide" (exit 3) naming the metric, the count
// and the first error; under it the run passes and every report says how many failed.
import assert from "node:assert/strict";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import type { GateVerdict } from "../../../src/gate/types.ts";
import type { Results } from "../../../src/results/types.ts";
import { runCli } from "../../engine/helpers.ts";

/** Two conversations of four messages; `fragile` throws on every user message (half of them). */
async function suiteWithFragileMetric(gate: string, metricGate = "{ at-least: 0.5 }"): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-metric-errors-"));
  const thread = (n: number) =>
    JSON.stringify({
      input: [
        { role: "user", content: `question ${n}` },
        { role: "assistant", content: `answer ${n}` },
        { role: "user", content: `follow-up ${n}` },
        { role: "assistant", content: `more ${n}` },
      ],
    });
  await writeFile(path.join(dir, "convos.jsonl"), `${thread(1)}\n${thread(2)}\n`);
  await writeFile(
    path.join(dir, "metrics.ts"),
    `export function fragile(message: { role: string; content: string }) {
  if (message.role === "user") throw new Error(\`cannot read \${message.content}\`);
  return 1;
}
`,
  );
  await writeFile(
    path.join(dir, "evalgate.yml"),
    `version: 1
output-dir: out
models: {}
suites:
  tutor:
    kind: conversations
    dataset: convos.jsonl
    functions: metrics.ts
    metrics:
      function:
        - { name: fragile, level: Message, gate: ${metricGate} }
gate: ${gate}
`,
  );
  return dir;
}

async function run(dir: string) {
  const result = await runCli(["run", "--no-cache", "-c", "evalgate.yml", "-o", "results.json", "--markdown", "report.md"], { cwd: dir });
  const results = JSON.parse(await readFile(path.join(dir, "results.json"), "utf8")) as Results;
  return { ...result, results, verdict: results.verdict as GateVerdict, markdown: await readFile(path.join(dir, "report.md"), "utf8") };
}

test("a gated metric that threw on half its objects, over max-error-rate: could not decide (exit 3), naming the metric, the count and the first error", async () => {
  const dir = await suiteWithFragileMetric("{ max-error-rate: 0.1 }");
  const { code, stdout, stderr, results, verdict, markdown } = await run(dir);
  assert.equal(code, 3, stdout + stderr);
  const metric = results.suites["tutor"]!.metrics["fragile@message"]!;
  assert.equal(metric.n, 4);
  assert.equal(metric.failed, 4);
  assert.equal(metric.firstError, "cannot read question 1");
  assert.equal(verdict.verdict, "error");
  const expected = "tutor: fragile@message: 4 of 8 computations failed (50%), over max-error-rate 10%; first error: cannot read question 1";
  assert.deepEqual(verdict.errors, [expected]);
  assert.match(stdout, /could not decide: tutor: fragile@message: 4 of 8 computations failed \(50%\)/);
  assert.ok(markdown.includes("4 of 8 computations failed"), markdown);
});

test("under max-error-rate the gate passes and the summary says how many failed, without --details", async () => {
  const dir = await suiteWithFragileMetric("{ max-error-rate: 0.6 }");
  const { code, stdout, stderr, verdict, markdown } = await run(dir);
  assert.equal(code, 0, stdout + stderr);
  assert.equal(verdict.verdict, "pass");
  const row = verdict.suites[0]!.rows.find((r) => r.metric === "fragile@message")!;
  assert.equal(row.status, "new", "no baseline yet: thresholds only");
  assert.equal(row.reason, "no baseline yet; 4/8 scored, 4 failed");
  assert.match(
    stdout,
    /note: tutor\/fragile@message: 4\/8 scored, 4 failed \(under max-error-rate 60%\); first error: cannot read question 1/,
  );
  assert.ok(markdown.includes("4/8 scored, 4 failed"), markdown);
});

test("a role-gated metric counts only its role's failures; an ungated metric that throws stays reported only", async () => {
  const roleGated = await suiteWithFragileMetric("{ max-error-rate: 0 }", "{ role: assistant, at-least: 0.5 }");
  const gated = await run(roleGated);
  assert.equal(gated.code, 0, gated.stdout + gated.stderr);
  assert.equal(gated.results.suites["tutor"]!.metrics["fragile@message/assistant"]!.failed, undefined);
  assert.equal(gated.results.suites["tutor"]!.metrics["fragile@message"]!.failed, 4);

  const userGated = await suiteWithFragileMetric("{ max-error-rate: 0 }", "{ role: user, at-least: 0.5 }");
  const users = await run(userGated);
  assert.equal(users.code, 3, users.stdout + users.stderr);
  assert.match(users.verdict.errors[0]!, /fragile@message\/user: 4 of 4 computations failed \(100%\)/);
});
