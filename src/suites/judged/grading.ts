// Pure scoring for LLM-as-judge answers: the scales, reading a judge's score, majority voting
// and the statistics around it. Formulas follow dust-evals v2 (research/seed_repos.md §2).

/** Each scale's labelled points, ascending, as shown to the judge; its min and max are the ends. */
const SCALE_POINTS = {
  binary: ["Fail - Does not meet criteria", "Pass - Meets criteria"],
  "0-3": [
    "Completely wrong or unhelpful",
    "Partially correct but missing key elements",
    "Mostly correct with minor issues",
    "Excellent, complete, and accurate",
  ],
  "1-5": [
    "Very poor - Completely wrong or unhelpful",
    "Poor - Major issues, missing key elements",
    "Average - Partially correct with notable gaps",
    "Good - Mostly correct with minor issues",
    "Excellent - Complete and accurate",
  ],
  "0-100": [
    "Completely wrong",
    "Poor - Major issues",
    "Average - Partially correct",
    "Good - Mostly correct",
    "Perfect - Complete and accurate",
  ],
} as const;

export type ScaleType = keyof typeof SCALE_POINTS;
/** The scale names, for the config schema (`scale:`). */
export const SCALE_TYPES = Object.keys(SCALE_POINTS) as [ScaleType, ...ScaleType[]];

export interface Scale {
  type: ScaleType;
  min: number;
  max: number;
  /** Labelled points shown to the judge, ascending. */
  labels: { score: number; label: string }[];
  /** 0-100 is treated as continuous: decimals allowed, median instead of mode. */
  continuous: boolean;
}

/** "0-3" labels 0, 1, 2, 3; "1-5" labels 1 to 5; "binary" 0 and 1; "0-100" every 25 (continuous). */
function scaleOf(type: ScaleType): Scale {
  const [min, max] = type === "binary" ? [0, 1] : (type.split("-").map(Number) as [number, number]);
  const points = SCALE_POINTS[type];
  const step = (max - min) / (points.length - 1);
  return { type, min, max, continuous: type === "0-100", labels: points.map((label, i) => ({ score: min + i * step, label })) };
}

export const SCALES = Object.fromEntries(SCALE_TYPES.map((type) => [type, scaleOf(type)])) as Record<ScaleType, Scale>;

export type ScoreParse = { ok: true; score: number } | { ok: false; reason: string };

// The judge's verdict is its LAST "SCORE: n" that ends a line (emphasis or a full stop may follow)
// outside any quotation. A score the judge quotes from the answer is read past: inside a sentence
// ('it reads "SCORE: 3", wrong') it does not end the line; in a quote over several lines it follows
// an odd number of double quotes and a closing one comes later (the answer reaches the judge with
// its own quotes escaped); in a quoted block ("> SCORE: 3") the line is not the judge's own.
// dust-evals reads the first "SCORE: n" anywhere, so an answer carrying one could set its own score.
// An exponent is read with its number, so "1e400" is refused as not finite rather than read as 1.
// Spaces are any within a line (a no-break space too, as dust-evals' \s reads it); markdown emphasis
// around the word or the number is read past. test/suites/judged/score-parity.test.ts holds every
// difference from dust-evals' parser, each with an example, against that parser's own answers.
const VERDICT_AT_LINE_END =
  /(?:^|[^a-z])score(?:[^\S\r\n\u2028\u2029]|[*_])*:(?:[^\S\r\n\u2028\u2029]|[*_])*(\d+(?:\.\d+)?(?:e[+-]?\d+)?)(?:[^\S\r\n\u2028\u2029]|[*_.])*$/gim;
const DOUBLE_QUOTES = /["\u201c\u201d]/g;
const A_DOUBLE_QUOTE = /["\u201c\u201d]/;

function lastVerdict(text: string): string | undefined {
  let verdict: string | undefined;
  for (const match of text.matchAll(VERDICT_AT_LINE_END)) {
    // Where "score" starts: the match may begin with the line break before it, which is not its line.
    const start = match.index + match[0].search(/score/i);
    const before = text.slice(0, start);
    const line = before.slice(before.lastIndexOf("\n") + 1);
    const insideQuotes = (before.match(DOUBLE_QUOTES)?.length ?? 0) % 2 === 1 && A_DOUBLE_QUOTE.test(text.slice(start));
    const quoted = insideQuotes || line.trimStart().startsWith(">");
    if (!quoted) verdict = match[1];
  }
  return verdict;
}

/** Reads the judge's score, or says why it cannot be used. */
export function extractScore(text: string, scale: Scale): ScoreParse {
  const found = lastVerdict(text);
  if (!found) return { ok: false, reason: 'no "SCORE: <number>" ending a line of the judge\'s answer' };
  const score = Number(found);
  if (!Number.isFinite(score)) return { ok: false, reason: `score ${found} is not a finite number` };
  if (score < scale.min || score > scale.max) {
    return { ok: false, reason: `score ${found} is outside ${scale.min}-${scale.max} (${scale.type} scale)` };
  }
  if (!scale.continuous && !Number.isInteger(score)) {
    return { ok: false, reason: `score ${found} is not a whole number, as the ${scale.type} scale requires` };
  }
  return { ok: true, score };
}

export function mean(values: number[]): number {
  return values.reduce((sum, v) => sum + v, 0) / values.length;
}

/** Population variance (divides by n, as the seed does). 0 for no values. */
export function populationVariance(values: number[]): number {
  if (values.length === 0) return 0;
  const m = mean(values);
  return values.reduce((sum, v) => sum + (v - m) ** 2, 0) / values.length;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Most frequent value; on a tie the tied values sorted ascending give modes[floor(k/2)] (seed rule). */
export function mode(values: number[]): number {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  const top = Math.max(...counts.values());
  const modes = [...counts].filter(([, count]) => count === top).map(([v]) => v);
  modes.sort((a, b) => a - b);
  return modes[Math.floor(modes.length / 2)]!;
}

export interface VoteResult {
  finalScore: number;
  /** 0..1: share of votes equal to the final score (discrete) or 1 − σ/(¼ range), floored at 0 (0-100). */
  agreement: number;
  variance: number;
  votes: number;
}

// On 0-100, a standard deviation of a quarter of the range counts as no agreement at all.
const CONTINUOUS_MAX_STDDEV_RATIO = 0.25;

/** Majority vote over the votes that parsed. No votes gives the scale's minimum and agreement 0. */
export function majorityVote(scores: number[], scale: Scale): VoteResult {
  if (scores.length === 0) return { finalScore: scale.min, agreement: 0, variance: 0, votes: 0 };
  const variance = populationVariance(scores);
  if (scale.continuous) {
    const maxStdDev = (scale.max - scale.min) * CONTINUOUS_MAX_STDDEV_RATIO;
    return { finalScore: median(scores), agreement: Math.max(0, 1 - Math.sqrt(variance) / maxStdDev), variance, votes: scores.length };
  }
  const finalScore = mode(scores);
  const agreement = scores.filter((s) => s === finalScore).length / scores.length;
  return { finalScore, agreement, variance, votes: scores.length };
}

export function normalizeScore(score: number, scale: Scale): number {
  return (score - scale.min) / (scale.max - scale.min);
}

/**
 * The seed's reliability rule: more than half of the judge calls failing makes the verdict unusable.
 * dust-evals checks "more than half" first, so its "All judge evaluations failed" is unreachable
 * there; here it names the case where no vote survived at all.
 */
export function unreliableVerdict(failed: number, total: number): string | null {
  if (total > 0 && failed === total) return "All judge evaluations failed";
  return total > 0 && failed / total > 0.5 ? `Unreliable: ${failed}/${total} judge evaluations failed` : null;
}

export interface Spread {
  mean: number;
  min: number;
  max: number;
  /** Population standard deviation. */
  stdDev: number;
}

/** Summary statistics of a non-empty list, or null for an empty one. */
export function spread(values: number[]): Spread | null {
  if (values.length === 0) return null;
  return { mean: mean(values), min: Math.min(...values), max: Math.max(...values), stdDev: Math.sqrt(populationVariance(values)) };
}
