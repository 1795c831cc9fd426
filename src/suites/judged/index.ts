// The "judged" suite kind: agents answer CSV prompts, an LLM judge scores each answer several
// times, and the majority vote becomes the case's score (after dust-evals, seed 001).
import type { SuiteKind } from "../kind.ts";
import { aggregateJudged } from "./aggregate.ts";
import { type JudgedInput, loadJudgedSuite } from "./load.ts";
import type { JudgedOptions } from "./options.ts";
import { rejudgeJudgedCase } from "./rejudge.ts";
import { runJudgedCase } from "./run.ts";

export type { JudgedInput } from "./load.ts";
export type { JudgedOptions } from "./options.ts";

export const judgedSuite: SuiteKind<JudgedOptions, JudgedInput> = {
  kind: "judged",
  load: loadJudgedSuite,
  modelsUsed: (options) => [...new Set([...options.agents, options.judge])],
  // run.ts: an agent is asked with the prompt and the run's number; the judge's votes carry none.
  requestVars: (options) => [
    ...options.agents.map((model) => ({ model, role: "agent", vars: ["prompt", "run"] })),
    { model: options.judge, role: "judge", vars: [] },
  ],
  requestsPerCase: (options) => 1 + options["judge-runs"],
  runCase: runJudgedCase,
  aggregate: aggregateJudged,
  wantsRejudge: (options) => options["rejudge-baseline"] === true,
  rejudgeCase: rejudgeJudgedCase,
};
