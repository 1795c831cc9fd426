// The texts sent to the agent and to the judge. The judge prompt keeps the order of dust-evals'
// v2 prompt (research/seed_repos.md §2) so judges tuned on it read it the same way.
import type { Scale } from "./grading.ts";

export interface Attachment {
  /** The path as written in the CSV's files column. */
  path: string;
  text: string;
}

/** The agent's message: the prompt, then each attached file in its own delimited block. */
export function agentPrompt(prompt: string, attachments: Attachment[]): string {
  if (attachments.length === 0) return prompt;
  const blocks = attachments.map(
    (file) => `<attachment path=${JSON.stringify(file.path)}>\n${file.text.replace(/\s+$/, "")}\n</attachment>`,
  );
  return `${prompt}\n\n${blocks.join("\n\n")}`;
}

export interface JudgePromptParts {
  prompt: string;
  response: string;
  criteria: string;
  scale: Scale;
  /** Optional markdown put first (the judge-preamble file), separated by a rule. */
  preamble?: string;
  /** Files the agent was given, named so the judge knows the prompt had more than its text. */
  attachmentPaths?: string[];
}

export function judgePrompt(parts: JudgePromptParts): string {
  const { scale } = parts;
  const preamble = parts.preamble?.trim() ? `${parts.preamble.trim()}\n\n---\n\n` : "";
  const rubric = [`Scoring system (${scale.type} scale):`, ...scale.labels.map((point) => `- ${point.score}: ${point.label}`)].join("\n");
  const attached = parts.attachmentPaths?.length ? `\n(with attached files: ${parts.attachmentPaths.join(", ")})` : "";
  return `${preamble}You are evaluating an agent's response.

${rubric}

You MUST include your score in the format:
SCORE: <number>

Where <number> is between ${scale.min} and ${scale.max}.

IMPORTANT: First provide your reasoning, then give your score. The score MUST appear at the end of your response.

---

Original prompt:
"${parts.prompt}"${attached}

Agent's response:
"${parts.response}"

Evaluation criteria:
${parts.criteria}

---

Provide your evaluation with clear reasoning, then end with the score (${scale.min}-${scale.max}).`;
}
