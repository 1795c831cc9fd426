// Cost totals say when they are partial: a case whose model has no price is counted, and every
// printed total (text report, markdown, results.json) says "≥ $x, n cases unpriced" or "cost
// unknown" instead of the bare sum of the known costs. The real CLI against a scripted server.
import assert from "node:assert/strict";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { formatCostTotal } from "../../src/report/format.ts";
import type { Results } from "../../src/results/types.ts";
import { formatCost } from "../../src/util/format-cost.ts";
import { runCli, startEvalServer } from "../engine/helpers.ts";

test("formatCost: plain when complete, a lower bound when some cases are unpriced, unknown when none is priced", () => {
  assert.equal(formatCost(28.3612), "$28.36");
  assert.equal(formatCost(28.3612, 1), "≥ $28.36, 1 case unpriced");
  assert.equal(formatCost(0.08, 3), "≥ $0.0800, 3 cases unpriced");
  assert.equal(formatCost(null, 2), "cost unknown");
  assert.equal(
    formatCostTotal([{ costUsd: 20 }, { costUsd: 8.36, unpricedCases: 1 }, { costUsd: null, unpricedCases: 2 }]),
    "≥ $28.36, 3 cases unpriced",
  );
  assert.equal(formatCostTotal([{ costUsd: null, unpricedCases: 1 }]), "cost unknown");
});

test("a run where one model has no price: results, text and markdown totals all say they are partial", async () => {
  const server = await startEvalServer();
  try {
    const dir = await mkdtemp(path.join(tmpdir(), "evalgate-cost-"));
    await writeFile(
      path.join(dir, "priced.csv"),
      'prompt,judge_prompt\n"Question 2: what is 2 + 1?",ok\n"Question 4: what is 4 + 1?",ok\n',
    );
    await writeFile(path.join(dir, "unpriced.csv"), 'prompt,judge_prompt\n"Question 6: what is 6 + 1?",ok\n');
    // Every call is 10 input and 5 output tokens: 10 x 1000/1e6 + 5 x 2000/1e6 = $0.02 per priced call.
    const price = "price: { input-per-million: 1000, output-per-million: 2000 }";
    await writeFile(
      path.join(dir, "evalgate.yml"),
      `version: 1
output-dir: out
models:
  agent: { provider: openai, base-url: "${server.url}/v1", model: agent-model, max-retries: 0, ${price} }
  free-agent: { provider: openai, base-url: "${server.url}/v1", model: agent-model, max-retries: 0 }
  judge: { provider: openai, base-url: "${server.url}/v1", model: judge-model, max-retries: 0, ${price} }
suites:
  priced: { kind: judged, prompts: priced.csv, agents: [agent], judge: judge, judge-runs: 1, scale: 0-3 }
  unpriced: { kind: judged, prompts: unpriced.csv, agents: [free-agent], judge: judge, judge-runs: 1, scale: 0-3 }
`,
    );
    const result = await runCli(["run", "-c", "evalgate.yml", "--quiet", "--details", "--markdown", "report.md"], { cwd: dir });
    assert.equal(result.code, 0, result.stderr);
    const results = JSON.parse(await readFile(path.join(dir, "out", "results.json"), "utf8")) as Results;
    // priced: 2 cases x (agent + judge) x $0.02 = $0.08; unpriced: its agent has no price.
    assert.ok(Math.abs((results.suites.priced?.costUsd ?? 0) - 0.08) < 1e-12);
    assert.equal(results.suites.priced?.unpricedCases, undefined);
    assert.equal(results.suites.unpriced?.costUsd, null);
    assert.equal(results.suites.unpriced?.unpricedCases, 1);
    assert.ok(Math.abs((results.run.costUsd ?? 0) - 0.08) < 1e-12);
    assert.equal(results.run.unpricedCases, 1);

    assert.match(result.stdout, /· ≥ \$0\.0800, 1 case unpriced · /); // the run's total
    assert.match(result.stdout, /unpriced \(judged\) {2}1\/1 scored, 0 errors, cost unknown, /);
    assert.doesNotMatch(result.stdout, /· \$0\.0800 ·/);
    const markdown = await readFile(path.join(dir, "report.md"), "utf8");
    assert.match(markdown, /💰 ≥ \$0\.0800, 1 case unpriced/);
    assert.match(markdown, /cost unknown/);
  } finally {
    await server.close();
  }
});
