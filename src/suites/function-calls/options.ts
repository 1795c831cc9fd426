import * as z from "zod";
import { modelRef } from "../../config/primitives.ts";

export const functionCallOptions = z.strictObject({
  kind: z.literal("function-calls"),
  description: z.string().optional(),
  dataset: z.string().min(1).describe("JSONL ground truth, or a BFCL question file"),
  format: z.enum(["auto", "evalgate", "bfcl"]).default("auto"),
  "possible-answers": z.string().optional().describe("BFCL possible_answer file (default: found beside the dataset)"),
  target: modelRef.optional().describe("the tool-calling system under test; omit to score recorded calls"),
  simulator: modelRef.optional().describe("model playing the user in live multi-turn cases"),
  "completion-judge": modelRef.optional().describe("model deciding when the task is complete (default: the simulator)"),
  "max-turns": z.number().int().min(1).max(100).default(10),
  "stop-token": z.string().default("the session is finished"),
  "ignore-calls": z.array(z.string()).default([]).describe("function names not counted on the actual side"),
});

export type FunctionCallOptions = z.output<typeof functionCallOptions>;
