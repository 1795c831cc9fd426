// Seeded scenarios for the noise estimate (gate/noise.ts): suites of one case per cluster, the data the
// gate saw before clustering existed. test/gate/fixtures/noise-before-clusters.json holds what the
// gate computed on them at commit 3c1c234 (before issue 34), made by `node test/gate/make-noise-fixture.ts`;
// clusters.test.ts checks that today's gate still gives exactly those numbers.
import type { CaseResult, Metric, SuiteResults } from "../../src/results/types.ts";
import { seededRandom } from "../../src/util/random.ts";
import { caseResult, metric, suite } from "./fixtures.ts";

export interface NoiseScenario {
  name: string;
  head: SuiteResults;
  base: SuiteResults;
  metricName: string;
  metric: Metric;
  direction: "higher" | "lower";
  limit: number;
  ids: string[] | null;
  changed: string[];
  repeated: boolean;
  seed: number;
}

function cases(
  random: () => number,
  n: number,
  repeats: number,
  value: (id: number, r: number) => number,
  errorShare: number,
): CaseResult[] {
  const out: CaseResult[] = [];
  for (let r = 0; r < repeats; r++)
    for (let i = 0; i < n; i++) {
      const error = random() < errorShare;
      out.push(
        caseResult("s", `c${i}`, error ? {} : { score: value(i, r) }, { repeat: r, ...(error ? { status: "error" as const } : {}) }),
      );
    }
  return out;
}

export function noiseScenarios(): NoiseScenario[] {
  const scenarios: NoiseScenario[] = [];
  const random = seededRandom(34);
  const kinds = ["binary", "continuous", "mixed"] as const;
  let index = 0;
  for (const kind of kinds)
    for (const n of [2, 5, 20, 60])
      for (const repeats of [1, 2])
        for (const drop of [0, 0.15]) {
          const difficulty = Array.from({ length: n }, () => random());
          const draw = (p: number) =>
            kind === "continuous" ? Math.round(Math.min(1, Math.max(0, p + (random() - 0.5) * 0.4)) * 1000) / 1000 : random() < p ? 1 : 0;
          const baseCases = cases(random, n, repeats, (i) => draw(difficulty[i]!), 0.05);
          const headCases = cases(random, n, repeats, (i) => draw(difficulty[i]! - drop), 0.05);
          if (kind === "mixed") for (const c of headCases.slice(0, 2)) if (c.status === "scored") c.metrics.score = 0.5;
          const changed = n > 5 && index % 3 === 0 ? ["c1"] : [];
          const ids = n > 5 && index % 4 === 1 ? Array.from({ length: n - 2 }, (_, i) => `c${i}`) : null;
          const mean = (list: CaseResult[]) => {
            const values = list.flatMap((c) => (c.status === "scored" ? [c.metrics.score!] : []));
            return values.reduce((a, b) => a + b, 0) / values.length;
          };
          const direction = index % 5 === 4 ? "lower" : "higher";
          scenarios.push({
            name: `${kind} n=${n} repeats=${repeats} drop=${drop}`,
            head: suite({ score: metric(mean(headCases)) }, headCases),
            base: suite({ score: metric(mean(baseCases)) }, baseCases),
            metricName: "score",
            metric: metric(mean(headCases), { direction }),
            direction,
            limit: 0.05,
            ids,
            changed,
            repeated: repeats > 1,
            seed: 1 + index,
          });
          index++;
        }
  return scenarios;
}
