// Readability as textstat (FlexEval's library, v0.7) computes it for English:
//   words: punctuation removed (apostrophes of contractions kept), then split on whitespace;
//   sentences: runs matching \b[^.!?]+[.!?]*, ignoring those of two words or fewer (at least 1);
//   Flesch Reading Ease = 206.835 − 1.015 × words/sentence − 84.6 × syllables/word;
//   Flesch-Kincaid Grade = 0.39 × words/sentence + 11.8 × syllables/word − 15.59.
// Syllables differ: textstat looks words up in the CMU dictionary and falls back to Pyphen's
// hyphenation; we count with the `syllable` package's English rules (see README).
import emojiRegex from "emoji-regex";
import { syllable } from "syllable";

// textstat: a ' not followed by t, s, d, ve, ll or re is a quotation mark, not an apostrophe.
const NON_CONTRACTION_APOSTROPHE = /'(?![tsd]|ve|ll|re)/g;
const PUNCTUATION_EXCEPT_APOSTROPHE = /[^\p{L}\p{N}_\s']/gu;

export function listWords(text: string): string[] {
  return text.replace(NON_CONTRACTION_APOSTROPHE, "").replace(PUNCTUATION_EXCEPT_APOSTROPHE, "").split(/\s+/).filter(Boolean);
}

export function countSentences(text: string): number {
  if (text.length === 0) return 0;
  // \b before a word character; JavaScript's \b is ASCII-only, so use a Unicode-aware lookbehind.
  const sentences = text.match(/(?<![\p{L}\p{N}_])(?=[\p{L}\p{N}_])[^.!?]+[.!?]*/gu) ?? [];
  const ignored = sentences.filter((sentence) => listWords(sentence).length <= 2).length;
  return Math.max(1, sentences.length - ignored);
}

// Words repeat across a dataset; the syllable rules are costly (regexes, pluralisation), so each
// word is counted once. Bounded, so a huge dataset cannot grow it without limit.
const syllableCache = new Map<string, number>();
const SYLLABLE_CACHE_SIZE = 50_000;

function wordSyllables(word: string): number {
  let count = syllableCache.get(word);
  if (count === undefined) {
    count = syllable(word);
    if (syllableCache.size >= SYLLABLE_CACHE_SIZE) syllableCache.clear();
    syllableCache.set(word, count);
  }
  return count;
}

export function countSyllables(text: string): number {
  return listWords(text.toLowerCase()).reduce((sum, word) => sum + wordSyllables(word), 0);
}

function rates(text: string): { wordsPerSentence: number; syllablesPerWord: number } {
  const words = listWords(text).length;
  const sentences = countSentences(text);
  return {
    wordsPerSentence: sentences > 0 ? words / sentences : 0,
    syllablesPerWord: words > 0 ? countSyllables(text) / words : 0,
  };
}

export function fleschReadingEase(text: string): number {
  const { wordsPerSentence, syllablesPerWord } = rates(text);
  if (wordsPerSentence === 0 || syllablesPerWord === 0) return 0;
  return 206.835 - 1.015 * wordsPerSentence - 84.6 * syllablesPerWord;
}

export function fleschKincaidGrade(text: string): number {
  const { wordsPerSentence, syllablesPerWord } = rates(text);
  if (wordsPerSentence === 0 || syllablesPerWord === 0) return 0;
  return 0.39 * wordsPerSentence + 11.8 * syllablesPerWord - 15.59;
}

/**
 * Emoji in the text, each emoji (with its modifiers, a flag, a ZWJ family) counted once. FlexEval's
 * own regex counts runs of characters from a few Unicode blocks instead (see README).
 */
export function countEmojis(text: string): number {
  return text.match(emojiRegex())?.length ?? 0;
}
