import * as z from "zod";
import { lazyVariant } from "../../config/lazy-variant.ts";
import { modelRef, ratio, suitePaths, suiteRepeat } from "../../config/primitives.ts";

export const functionCallOptions = lazyVariant("kind", "function-calls", () =>
  z.strictObject({
    kind: z.literal("function-calls"),
    description: z.string().optional(),
    paths: suitePaths,
    repeat: suiteRepeat,
    dataset: z.string().min(1).describe("JSONL ground truth, or a BFCL question file"),
    format: z.enum(["auto", "evalgate", "bfcl"]).default("auto"),
    "possible-answers": z.string().optional().describe("BFCL possible_answer file (default: found beside the dataset)"),
    tools: z.string().optional().describe("JSON file with the tool schemas offered to the target (cases may carry their own)"),
    target: modelRef.optional().describe("the tool-calling system under test; omit to score recorded calls"),
    simulator: modelRef.optional().describe("model playing the user in live multi-turn cases"),
    "completion-judge": modelRef.optional().describe("model deciding when the task is complete (default: the simulator)"),
    "judge-completion": z
      .boolean()
      .default(true)
      .describe("ask the completion judge after each exchange; false relies on the stop token alone"),
    "max-turns": z.number().int().min(1).max(100).default(10),
    "max-tool-rounds": z
      .number()
      .int()
      .min(1)
      .max(50)
      .default(8)
      .describe("tool-call rounds answered per user turn before the target must reply"),
    "answer-tool-calls": z
      .boolean()
      .default(true)
      .describe("answer the target's tool calls with mocked results and call it again; false for HTTP targets that run their own tools"),
    "stop-token": z.string().min(1).default("the session is finished"),
    "ignore-calls": z.array(z.string()).default([]).describe("function names left out of scoring on both sides (expected and actual)"),
    matcher: z.enum(["similarity", "exact"]).default("similarity").describe("how plain expected argument values are compared"),
    "similarity-threshold": ratio.default(0.95).describe("difflib ratio at or above which an argument matches (the seed's 0.95)"),
  }),
);

export type FunctionCallOptions = z.output<typeof functionCallOptions>;
