// Keyword overlap between an answer and what it should contain: how the demo graders (judge.ts,
// prompt-yml-grader.ts) score without a model.

// Words that say how to judge rather than what the answer must contain.
const STOPWORDS = new Set(
  (
    "the and for with that this are is was were be been should must mention mentioned mentions include includes including " +
    "correct correctly answer answers good key elements element etc each especially plus cover covers findings explain explains " +
    "provide provides clear proper reasonable how works which into from but without its it a an of to in on or as by at e g " +
    "also some any all more most very their there they them these those can will would could has have had not no yes"
  ).split(" "),
);

export function keywords(text: string): string[] {
  const words = text.toLowerCase().split(/[^a-z0-9]+/);
  return [...new Set(words.filter((w) => w && !STOPWORDS.has(w) && (w.length >= 3 || /^\d+$/.test(w))))];
}

/** Loose stemming: "guarantees" matches "guaranteed", "reliable" matches "reliability". */
function stem(word: string): string {
  return word.slice(0, 5);
}

export function coverage(response: string, criteria: string): { matched: string[]; missing: string[] } {
  const present = new Set(keywords(response).map(stem));
  const wanted = keywords(criteria);
  return { matched: wanted.filter((w) => present.has(stem(w))), missing: wanted.filter((w) => !present.has(stem(w))) };
}
