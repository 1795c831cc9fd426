// The "function-calls" suite kind: a tool-calling target is driven by a simulated user (or asked a
// BFCL question, or its recorded calls are read) and its calls are scored against ground truth
// (precision/recall of names and arguments, reliability), after the LOB chatbot evaluation (seed 003).
import type { SuiteKind } from "../kind.ts";
import { aggregateFunctionCalls } from "./aggregate.ts";
import { COMPLETION_JUDGE_SETTINGS } from "./completion-judge.ts";
import { type FunctionCallInput, loadFunctionCallSuite } from "./load.ts";
import type { FunctionCallOptions } from "./options.ts";
import { runFunctionCallCase } from "./run.ts";
import { functionCallTemplateVars } from "./template-vars.ts";

export type { FunctionCallInput } from "./load.ts";
export type { FunctionCallOptions } from "./options.ts";

export const functionCallSuite: SuiteKind<FunctionCallOptions, FunctionCallInput> = {
  kind: "function-calls",
  load: loadFunctionCallSuite,
  modelsUsed: (options) => {
    if (options.target === undefined) return []; // recorded calls only
    const names = [
      options.target,
      options.simulator,
      options["judge-completion"] ? (options["completion-judge"] ?? options.simulator) : undefined,
    ];
    return [...new Set(names.filter((name): name is string => name !== undefined))];
  },
  targets: (options) => (options.target === undefined ? [] : [options.target]),
  // Recorded calls ask nothing of the target.
  templateVars: (testCase) => (testCase.input.recorded ? undefined : functionCallTemplateVars(testCase)),
  // run.ts: the target is asked with the case and the turn (and, after a tool round, the round); the
  // simulated user and the completion judge with none.
  requestVars: (options) => {
    if (options.target === undefined) return [];
    const judge = options["judge-completion"] ? (options["completion-judge"] ?? options.simulator) : undefined;
    return [
      { model: options.target, role: "target", vars: ["case", "turn", "round"] },
      ...(options.simulator !== undefined ? [{ model: options.simulator, role: "simulator", vars: [] }] : []),
      ...(judge !== undefined ? [{ model: judge, role: "completion judge", vars: [] }] : []),
    ];
  },
  requestSettings: (options) => {
    const judge =
      options.target !== undefined && options["judge-completion"] ? (options["completion-judge"] ?? options.simulator) : undefined;
    return judge === undefined ? [] : [{ model: judge, settings: COMPLETION_JUDGE_SETTINGS }];
  },
  runCase: runFunctionCallCase,
  aggregate: (results) => aggregateFunctionCalls(results),
  clusters: { by: "group" },
};
