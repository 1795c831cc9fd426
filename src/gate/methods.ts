// The words every report uses for the statistics behind a verdict: a row's evidence (its test, its
// clusters, its corrected p), and the run's notes on repeats and flaky cases. docs/statistics-methods.md
// states each method with its reference.
import type { Results } from "../results/types.ts";
import { formatNumber, formatSigned } from "./format.ts";
import type { FlakyReport, NoiseEstimate } from "./types.ts";

/** Flaky cases a note names before "and N more". */
const FLAKY_LISTED = 20;

/** A p-value as the reports print it: three decimals, "< 0.001" under that. */
export function formatP(p: number): string {
  return p < 0.001 ? "< 0.001" : formatNumber(p);
}

/** "clustered by thread (44 clusters)"; "" when every case stood alone. */
export function clusterWords(noise: Pick<NoiseEstimate, "clusters">): string {
  const clusters = noise.clusters;
  if (!clusters) return "";
  return `clustered by ${clusters.by} (${clusters.count} ${clusters.count === 1 ? "cluster" : "clusters"})`;
}

/** "Holm-adjusted p = 0.12 over 8 gated comparisons"; "" without a correction or with one comparison. */
export function adjustedWords(noise: Pick<NoiseEstimate, "adjusted">): string {
  const adjusted = noise.adjusted;
  if (!adjusted || adjusted.comparisons < 2) return "";
  return `Holm-adjusted p = ${formatP(adjusted.p)} over ${adjusted.comparisons} gated comparisons`;
}

/** Why a change is inside noise: the test's p or interval, how it was clustered, the corrected p. */
export function noiseEvidence(noise: NoiseEstimate): string {
  const more = [clusterWords(noise), adjustedWords(noise)]
    .filter(Boolean)
    .map((words) => `, ${words}`)
    .join("");
  if (noise.mcnemar)
    return `McNemar p = ${formatNumber(noise.mcnemar.p)}${more}: ${noise.mcnemar.worse} cases worse, ${noise.mcnemar.better} better`;
  if (noise.signFlip)
    return `cluster sign-flip p = ${formatP(noise.signFlip.p)}${more}; 95% CI of the change ${formatSigned(noise.ciLow)} … ${formatSigned(noise.ciHigh)}`;
  return `95% CI of the change ${formatSigned(noise.ciLow)} … ${formatSigned(noise.ciHigh)}${more}`;
}

/** The run's notes on how it was measured: repeats asked afresh, flaky cases from the history. */
export function statisticsNotes(head: Results, flaky: FlakyReport | undefined): string[] {
  const notes: string[] = [];
  for (const [name, suite] of Object.entries(head.suites)) {
    const repeats = suite.repeats;
    if (!repeats || repeats.count < 2 || suite.carried) continue;
    notes.push(
      repeats.fresh
        ? `${name}: ${repeats.count} repeats per case, each a fresh request to the system under test and to the judge (never a cached answer of another repeat)`
        : `${name}: ${repeats.count} repeats per case`,
    );
  }
  if (flaky?.cases.length) notes.push(flakyNote(flaky));
  return notes;
}

function flakyNote(flaky: FlakyReport): string {
  const listed = flaky.cases
    .slice(0, FLAKY_LISTED)
    .map((entry) => `${entry.suite}/${entry.caseId} (${entry.flips} flips in ${entry.runs} runs)`);
  if (flaky.cases.length > FLAKY_LISTED) listed.push(`and ${flaky.cases.length - FLAKY_LISTED} more`);
  const count = flaky.cases.length === 1 ? "1 flaky case" : `${flaky.cases.length} flaky cases`;
  const what =
    flaky.mode === "exclude"
      ? `left out of the compared means and tests (gate.flaky.mode: exclude): ${count}`
      : `listed only (gate.flaky.mode: report): ${count}`;
  return `${what} whose outcome flipped at least ${flaky.minFlips} times over the last ${flaky.runs} baselines with the same inputs: ${listed.join(", ")}`;
}
