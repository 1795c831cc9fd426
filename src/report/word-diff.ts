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

/** The two texts as one run of parts: same, removed (only in `before`), added (only in `after`). */
export function wordDiff(before: string, after: string): DiffPart[] {
  const a = tokens(before);
  const b = tokens(after);
  const parts: DiffPart[] = [];
  let i = 0;
  let j = 0;
  for (const run of [...matchingRuns(a, b), { i: a.length, j: b.length, size: 0 }]) {
    push(parts, "removed", a.slice(i, run.i));
    push(parts, "added", b.slice(j, run.j));
    push(parts, "same", a.slice(run.i, run.i + run.size));
    i = run.i + run.size;
    j = run.j + run.size;
  }
  return parts;
}
