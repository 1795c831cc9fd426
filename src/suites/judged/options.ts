import * as z from "zod";
import { lazyVariant } from "../../config/lazy-variant.ts";
import { modelRef, ratio, suitePaths, suiteRepeat } from "../../config/primitives.ts";
import { checksOption } from "../checks/options.ts";
import { judgeOnlyProblems, judgeVoteOptions } from "./judge-options.ts";

/** A CSV header name (matched trimmed, in any case). */
const csvColumn = z.string().trim().min(1);

/** Options that only mean something with a judge: set without one, they are a mistake worth saying. */
const JUDGE_ONLY = ["judge-preamble", "judge-early-stop", "rejudge-baseline", "min-agreement", "human-score-column"] as const;

export const judgedOptions = lazyVariant("kind", "judged", () =>
  z
    .strictObject({
      kind: z.literal("judged"),
      description: z.string().optional(),
      paths: suitePaths,
      repeat: suiteRepeat,
      prompts: z
        .string()
        .min(1)
        .describe("CSV with columns prompt[,judge_prompt][,files][,group]; other columns are values for prompt files and checks"),
      columns: z
        .strictObject({
          prompt: csvColumn.optional(),
          judge_prompt: csvColumn.optional(),
          files: csvColumn.optional(),
          group: csvColumn.optional(),
        })
        .optional()
        .describe("the CSV's own column for each of evalgate's (prompt: question): a dataset used as it is"),
      agents: z.array(modelRef).min(1).describe("models whose answers are judged"),
      judge: modelRef.optional().describe("the model that grades each answer; optional when the suite has checks"),
      checks: checksOption,
      runs: z.number().int().min(1).max(100).default(1).describe("answers per prompt per agent"),
      "judge-runs": judgeVoteOptions["judge-runs"],
      "judge-early-stop": judgeVoteOptions["judge-early-stop"],
      "rejudge-baseline": z
        .boolean()
        .default(false)
        .describe("send the baseline's stored answers to the current judge (judge calls only) and compare like with like"),
      scale: judgeVoteOptions.scale,
      "human-score-column": z
        .string()
        .min(1)
        .optional()
        .describe(
          "the prompts CSV column with people's scores of the answers, on the suite's scale (default: human_score, when the CSV has it): the judge's agreement with them is reported, and gate.judge-calibration can require it",
        ),
      "min-agreement": ratio.optional().describe("flag answers whose judges agree less than this"),
      "pass-score": judgeVoteOptions["pass-score"],
      "judge-preamble": judgeVoteOptions["judge-preamble"],
      "allow-empty": z
        .boolean()
        .default(false)
        .describe("judge an empty answer (content null or blank) instead of counting it as an error on that case"),
    })
    .superRefine((options, ctx) => {
      if (options.judge !== undefined) return;
      if (!options.checks) {
        ctx.addIssue({
          code: "custom",
          path: ["judge"],
          message: "required: a judged suite grades its answers with a judge, checks, or both",
        });
        return;
      }
      judgeOnlyProblems(options, JUDGE_ONLY, ctx, "needs a judge: this suite has none (only checks)");
    }),
);

export type JudgedOptions = z.output<typeof judgedOptions>;
