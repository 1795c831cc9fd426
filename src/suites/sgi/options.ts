import * as z from "zod";
import { lazyVariant } from "../../config/lazy-variant.ts";
import { modelRef, suitePaths, suiteRepeat } from "../../config/primitives.ts";

export const sgiOptions = lazyVariant("kind", "sgi", () =>
  z.strictObject({
    kind: z.literal("sgi"),
    description: z.string().optional(),
    paths: suitePaths,
    repeat: suiteRepeat,
    scenarios: z.string().min(1).describe("a scenario folder, or a folder of scenario folders (each with manifest.yml)"),
    target: modelRef.describe("an athena model"),
    costs: z.string().optional().describe("llm_cost.yml price table"),
    export: z.boolean().default(false).describe("also write the TestBench's own tables and JSON files"),
    "invalid-retries": z
      .number()
      .int()
      .min(0)
      .max(10)
      .default(2)
      .describe(
        "retries when the server answers 2xx with a body that is not JSON or not the module manager's wrapper (the TestBench retries any failure: 3 attempts in all)",
      ),
  }),
);

export type SgiOptions = z.output<typeof sgiOptions>;
