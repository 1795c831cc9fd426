// Simulated pull requests for the gate's tests: two runs of one suite whose cases come in clusters
// that move together within a run (a thread that derails, a scenario the system misreads), the
// shape that makes an unclustered test see "significant" drops that are noise. Seeded and pure.
import type { PairedCluster } from "../../src/gate/clusters.ts";
import { seededRandom } from "../../src/util/random.ts";

export interface SimulatedSuite {
  /** 1-based cluster sizes: how many cases each cluster holds. */
  sizes: number[];
  /** Each case's chance of passing (binary) or mean score (continuous), with no change. */
  level: number[];
}

/** Gaussian draws from a seeded uniform source (Box–Muller). */
export function gaussian(random: () => number): () => number {
  return () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/** A suite of `clusters` clusters of 1..maxSize cases, each case with its own difficulty. */
export function simulatedSuite(random: () => number, clusters: number, maxSize: number): SimulatedSuite {
  const sizes = Array.from({ length: clusters }, () => 1 + Math.floor(random() * maxSize));
  const level = sizes.flatMap((size) => Array.from({ length: size }, () => 0.55 + 0.4 * random()));
  return { sizes, level };
}

const logistic = (x: number) => 1 / (1 + Math.exp(-x));
const logit = (p: number) => Math.log(p / (1 - p));

export interface RunShape {
  kind: "binary" | "continuous";
  /** Spread of the run-level shock a cluster's cases share (logit scale for binary, score scale for continuous). */
  shock: number;
  /** Continuous only: each case's own noise. */
  caseNoise?: number;
}

/** One run's values: every case drawn around its level (times `factor`), with its cluster's shock. */
export function simulateRun(suite: SimulatedSuite, shape: RunShape, factor: number, random: () => number, normal: () => number): number[] {
  const values: number[] = [];
  let i = 0;
  for (const size of suite.sizes) {
    const shock = shape.shock * normal();
    for (let j = 0; j < size; j++, i++) {
      const level = suite.level[i]! * factor;
      if (shape.kind === "binary") values.push(random() < logistic(logit(level) + shock) ? 1 : 0);
      else values.push(Math.min(1, Math.max(0, level + shock + (shape.caseNoise ?? 0) * normal())));
    }
  }
  return values;
}

/**
 * The two runs as the gate pairs them (clusters.ts's sums, built directly: 40,000 simulated suites
 * are too many to key by strings): by cluster, and as if every case stood alone (the gate before
 * clusters), the latter made on first use.
 */
export function pairedRuns(suite: SimulatedSuite, base: number[], head: number[]): { clustered: PairedCluster[]; alone: PairedCluster[] } {
  const clustered: PairedCluster[] = [];
  let i = 0;
  for (const size of suite.sizes) {
    const cluster: PairedCluster = { diff: 0, weight: size, baseSum: 0, cases: size };
    for (let j = 0; j < size; j++, i++) {
      cluster.diff += head[i]! - base[i]!;
      cluster.baseSum += base[i]!;
    }
    clustered.push(cluster);
  }
  let alone: PairedCluster[] | undefined;
  return {
    clustered,
    get alone() {
      alone ??= base.map((value, k) => ({ diff: head[k]! - value, weight: 1, baseSum: value, cases: 1 }));
      return alone;
    },
  };
}

/** How often a test called a drop: on the clustered pairing, and on the first `aloneTrials` PRs with every case alone. */
export interface Rates {
  clustered: number;
  alone: number;
  trials: number;
  aloneTrials: number;
}

/**
 * A seeded simulation: `trials` pull requests, each two runs of a fresh suite; `decide` says whether
 * the test called a drop. The unclustered test (every case its own cluster: the gate before clusters)
 * is scored on the first `aloneTrials` of the same pull requests.
 */
export function rejectionRate(
  seed: number,
  trials: { clustered: number; alone: number },
  make: (random: () => number, normal: () => number) => { clustered: PairedCluster[]; alone: PairedCluster[] },
  decide: (clusters: PairedCluster[], trial: number) => boolean,
): Rates {
  const random = seededRandom(seed);
  const normal = gaussian(random);
  let clustered = 0;
  let alone = 0;
  for (let trial = 0; trial < trials.clustered; trial++) {
    const runs = make(random, normal);
    if (decide(runs.clustered, trial)) clustered++;
    if (trial < trials.alone && decide(runs.alone, trial)) alone++;
  }
  return {
    clustered: clustered / trials.clustered,
    alone: trials.alone ? alone / trials.alone : 0,
    trials: trials.clustered,
    aloneTrials: trials.alone,
  };
}
