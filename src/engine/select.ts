// Which cases run: --filter (index, range or glob, as the Dust seed), --sample N --seed S
// (the seed's LCG Fisher-Yates, so a sample is reproducible), and --shard I/N (stable by case id).
import { createHash } from "node:crypto";
import type { Case } from "../results/types.ts";
import { textGlob } from "../util/glob.ts";

export type CaseFilter = (testCase: Case, indexInList: number) => boolean;

/**
 * "1,3,5" (1-based positions), "2-7" (inclusive range), mixes like "1,4-6", or anything else as a
 * case-insensitive glob on the title ("*climate*"). Positions are Case.position (the prompt row).
 */
export function parseFilter(spec: string): CaseFilter {
  const trimmed = spec.trim();
  if (/^\d+(-\d+)?(\s*,\s*\d+(-\d+)?)*$/.test(trimmed)) {
    const ranges = trimmed.split(",").map((part) => {
      const [from, to] = part.trim().split("-").map(Number) as [number, number | undefined];
      if (to !== undefined && to < from) throw new Error(`--filter: range ${part.trim()} ends before it starts`);
      return [from, to ?? from] as const;
    });
    return (testCase, index) => {
      const position = testCase.position ?? index + 1;
      return ranges.some(([from, to]) => position >= from && position <= to);
    };
  }
  const matches = textGlob(trimmed.includes("*") || trimmed.includes("?") ? trimmed : `*${trimmed}*`);
  return (testCase) => matches(testCase.title) || matches(testCase.id);
}

/** The Dust seed's generator: state = (state * 1664525 + 1013904223) mod 2^32, r = state / 2^32. */
export function lcg(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Fisher-Yates with the seeded generator, then the first n. Without a seed, a random one. */
export function sample<T>(items: readonly T[], n: number, seed?: number): T[] {
  if (n >= items.length) return [...items];
  const random = seed === undefined ? Math.random : lcg(seed);
  const shuffled = [...items];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
  }
  return shuffled.slice(0, n);
}

/** Samples whole positions (prompts), so every agent answering a sampled prompt stays in. */
export function sampleByPosition(cases: Case[], n: number, seed?: number): Case[] {
  const positions = [...new Set(cases.map((c, i) => c.position ?? i + 1))];
  const chosen = new Set(sample(positions, n, seed));
  return cases.filter((c, i) => chosen.has(c.position ?? i + 1));
}

export interface ShardSpec {
  index: number;
  total: number;
}

export function parseShard(spec: string): ShardSpec {
  const match = /^(\d+)\/(\d+)$/.exec(spec.trim());
  if (!match) throw new Error(`--shard: expected I/N such as 1/4, got "${spec}"`);
  const index = Number(match[1]);
  const total = Number(match[2]);
  if (total < 1 || index < 1 || index > total) throw new Error(`--shard: I must be between 1 and N, got ${spec}`);
  return { index, total };
}

/** A case belongs to shard I of N by a hash of its suite and id: stable whatever else is selected. */
export function inShard(suite: string, caseId: string, shard: ShardSpec): boolean {
  const digest = createHash("sha1").update(`${suite}\0${caseId}`).digest();
  return (digest.readUInt32BE(0) % shard.total) + 1 === shard.index;
}
