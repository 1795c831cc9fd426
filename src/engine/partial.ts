// Why a run is not the whole suite, and the sample seed a run without --seed uses: derived from the
// base commit (the head commit without one), so every run of a PR draws the same sample.
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

/** Why the selection is not the whole config: a suite subset, and a filter, sample or shard that left cases out. */
export function partialReasons(
  selection: RunSelection,
  allSuites: string[],
  counts: { selected: number; total: number },
  seedSource?: string,
): string[] {
  const reasons: string[] = [];
  if (selection.suites?.length && selection.suites.length < allSuites.length) {
    reasons.push(`suites ${selection.suites.join(", ")} of ${allSuites.length}`);
  }
  if (counts.selected < counts.total) {
    const how = [
      selection.filter ? `filter "${selection.filter}"` : "",
      selection.sample !== undefined
        ? `a sample of ${selection.sample} per suite, seed ${selection.seed}${seedSource ? ` ${seedSource}` : ""}`
        : "",
      selection.shard ? `shard ${selection.shard.index}/${selection.shard.total}` : "",
    ].filter(Boolean);
    reasons.push(`${how.join(", ")}: ${counts.selected} of ${counts.total} cases`);
  }
  return reasons;
}

/** "deadline reached (30m): 412 of 1000 cases not run", when the run guard stopped before every case ran. */
export function stoppedRunReasons(stopped: string | null, ran: number, planned: number): string[] {
  return stopped && ran < planned ? [`${stopped}: ${planned - ran} of ${planned} cases not run`] : [];
}

/** The run.partial reason of a run that carried suites from the baseline: such a run is never stored as one. */
export function carriedReason(carried: string[], since: string): string {
  return `${carried.join(", ")} carried from the baseline (nothing they depend on changed since ${since})`;
}
