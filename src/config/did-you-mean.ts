// "Did you mean …?": the nearest of the names a field accepts, when a typo is the likely cause.

/** The candidate nearest to `word`, when it is close enough to be a typo of it. */
export function closest(word: string, candidates: string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const distance = editDistance(word.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  // Close enough to be a typo: at most a third of the word (rounded up), and at most 3 edits.
  return best !== undefined && bestDistance <= Math.min(3, Math.max(1, Math.ceil(word.length / 3))) ? best : undefined;
}

/** Damerau-Levenshtein (optimal string alignment): a swap of two neighbours ("agnet") is one edit. */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/** ` (did you mean "x"?)` when a string value is a typo of a candidate, else "". */
export function didYouMean(value: unknown, candidates: string[]): string {
  const suggestion = typeof value === "string" ? closest(value, candidates) : undefined;
  return suggestion ? ` (did you mean "${suggestion}"?)` : "";
}
