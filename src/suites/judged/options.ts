import * as z from "zod";
import { modelRef, ratio, suitePaths, suiteRepeat } from "../../config/primitives.ts";
import { SCALE_TYPES } from "./grading.ts";

export const judgedOptions = z.strictObject({
  kind: z.literal("judged"),
  description: z.string().optional(),
  paths: suitePaths,
  repeat: suiteRepeat,
  prompts: z.string().min(1).describe("CSV with columns prompt,judge_prompt[,files]"),
  agents: z.array(modelRef).min(1).describe("models whose answers are judged"),
  judge: modelRef,
  runs: z.number().int().min(1).max(100).default(1).describe("answers per prompt per agent"),
  "judge-runs": z.number().int().min(1).max(25).default(3).describe("judge votes per answer (majority vote)"),
  "judge-early-stop": z
    .boolean()
    .default(false)
    .describe("stop an answer's votes once the rest cannot change its score (agreement and variance then cover the votes cast)"),
  "rejudge-baseline": z
    .boolean()
    .default(false)
    .describe("send the baseline's stored answers to the current judge (judge calls only) and compare like with like"),
  scale: z.enum(SCALE_TYPES).default("0-3"),
  "min-agreement": ratio.optional().describe("flag answers whose judges agree less than this"),
  "pass-score": ratio.default(0.5).describe("normalized score at or above which an answer passes"),
  "judge-preamble": z.string().optional().describe("markdown file put before the judge prompt"),
  "allow-empty": z
    .boolean()
    .default(false)
    .describe("judge an empty answer (content null or blank) instead of counting it as an error on that case"),
});

export type JudgedOptions = z.output<typeof judgedOptions>;
