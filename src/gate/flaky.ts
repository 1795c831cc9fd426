// Flaky cases from history: a case whose outcome (its main score against the suite's min-score)
// flipped at least `gate.flaky.min-flips` times over the last `gate.flaky.history` baselines, while its
// inputs (fingerprint) stayed what they are now, fails and passes on its own: its drop says little
// about the change under review. The gate lists them in every report; with `mode: exclude` it also
// leaves them out of the compared means and tests (gemini-cli's stable-case filter does the same).
// Only earlier baselines count: this run's own outcome never makes a case flaky, so a real
// regression cannot excuse itself. Pure: the history comes reduced (historyCases), never read here.
import type { GateConfig, GateProfile } from "../config/schema.ts";
import type { Results } from "../results/types.ts";
import { mean } from "../util/stats.ts";
import { caseScore, mainScoreMetrics } from "./case-scores.ts";
import { resolveRule } from "./rules.ts";
import type { FlakyCase, FlakyReport, HistoryRun } from "./types.ts";

/** A results file reduced to what the flaky test reads: each case's fingerprint and main score. */
export function historyCases(results: Results): NonNullable<HistoryRun["cases"]> {
  const out: NonNullable<HistoryRun["cases"]> = {};
  for (const [name, suite] of Object.entries(results.suites)) {
    if (!Array.isArray(suite.cases) || suite.cases.length === 0) continue;
    const main = mainScoreMetrics(suite);
    const scores = new Map<string, { fingerprint?: string; values: number[] }>();
    for (const result of suite.cases) {
      const entry = scores.get(result.caseId) ?? { values: [], ...(result.fingerprint ? { fingerprint: result.fingerprint } : {}) };
      scores.set(result.caseId, entry);
      const score = caseScore(result, main);
      if (score !== null) entry.values.push(score);
    }
    out[name] = Object.fromEntries(
      [...scores].map(([id, entry]) => [
        id,
        { ...(entry.fingerprint ? { fingerprint: entry.fingerprint } : {}), score: entry.values.length ? mean(entry.values) : null },
      ]),
    );
  }
  return out;
}

/** The flaky cases of this run's suites, from the newest `gate.flaky.history` runs of `history`; undefined without history. */
export function findFlakyCases(
  head: Results,
  history: readonly HistoryRun[] | undefined,
  gate: GateConfig,
  profile: GateProfile | null,
): FlakyReport | undefined {
  const settings = gate.flaky;
  const runs = (history ?? []).filter((run) => run.cases).slice(-settings.history);
  if (runs.length === 0) return undefined;
  const cases: FlakyCase[] = [];
  for (const [name, suite] of Object.entries(head.suites)) {
    if (suite.carried) continue;
    const passLine = suitePassLine(name, suite, gate, profile);
    const seen = new Set<string>();
    for (const result of suite.cases) {
      if (seen.has(result.caseId)) continue;
      seen.add(result.caseId);
      const outcomes = runs.flatMap((run) => {
        const earlier = run.cases?.[name]?.[result.caseId];
        if (!earlier || earlier.score === null || earlier.fingerprint !== result.fingerprint) return [];
        return [earlier.score >= passLine];
      });
      const flips = outcomes.filter((passed, i) => i > 0 && passed !== outcomes[i - 1]).length;
      if (flips >= settings["min-flips"])
        cases.push({ suite: name, caseId: result.caseId, title: result.title, flips, runs: outcomes.length });
    }
  }
  return { mode: settings.mode, minFlips: settings["min-flips"], runs: runs.length, cases };
}

/** A case passes at half marks when no min-score above zero says where passing starts. */
const DEFAULT_PASS_LINE = 0.5;

/**
 * Where a case passes: the min-score of the suite's first gated higher-is-better metric (the gate's
 * default without one); half marks when that is 0 or less (no floor set), so 0/1 scores still flip.
 */
function suitePassLine(name: string, suite: Results["suites"][string], gate: GateConfig, profile: GateProfile | null): number {
  let line = gate["min-score"];
  for (const [metricName, metric] of Object.entries(suite.metrics)) {
    const rule = resolveRule(gate, profile, name, metricName, metric);
    if (rule.gated && rule.direction === "higher" && rule.minScore !== undefined) {
      line = rule.minScore;
      break;
    }
  }
  return line > 0 ? line : DEFAULT_PASS_LINE;
}

/** The flaky cases of one suite, as case ids. */
export function flakyIds(report: FlakyReport | undefined, suite: string): Set<string> {
  return new Set((report?.cases ?? []).filter((entry) => entry.suite === suite).map((entry) => entry.caseId));
}
