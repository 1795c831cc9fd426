// Pure: whether a suite's judge differs from the one that graded the baseline, and in which parts.
// A score that moved because the judge changed is not a change of the system under test: the
// verdict says so, so nobody reads one as the other.
import type { JudgeIdentity, Results } from "../results/types.ts";
import { ownValue } from "../util/is-record.ts";

const list = (values: string[] | undefined) => (values ?? []).join(", ");

/** The parts of the judge that differ, each as "what: before → now"; empty when it is the same judge. */
export function judgeDifferences(before: JudgeIdentity, now: JudgeIdentity): string[] {
  const parts: string[] = [];
  if (before.name !== now.name) parts.push(`judge ${before.name} → ${now.name}`);
  if (before.model !== now.model) parts.push(`model ${before.model ?? "unnamed"} → ${now.model ?? "unnamed"}`);
  // Only when both runs heard it: a cached or silent provider says nothing either way.
  if (before.reportedModels?.length && now.reportedModels?.length && list(before.reportedModels) !== list(now.reportedModels)) {
    parts.push(`model the provider reported ${list(before.reportedModels)} → ${list(now.reportedModels)}`);
  }
  if (before.promptHash !== now.promptHash) parts.push(`judge prompt or rubric (hash ${before.promptHash} → ${now.promptHash})`);
  if (before.scale !== now.scale) parts.push(`scale ${before.scale} → ${now.scale}`);
  if (before.runs !== now.runs) parts.push(`votes per answer ${before.runs} → ${now.runs}`);
  return parts;
}

/** One note per suite whose judge changed since the baseline, or whose baseline does not say which judge it had. */
export function judgeChangeNotes(head: Results, baseline: Results): string[] {
  const notes: string[] = [];
  for (const [name, suite] of Object.entries(head.suites)) {
    const before = ownValue(baseline.suites, name);
    if (!suite.judge || !before) continue;
    if (!before.judge) {
      notes.push(`${name}: the baseline does not record its judge, so a changed judge cannot be told from a changed system`);
      continue;
    }
    const parts = judgeDifferences(before.judge, suite.judge);
    if (parts.length)
      notes.push(
        `${name}: the judge changed since the baseline (${parts.join("; ")}): score changes may be the judge's, not the system's${recalibrated(before.judge, suite.judge)}`,
      );
  }
  return notes;
}

/** A changed judge's agreement with people, measured again on the labelled cases: "; κ with people 0.62 → 0.88". */
function recalibrated(before: JudgeIdentity, now: JudgeIdentity): string {
  const was = before.calibration?.kappa;
  const is = now.calibration?.kappa;
  if (typeof is !== "number") return "";
  const then = typeof was === "number" ? was.toFixed(2) : "not measured";
  return `; its agreement with people, re-measured on ${now.calibration!.n} labelled answers: κ ${then} → ${is.toFixed(2)}`;
}
