// A suite's judge as results.json records it: what the suite said at load time (name, prompt hash,
// scale, votes), the model id the config asks for, the models the provider said answered, and the
// systems under test it is not independent of (config/judge-independence.ts).
import type { InputProblem } from "../config/errors.ts";
import { judgeKin, judgeKinSentence } from "../config/judge-independence.ts";
import type { LoadedConfig } from "../config/load.ts";
import type { EvalgateConfig } from "../config/schema.ts";
import type { CaseSummary, JudgeCalibration, JudgeIdentity } from "../results/types.ts";
import { labelPairs } from "../suites/human-labels.ts";
import { SCALES } from "../suites/judged/grading.ts";
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
    ...(loaded.points ? { points: loaded.points } : {}),
    ...(loaded.grades ? { grades: loaded.grades } : {}),
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

/** The judge with its agreement with people measured on this run's labelled answers (case metrics human_score beside raw_score, suites/human-labels.ts). */
export function withCalibration(judge: JudgeIdentity, cases: readonly CaseSummary[]): JudgeIdentity {
  const { calibration: _earlier, ...identity } = judge;
  const points = scalePointsOf(judge);
  if (!points) return identity;
  const judged: number[] = [];
  const people: number[] = [];
  for (const result of cases) {
    if (result.status !== "scored") continue;
    for (const pair of labelPairs(result.metrics)) {
      judged.push(nearestPoint(pair.judge, points));
      people.push(nearestPoint(pair.human, points));
    }
  }
  if (judged.length === 0) return identity;
  const k = points.length;
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

/** The scores of the judge's scale: a judged suite's named scale, or the points its kind recorded. */
function scalePointsOf(judge: JudgeIdentity): number[] | undefined {
  if (Object.hasOwn(SCALES, judge.scale)) return SCALES[judge.scale as keyof typeof SCALES].labels.map((label) => label.score);
  return judge.points?.length ? judge.points : undefined;
}

/** A score's position among the scale's points (the nearest one: 0-100 is compared in its five bands). */
function nearestPoint(score: number, points: readonly number[]): number {
  let best = 0;
  for (let i = 1; i < points.length; i++) if (Math.abs(points[i]! - score) < Math.abs(points[best]! - score)) best = i;
  return best;
}
