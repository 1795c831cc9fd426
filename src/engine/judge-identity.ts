// A suite's judge as results.json records it: what the suite said at load time (name, prompt hash,
// scale, votes), the model id the config asks for, the models the provider said answered, and the
// systems under test it is not independent of (config/judge-independence.ts).
import type { InputProblem } from "../config/errors.ts";
import { judgeKin, judgeKinSentence } from "../config/judge-independence.ts";
import type { LoadedConfig } from "../config/load.ts";
import type { EvalgateConfig } from "../config/schema.ts";
import type { JudgeIdentity } from "../results/types.ts";
import type { LoadedSuite } from "../suites/kind.ts";
import type { PlannedSuite } from "./plan.ts";

export function judgeIdentity(
  loaded: NonNullable<LoadedSuite["judge"]>,
  models: EvalgateConfig["models"],
  reportedModels: string[],
  targets: readonly string[] = [],
): JudgeIdentity {
  const configured = models[loaded.name];
  const model = configured && "model" in configured && typeof configured.model === "string" ? configured.model : undefined;
  const kin = judgeKin(loaded.name, targets, models);
  return {
    name: loaded.name,
    ...(model ? { model } : {}),
    ...(reportedModels.length ? { reportedModels } : {}),
    promptHash: loaded.promptHash,
    scale: loaded.scale,
    runs: loaded.runs,
    ...(kin.length ? { kin } : {}),
  };
}

/** The systems under test a planned suite asks: its kind's targets and those read from its own files. */
export function suiteTargets(suite: Pick<PlannedSuite, "suiteKind" | "options" | "targets">): string[] {
  return [...new Set([...(suite.suiteKind.targets?.(suite.options) ?? []), ...Object.keys(suite.targets ?? {})])];
}

/** With gate.judge-independence: required, a judge that is a system's own model or family is bad input, at the suite's judge. */
export function judgeIndependenceProblems(loaded: LoadedConfig, suites: readonly PlannedSuite[]): InputProblem[] {
  if (loaded.config.gate["judge-independence"] !== "required") return [];
  return suites.flatMap((suite) => {
    if (!suite.judge) return [];
    const kin = judgeKin(suite.judge.name, suiteTargets(suite), loaded.config.models);
    if (!kin.length) return [];
    const field = ["suites", suite.name, "judge"];
    const line = loaded.lineOf(field) ?? loaded.lineOf(["suites", suite.name]);
    const message = `${judgeKinSentence(suite.name, suite.judge.name, kin)}; choose a judge of another family`;
    return [{ file: loaded.displayPath, ...(line !== undefined ? { line } : {}), field: field.join("."), message }];
  });
}
