// The example suite (evals/function-calls) against the demo personas on the demo OpenAI server:
// deterministic, so its figures are pinned here, and the slips show up where they should.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { test } from "node:test";
import { startDemoOpenAIServer } from "../../../src/demo/openai-server.ts";
import { supportPersonas } from "../../../src/demo/personas/support.ts";
import { csvRows, generateCases, groupBusinessData } from "../../../src/suites/function-calls/templates.ts";
import { optionsFor, registryFor, runSuite } from "./helpers.ts";

const EVALS = resolve(import.meta.dirname, "../../../evals/function-calls");

test("cases.jsonl is what generateCases makes from the templates and CSVs with seed 42", () => {
  const records = groupBusinessData(
    csvRows(readFileSync(join(EVALS, "tickets.csv"), "utf8")),
    csvRows(readFileSync(join(EVALS, "action_items.csv"), "utf8")),
  );
  const cases = generateCases(JSON.parse(readFileSync(join(EVALS, "templates.json"), "utf8")), records, { seed: 42, perScenario: 3 });
  const file = readFileSync(join(EVALS, "cases.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
  assert.deepEqual(file, cases);
  assert.equal(new Set(cases.map((c) => c.id)).size, 9);
  assert.deepEqual(
    generateCases(JSON.parse(readFileSync(join(EVALS, "templates.json"), "utf8")), records, { seed: 42, perScenario: 3 }),
    cases,
  );
});

test("the demo support bot, user and judge run the example suite end to end", async () => {
  const demo = await startDemoOpenAIServer(supportPersonas);
  const registry = registryFor({ "demo-support-bot": demo.url, "demo-user": demo.url, "demo-completion-judge": demo.url });
  const options = optionsFor({
    dataset: "cases.jsonl",
    tools: "tools.json",
    target: "demo-support-bot",
    simulator: "demo-user",
    "completion-judge": "demo-completion-judge",
  });
  const run = await runSuite(options, { configDir: EVALS, rootDir: resolve(EVALS, "../..") }, registry);
  await registry.close();
  await demo.close();
  assert.equal(run.summaries.length, 9);
  assert.ok(run.summaries.every((s) => s.status === "scored" && s.metrics.completed === 1));
  const metrics = Object.fromEntries(
    ["precision_fn", "recall_fn", "precision_args", "recall_args", "reliability"].map((name) => [name, run.aggregate.metrics[name]?.value]),
  );
  // Pinned: the personas are deterministic. Slips: one forgotten action item (recall_fn 8/9), an
  // extra lookup (precision_fn), dropped optional arguments; lowercased priorities still pass.
  const pinned = { precision_fn: 0.8333333333333334, recall_fn: 8 / 9, precision_args: 8 / 9, recall_args: 8 / 9, reliability: 8 / 9 };
  for (const [name, value] of Object.entries(pinned))
    assert.ok(Math.abs((metrics[name] as number) - value) < 1e-12, `${name}: ${metrics[name]}`);
});
