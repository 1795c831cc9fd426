// The options of an LLM judge's votes on an answer, one schema for every kind that grades with one
// (the judged kind's answers, the agent kind's final answers): how many votes, on what scale, from
// what score an answer passes, and what is put before the judge prompt.
import * as z from "zod";
import { ratio } from "../../config/primitives.ts";
import { SCALE_TYPES } from "./grading.ts";

export const judgeVoteOptions = {
  "judge-runs": z.number().int().min(1).max(25).default(3).describe("judge votes per answer (majority vote)"),
  "judge-early-stop": z
    .boolean()
    .default(false)
    .describe("stop an answer's votes once the rest cannot change its score (agreement and variance then cover the votes cast)"),
  scale: z.enum(SCALE_TYPES).default("0-3"),
  "pass-score": ratio.default(0.5).describe("normalized score at or above which an answer passes"),
  "judge-preamble": z.string().optional().describe("markdown file put before the judge prompt"),
};

/** What a judge's votes read of a suite's options. */
export interface JudgeSettings {
  judge?: string | undefined;
  "judge-runs": number;
  "judge-early-stop": boolean;
  scale: (typeof SCALE_TYPES)[number];
  "pass-score": number;
}

/** The keys that mean something only with a judge, given without one: each a problem at its key. */
export function judgeOnlyProblems(
  options: Record<string, unknown>,
  keys: readonly string[],
  ctx: z.RefinementCtx,
  message = "needs a judge: this suite has none",
): void {
  for (const key of keys) {
    const value = options[key];
    if (value !== undefined && value !== false) ctx.addIssue({ code: "custom", path: [key], message });
  }
}
