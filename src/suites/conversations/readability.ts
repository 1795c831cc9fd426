// Readability as textstat (FlexEval's library, 0.7.x) computes it for lang en_US, step for step
// (textstat/backend/): words: quotes (a ' not starting a contraction) and punctuation removed, then split
// on whitespace; sentences: runs matching \b[^.!?]+[.!?]*, ignoring those of two words or fewer (at
// least 1); syllables: see syllables.ts;
//   Flesch Reading Ease = 206.835 − 1.015 × words/sentence − 84.6 × syllables/word;
//   Flesch-Kincaid Grade = 0.39 × words/sentence + 11.8 × syllables/word − 15.59.
// Python's \w and \s (str patterns) are spelled out: \w is [\p{L}\p{N}_] on every character Python
// knows, and Python's whitespace (str.split(), \s) differs from JavaScript's \s.
import emojiRegex from "emoji-regex";
import { wordSyllables } from "./syllables.ts";

const PYTHON_SPACE = "\\t\\n\\v\\f\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
const WORD_CHAR = "\\p{L}\\p{N}_";

// textstat: a ' not followed by t, s, d, ve, ll or re is a quotation mark, not an apostrophe.
const NON_CONTRACTION_APOSTROPHE = /'(?![tsd]|ve|ll|re)/g;
const PUNCTUATION_EXCEPT_APOSTROPHE = new RegExp(`[^${WORD_CHAR}${PYTHON_SPACE}']`, "gu");
const WHITESPACE_RUN = new RegExp(`[${PYTHON_SPACE}]+`, "u");
// \b before a word character (a match can only start there); a lookbehind, as JavaScript's \b is ASCII.
const SENTENCE = new RegExp(`(?<![${WORD_CHAR}])(?=[${WORD_CHAR}])[^.!?]+[.!?]*`, "gu");

/** textstat's list_words(text, lowercase): punctuation removed first, then lowercased, then split. */
export function listWords(text: string, lowercase = false): string[] {
  let kept = text.replace(NON_CONTRACTION_APOSTROPHE, "").replace(PUNCTUATION_EXCEPT_APOSTROPHE, "");
  if (lowercase) kept = kept.toLowerCase();
  return kept.split(WHITESPACE_RUN).filter(Boolean);
}

export function countSentences(text: string): number {
  if (text.length === 0) return 0;
  const sentences = text.match(SENTENCE) ?? [];
  const ignored = sentences.filter((sentence) => listWords(sentence).length <= 2).length;
  return Math.max(1, sentences.length - ignored);
}

export function countSyllables(text: string): number {
  if (!text) return 0;
  return listWords(text, true).reduce((sum, word) => sum + wordSyllables(word), 0);
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
 * own regex counts runs of characters from a few Unicode blocks instead (see docs/reference-differences.md).
 */
export function countEmojis(text: string): number {
  return text.match(emojiRegex())?.length ?? 0;
}
