// The "judged" suite kind: agents answer CSV prompts, an LLM judge scores each answer several
// times, and the majority vote becomes the case's score (after dust-evals, seed 001).
import type { SuiteKind } from "../kind.ts";
import { aggregateJudged } from "./aggregate.ts";
import { type JudgedInput, loadJudgedSuite } from "./load.ts";
import type { JudgedOptions } from "./options.ts";
import { rejudgeJudgedCase } from "./rejudge.ts";
import { runJudgedCase } from "./run.ts";
import { judgedTemplateVars } from "./template-vars.ts";

export type { JudgedInput } from "./load.ts";
export type { JudgedOptions } from "./options.ts";

export const judgedSuite: SuiteKind<JudgedOptions, JudgedInput> = {
  kind: "judged",
  load: loadJudgedSuite,
  modelsUsed: (options) => [...new Set([...options.agents, ...(options.judge ? [options.judge] : [])])],
  targets: (options) => options.agents,
  templateVars: (testCase) => judgedTemplateVars(testCase),
  // run.ts: an agent is asked with the prompt and the run's number; the judge's votes carry none.
  requestVars: (options) => [
    ...options.agents.map((model) => ({ model, role: "agent", vars: ["prompt", "run"] })),
    ...(options.judge ? [{ model: options.judge, role: "judge", vars: [] }] : []),
  ],
  // Checks ask nothing: without a judge a case is its agent's answer alone.
  requestsPerCase: (options) => 1 + (options.judge ? options["judge-runs"] : 0),
  runCase: runJudgedCase,
  aggregate: aggregateJudged,
  clusters: { by: "group" },
  canRejudge: (options) => options.judge !== undefined,
  wantsRejudge: (options) => options["rejudge-baseline"] === true,
  rejudgeCase: rejudgeJudgedCase,
};
