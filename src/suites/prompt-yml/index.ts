// The "prompt-yml" suite kind: GitHub Models' `.prompt.yml` files run the way `gh models eval` runs
// them (every testData row sent with the file's messages, graded by the file's evaluators), gated
// against a baseline per file and evaluator (docs/prompt-yml.md).
import type { SuiteKind } from "../kind.ts";
import { aggregatePromptYml } from "./aggregate.ts";
import { asksJudge } from "./evaluators.ts";
import { loadPromptYmlSuite, type PromptYmlInput } from "./load.ts";
import type { PromptYmlOptions } from "./options.ts";
import { runPromptYmlCase } from "./run.ts";

export type { PromptYmlInput } from "./load.ts";
export type { PromptYmlOptions } from "./options.ts";

export const promptYmlSuite: SuiteKind<PromptYmlOptions, PromptYmlInput> = {
  kind: "prompt-yml",
  load: loadPromptYmlSuite,
  modelsUsed: (options) => [
    ...new Set([
      ...(options.target ? [options.target] : []),
      ...Object.values(options["model-map"] ?? {}),
      ...(options.judge ? [options.judge] : []),
    ]),
  ],
  targets: (options) => [...new Set([...(options.target ? [options.target] : []), ...Object.values(options["model-map"] ?? {})])],
  // The answer, then one judge call per llm and built-in evaluator of the row's file.
  requestsOfCase: (testCase) => 1 + testCase.input.subject.evaluators.filter(asksJudge).length,
  // Each file's modelParameters go with its rows' requests to the model it is routed to.
  requestSettings: (_options, cases) => {
    const subjects = new Map(cases.map((testCase) => [testCase.input.subject.file, testCase.input.subject]));
    return [...subjects.values()].map((subject) => ({
      model: subject.model,
      settings: { purpose: "target", ...subject.parameters, ...(subject.origins ? { origins: subject.origins } : {}) },
    }));
  },
  runCase: runPromptYmlCase,
  aggregate: (results) => aggregatePromptYml(results),
};
