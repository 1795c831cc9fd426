// The "agent" suite kind: a tool-using agent's trajectory (which tools it called, in what order, with
// what arguments, within what steps and cost) checked per case against expected calls, the tools
// coming from an MCP server in the repository, called for real (docs/agents.md).

import { COMPLETION_JUDGE_SETTINGS } from "../function-calls/completion-judge.ts";
import type { SuiteKind } from "../kind.ts";
import { aggregateAgent } from "./aggregate.ts";
import { completionJudgeOf } from "./completion.ts";
import { judgeCase, rejudgeAgentCase } from "./judge.ts";
import { type AgentInput, loadAgentSuite } from "./load.ts";
import type { AgentOptions } from "./options.ts";
import { runAgentCase } from "./run.ts";

export type { AgentInput } from "./load.ts";
export type { AgentOptions } from "./options.ts";

export const agentSuite: SuiteKind<AgentOptions, AgentInput> = {
  kind: "agent",
  load: loadAgentSuite,
  modelsUsed: (options) => [
    ...new Set([
      options.target,
      ...(options.simulator !== undefined ? [options.simulator] : []),
      ...(options.judge ? [options.judge] : []),
    ]),
  ],
  targets: (options) => [options.target],
  // Each request to the target carries the case's id and the loop's step.
  requestVars: (options) => [
    { model: options.target, role: "target", vars: ["case", "step"] },
    ...(options.simulator !== undefined ? [{ model: options.simulator, role: "simulator", vars: [] }] : []),
    ...(options["completion-judge"] !== undefined ? [{ model: options["completion-judge"], role: "completion judge", vars: [] }] : []),
    ...(options.judge !== undefined ? [{ model: options.judge, role: "judge", vars: [] }] : []),
  ],
  // The completion judge's temperature 0 (the function-calls kind's), when a case asks it.
  requestSettings: (options, cases) => {
    const judges = new Set(cases.flatMap((testCase) => completionJudgeOf(testCase.input, options) ?? []));
    return [...judges].map((model) => ({ model, settings: COMPLETION_JUDGE_SETTINGS }));
  },
  requestsOfCase: (testCase, options) => testCase.input.expected.length + 1 + (testCase.input.judge ? options["judge-runs"] : 0),
  // The trajectory, then the judge's votes on the final answer (judge.ts).
  runCase: async (testCase, ctx) => judgeCase(testCase.input, await runAgentCase(testCase, ctx), ctx),
  aggregate: aggregateAgent,
  clusters: { by: "group" },
  canRejudge: (options) => options.judge !== undefined,
  wantsRejudge: (options) => options["rejudge-baseline"],
  rejudgeCase: rejudgeAgentCase,
};
