// Run-to-run noise: the spread of a metric across repeats and a seeded bootstrap interval of its
// change. Deterministic for a given seed, so the same two result files always give the same verdict.
import { seededRandom } from "../util/random.ts";

function quantile(sorted: readonly number[], q: number): number {
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (position - low);
}

export interface BootstrapOptions {
  iterations?: number;
  seed?: number;
  /** Two-sided confidence level; 0.95 by default. */
  level?: number;
}

/**
 * Interval of mean(head) − mean(base). `paired` maps case id → [base, head] values (each the mean
 * over that case's repeats) and resamples case ids; otherwise each side is resampled on its own.
 */
export function bootstrapChange(
  input: { paired: Array<[number, number]> } | { base: number[]; head: number[] },
  options: BootstrapOptions = {},
): { low: number; high: number } | null {
  const iterations = options.iterations ?? 2000;
  const random = seededRandom(options.seed ?? 1);
  const alpha = (1 - (options.level ?? 0.95)) / 2;
  const draws: number[] = [];
  const pick = (length: number) => Math.floor(random() * length);
  if ("paired" in input) {
    const pairs = input.paired;
    if (pairs.length < 2) return null;
    for (let i = 0; i < iterations; i++) {
      let sum = 0;
      for (let j = 0; j < pairs.length; j++) {
        const [base, head] = pairs[pick(pairs.length)]!;
        sum += head - base;
      }
      draws.push(sum / pairs.length);
    }
  } else {
    const { base, head } = input;
    if (base.length < 2 || head.length < 2) return null;
    for (let i = 0; i < iterations; i++) {
      let baseSum = 0;
      for (let j = 0; j < base.length; j++) baseSum += base[pick(base.length)]!;
      let headSum = 0;
      for (let j = 0; j < head.length; j++) headSum += head[pick(head.length)]!;
      draws.push(headSum / head.length - baseSum / base.length);
    }
  }
  draws.sort((a, b) => a - b);
  return { low: quantile(draws, alpha), high: quantile(draws, 1 - alpha) };
}
