// The verdict a results file carries, as this version reads it: files written before the third
// verdict ("error") lack `errors` and `notes`, which every renderer expects.
import type { Results } from "../results/types.ts";
import type { GateVerdict } from "./types.ts";

export function storedVerdict(results: Results): GateVerdict | undefined {
  const verdict = results.verdict as GateVerdict | undefined;
  if (!verdict) return undefined;
  return {
    ...verdict,
    errors: verdict.errors ?? [],
    notes: verdict.notes ?? [],
    carried: verdict.carried ?? [],
    suites: verdict.suites.map((suite) => ({ ...suite, errors: suite.errors ?? [] })),
  };
}
