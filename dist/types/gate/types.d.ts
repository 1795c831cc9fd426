import type { CaseSummary, ErrorSide, FailedCheck, Metric, MetricDirection, MetricUnit, PairedRun, SourceLocation } from "../results/types.ts";
/** accepted: a failing row a maintainer accepted on the record (gate/acceptance.ts): shown, never failing. */
export type RowStatus = "pass" | "fail" | "new" | "noise" | "info" | "error" | "accepted";
/** The change of a metric with its bootstrap confidence interval (only when the runs were repeated). */
export interface NoiseEstimate {
    /** Spread of the metric across repeats (population standard deviation), head run. */
    spread: number | null;
    /** 95% bootstrap interval of the absolute change (now − baseline). */
    ciLow: number;
    ciHigh: number;
    /** Whether the bootstrap paired cases by id (both runs scored the same cases). */
    paired: boolean;
    /** True when the change is not significant: the interval (of non-zero width) includes no change, or McNemar's p ≥ 0.05. */
    insideNoise: boolean;
    /** Pass/fail (0/1) metrics: the exact McNemar test on the matched cases that changed outcome (on the cluster totals when clustered). */
    mcnemar?: {
        worse: number;
        better: number;
        p: number;
    };
    /**
     * Scores in clusters of several cases, or of a paired run (`paired`: the suite's baseline is the base
     * commit run now; exact up to 16 pairs that moved): the sign-flip test that decides (the interval is shown, not used).
     */
    signFlip?: {
        p: number;
        paired?: true;
    };
    /**
     * What the run could detect (paired runs only, gate/power.ts): the smallest relative change the test would call
     * significant at `power`, and the matched cases needed to detect a relative change of `target` (max-drop or max-rise).
     * Null when the run shows no spread to size them (no matched case changed a continuous value).
     */
    mde?: number | null;
    casesNeeded?: number | null;
    target?: number;
    cases?: number;
    power?: number;
    /** Two-sided p-value of "no change": McNemar's (clustered) for pass/fail values, the sign-flip test's for clustered scores, the bootstrap's otherwise. */
    p?: number;
    /**
     * `p` corrected for the run's gated comparisons (gate.correction): `comparisons` is how many were
     * tested. With fail-inside-noise: false a drop whose adjusted p is not under 5% is inside noise.
     */
    adjusted?: {
        method: "holm";
        p: number;
        comparisons: number;
    };
    /** How the matched cases were grouped (clusters.ts), when some cluster held more than one case or object. */
    clusters?: ClusterInfo;
}
/** "clustered by thread (44 clusters)": what the clusters are, how many were compared, and how many would detect max-drop. */
export interface ClusterInfo {
    /** "thread", "scenario", "group", or "case" (a case's repeats). */
    by: string;
    count: number;
    /** Clusters needed to detect a change of max-drop (max-rise); null when the run shows no spread to size it. */
    needed?: number | null;
}
/** How a suite kind's cases cluster: the clusters' name, and how many objects a case's value of a metric averages. */
export interface CaseClustering {
    by: string;
    unitsOf?: (result: CaseSummary, metric: string) => number;
}
/**
 * How the spread of a repeated metric splits (one-way random effects over the head run's cases):
 * the variance of the suite mean = between / n + within / (n · k). More repeats shrink only the
 * within-case part; more cases shrink both.
 */
export interface SpreadParts {
    /** Repeats per case. */
    repeats: number;
    cases: number;
    /** Share of the mean's variance from the differences between cases, 0..1. */
    betweenShare: number;
    /** Share from a case's own repeats (the system's and the judge's randomness), 0..1. */
    withinShare: number;
    /** Standard error of the suite mean (√ of the variance above). */
    standardError: number;
    /** What would shrink it most for the requests it costs: more repeats (the within part dominates) or more cases. */
    shrinkWith: "repeats" | "cases";
}
export interface MetricRow {
    metric: string;
    unit: MetricUnit;
    direction: MetricDirection;
    gated: boolean;
    baseline: number | null;
    now: number | null;
    n: number;
    delta: number | null;
    /** Relative change (delta / |baseline|); null without a non-zero baseline. */
    relDelta: number | null;
    status: RowStatus;
    /**
     * Why it failed (or why it is marked noise / new / error); empty for a plain pass. A change over the limit but
     * inside noise is "fail" when fail-inside-noise is true (the reason says "inside noise"), "noise" when it is not.
     */
    reason: string;
    /** Whether this row makes the gate fail. */
    failing: boolean;
    noise?: NoiseEstimate;
    /** When the comparison used only the cases both runs share (a partial run, changed cases): the whole-suite values. */
    whole?: {
        baseline: number | null;
        now: number | null;
    };
    /** A repeated metric's spread split into between-case and within-case parts (gated metrics with repeats). */
    spreadParts?: SpreadParts;
    /** Status "accepted": who accepted this failure, why, and on which pull request. */
    accepted?: AcceptedBy;
}
/** Who accepted a failing metric (a GitHub login), why (their words, cleaned and capped), how and on which pull request. */
export interface AcceptedBy {
    by: string;
    reason: string;
    via: "label" | "comment";
    pullRequest: number;
}
/** One maintainer's acceptance: the failing metrics it covers ("suite/metric"; a suite's error rate is "suite/error-rate"). */
export interface AcceptanceEntry {
    metrics: string[];
    by: string;
    reason: string;
    via: "label" | "comment";
    /** When it was given (ISO). */
    at: string;
}
/** The acceptances of a pull request, bound to the head commit they were given for: a new push voids them. */
export interface Acceptance {
    pullRequest: number;
    headSha: string;
    entries: AcceptanceEntry[];
}
/**
 * errored: an error in this run; recovered: an error before, scored now; low: under min-score in a failing suite without a
 * baseline; changed: the case's inputs or expectations differ from the baseline's (fingerprint), so its scores are not compared.
 */
export type CaseChangeKind = "regressed" | "improved" | "appeared" | "disappeared" | "errored" | "recovered" | "low" | "changed";
export interface CaseChange {
    suite: string;
    caseId: string;
    repeat: number;
    title: string;
    source: SourceLocation;
    kind: CaseChangeKind;
    /** The group the score belongs to (the agent of a multi-agent judged suite), when the suite has groups. */
    group?: string;
    /** The case's main score before and now (null for an error or a missing side). */
    before: number | null;
    after: number | null;
    /** The error message, when the case failed now. */
    error?: string;
    /** The checks the case's answer failed now (model text in the reasons is data). */
    failedChecks?: FailedCheck[];
    /** Whose error it is (gate/error-sides.ts): the system under test's, or the scorer's. */
    errorSide?: ErrorSide;
}
export interface SuiteVerdict {
    suite: string;
    kind: string;
    /**
     * "error": nothing could be measured (no scored case, a gated metric with n = 0): the gate could not decide.
     * "carried": not run, nothing it depends on changed; its rows show the baseline's numbers, never a pass.
     */
    status: "pass" | "fail" | "error" | "carried";
    /** Why a carried suite was not run ("not run: nothing under prompts/** changed since main"). */
    carried?: string;
    rows: MetricRow[];
    /** Suite-level reasons (error rate) plus the reasons of failing rows. */
    reasons: string[];
    /** Why this suite could not be decided (infrastructure errors); empty when it could. */
    errors: string[];
    /** Gated metrics whose computation failed on some objects, under max-error-rate: "2/4 scored, 2 failed". */
    notes?: string[];
    /** How the baseline was compared, when not on the whole suite ("compared on 5 of 9 cases: ..."). */
    comparedOn?: string;
    counts: {
        cases: number;
        scored: number;
        errors: number;
    };
    /** The errors by side (gate/error-sides.ts): the system under test's, and the scorer's. */
    errorSides: {
        system: number;
        scorer: number;
    };
    errorRate: number;
    maxErrorRate: number;
    costUsd: number | null;
    /** Cases whose cost is unknown: costUsd is then a lower bound. */
    unpricedCases?: number;
    durationMs: number;
    hasBaseline: boolean;
    /** Changed cases, worst first: errors now, then regressions by size. */
    changes: CaseChange[];
    changeCounts: Record<CaseChangeKind, number>;
    /** Cases behind the failure, for annotations: errors now, regressions, low scores. */
    failingCases: CaseChange[];
    /** Failure reasons a maintainer accepted (gate/acceptance.ts), each "metric: reason", no longer in `reasons`. */
    accepted?: string[];
    /** Why its judge's metrics were reported, not gated (gate.judge-calibration): "the judge judge is uncalibrated (…)". */
    judgeHeld?: string;
    /** A paired run (`--pair base`): where its baseline column came from, said next to its rows in every report. */
    baselineFrom?: BaselineFrom;
}
/** The baseline numbers of a suite in a paired run: the base commit run now, or the stored baseline (and why). */
export type BaselineFrom = {
    kind: "paired";
    base: string;
    costUsd: number | null;
    durationMs: number;
    requests: number;
    text: string;
} | {
    kind: "stored";
    text: string;
};
export interface BaselineInfo {
    found: boolean;
    commit?: string;
    branch?: string;
    finishedAt?: string;
    /** Age of the baseline at gating time, when the gate was given a clock (GateContext.now). */
    ageMs?: number;
    configHash?: string;
}
export interface GateVerdict {
    /** pass (exit 0), fail: a measured regression or threshold (exit 1), error: the gate could not decide (exit 3). */
    verdict: "pass" | "fail" | "error";
    /** Infrastructure errors (baseline unreadable, endpoint unauthorised or unreachable, deadline or budget reached, nothing measured): verdict "error", exit 3. */
    errors: string[];
    /** Things to know that neither pass nor fail: a partial run, an old baseline, a baseline made with another config. */
    notes: string[];
    /** The branch profile applied ("release/**"), if any. */
    profile: string | null;
    baseline: BaselineInfo;
    suites: SuiteVerdict[];
    /** Suites in the baseline that this run did not run (a suite filter, a shard): shown, never failing. */
    notRun: string[];
    /** Suites carried from the baseline (status "carried"): not measured by this run. */
    carried: string[];
    /** One line per failure, "suite/metric: reason". */
    failures: string[];
    repeated: boolean;
    /** Cases whose outcome flip-flopped in the history (gate.flaky), listed in every report; absent without a history. */
    flaky?: FlakyReport;
    /** Failures accepted on the record, one line each ("suite/metric: reason — accepted in #7 by @alice: why"): not in `failures`. */
    accepted?: string[];
    /** The acceptances applied (gate/acceptance.ts): who, why, for which pull request and head commit. */
    acceptance?: Acceptance;
}
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
/** The flaky cases found in the history and what the gate did with them. */
export interface FlakyReport {
    /** "report": listed only; "exclude": left out of the compared means and tests. */
    mode: "report" | "exclude";
    minFlips: number;
    /** Earlier runs read (at most gate.flaky.history). */
    runs: number;
    cases: FlakyCase[];
}
/** What the gate is given besides the two results: it reads no clock, file or config itself. */
export interface GateContext {
    /** The branch whose profile applies: a PR's base branch, or the pushed branch. */
    branch?: string;
    /** Seed of the bootstrap; the same inputs and seed give the same verdict. */
    seed?: number;
    /**
     * The suite kind's aggregate, to recompute a suite's metrics over a subset of its cases (the cases a
     * partial run ran, without the changed ones). Without it a subset is compared with the whole baseline.
     */
    aggregate?: (suite: string, kind: string, cases: CaseSummary[]) => Record<string, Metric> | null;
    /** Infrastructure errors found before gating (an unreadable baseline): the verdict is "error". */
    errors?: string[];
    /**
     * Per suite, baseline cases left out because they cannot be compared, and why ("whose stored answer
     * the current judge could not score" when the baseline was re-judged). The baseline given no longer
     * holds them; the comparison is on the other cases and its note counts these apart from new cases.
     */
    notComparable?: Record<string, {
        caseIds: ReadonlySet<string>;
        why: string;
    }>;
    /** The time of gating, for the baseline's age (the gate reads no clock itself). */
    now?: Date;
    /** `baseline.max-age` in milliseconds: an older baseline is noted. */
    maxBaselineAgeMs?: number;
    /** How a suite's cases cluster, as its kind says (a thread's objects, a scenario); without it only `cluster` keys and repeats group cases. */
    clustering?: (suite: string, kind: string) => CaseClustering | null;
    /** Earlier baselines, oldest first (the data branch's history, --history files), for flaky cases. */
    history?: HistoryRun[];
    /** `--pair base`: which suites the baseline's numbers for are the base commit's, run now (results.json's run.paired). */
    paired?: PairedRun;
}
