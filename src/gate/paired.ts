// A paired run's provenance (`--pair base`): for each suite, whether its baseline numbers are the base
// commit's system run now on the same cases, or the stored baseline and why; and the run's notes,
// with the cost and time of both halves. Pure: it reads results.json's run.paired.
import { inputsUnchangedSince, type PairedRun, type Results } from "../results/types.ts";
import { formatCost } from "../util/format-cost.ts";
import type { BaselineFrom } from "./types.ts";

export function shortSha(sha: string): string {
  return sha.slice(0, 7);
}

/** Where a suite's baseline column came from in a paired run; undefined outside one. */
export function baselineFromOf(suite: string, paired: PairedRun | undefined): BaselineFrom | undefined {
  if (!paired) return undefined;
  if (paired.base && paired.baseHalf && paired.suites.includes(suite)) {
    const { costUsd, durationMs, requests } = paired.baseHalf;
    const text = `paired with base ${shortSha(paired.base)}, run now: the baseline column is the base commit's system on these cases, compared case by case`;
    return { kind: "paired", base: paired.base, costUsd, durationMs, requests, text };
  }
  const why = paired.stored.find((entry) => entry.suite === suite)?.why ?? "not paired";
  return { kind: "stored", text: `compared with the stored baseline: ${why === "not paired (above)" ? "not paired" : why}` };
}

/** The run's notes: which suites were paired with which commit, what each half cost and took; or why nothing was paired. */
export function pairedNotes(head: Results): string[] {
  const paired = head.run.paired;
  if (!paired) return [];
  if (paired.fallback) return [paired.fallback];
  const notes: string[] = [];
  if (paired.base && paired.baseHalf && paired.suites.length) {
    const base = paired.baseHalf;
    const half = (cost: number | null, ms: number, requests: number) => `${formatCost(cost)}, ${seconds(ms)}, ${requests} requests`;
    notes.push(
      `paired with base ${shortSha(paired.base)} (the merge base with ${/^[0-9a-f]{40}$/.test(paired.ref) ? shortSha(paired.ref) : paired.ref}), run now: ${paired.suites.join(", ")}; each case compared with its pair (McNemar for pass/fail, a sign-flip test for scores). Base half ${half(base.costUsd, base.durationMs, base.requests)}; head half ${half(head.run.costUsd, head.run.durationMs, head.run.requests)}`,
    );
  } else notes.push(`--pair base: no suite's inputs changed since ${paired.ref}: nothing to pair`);
  notes.push(...(paired.notes ?? []));
  const unchanged = paired.stored.filter((entry) => entry.why === inputsUnchangedSince(paired.ref));
  if (unchanged.length)
    notes.push(
      `compared with the stored baseline (their inputs did not change since ${paired.ref}): ${unchanged.map((entry) => entry.suite).join(", ")}`,
    );
  // Changed, yet not paired: the base commit's system could not load it.
  for (const entry of paired.stored)
    if (!unchanged.includes(entry)) notes.push(`${entry.suite}: compared with the stored baseline: ${entry.why}`);
  return notes;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}
