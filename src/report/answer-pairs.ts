// The baseline's and this run's answers of the cases a reviewer compares side by side (regressed,
// improved, changed), for the HTML report and the PR comment's excerpt. The baseline side comes from
// the baseline file's details (a committed results file) or its cut-down view (the data branch).
import { type CaseAnswer, caseAnswer } from "../baseline/case-answer.ts";
import type { CaseChange, CaseChangeKind, GateVerdict } from "../gate/types.ts";
import type { CaseResult, Results } from "../results/types.ts";

export const SIDE_BY_SIDE_KINDS: readonly CaseChangeKind[] = ["regressed", "improved", "changed"];

export interface AnswerPair {
  change: CaseChange;
  before?: CaseAnswer;
  after?: CaseAnswer;
}

export const answerKey = (suite: string, caseId: string, repeat: number) => `${suite}\u0000${caseId}\u0000${repeat}`;

function indexCases(results: Results | null | undefined): Map<string, CaseResult> {
  const index = new Map<string, CaseResult>();
  for (const [suite, suiteResults] of Object.entries(results?.suites ?? {}))
    for (const result of suiteResults.cases) index.set(answerKey(suite, result.caseId, result.repeat), result);
  return index;
}

/**
 * Both answers of every regressed, improved or changed case, worst first per suite. `current` must
 * carry details (results.json as read back), the summaries the engine keeps in memory have none.
 */
export function answerPairs(verdict: GateVerdict, current: Results, baseline: Results | null | undefined): Map<string, AnswerPair> {
  const now = indexCases(current);
  const before = indexCases(baseline);
  const pairs = new Map<string, AnswerPair>();
  for (const suite of verdict.suites) {
    for (const change of suite.changes) {
      if (!SIDE_BY_SIDE_KINDS.includes(change.kind)) continue;
      const key = answerKey(change.suite, change.caseId, change.repeat);
      const beforeAnswer = caseAnswer(before.get(key)?.details);
      const afterAnswer = caseAnswer(now.get(key)?.details);
      pairs.set(key, { change, ...(beforeAnswer ? { before: beforeAnswer } : {}), ...(afterAnswer ? { after: afterAnswer } : {}) });
    }
  }
  return pairs;
}
