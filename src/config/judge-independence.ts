// Whether a suite's judge is independent of the systems it grades. A judge that is the same model as
// a system under test grades its own answers, and one of the same family (model-family.ts) shares its
// training and its taste: both are named in every report, and `gate.judge-independence: required`
// refuses them before any request (exit 2).
import type { JudgeKin } from "../results/types.ts";
import { canonicalModelId, modelFamily, modelIdOf } from "./model-family.ts";
import type { ModelConfig } from "./models.ts";

/** The judge's kin among the suite's systems under test: empty when it is independent of every one. */
export function judgeKin(judge: string, targets: readonly string[], models: Readonly<Record<string, ModelConfig>>): JudgeKin[] {
  const judgeId = modelIdOf(models[judge]);
  const judgeFamily = judgeId ? modelFamily(judgeId) : null;
  const kin: JudgeKin[] = [];
  for (const target of new Set(targets)) {
    const targetId = modelIdOf(models[target]);
    const family = targetId ? modelFamily(targetId) : null;
    const familyName = family ? `${family.vendor} ${family.family}` : undefined;
    if (target === judge || (judgeId && targetId && canonicalModelId(judgeId) === canonicalModelId(targetId))) {
      kin.push({ target, relation: "model", ...(familyName ? { family: familyName } : {}) });
    } else if (judgeFamily && family && judgeFamily.vendor === family.vendor && judgeFamily.family === family.family) {
      kin.push({ target, relation: "family", family: familyName! });
    }
  }
  return kin;
}

/** One sentence naming a judge's kin: what every report says about it. */
export function judgeKinSentence(suite: string, judge: string, kin: readonly JudgeKin[]): string {
  const same = kin.filter((entry) => entry.relation === "model").map((entry) => entry.target);
  const family = kin.filter((entry) => entry.relation === "family");
  const parts = [
    same.length ? `the same model as the system under test ${same.join(", ")} (it grades its own answers)` : "",
    family.length
      ? `of the same family (${family[0]!.family}) as the system under test ${family.map((entry) => entry.target).join(", ")} (it may prefer answers like its own)`
      : "",
  ].filter(Boolean);
  return `${suite}: the judge ${judge} is not independent: ${parts.join("; and ")}; gate.judge-independence: required refuses this`;
}
