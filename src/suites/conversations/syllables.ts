// A word's syllables as textstat (0.7.10+, lang en_US) counts them: the stress digits of the word's first
// pronunciation in CMUdict 0.7a, else the en_US hyphenation points + 1 (so a number, a CJK word or any
// word without a hyphenation point is 1). Both dictionaries ship in data/readability/ (its README says
// where from, and where their editions differ from textstat's) and are read on the first count, never at
// start-up.
import { readFileSync } from "node:fs";
import path from "node:path";
import { shippedFile } from "../../util/shipped-file.ts";
import { type HyphenationDictionary, hyphenationPositions, readHyphenationDictionary } from "./hyphenation.ts";

const DATA_DIR = path.join("data", "readability");

interface Dictionaries {
  cmudict: Map<string, number>;
  hyphenation: HyphenationDictionary;
}

let dictionaries: Dictionaries | undefined;

function dataFile(name: string): string {
  const file = shippedFile(path.join(DATA_DIR, name));
  if (!file) throw new Error(`readability: ${path.join(DATA_DIR, name)} is missing from the evalgate installation`);
  return file;
}

/** data/readability/cmudict-syllables.txt: "word syllables" lines after "# " comments (no word is "#"). */
function readCmudictSyllables(file: string): Map<string, number> {
  const table = new Map<string, number>();
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (!line || line.startsWith("# ")) continue;
    const space = line.lastIndexOf(" ");
    table.set(line.slice(0, space), Number(line.slice(space + 1)));
  }
  return table;
}

function loaded(): Dictionaries {
  dictionaries ??= {
    cmudict: readCmudictSyllables(dataFile("cmudict-syllables.txt")),
    hyphenation: readHyphenationDictionary(dataFile("hyph_en_US.dic")),
  };
  return dictionaries;
}

// Words repeat across a dataset and hyphenation walks every substring, so each fallback word is counted
// once. Bounded, so a huge dataset cannot grow it without limit.
const hyphenatedCache = new Map<string, number>();
const HYPHENATED_CACHE_SIZE = 50_000;

/** Syllables of one lowercased word, as textstat counts them. */
export function wordSyllables(word: string): number {
  const { cmudict, hyphenation } = loaded();
  const fromCmudict = cmudict.get(word);
  if (fromCmudict !== undefined) return fromCmudict;
  let count = hyphenatedCache.get(word);
  if (count === undefined) {
    count = hyphenationPositions(hyphenation, word).length + 1;
    if (hyphenatedCache.size >= HYPHENATED_CACHE_SIZE) hyphenatedCache.clear();
    hyphenatedCache.set(word, count);
  }
  return count;
}
