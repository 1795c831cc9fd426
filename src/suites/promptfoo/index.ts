// The "promptfoo" suite kind: a promptfooconfig.yaml run as promptfoo 0.123 runs it (its prompts to
// each provider's mapped model, every test's asserts with promptfoo's pass and score), gated against
// a baseline per prompt × provider (docs/promptfoo.md).
import type { SuiteKind } from "../kind.ts";
import { aggregatePromptfoo } from "./aggregate.ts";
import { isGraded } from "./assert-spec.ts";
import { RELEVANCE_QUESTIONS } from "./asserts/relevance.ts";
import { loadPromptfooSuite, type PromptfooInput } from "./load.ts";
import type { PromptfooOptions } from "./options.ts";
import { runPromptfooCase } from "./run.ts";
import type { PfAssertion } from "./types.ts";

export type { PromptfooInput } from "./load.ts";
export type { PromptfooOptions } from "./options.ts";

/** Requests a model-graded assert makes: one judge call, or with an embedding-model answer-relevance's questions and embeddings. */
const gradedCount = (asserts: readonly PfAssertion[], embeddings: boolean): number =>
  asserts.reduce((sum, a) => {
    const own = !isGraded(a.type) ? 0 : embeddings && a.type.replace(/^not-/, "") === "answer-relevance" ? 2 * RELEVANCE_QUESTIONS + 1 : 1;
    return sum + own + gradedCount(a.assert ?? [], embeddings);
  }, 0);

export const promptfooSuite: SuiteKind<PromptfooOptions, PromptfooInput> = {
  kind: "promptfoo",
  load: loadPromptfooSuite,
  modelsUsed: (options) => [
    ...new Set([
      ...Object.values(options["model-map"] ?? {}),
      ...(options.judge ? [options.judge] : []),
      ...(options["embedding-model"] ? [options["embedding-model"]] : []),
    ]),
  ],
  targets: (options) => [...new Set(Object.values(options["model-map"] ?? {}))],
  // The answer, then one judge call per model-graded assert.
  requestsOfCase: (testCase, options) => 1 + gradedCount(testCase.input.assert, options["embedding-model"] !== undefined),
  runCase: runPromptfooCase,
  aggregate: (results) => aggregatePromptfoo(results),
};
