// A faithful port of Python's difflib.SequenceMatcher(None, a, b).ratio(), plus the reference
// implementation's text normalisation and str() rendering. The seed judges an argument correct when
// ratio(normalise(str(actual)), normalise(str(expected))) >= 0.95, so every step must match CPython.

import { isIntegerLiteral, numberSource } from "./json-numbers.ts";
import { pythonFloatRepr } from "./python-format.ts";

export interface Block {
  i: number;
  j: number;
  size: number;
}

/**
 * difflib.SequenceMatcher(None, a, b).ratio(): 2·M / (len(a) + len(b)), M being the size of the
 * matching blocks found by recursive longest-match. Strings are compared by code point, as Python
 * does. With autojunk (Python's default), elements of b occurring more than 1% + 1 times are
 * "popular" and never start a match when len(b) >= 200; this changes results on long texts.
 */
export function sequenceRatio(a: string, b: string, options: { autojunk?: boolean } = {}): number {
  const left = Array.from(a);
  const right = Array.from(b);
  const total = left.length + right.length;
  if (total === 0) return 1;
  const matches = matchingBlocks(left, right, options.autojunk ?? true).reduce((sum, block) => sum + block.size, 0);
  return (2 * matches) / total;
}

/**
 * get_matching_blocks() without its sentinel: the runs two sequences share, in order (the report's
 * word diff uses it on words). Without autojunk unless asked, so a frequent word still matches.
 * With `maxSteps`, null once the search has visited that many candidate positions: its work grows
 * with the square of the lengths and more on repetitive text ("a b a b …"), and a caller that only
 * shows the result can fall back to something linear.
 */
export function matchingRuns(a: string[], b: string[], options: { autojunk?: boolean; maxSteps?: number } = {}): Block[] | null {
  const budget = { left: options.maxSteps ?? Number.POSITIVE_INFINITY };
  const blocks = matchingBlocks(a, b, options.autojunk ?? false, budget);
  return budget.left < 0 ? null : blocks.sort((x, y) => x.i - y.i);
}

/** b2j: positions of each element of b, minus the popular ones (Python's __chain_b with isjunk None). */
function indexSecond(b: string[], autojunk: boolean): Map<string, number[]> {
  const b2j = new Map<string, number[]>();
  b.forEach((element, index) => {
    const positions = b2j.get(element);
    if (positions) positions.push(index);
    else b2j.set(element, [index]);
  });
  if (autojunk && b.length >= 200) {
    const limit = Math.floor(b.length / 100) + 1;
    for (const [element, positions] of [...b2j]) if (positions.length > limit) b2j.delete(element);
  }
  return b2j;
}

/** Candidate positions the search may still visit; below 0 it has given up (matchingRuns). */
interface StepBudget {
  left: number;
}

function matchingBlocks(a: string[], b: string[], autojunk: boolean, budget: StepBudget = { left: Number.POSITIVE_INFINITY }): Block[] {
  const b2j = indexSecond(b, autojunk);
  const blocks: Block[] = [];
  const queue: [number, number, number, number][] = [[0, a.length, 0, b.length]];
  while (queue.length > 0 && budget.left >= 0) {
    const [alo, ahi, blo, bhi] = queue.pop() as [number, number, number, number];
    const block = longestMatch(a, b, b2j, { alo, ahi, blo, bhi }, budget);
    if (block.size === 0) continue;
    blocks.push(block);
    if (alo < block.i && blo < block.j) queue.push([alo, block.i, blo, block.j]);
    if (block.i + block.size < ahi && block.j + block.size < bhi) queue.push([block.i + block.size, ahi, block.j + block.size, bhi]);
  }
  return blocks;
}

/** find_longest_match: the earliest longest block in a[alo:ahi] × b[blo:bhi], then extended. */
function longestMatch(
  a: string[],
  b: string[],
  b2j: Map<string, number[]>,
  { alo, ahi, blo, bhi }: { alo: number; ahi: number; blo: number; bhi: number },
  budget: StepBudget,
): Block {
  let besti = alo;
  let bestj = blo;
  let bestsize = 0;
  let j2len = new Map<number, number>();
  for (let i = alo; i < ahi; i++) {
    const next = new Map<number, number>();
    const positions = b2j.get(a[i] as string) ?? [];
    budget.left -= positions.length;
    if (budget.left < 0) return { i: alo, j: blo, size: 0 };
    for (const j of positions) {
      if (j < blo) continue;
      if (j >= bhi) break;
      const k = (j2len.get(j - 1) ?? 0) + 1;
      next.set(j, k);
      if (k > bestsize) {
        besti = i - k + 1;
        bestj = j - k + 1;
        bestsize = k;
      }
    }
    j2len = next;
  }
  // With no junk function, Python's extension loops only extend across equal (popular) elements.
  while (besti > alo && bestj > blo && a[besti - 1] === b[bestj - 1]) {
    besti--;
    bestj--;
    bestsize++;
  }
  while (besti + bestsize < ahi && bestj + bestsize < bhi && a[besti + bestsize] === b[bestj + bestsize]) bestsize++;
  return { i: besti, j: bestj, size: bestsize };
}

// Python's str.isspace() / re `\s` set, which differs from JavaScript's `\s` (\x1c-\x1f, \x85, \ufeff).
const PY_SPACE = "\\t\\n\\v\\f\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
const NOT_ALNUM_OR_SPACE = new RegExp(`[^a-zA-Z0-9${PY_SPACE}]`, "gu");
const SPACE_RUNS = new RegExp(`[${PY_SPACE}]+`, "gu");

/** The reference's normalize_text: lowercase, drop everything but ASCII letters, digits and spaces, collapse spaces, trim. */
export function normalizeText(text: string): string {
  return text.toLowerCase().replace(NOT_ALNUM_OR_SPACE, "").replace(SPACE_RUNS, " ").replace(/^ | $/g, "");
}

/**
 * The reference's is_similar on already-rendered strings. The ratio is at most 2·min/(len(a)+len(b))
 * (difflib's real_quick_ratio, an exact upper bound): texts whose lengths alone rule out the
 * threshold are refused without the longest-match search, so a huge answer costs its normalisation only.
 */
export function isSimilar(actual: string, expected: string, threshold = 0.95): boolean {
  const a = normalizeText(actual);
  const b = normalizeText(expected);
  const total = a.length + b.length; // code units: the bound needs only that both sides count alike
  if (total > 0 && (2 * Math.min(a.length, b.length)) / total < threshold) return false;
  return sequenceRatio(a, b) >= threshold;
}

/**
 * Python's str() of a JSON value as Python's json would have read it: True/False/None, ['a', 1],
 * {'k': 'v'} (key order kept). `source` is the number's JSON text when the parser kept it (see
 * util/json-numbers.ts): then `5.0` renders "5.0" and big integers keep every digit. Numbers
 * without their source text render as ints when integral (what JSON.stringify would write).
 */
export function pythonStr(value: unknown, source?: string): string {
  return typeof value === "string" ? value : pythonRepr(value, source);
}

export function pythonRepr(value: unknown, source?: string): string {
  if (value === null || value === undefined) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (typeof value === "number") return source === undefined ? pythonNumber(value) : pythonNumberFromSource(source);
  if (typeof value === "string") return pythonStringRepr(value);
  if (Array.isArray(value)) return `[${value.map((item, i) => pythonRepr(item, numberSource(value, i))).join(", ")}]`;
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).map(
      ([key, item]) => `${pythonStringRepr(key)}: ${pythonRepr(item, numberSource(value, key))}`,
    );
    return `{${entries.join(", ")}}`;
  }
  return String(value);
}

/** Python's json: an integer literal is an exact int of any size, anything else a float. */
function pythonNumberFromSource(source: string): string {
  return isIntegerLiteral(source) ? BigInt(source).toString() : pythonFloatRepr(Number(source));
}

function pythonNumber(value: number): string {
  // JSON.stringify writes integral numbers below 1e21 as integer text, which Python parses as int.
  if (Number.isInteger(value) && Math.abs(value) < 1e21 && !Object.is(value, -0)) return BigInt(value).toString();
  return pythonFloatRepr(value);
}

/** repr() of a str: single quotes unless the text holds ' and no ". */
function pythonStringRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let body = "";
  for (const char of text) {
    const code = char.codePointAt(0) as number;
    if (char === "\\") body += "\\\\";
    else if (char === quote) body += `\\${quote}`;
    else if (char === "\n") body += "\\n";
    else if (char === "\r") body += "\\r";
    else if (char === "\t") body += "\\t";
    else if (NOT_PRINTABLE.test(char)) body += escapeCodePoint(code);
    else body += char;
  }
  return `${quote}${body}${quote}`;
}

// str.isprintable() is false for these categories (space aside): repr() escapes them.
const NOT_PRINTABLE = /^[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]$/u;

function escapeCodePoint(code: number): string {
  if (code === 0x20) return " ";
  if (code < 0x100) return `\\x${code.toString(16).padStart(2, "0")}`;
  if (code < 0x10000) return `\\u${code.toString(16).padStart(4, "0")}`;
  return `\\U${code.toString(16).padStart(8, "0")}`;
}
