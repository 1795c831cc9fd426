// A suite's judge as results.json records it: what the suite said at load time (name, prompt hash,
// scale, votes), the model id the config asks for, the models the provider said answered, and the
// systems under test it is not independent of (config/judge-independence.ts).
import type { InputProblem } from "../config/errors.ts";
import { judgeKin, judgeKinSentence } from "../config/judge-independence.ts";
import type { LoadedConfig } from "../config/load.ts";
import type { EvalgateConfig } from "../config/schema.ts";
import type { CaseSummary, JudgeCalibration, JudgeIdentity } from "../results/types.ts";
import { SCALES, type Scale } from "../suites/judged/grading.ts";
import type { LoadedSuite } from "../suites/kind.ts";
import { exactAgreement, kappaInterval, weightedKappa } from "../util/kappa.ts";
import type { PlannedSuite } from "./planned-suite.ts";

export function judgeIdentity(
  loaded: NonNullable<LoadedSuite["judge"]>,
  models: EvalgateConfig["models"],
  reportedModels: string[],
  targets: readonly string[] = [],
  defaultTemperature?: string,
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
    ...(defaultTemperature ? { defaultTemperature } : {}),
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

/** The judge with its agreement with people measured on this run's labelled answers (a case metric human_score beside raw_score). */
export function withCalibration(judge: JudgeIdentity, cases: readonly CaseSummary[]): JudgeIdentity {
  const { calibration: _earlier, ...identity } = judge;
  const scale: Scale | undefined = Object.hasOwn(SCALES, judge.scale) ? SCALES[judge.scale as keyof typeof SCALES] : undefined;
  if (!scale) return identity;
  const judged: number[] = [];
  const people: number[] = [];
  for (const result of cases) {
    const { raw_score: score, human_score: human } = result.metrics;
    if (result.status !== "scored" || typeof score !== "number" || typeof human !== "number") continue;
    judged.push(nearestPoint(score, scale));
    people.push(nearestPoint(human, scale));
  }
  if (judged.length === 0) return identity;
  const k = scale.labels.length;
  const interval = kappaInterval(judged, people, k, { seed: 1 });
  const calibration: JudgeCalibration = {
    n: judged.length,
    exact: exactAgreement(judged, people)!,
    kappa: weightedKappa(judged, people, k, "quadratic"),
    ciLow: interval?.low ?? null,
    ciHigh: interval?.high ?? null,
    weights: "quadratic",
  };
  return { ...identity, calibration };
}

/** A score's position among the scale's labelled points (the nearest one: 0-100 is compared in its five bands). */
function nearestPoint(score: number, scale: Scale): number {
  let best = 0;
  for (let i = 1; i < scale.labels.length; i++) {
    if (Math.abs(scale.labels[i]!.score - score) < Math.abs(scale.labels[best]!.score - score)) best = i;
  }
  return best;
}
