// The demo judge's answers to a `.prompt.yml` file's graders (src/suites/prompt-yml/): evalgate's
// built-in prompts (`uses: github/similarity` and the rest), which it reads by their tags and rates
// from 1 to 5 by keyword overlap, and `llm` evaluators written as the example suite writes them
// (evals/prompt-yml/): a "Reference:" line, an "Answer:" line and the choices quoted on the last line,
// the first when the answer covers the reference, the last when it does not. Any other llm prompt
// gets its first quoted choice. Deterministic: the same prompt always gets the same grade.
import { BUILT_IN_EVALUATORS, BUILT_IN_TAGS } from "../../suites/prompt-yml/builtins.ts";
import type { DemoChatBody, DemoReply } from "../openai-server.ts";
import { coverage, keywords } from "./keyword-coverage.ts";

/** Coverage at or above this is a full answer, as the demo judge of judged suites has it. */
const FULL = 0.75;

const BUILT_IN_SYSTEM = new Set(Object.values(BUILT_IN_EVALUATORS).map((evaluator) => evaluator.system));

function tagged(prompt: string, tag: string): string | undefined {
  const found = new RegExp(`<${tag}>\\n([\\s\\S]*?)\\n</${tag}>`).exec(prompt)?.[1];
  return found
    ?.replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
}

/** A share of 0..1 as a rating from 1 to 5. */
const rating = (share: number) => 1 + Math.round(Math.min(1, share / FULL) * 4);

function share(answer: string, reference: string): number {
  const { matched, missing } = coverage(answer, reference);
  return matched.length + missing.length ? matched.length / (matched.length + missing.length) : 1;
}

function rateBuiltIn(prompt: string): DemoReply {
  const answer = tagged(prompt, BUILT_IN_TAGS.completion) ?? "";
  const reference = tagged(prompt, BUILT_IN_TAGS.expected);
  const question = tagged(prompt, BUILT_IN_TAGS.input);
  const words = answer.split(/\s+/).filter(Boolean).length;
  let score: number;
  let reason: string;
  if (reference !== undefined) {
    score = rating(share(answer, reference));
    reason = `The answer has ${coverage(answer, reference).matched.length} of the reference's ${keywords(reference).length} key words.`;
  } else if (question !== undefined && /relevan/i.test(prompt.slice(0, 80))) {
    score = words >= 3 ? 5 : 3;
    reason = "The answer addresses the question.";
  } else {
    score = words >= 5 ? 5 : words >= 2 ? 4 : 2;
    reason = `The answer is ${words} words of connected, correct prose.`;
  }
  return { content: `${reason}\n${score}` };
}

/** The choices an llm evaluator's prompt quotes on its last line ('Reply with one word: "yes" or "no".'). */
function quotedChoices(prompt: string): string[] {
  const last = prompt.trim().split("\n").at(-1) ?? "";
  return [...last.matchAll(/"([^"]+)"/g)].map((match) => match[1]!);
}

function chooseLlm(prompt: string, choices: string[]): DemoReply {
  const text = prompt.trim();
  const reference = /^Reference: (.*)$/m.exec(text)?.[1];
  // The answer runs from its "Answer:" line to the last line, which quotes the choices.
  const start = text.search(/^Answer: /m);
  const answer = start >= 0 ? text.slice(start + "Answer: ".length, text.lastIndexOf("\n")) : undefined;
  if (reference === undefined || answer === undefined) return { content: choices[0]! };
  return { content: share(answer, reference) >= FULL ? choices[0]! : choices.at(-1)! };
}

/** The grade when the request is a prompt-yml grader's, else null (a judged suite's judge prompt, a rubric). */
export function gradePromptYml(body: DemoChatBody): DemoReply | null {
  const system = body.messages.find((message) => message.role === "system")?.content;
  const prompt = [...body.messages].reverse().find((message) => message.role === "user")?.content ?? "";
  if (system && BUILT_IN_SYSTEM.has(system)) return rateBuiltIn(prompt);
  const choices = quotedChoices(prompt);
  return choices.length && !prompt.includes("Scoring system (") ? chooseLlm(prompt, choices) : null;
}
