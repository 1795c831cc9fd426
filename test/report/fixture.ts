// A realistic run: three suites, one regressed against the baseline, hostile model text in errors.
import type { Results } from "../../src/results/types.ts";
import { caseResult, metric, results, suite } from "../gate/fixtures.ts";

export const HOSTILE = "a | b\n## Heading <script>alert(1)</script> `rm -rf` @octocat ![x](http://evil) #12 :tada:";

export function realisticPair(): { base: Results; head: Results } {
  const botBase = ["refund-1", "refund-2", "cancel-3", "address-4", "order-5", "order-6"].map((id, i) =>
    caseResult(
      "support-bot",
      id,
      { recall_fn: 1, precision_fn: 1 },
      { title: `Scenario ${id}`, source: { file: "evals/function-calls/cases.jsonl", line: i + 1 } },
    ),
  );
  const botHead = botBase.map((c, i) =>
    i === 1
      ? { ...c, metrics: { recall_fn: 0.5, precision_fn: 1 } }
      : i === 3
        ? {
            ...c,
            status: "error" as const,
            metrics: {},
            error: { kind: "endpoint" as const, message: `HTTP 500 from support-bot: ${HOSTILE}` },
          }
        : c,
  );
  const cost = (v: number) => metric(v, { gated: false, direction: "lower", unit: "usd" });
  const latency = (v: number) => metric(v, { gated: false, direction: "lower", unit: "ms" });
  const base = results(
    {
      "support-bot": suite(
        {
          precision_fn: metric(0.95),
          recall_fn: metric(0.93),
          reliability: metric(0.9),
          cost_usd: cost(0.0412),
          latency_p50: latency(840),
        },
        botBase,
      ),
      helpfulness: suite({ "normalized_score/support-bot": metric(0.82), pass_rate: metric(0.85) }, [], { kind: "judged" }),
      "uml-feedback": suite({ mean_score: metric(0.88), detection_rate: metric(0.91) }, [], { kind: "sgi" }),
    },
    { commit: "9f8e7d6c5b4a39281706f5e4d3c2b1a098765432", branch: "main" },
  );
  const head = results(
    {
      "support-bot": suite(
        {
          precision_fn: metric(0.94),
          recall_fn: metric(0.81),
          reliability: metric(0.9),
          cost_usd: cost(0.0455),
          latency_p50: latency(910),
        },
        botHead,
        {
          costUsd: 0.0455,
        },
      ),
      helpfulness: suite({ "normalized_score/support-bot": metric(0.84), pass_rate: metric(0.86) }, [], {
        kind: "judged",
        costUsd: 0.0872,
      }),
      "uml-feedback": suite({ mean_score: metric(0.89), detection_rate: metric(0.9), llm_cost_usd: cost(0.31) }, [], {
        kind: "sgi",
        costUsd: 0.31,
      }),
    },
    { commit: "0123456789abcdef0123456789abcdef01234567", branch: "feature/refunds", event: "pull_request" },
  );
  return { base, head };
}
