// The 150 real BFCL cases (100 simple_python + 50 parallel_multiple, Apache-2.0, see
// test/fixtures/bfcl/README.md) through the suite kind, against a scripted OpenAI-compatible server
// on 127.0.0.1 whose answers are derived from the possible answers, a known subset corrupted.
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import type { CaseSummary } from "../../../src/results/types.ts";
import { CALL_METRICS } from "../../../src/suites/function-calls/metrics.ts";
import { chatCompletion, type ScriptedServer, startScriptedServer } from "../../servers/scripted.ts";
import { optionsFor, registryFor, runSuite } from "./helpers.ts";

const DATA = join(import.meta.dirname, "../../fixtures/bfcl");
const FILES = ["BFCL_v4_simple_python.head100.jsonl", "BFCL_v4_parallel_multiple.head50.jsonl"];

type GroundTruth = Record<string, Record<string, unknown[]>>[];

/** A right answer: the first acceptable value of each parameter; optional ("") parameters left out. */
function firstAcceptable(acceptable: unknown[]): { omit: boolean; value?: unknown } {
  if (acceptable.includes("")) return { omit: true };
  return { omit: false, value: realize(acceptable[0]) };
}
function realize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(realize);
  if (typeof value === "object" && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, acceptable] of Object.entries(value as Record<string, unknown[]>)) {
      const pick = firstAcceptable(acceptable);
      if (!pick.omit) out[key] = pick.value;
    }
    return out;
  }
  return value;
}

interface Plan {
  id: string;
  question: string;
  calls: { name: string; arguments: Record<string, unknown> }[];
  corruption: "none" | "wrong-arg" | "drop-call" | "extra-call" | "server-error";
  expected?: Record<string, number>;
}

/** What each corruption does to the metrics, computed by hand from the formulas. */
function expectedMetrics(plan: Plan, calls: number, firstCallArgs: number): Record<string, number> | undefined {
  const all = (v: number) => ({ precision_fn: v, recall_fn: v, precision_args: v, recall_args: v, reliability: v });
  switch (plan.corruption) {
    case "none":
      return all(1);
    case "wrong-arg": {
      // one of the first call's k arguments wrong: that pair scores (k-1)/k both ways, the others 1
      const args = (calls - 1 + (firstCallArgs - 1) / firstCallArgs) / calls;
      return { precision_fn: 1, recall_fn: 1, precision_args: args, recall_args: args, reliability: (1 + args) / 2 };
    }
    case "drop-call":
      // the last call is never made: c-1 pairs of c expected (a single-call case scores 0 throughout)
      if (calls === 1) return all(0);
      return {
        precision_fn: 1,
        recall_fn: (calls - 1) / calls,
        precision_args: 1,
        recall_args: 1,
        reliability: ((calls - 1) / calls + 1) / 2,
      };
    case "extra-call":
      // the first call is made twice: c pairs of c+1 calls
      return { precision_fn: calls / (calls + 1), recall_fn: 1, precision_args: 1, recall_args: 1, reliability: 1 };
    case "server-error":
      return undefined;
  }
}

let server: ScriptedServer;
const plans = new Map<string, Plan>();
let dir: string;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), "evalgate-bfcl-"));
  let index = 0;
  for (const file of FILES) {
    cpSync(join(DATA, file), join(dir, file));
    cpSync(join(DATA, "possible_answer", file), join(dir, "possible_answer", file), { recursive: true });
    const questions = readFileSync(join(DATA, file), "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    const answers = new Map(
      readFileSync(join(DATA, "possible_answer", file), "utf8")
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as { id: string; ground_truth: GroundTruth })
        .map((a) => [a.id, a.ground_truth]),
    );
    for (const q of questions) {
      const truth = answers.get(q.id) as GroundTruth;
      const calls = truth.map((entry) => {
        const [name, params] = Object.entries(entry)[0] as [string, Record<string, unknown[]>];
        const args: Record<string, unknown> = {};
        for (const [param, acceptable] of Object.entries(params)) {
          const pick = firstAcceptable(acceptable);
          if (!pick.omit) args[param] = pick.value;
        }
        return { name: name.replace(/\./g, "_"), arguments: args };
      });
      const firstArgs = Object.keys(calls[0]?.arguments ?? {}).length;
      // Corrupt a known subset, spread over both files.
      const corruption: Plan["corruption"] =
        index % 10 === 3 && firstArgs > 0
          ? "wrong-arg"
          : index % 10 === 6
            ? "drop-call"
            : index % 10 === 8
              ? "extra-call"
              : index === 149
                ? "server-error"
                : "none";
      const plan: Plan = { id: q.id, question: q.question[0].at(-1).content, calls, corruption };
      plan.expected = expectedMetrics(plan, calls.length, firstArgs);
      plans.set(q.question[0].at(-1).content, plan);
      index++;
    }
  }
  server = await startScriptedServer((request) => {
    const body = request.body as { messages: { content: string }[] };
    const plan = plans.get(body.messages.at(-1)?.content ?? "");
    if (!plan) return { status: 400, body: { error: { message: "unknown question" } } };
    let calls = plan.calls.map((c) => ({ name: c.name, arguments: { ...c.arguments } }));
    if (plan.corruption === "server-error") return { status: 500, body: { error: { message: "scripted outage" } } };
    if (plan.corruption === "wrong-arg") {
      const first = calls[0] as (typeof calls)[number];
      const key = Object.keys(first.arguments)[0] as string;
      const value = first.arguments[key];
      first.arguments[key] = typeof value === "number" ? value + 1000 : typeof value === "boolean" ? !value : "definitely wrong";
    }
    if (plan.corruption === "drop-call") calls = calls.slice(0, -1);
    if (plan.corruption === "extra-call") calls = [...calls, calls[0] as (typeof calls)[number]];
    return { body: chatCompletion(calls.length ? null : "I cannot help with that.", { toolCalls: calls }) };
  });
});

after(async () => {
  await server?.close();
});

test("150 BFCL cases: per-case metrics match the hand-derived values and the suite means follow", async () => {
  const registry = registryFor({ target: `${server.url}/v1` });
  const runs = [];
  for (const file of FILES)
    runs.push(await runSuite(optionsFor({ dataset: file, target: "target" }), { configDir: dir, rootDir: dir }, registry));
  await registry.close();
  const summaries: CaseSummary[] = runs.flatMap((run) => run.summaries);
  assert.equal(summaries.length, 150);
  assert.equal(server.requests.length, 150);

  const counts = { none: 0, "wrong-arg": 0, "drop-call": 0, "extra-call": 0, "server-error": 0 };
  for (const summary of summaries) {
    const plan = [...plans.values()].find((p) => p.id === summary.caseId) as Plan;
    counts[plan.corruption]++;
    if (plan.corruption === "server-error") {
      assert.equal(summary.status, "error");
      assert.equal(summary.error?.kind, "endpoint");
      continue;
    }
    assert.equal(summary.status, "scored", summary.caseId);
    for (const name of CALL_METRICS) {
      assert.ok(
        Math.abs((summary.metrics[name] as number) - (plan.expected?.[name] as number)) < 1e-12,
        `${summary.caseId} ${name}: ${summary.metrics[name]} ≠ ${plan.expected?.[name]}`,
      );
    }
    assert.equal(summary.tags.scenarioType, summary.caseId.startsWith("simple_python") ? "simple_python" : "parallel_multiple");
  }
  assert.deepEqual(counts, { none: 104, "wrong-arg": 15, "drop-call": 15, "extra-call": 15, "server-error": 1 });

  // Suite metrics: means over the scored cases, per file and per scenario type.
  for (const run of runs) {
    const scored = run.summaries.filter((s) => s.status === "scored");
    for (const name of CALL_METRICS) {
      const expected =
        scored.reduce((sum, s) => sum + ([...plans.values()].find((p) => p.id === s.caseId)?.expected?.[name] ?? Number.NaN), 0) /
        scored.length;
      const metric = run.aggregate.metrics[name];
      assert.equal(metric?.gated, true);
      assert.equal(metric?.n, scored.length);
      assert.ok(Math.abs((metric?.value as number) - expected) < 1e-12, `${name}`);
      const category = scored[0]?.tags.scenarioType as string;
      assert.equal(run.aggregate.metrics[`${category}/${name}`]?.value, metric?.value);
      assert.equal(run.aggregate.metrics[`${category}/${name}`]?.gated, false);
    }
  }
  // One figure spelled out: simple_python has 10 wrong-arg cases (one of 1–3 args wrong), 10 dropped, 10 extra.
  // (a dropped single call leaves no call at all, so precision_fn is 0 there; an extra call halves it)
  assert.ok(Math.abs((runs[0]?.aggregate.metrics.recall_fn?.value as number) - 90 / 100) < 1e-12);
  assert.ok(Math.abs((runs[0]?.aggregate.metrics.precision_fn?.value as number) - (80 + 10 * 0 + 10 * (1 / 2)) / 100) < 1e-12);
  assert.equal(runs[1]?.aggregate.metrics.precision_fn?.n, 49); // parallel_multiple_49 hit the scripted outage
});

test("tools reach the target as JSON Schema with OpenAI-safe names, and calls are mapped back", async () => {
  const request = server.requests.find((r) => JSON.stringify(r.body).includes("math_factorial")) as {
    body: { tools: { function: { name: string; parameters: unknown } }[] };
  };
  const tool = request.body.tools[0]?.function;
  assert.equal(tool?.name, "math_factorial");
  assert.deepEqual(tool?.parameters, {
    type: "object",
    properties: { number: { type: "integer", description: "The number for which factorial needs to be calculated." } },
    required: ["number"],
  });
  assert.ok(!server.requests.some((r) => /"type":"(dict|float|tuple)"/.test(r.rawBody)));
});
