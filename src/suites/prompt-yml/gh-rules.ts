// gh models eval's text rules, ported exactly (github/gh-models cmd/eval/eval.go at f38cd97) and
// tested against what its own code gives (test/fixtures/gh-models/): a reply is trimmed as Go's
// strings.TrimSpace trims it before any evaluator reads it, and an `llm` evaluator's score is the
// first of its choices, in the file's order, whose text the lower-cased reply contains.
import { lowerCase } from "../checks/text.ts";

/** Unicode White_Space, as Go's unicode.IsSpace has it: unlike String.prototype.trim, U+0085 is space and U+FEFF is not. */
const GO_SPACE = "\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
const LEADING = new RegExp(`^[${GO_SPACE}]+`);
const TRAILING = new RegExp(`[${GO_SPACE}]+$`);

/** Go's strings.TrimSpace. */
export function goTrimSpace(text: string): string {
  return text.replace(LEADING, "").replace(TRAILING, "");
}

export interface LlmChoice {
  choice: string;
  score: number;
}

/** The choice the judge's reply names, as gh finds it; undefined when none is in it (gh scores that 0, evalgate counts a scorer error). */
export function matchChoice(reply: string, choices: readonly LlmChoice[]): LlmChoice | undefined {
  const text = goTrimSpace(lowerCase(goTrimSpace(reply)));
  return choices.find((choice) => text.includes(lowerCase(choice.choice)));
}

/** gh's pass rule (score > 0), or at least `passScore` when the suite sets one. */
export function passes(score: number, passScore: number | undefined): boolean {
  return passScore === undefined ? score > 0 : score >= passScore;
}
