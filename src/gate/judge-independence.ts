// The verdict's line for each suite whose judge is not independent of a system it grades (the same
// model or family, recorded with the judge in results.json): named in every report, whatever the verdict.
import { judgeKinSentence } from "../config/judge-independence.ts";
import type { Results } from "../results/types.ts";

export function judgeKinNotes(head: Results): string[] {
  return Object.entries(head.suites).flatMap(([name, suite]) =>
    suite.judge?.kin?.length ? [judgeKinSentence(name, suite.judge.name, suite.judge.kin)] : [],
  );
}
