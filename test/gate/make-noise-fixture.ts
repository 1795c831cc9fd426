// Writes test/gate/fixtures/noise-before-clusters.json: the gate's noise estimate on the seeded
// scenarios of noise-scenarios.ts. Run once at commit 3c1c234 (before clusters, issue 34); the file is
// the reference clusters.test.ts compares the clustered gate with (its call updated to today's signature).
import { writeFileSync } from "node:fs";
import path from "node:path";
import { estimateNoise } from "../../src/gate/noise.ts";
import { noiseScenarios } from "./noise-scenarios.ts";

const out = noiseScenarios().map((s) => ({
  name: s.name,
  noise:
    estimateNoise(s.head, s.base, {
      metricName: s.metricName,
      metric: s.metric,
      direction: s.direction,
      limit: s.limit,
      scope: { base: s.base.metrics, head: s.head.metrics, ids: s.ids ? new Set(s.ids) : null, changed: new Set(s.changed) },
      repeated: s.repeated,
      seed: s.seed,
    }) ?? null,
}));
writeFileSync(path.join(import.meta.dirname, "fixtures/noise-before-clusters.json"), `${JSON.stringify(out, null, 1)}\n`);
