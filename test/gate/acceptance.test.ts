// Accepted regressions on verdicts the real gate gives: what a target names, what an acceptance
// marks, and what it never touches (other failures, infrastructure errors).
import assert from "node:assert/strict";
import { test } from "node:test";
import { acceptors, applyAcceptance, failingMetrics, resolveTargets } from "../../src/gate/acceptance.ts";
import { evaluateGate } from "../../src/gate/evaluate.ts";
import type { Acceptance } from "../../src/gate/types.ts";
import { renderMarkdownReport } from "../../src/report/markdown.ts";
import { caseResult, gate, metric, results, suite } from "./fixtures.ts";

const baseline = results({
  bot: suite({ recall: metric(0.9), precision: metric(0.9), cost: metric(0.01, { gated: false, direction: "lower", unit: "usd" }) }),
  search: suite({ ndcg: metric(0.9) }),
});
// recall and precision dropped in bot; search's error rate is over max-error-rate.
const erroring = Array.from({ length: 10 }, (_, i) =>
  caseResult("search", `s${i}`, i < 2 ? {} : { ndcg: 0.9 }, i < 2 ? { status: "error", error: { kind: "endpoint", message: "503" } } : {}),
);
const head = results({
  bot: suite({ recall: metric(0.8), precision: metric(0.7), cost: metric(0.02, { gated: false, direction: "lower", unit: "usd" }) }),
  search: suite({ ndcg: metric(0.9) }, erroring),
});
const failed = evaluateGate(head, baseline, gate());

const acceptance = (metrics: string[], by = "alice", reason = "cheaper model"): Acceptance => ({
  pullRequest: 7,
  headSha: "2222222222222222222222222222222222222222",
  entries: [{ metrics, by, reason, via: "comment", at: "2026-08-02T10:00:00.000Z" }],
});

test("the failing metrics, and what `all`, a suite and suite/metric name among them", () => {
  assert.equal(failed.verdict, "fail");
  assert.deepEqual(failingMetrics(failed), ["bot/recall", "bot/precision", "search/error-rate"]);
  assert.deepEqual(resolveTargets(failed, ["all"]), { keys: ["bot/recall", "bot/precision", "search/error-rate"], problems: [] });
  assert.deepEqual(resolveTargets(failed, ["bot"]).keys, ["bot/recall", "bot/precision"]);
  assert.deepEqual(resolveTargets(failed, ["bot/precision", "search/error-rate"]).keys, ["bot/precision", "search/error-rate"]);
  assert.deepEqual(resolveTargets(failed, ["bot/cost", "nope", "nope/x"]), {
    keys: [],
    problems: ["bot/cost is not failing", "there is no suite or metric nope", "there is no suite or metric nope/x"],
  });
});

test("accepting one of two failing metrics leaves the gate failed on the other; accepting all passes it", () => {
  const one = applyAcceptance(failed, acceptance(["bot/recall"]));
  assert.equal(one.verdict, "fail");
  const bot = one.suites.find((s) => s.suite === "bot")!;
  const recall = bot.rows.find((row) => row.metric === "recall")!;
  assert.equal(recall.status, "accepted");
  assert.equal(recall.failing, false);
  assert.deepEqual(recall.accepted, { by: "alice", reason: "cheaper model", via: "comment", pullRequest: 7 });
  assert.equal(bot.status, "fail", "precision still fails");
  assert.ok(one.failures.some((line) => line.startsWith("bot: precision:")));
  assert.ok(!one.failures.some((line) => line.startsWith("bot: recall:")));
  assert.equal(one.accepted!.length, 1);
  assert.match(one.accepted![0]!, /^bot: recall: dropped 11\.1% .* — accepted in #7 by @alice: cheaper model$/);
  assert.deepEqual(acceptors(one), ["alice"]);

  const all = applyAcceptance(one, {
    ...acceptance(["bot/recall"]),
    entries: [...acceptance(["bot/recall"]).entries, ...acceptance(["bot/precision", "search/error-rate"], "bob", "known outage").entries],
  });
  assert.equal(all.verdict, "pass");
  assert.deepEqual(all.failures, []);
  assert.equal(all.accepted!.length, 3, "each failure accepted once, by its first acceptance");
  assert.deepEqual(acceptors(all), ["alice", "bob"]);
  assert.equal(all.suites.find((s) => s.suite === "search")!.status, "pass");
  const report = renderMarkdownReport(head, all);
  assert.match(report, /### ✅ evalgate: gate passed with 3 accepted regressions/);
  assert.match(report, /\*\*Accepted on the record\*\* for commit 2222222/);
  assert.match(report, /☑️ accepted/);
});

test("an acceptance never turns an infrastructure error into a pass, and the reason is data in the report", () => {
  const errored = evaluateGate(head, baseline, gate(), { errors: ["the baseline could not be read"] });
  assert.equal(applyAcceptance(errored, acceptance(["all", "bot/recall", "bot/precision"])), errored);
  const hostile = applyAcceptance(
    failed,
    acceptance(["bot/recall", "bot/precision", "search/error-rate"], "alice", "<img src=x> @everyone [x](javascript:1) | #1"),
  );
  const report = renderMarkdownReport(head, hostile);
  assert.doesNotMatch(report, /<img|@everyone|(?<!\\)\]\(javascript/);
  assert.match(report, /&lt;img src=x&gt;/);
});
