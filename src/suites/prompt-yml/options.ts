import * as z from "zod";
import { lazyVariant } from "../../config/lazy-variant.ts";
import { modelRef, suitePaths, suiteRepeat } from "../../config/primitives.ts";

/** The `prompt-yml` suite: GitHub Models' `.prompt.yml` files, each run the way `gh models eval` runs it (docs/prompt-yml.md). */
export const promptYmlOptions = lazyVariant("kind", "prompt-yml", () =>
  z
    .strictObject({
      kind: z.literal("prompt-yml"),
      description: z.string().optional(),
      paths: suitePaths,
      repeat: suiteRepeat,
      files: z
        .string()
        .min(1)
        .describe(
          "a .prompt.yml file, or a glob of them relative to the config (prompts/**/*.prompt.yml): every matching file runs, each testData row a case",
        ),
      target: modelRef
        .optional()
        .describe(
          "the chat model the files' messages are sent to (its endpoint, key, price and limits); required unless model-map lists every file's model",
        ),
      "model-map": z
        .record(z.string().min(1), modelRef)
        .optional()
        .describe(
          "a file's model id (openai/gpt-4o-mini) → the configured model its messages go to; with it, a file's model must be listed",
        ),
      judge: modelRef
        .optional()
        .describe("the model that grades llm and uses evaluators (required when a file has one); a file's modelId never picks its grader"),
      "pass-score": z
        .number()
        .gt(0)
        .max(1)
        .optional()
        .describe("an evaluator passes a row when its score is at least this; default: gh models eval's rule, a score above 0"),
      "allow-empty": z
        .boolean()
        .default(false)
        .describe("grade an empty answer (content null or blank) instead of counting it as an error on that row"),
    })
    .superRefine((options, ctx) => {
      if (options.target === undefined && options["model-map"] === undefined)
        ctx.addIssue({ code: "custom", path: ["target"], message: "required: the model the files' messages are sent to (or a model-map)" });
    }),
);

export type PromptYmlOptions = z.output<typeof promptYmlOptions>;
