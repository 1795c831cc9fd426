// One model answer's text, bounded: what evalgate keeps of an answer (in results, the journal,
// reports, and what a judge is shown) is at most MAX_ANSWER_CHARS, with a line saying how much was
// cut. A runaway answer of many megabytes then costs a run neither its memory nor a results file
// too large to upload. Scoring sees the same kept text: a judge needs its beginning, not all of it.
import { redact } from "./redact.ts";

/** Characters of one answer that are kept (1 MiB of ASCII). */
export const MAX_ANSWER_CHARS = 1024 * 1024;

/** `text` when within `max`; else its first `max` characters and a line saying how many were cut. */
export function capAnswer(text: string, max = MAX_ANSWER_CHARS): string {
  if (text.length <= max || isCapped(text, max)) return text;
  // Redacted whole before the cut: a secret the cut would split is still found, and no piece of it is kept.
  const whole = redact(text);
  if (whole.length <= max) return whole;
  return cutWithLine(whole, max, whole.length);
}

/**
 * What capAnswer keeps of a text of `total` characters, from its first characters alone (`head`,
 * well past `max`, so that a secret the cut splits is whole in it): the text was never held whole.
 */
export function capLongText(head: string, total: number, max = MAX_ANSWER_CHARS): string {
  const redacted = redact(head);
  const redactedTotal = total - (head.length - redacted.length);
  return redacted.length <= max ? redacted : cutWithLine(redacted, max, redactedTotal);
}

const CUT_LINE = /\n\[evalgate: [\d,]+ of this answer's [\d,]+ characters cut\]$/;
/** Longest cut line (two 15-digit counts with separators). */
const CUT_LINE_MAX = 100;

/** A text capped already (capLongText): its first `max` characters (one fewer, not to split a pair) and the cut line. */
function isCapped(text: string, max: number): boolean {
  return answerCut(text, max) !== undefined;
}

/**
 * What was kept of a capped answer, and how long the whole was; undefined for an answer kept whole.
 * Only a cut line where the cap puts it counts: an answer cannot claim to have been cut by writing one.
 */
export function answerCut(text: string, max = MAX_ANSWER_CHARS): { kept: string; total: number } | undefined {
  if (text.length <= max || text.length - max > CUT_LINE_MAX) return undefined;
  const line = CUT_LINE.exec(text.slice(max - 1));
  if (line === null || (line.index !== 0 && line.index !== 1)) return undefined;
  const total = Number(/ of this answer's ([\d,]+) characters/.exec(line[0])![1]!.replace(/,/g, ""));
  return { kept: text.slice(0, max - 1 + line.index), total };
}

function cutWithLine(whole: string, max: number, total: number): string {
  let end = max;
  const last = whole.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--; // never half a surrogate pair
  // A copy, not a slice: V8 keeps a slice's whole parent alive, all of the answer that was cut.
  const kept = Buffer.from(whole.slice(0, end), "utf8").toString("utf8");
  const cut = total - end;
  return `${kept}\n[evalgate: ${cut.toLocaleString("en-US")} of this answer's ${total.toLocaleString("en-US")} characters cut]`;
}
