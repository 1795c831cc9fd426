// A word-level diff of two answers, for the side-by-side views: which words the baseline had that
// the new answer dropped, and which it added. Built on the SequenceMatcher port the function-call
// suite already has (Python's difflib), run on words with their whitespace kept.
import { matchingRuns } from "../util/sequence-matcher.ts";

export type DiffPart = { kind: "same" | "removed" | "added"; text: string };

/** Words with the whitespace after them (so a changed run of words is one marked span); joined, the text again. */
const tokens = (text: string): string[] => text.match(/\S+\s*|\s+/g) ?? [];

function push(parts: DiffPart[], kind: DiffPart["kind"], words: string[]): void {
  if (!words.length) return;
  const last = parts.at(-1);
  if (last?.kind === kind) last.text += words.join("");
  else parts.push({ kind, text: words.join("") });
}

/**
 * Candidate positions SequenceMatcher may visit for one diff. Its search grows with the product of
 * the lengths, and faster on repetitive text ("a b a b …" is cubic); past this budget the texts are
 * matched on their shared first and last words only, in linear time, and the middle is marked whole.
 */
export const MAX_DIFF_STEPS = 250_000;

/** The common leading and trailing runs of two word lists, and the middle between them. */
function sharedEnds(a: string[], b: string[]): { i: number; j: number; size: number }[] {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  return [...(head ? [{ i: 0, j: 0, size: head }] : []), ...(tail ? [{ i: a.length - tail, j: b.length - tail, size: tail }] : [])];
}

/** The two texts as one run of parts: same, removed (only in `before`), added (only in `after`). */
export function wordDiff(before: string, after: string): DiffPart[] {
  const a = tokens(before);
  const b = tokens(after);
  const parts: DiffPart[] = [];
  let i = 0;
  let j = 0;
  const runs = matchingRuns(a, b, { maxSteps: MAX_DIFF_STEPS }) ?? sharedEnds(a, b);
  for (const run of [...runs, { i: a.length, j: b.length, size: 0 }]) {
    push(parts, "removed", a.slice(i, run.i));
    push(parts, "added", b.slice(j, run.j));
    push(parts, "same", a.slice(run.i, run.i + run.size));
    i = run.i + run.size;
    j = run.j + run.size;
  }
  return parts;
}
