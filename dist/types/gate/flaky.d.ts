import type { GateConfig, GateProfile } from "../config/schema.ts";
import type { Results } from "../results/types.ts";
import type { FlakyReport } from "./types.ts";
/** One case in one earlier run: its inputs' fingerprint and main score (mean over its repeats; null when every repeat failed). */
export interface HistoryCase {
    fingerprint?: string;
    score: number | null;
}
/** An earlier run as the flaky test needs it: its cases' scores by suite and case id. */
export interface HistoryRun {
    finishedAt: string;
    commit?: string;
    cases?: Record<string, Record<string, HistoryCase>>;
}
export interface FlakyCase {
    suite: string;
    caseId: string;
    title: string;
    /** Times the outcome changed between consecutive runs with the same inputs. */
    flips: number;
    /** Earlier runs that scored the case with the same inputs. */
    runs: number;
}
/** A results file reduced to what the flaky test reads: each case's fingerprint and main score. */
export declare function historyCases(results: Results): NonNullable<HistoryRun["cases"]>;
/** The flaky cases of this run's suites, from the newest `gate.flaky.history` runs of `history`; undefined without history. */
export declare function findFlakyCases(head: Results, history: readonly HistoryRun[] | undefined, gate: GateConfig, profile: GateProfile | null): FlakyReport | undefined;
/** The flaky cases of one suite, as case ids. */
export declare function flakyIds(report: FlakyReport | undefined, suite: string): Set<string>;
