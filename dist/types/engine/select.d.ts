import type { Case } from "./types.ts";
export type CaseFilter = (testCase: Case, indexInList: number) => boolean;
/**
 * "1,3,5" (1-based positions), "2-7" (inclusive range), mixes like "1,4-6", or anything else as a
 * case-insensitive glob on the title ("*climate*"). Positions are Case.position (the prompt row).
 */
export declare function parseFilter(spec: string): CaseFilter;
/** The Dust seed's generator: state = (state * 1664525 + 1013904223) mod 2^32, r = state / 2^32. */
export declare function lcg(seed: number): () => number;
/** Fisher-Yates with the seeded generator, then the first n. Without a seed, a random one. */
export declare function sample<T>(items: readonly T[], n: number, seed?: number): T[];
/** Samples whole positions (prompts), so every agent answering a sampled prompt stays in. */
export declare function sampleByPosition(cases: Case[], n: number, seed?: number): Case[];
export interface ShardSpec {
    index: number;
    total: number;
}
export declare function parseShard(spec: string): ShardSpec;
/** A case belongs to shard I of N by a hash of its suite and id: stable whatever else is selected. */
export declare function inShard(suite: string, caseId: string, shard: ShardSpec): boolean;
