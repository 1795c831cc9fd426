// Readability against textstat's own code (test/fixtures/textstat/: textstat 0.7.11, Pyphen 0.17.2, NLTK's
// CMUdict; README.md there says how it was made). textstat does not round by default, and evalgate does
// the same float operations in the same order, so every value must be equal, floats included, except
// where evalgate's data (data/readability/: CMUdict 0.7a from the npm package `cmudict`, Debian's
// hyph_en_US.dic) counts a word differently from textstat's (NLTK's CMUdict edition, Pyphen's
// hyph_en_US.dic). Those words and texts are listed below, each with both values.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { test } from "node:test";
import {
  countSentences,
  countSyllables,
  fleschKincaidGrade,
  fleschReadingEase,
  listWords,
} from "../../../src/suites/conversations/readability.ts";

interface Fixture {
  words: { word: string; syllables: number }[];
  texts: {
    text: string;
    syllables: number;
    words: number;
    sentences: number;
    flesch_reading_ease: number;
    flesch_kincaid_grade: number;
  }[];
}

const fixture: Fixture = JSON.parse(await readFile(new URL("../../fixtures/textstat/readability.json", import.meta.url), "utf8"));

/** Fixture words evalgate counts differently from textstat, and why. */
const WORD_DIFFERENCES: Record<string, { evalgate: number; textstat: number; why: string }> = {
  realize: { evalgate: 3, textstat: 2, why: "CMU's 0.7a: R IY1 AH0 L AY2 Z first; NLTK's: R IY1 L AY2 Z" },
  extraordinary: { evalgate: 6, textstat: 5, why: "CMU's 0.7a lists EH2 K S T R AH0 AO1 ... first; NLTK's IH0 K S T R AO1 ..." },
  solely: { evalgate: 3, textstat: 2, why: "CMU's 0.7a: S OW1 AH0 L IY0; NLTK's: S OW1 L L IY0" },
  polyak: { evalgate: 2, textstat: 3, why: "CMU's 0.7a: P AA1 L Y AE0 K; NLTK's: P AA1 L IY0 AE0 K" },
  google: { evalgate: 2, textstat: 1, why: "in CMU's 0.7a, not in NLTK's (textstat hyphenates: no point)" },
  iPhone: { evalgate: 2, textstat: 1, why: "in CMU's 0.7a, not in NLTK's (textstat hyphenates: no point)" },
  shh: { evalgate: 1, textstat: 0, why: "in NLTK's CMUdict (SH, no vowel), not in CMU's 0.7a: hyphenation gives 1" },
  hmmm: { evalgate: 2, textstat: 1, why: "in NLTK's CMUdict, not in CMU's 0.7a: hyphenation (hm-mm) gives 2" },
  "'twas": { evalgate: 2, textstat: 1, why: "commented out in CMU's 0.7a, in NLTK's: hyphenation ('t-was) gives 2" },
  "ﬂyspeck's": { evalgate: 3, textstat: 2, why: "Debian's patterns lack Pyphen's .ﬂyspec8k8'8 (ligature ﬂ): ﬂy-speck-'s" },
};

/** Fixture texts whose values differ because of those words: evalgate's values. */
const TEXT_DIFFERENCES: Record<string, { syllables: number; flesch_reading_ease: number; flesch_kincaid_grade: number }> = {
  "I realize this is an extraordinary result, and we rely solely on it.": {
    syllables: 24,
    flesch_reading_ease: 37.455384615384645,
    flesch_kincaid_grade: 11.264615384615386,
  },
  "A ﬂyspeck's on the lens of my camera. Shh, hmmm.": {
    syllables: 15,
    flesch_reading_ease: 69.78500000000001,
    flesch_kincaid_grade: 6.010000000000002,
  },
};

test("syllables: every word counted as textstat counts it, but the listed differences", () => {
  assert.ok(fixture.words.length > 1000);
  const undocumented = fixture.words
    .filter(({ word, syllables }) => !Object.hasOwn(WORD_DIFFERENCES, word) && countSyllables(word) !== syllables)
    .map(({ word, syllables }) => `${JSON.stringify(word)}: textstat ${syllables}, evalgate ${countSyllables(word)}`);
  assert.deepEqual(undocumented, []);
});

test("syllables: each listed difference is in the fixture with textstat's value, and evalgate's value is as listed", () => {
  for (const [word, { evalgate, textstat }] of Object.entries(WORD_DIFFERENCES)) {
    assert.equal(fixture.words.find((row) => row.word === word)?.syllables, textstat, word);
    assert.equal(countSyllables(word), evalgate, word);
  }
});

test("texts: syllables, words, sentences, reading ease and grade equal textstat's, but the listed differences", () => {
  assert.ok(fixture.texts.length > 100);
  for (const [text, evalgate] of Object.entries(TEXT_DIFFERENCES)) {
    const fromTextstat = fixture.texts.find((row) => row.text === text);
    assert.ok(fromTextstat && fromTextstat.syllables !== evalgate.syllables, text);
  }
  for (const fromTextstat of fixture.texts) {
    const { text } = fromTextstat;
    const expected = { ...fromTextstat, ...TEXT_DIFFERENCES[text] };
    assert.deepEqual(
      {
        text,
        syllables: countSyllables(text),
        words: listWords(text).length,
        sentences: countSentences(text),
        flesch_reading_ease: fleschReadingEase(text),
        flesch_kincaid_grade: fleschKincaidGrade(text),
      },
      expected,
    );
  }
});

test("syllables: numbers, CJK and words CMUdict lacks are never 0", () => {
  // The cases the `syllable` package counted as 0 (issue 22): textstat's hyphenation fallback gives 1.
  assert.equal(countSyllables("5"), 1);
  assert.equal(countSyllables("你好世界"), 1);
  assert.equal(fleschReadingEase("5"), 121.22000000000003);
  assert.equal(fleschReadingEase("I have 3 cats."), 118.17500000000001);
  // Not in CMUdict: the en_US hyphenation points ("chat-bots", "we-bi-nar") + 1.
  assert.equal(countSyllables("chatbots webinar"), 5);
  // The quote mark of DON'T is dropped before lowercasing (not a contraction ending: T is upper case).
  assert.deepEqual(listWords("DON'T don't", true), ["dont", "don't"]);
});
