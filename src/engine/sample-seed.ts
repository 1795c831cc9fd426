// The sample seed a run with --sample but without --seed uses: derived from the base commit (the
// head commit without one), so every run of a PR draws the same sample.
import { createHash } from "node:crypto";
import type { RunSelection } from "../results/types.ts";

/** A seed from a commit sha: the first 32 bits of its hash. */
export function seedFromCommit(commit: string): number {
  return createHash("sha256").update(commit).digest().readUInt32BE(0);
}

/** The selection with a seed for --sample: the given one, else one derived from the base or head commit. */
export function withSampleSeed(
  selection: RunSelection,
  commits: { base?: string; head?: string },
): { selection: RunSelection; seedSource?: string } {
  if (selection.sample === undefined || selection.seed !== undefined) return { selection };
  const commit = commits.base ?? commits.head;
  if (!commit) return { selection: { ...selection, seed: 1 }, seedSource: "no commit known: the fixed seed 1" };
  const which = commits.base ? "base" : "head";
  return {
    selection: { ...selection, seed: seedFromCommit(commit) },
    seedSource: `derived from the ${which} commit ${commit.slice(0, 7)}`,
  };
}
