import * as z from "zod";
import { lazyVariant } from "../../config/lazy-variant.ts";
import { duration, modelRef, suitePaths, suiteRepeat } from "../../config/primitives.ts";

/** The `promptfoo` suite: a promptfooconfig.yaml run as promptfoo runs it, gated as every kind is (docs/promptfoo.md). */
export const promptfooOptions = lazyVariant("kind", "promptfoo", () =>
  z.strictObject({
    kind: z.literal("promptfoo"),
    description: z.string().optional(),
    paths: suitePaths,
    repeat: suiteRepeat,
    config: z
      .string()
      .min(1)
      .describe(
        "the promptfoo config (promptfooconfig.yaml) relative to evalgate.yml; its prompts, providers, tests and asserts run as written",
      ),
    "model-map": z
      .record(z.string().min(1), modelRef)
      .optional()
      .describe(
        'a promptfoo provider id (or its label) → the configured model its prompts go to ({"openai:gpt-5-mini": mini}); ids evalgate runs itself (openai:*, anthropic:*, exec:, http) may be left out',
      ),
    judge: modelRef
      .optional()
      .describe("the model that grades the model-graded asserts (llm-rubric, factuality, g-eval...); required when the config has one"),
    "embedding-model": modelRef
      .optional()
      .describe(
        "an OpenAI-compatible model whose /embeddings route answer-relevance uses, as promptfoo does (questions from the judge, mean cosine similarity); without it the judge scores relevance",
      ),
    "script-timeout": duration
      .default(10_000)
      .describe("how long a javascript or python assert may run (each in a process of its own) before it fails that assert"),
  }),
);

export type PromptfooOptions = z.output<typeof promptfooOptions>;
