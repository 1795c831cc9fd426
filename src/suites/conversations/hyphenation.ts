// Pyphen's hyphenation (Kozea/Pyphen 0.17.2, pyphen/__init__.py), ported for textstat's syllable fallback:
// textstat counts a word missing from CMUdict as len(Pyphen(lang="en_US").positions(word)) + 1.
// Ported as written, on code points (Python's str), including Pyphen's own margins (left = right = 2,
// not the dictionary's LEFTHYPHENMIN/RIGHTHYPHENMIN, which Pyphen skips).
import { readFileSync } from "node:fs";

const IGNORED_PREFIXES = ["%", "#", "LEFTHYPHENMIN", "RIGHTHYPHENMIN", "COMPOUNDLEFTHYPHENMIN", "COMPOUNDRIGHTHYPHENMIN"];
const LEFT = 2;
const RIGHT = 2;

interface Pattern {
  start: number;
  values: number[];
}

export interface HyphenationDictionary {
  patterns: Map<string, Pattern>;
  maxLength: number;
}

/** Reads a hunspell hyph_*.dic as Pyphen's HyphDict does (UTF-8 only: the first line names the encoding). */
export function readHyphenationDictionary(file: string): HyphenationDictionary {
  const [encoding, ...lines] = readFileSync(file, "utf8").split("\n");
  if (encoding?.trim().toUpperCase() !== "UTF-8") throw new Error(`${file}: only UTF-8 dictionaries are read`);
  const patterns = new Map<string, Pattern>();
  for (const line of lines) {
    let pattern = line.trim();
    if (!pattern || IGNORED_PREFIXES.some((prefix) => pattern.startsWith(prefix))) continue;
    pattern = pattern.replace(/\^{2}([0-9a-f]{2})/g, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)));
    // A nonstandard hyphenation ("pattern/change,index,cut") only adds data to its points.
    if (pattern.includes("/") && pattern.includes("=")) pattern = pattern.slice(0, pattern.indexOf("/"));
    const { tags, values } = parsePattern(pattern);
    if (Math.max(...values) === 0) continue;
    let start = 0;
    let end = values.length;
    while (!values[start]) start++;
    while (!values[end - 1]) end--;
    patterns.set(tags, { start, values: values.slice(start, end) });
  }
  let maxLength = 0;
  for (const key of patterns.keys()) maxLength = Math.max(maxLength, [...key].length);
  return { patterns, maxLength };
}

/** Python's re.findall(r"(\d?)(\D?)", pattern): pairs of an optional digit and an optional letter (the
 * dictionaries' digits are ASCII). */
function parsePattern(pattern: string): { tags: string; values: number[] } {
  const chars = [...pattern];
  const values: number[] = [];
  let tags = "";
  let i = 0;
  for (;;) {
    const digit = i < chars.length && /^[0-9]$/.test(chars[i]!) ? chars[i++]! : "";
    const letter = i < chars.length && !/^[0-9]$/.test(chars[i]!) ? chars[i++]! : "";
    values.push(digit ? Number(digit) : 0);
    tags += letter;
    if (!digit && !letter) return { tags, values };
  }
}

/** Pyphen(lang).positions(word): where the word may be hyphenated, within Pyphen's margins. */
export function hyphenationPositions(dictionary: HyphenationDictionary, word: string): number[] {
  const pointed = [".", ...word.toLowerCase(), "."];
  const references = new Array<number>(pointed.length + 1).fill(0);
  for (let i = 0; i < pointed.length - 1; i++) {
    const stop = Math.min(i + dictionary.maxLength, pointed.length) + 1;
    let key = "";
    for (let j = i + 1; j < stop; j++) {
      key += pointed[j - 1];
      const pattern = dictionary.patterns.get(key);
      if (!pattern) continue;
      for (let k = 0; k < pattern.values.length; k++) {
        const at = i + pattern.start + k;
        if (at < references.length) references[at] = Math.max(references[at]!, pattern.values[k]!);
      }
    }
  }
  const right = [...word].length - RIGHT;
  const positions: number[] = [];
  references.forEach((reference, i) => {
    if (reference % 2 === 1 && i - 1 >= LEFT && i - 1 <= right) positions.push(i - 1);
  });
  return positions;
}
