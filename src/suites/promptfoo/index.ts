// The "promptfoo" suite kind: a promptfooconfig.yaml run as promptfoo 0.123 runs it (its prompts to
// each provider's mapped model, every test's asserts with promptfoo's pass and score), gated against
// a baseline per prompt × provider (docs/promptfoo.md).
import type { SuiteKind } from "../kind.ts";
import { aggregatePromptfoo } from "./aggregate.ts";
import { isGraded } from "./assert-spec.ts";
import { loadPromptfooSuite, type PromptfooInput } from "./load.ts";
import type { PromptfooOptions } from "./options.ts";
import { runPromptfooCase } from "./run.ts";
import type { PfAssertion } from "./types.ts";

export type { PromptfooInput } from "./load.ts";
export type { PromptfooOptions } from "./options.ts";

const gradedCount = (asserts: readonly PfAssertion[]): number =>
  asserts.reduce((sum, a) => sum + (isGraded(a.type) ? 1 : 0) + gradedCount(a.assert ?? []), 0);

export const promptfooSuite: SuiteKind<PromptfooOptions, PromptfooInput> = {
  kind: "promptfoo",
  load: loadPromptfooSuite,
  modelsUsed: (options) => [...new Set([...Object.values(options["model-map"] ?? {}), ...(options.judge ? [options.judge] : [])])],
  targets: (options) => [...new Set(Object.values(options["model-map"] ?? {}))],
  // The answer, then one judge call per model-graded assert.
  requestsOfCase: (testCase) => 1 + gradedCount(testCase.input.assert),
  runCase: runPromptfooCase,
  aggregate: (results) => aggregatePromptfoo(results),
};
