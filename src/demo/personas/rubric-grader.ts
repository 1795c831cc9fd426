// The demo judge's answer to a FlexEval rubric (src/suites/conversations/rubrics.ts): it reads the
// choices offered, looks at the graded text (the part after "[Output]:"), reasons in a few lines
// and ends with the choice on its own line, repeated, as FlexEval's grader instruction asks. For a
// YES/NO rubric it answers YES when that text asks a question (the example suite's rubric);
// otherwise it picks a stable choice. Deterministic: the same prompt always gets the same grade.
import { type DemoChatBody, type DemoReply, stableFraction } from "../openai-server.ts";

const CHOICES = /print only a single choice from \[([^\]]*)\]/;

function gradedText(prompt: string): string {
  const start = prompt.lastIndexOf("[Output]:");
  const text = start >= 0 ? prompt.slice(start + "[Output]:".length) : prompt;
  const end = text.search(/\n\s*(\*\*\*|\[END DATA\])/);
  return (end >= 0 ? text.slice(0, end) : text).trim();
}

/** A rubric grade when the request is a FlexEval rubric prompt, else null. */
export function gradeRubric(body: DemoChatBody): DemoReply | null {
  const prompt = [...body.messages].reverse().find((m) => m.role === "user")?.content ?? "";
  const listed = CHOICES.exec(prompt)?.[1];
  if (listed === undefined) return null;
  const choices = [...listed.matchAll(/'([^']*)'/g)].map((m) => m[1]!);
  if (choices.length === 0) return null;
  const text = gradedText(prompt);
  let choice: string;
  let reasoning: string;
  if (choices.includes("YES") && choices.includes("NO")) {
    const asks = text.includes("?");
    choice = asks ? "YES" : "NO";
    reasoning = asks
      ? "The text under evaluation contains a question addressed to the student, which invites a reply."
      : "The text under evaluation makes statements only; it does not ask the student anything.";
  } else {
    choice = choices[Math.floor(stableFraction(text) * choices.length)]!;
    reasoning = "Weighing the text against each level of the rubric, it fits this level best.";
  }
  return { content: `1. I read the text under evaluation (${text.length} characters).\n2. ${reasoning}\n\n${choice}\n\n${choice}` };
}
