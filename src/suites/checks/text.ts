// Text rules the checks share: how case is ignored, how long an answer is, and how a piece of an
// answer or a row is quoted in a failure reason (data: reports escape it, this only keeps it short).
import { excerpt } from "../../config/errors.ts";
import { clipText } from "../../util/escape.ts";

/**
 * Lower case, one character at a time (Unicode's simple mapping, as Go's strings.ToLower, which
 * GitHub Models' string evaluators use): "İ" becomes "i" and every "Σ" becomes "σ", where
 * String.prototype.toLowerCase would write "i̇" and a word-final "ς". The same text is then
 * compared the same way whatever surrounds it.
 */
export function lowerCase(text: string): string {
  const simple = /[\u0130\u03a3]/.test(text) ? text.replace(/[\u0130\u03a3]/g, (char) => (char === "\u0130" ? "i" : "σ")) : text;
  return simple.toLowerCase();
}

/** Characters (Unicode code points, not UTF-16 units): "😀" is 1, as a reader counts it. */
export function codePointLength(text: string): number {
  let pairs = 0;
  for (let i = 0; i < text.length - 1; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        pairs++;
        i++;
      }
    }
  }
  return text.length - pairs;
}

/** A piece of an answer or a row in a reason: quoted, on one line, at most `max` characters. */
export function quote(text: string, max = 60): string {
  return `"${excerpt(text, max)}"`;
}

/** A text compared exactly (equals, one-of), quoted as JSON so its spaces and line breaks show; at most `max` characters. */
export function quoteExact(text: string, max = 60): string {
  return JSON.stringify(clipText(text, max));
}

/** The answer around `index` (where a forbidden text was found), with "…" where it was cut. */
export function around(text: string, index: number, length: number, max = 60): string {
  const start = Math.max(0, index - Math.floor((max - length) / 2));
  const piece = text.slice(start, start + Math.max(max, length));
  return `${start > 0 ? "…" : ""}${excerpt(piece, max)}${start + piece.length < text.length ? "…" : ""}`;
}

/**
 * A row's value as literal text inside a regular expression: every ASCII punctuation character as a
 * \xHH escape, which means the character itself in every flag mode, inside a character class or out.
 */
export function escapeRegexLiteral(text: string): string {
  return text.replace(/[!-/:-@[-`{-~]/g, (char) => `\\x${char.charCodeAt(0).toString(16).padStart(2, "0")}`);
}

/** "1,234". */
export function formatCount(count: number): string {
  return count.toLocaleString("en-US");
}
