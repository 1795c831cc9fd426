// promptfoo 0.123's reference-overlap asserts: bleu (its own BLEU-4: lowercased whitespace tokens,
// clipped n-gram precision over the references, brevity penalty, orders without n-grams left out) and
// rouge-n (ROUGE-1 F1 with clipped counts on js-rouge's Treebank tokens, the library promptfoo uses).
// The not- forms score 1 − score.
import { fMeasure, nGram, treeBankTokenize } from "js-rouge";
import type { GradingResult } from "./result.ts";
import { AssertValueError } from "./text.ts";

const tokens = (text: string) => text.toLowerCase().trim().split(/\s+/);

function ngrams(words: readonly string[], n: number): string[] {
  const grams: string[] = [];
  for (let i = 0; i <= words.length - n; i++) grams.push(words.slice(i, i + n).join(" "));
  return grams;
}

function counts(grams: readonly string[]): Map<string, number> {
  const map = new Map<string, number>();
  for (const gram of grams) map.set(gram, (map.get(gram) ?? 0) + 1);
  return map;
}

export function bleuScore(candidate: string, references: readonly string[]): number {
  if (references.length === 0) throw new AssertValueError("Invalid inputs");
  if (candidate.trim() === "") return 0;
  const words = tokens(candidate);
  const referenceWords = references.map(tokens);
  const closest = referenceWords
    .map((ref) => ref.length)
    .reduce((prev, curr) => {
      const dCurr = Math.abs(curr - words.length);
      const dPrev = Math.abs(prev - words.length);
      return dCurr < dPrev || (dCurr === dPrev && curr < prev) ? curr : prev;
    });
  const orders: { precision: number; weight: number }[] = [];
  for (let n = 1; n <= 4; n++) {
    const grams = ngrams(words, n);
    if (grams.length === 0) continue;
    let best = 0;
    for (const ref of referenceWords) {
      const refCounts = counts(ngrams(ref, n));
      let clipped = 0;
      for (const [gram, count] of counts(grams)) clipped += Math.min(count, refCounts.get(gram) ?? 0);
      best = Math.max(best, clipped);
    }
    orders.push({ precision: best / grams.length, weight: 0.25 });
  }
  const penalty = words.length > closest ? 1 : Math.exp(1 - closest / words.length);
  const weightSum = orders.reduce((sum, order) => sum + order.weight, 0);
  if (weightSum === 0) return 0;
  const logSum = orders.reduce(
    (sum, { precision, weight }) => sum + (weight / weightSum) * Math.log(precision === 0 ? 1e-7 : precision),
    0,
  );
  return penalty * Math.exp(logSum);
}

export function bleuAssert(value: unknown, output: string, inverse: boolean, threshold = 0.5): GradingResult {
  const valid = typeof value === "string" || (Array.isArray(value) && value.every((item) => typeof item === "string"));
  if (!valid) throw new AssertValueError('"bleu" assertion type must have a string or array of strings value');
  const score = bleuScore(output, Array.isArray(value) ? (value as string[]) : [value as string]);
  const pass = score >= threshold !== inverse;
  return {
    pass,
    score: inverse ? 1 - score : score,
    reason: pass ? "Assertion passed" : `BLEU score ${score.toFixed(4)} is ${inverse ? "greater" : "less"} than threshold ${threshold}`,
  };
}

export function rougeNScore(candidate: string, reference: string, n = 1): number {
  const candidateTokens = treeBankTokenize(candidate);
  const referenceTokens = treeBankTokenize(reference);
  if (candidateTokens.length < n || referenceTokens.length < n) return 0;
  const candidateGrams = nGram(candidateTokens, n);
  const referenceGrams = nGram(referenceTokens, n);
  const referenceCounts = counts(referenceGrams);
  let overlap = 0;
  for (const [gram, count] of counts(candidateGrams)) overlap += Math.min(count, referenceCounts.get(gram) ?? 0);
  if (overlap === 0) return 0;
  return fMeasure(overlap / candidateGrams.length, overlap / referenceGrams.length, 1);
}

export function rougeAssert(value: unknown, output: string, inverse: boolean, threshold = 0.75): GradingResult {
  if (typeof value !== "string") throw new AssertValueError('"rouge" assertion type must be a string value');
  const score = rougeNScore(output.toLowerCase(), value.toLowerCase());
  return {
    pass: score >= threshold !== inverse,
    score: inverse ? 1 - score : score,
    reason: `ROUGE-N score ${score.toFixed(2)} is ${score >= threshold ? "greater than or equal to" : "less than"} threshold ${threshold}`,
  };
}
