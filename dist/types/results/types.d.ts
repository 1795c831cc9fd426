/** Where a case comes from, so errors and check-run annotations point at the eval file. */
export interface SourceLocation {
    /** Path relative to the repository root (the config's folder when outside a repo). */
    file: string;
    line?: number;
}
export interface Case<Input = unknown> {
    /** Stable across runs: derived from the case's content or its file position, never from run order. */
    id: string;
    title: string;
    source: SourceLocation;
    /**
     * 1-based position used by `--filter 3,5-7`: the prompt's row for judged suites, the line for
     * JSONL datasets. Several cases may share one (a prompt answered by two agents). Defaults to the
     * case's place in the list.
     */
    position?: number;
    /** The group the case is compared with (an SGI scenario, a `group` column): the gate resamples and tests such cases together. */
    cluster?: string;
    input: Input;
    /** The input's fingerprint when the suite kind computed it as it read the input (a long thread is never held whole). */
    fingerprint?: string;
}
export type MetricDirection = "higher" | "lower";
export type MetricUnit = "ratio" | "usd" | "ms" | "count" | "score";
export interface Metric {
    value: number | null;
    /** Scored cases the value stands on. A metric with n = 0 is an error, never a pass. */
    n: number;
    /** Gated metrics enter the verdict; the rest are reported. */
    gated: boolean;
    direction: MetricDirection;
    unit: MetricUnit;
    /** Spread across repeats (population standard deviation of the per-repeat values), when repeated. */
    spread?: number;
    description?: string;
    /**
     * The metric's own absolute bounds (a function metric on its own scale, e.g. a reading ease of at
     * least 60): they replace the gate's default min-score/max-score; per-metric gate rules still win.
     */
    bounds?: {
        min?: number;
        max?: number;
    };
    /**
     * Objects on which computing this metric failed (a function that threw): not in n and never a
     * value. The gate holds failed / (n + failed) against max-error-rate.
     */
    failed?: number;
    /** The first such failure's message. */
    firstError?: string;
    /**
     * A metric of repeats (pass^k, pass@k): each case counts 1 when all (need "all") or any (need "any")
     * of its k repeats pass (case metric `metric` = 1); cases with an unscored repeat are left out.
     */
    ofRepeats?: {
        metric: string;
        need: "all" | "any";
        k: number;
    };
    /**
     * The per-case metric this one is the mean of, when its name differs ("pass_rate" is the mean of
     * each case's "pass"; a group's "bot/pass_rate" of "bot/pass"): the gate pairs cases on it.
     */
    perCase?: string;
}
export type CaseStatus = "scored" | "error";
/** Answers served from the response cache, and the save times of the oldest and newest served (ISO). */
export interface CacheUse {
    hits: number;
    oldest?: string;
    newest?: string;
}
/** The run's cache: whether it was read, what it served, what it refused. */
export interface RunCacheInfo extends CacheUse {
    /** "on": read and written; "refresh": asked again and overwritten (--refresh-cache); "off": not used (--no-cache). */
    mode: "on" | "refresh" | "off";
    /** Entries older than this were not served (`cache.max-age`). */
    maxAgeMs?: number;
    /** Entries found but not served: too old, or written under another reported model identity. */
    expired?: number;
    otherIdentity?: number;
}
export interface CaseError {
    /** "endpoint" (the system under test or a judge failed), "judge" (unparseable verdicts), "input", "fatal". */
    kind: "endpoint" | "judge" | "input" | "fatal" | "internal";
    message: string;
    /**
     * Whose failure it is. "system": the system under test gave no usable answer (a measured failure);
     * "scorer": the judge, simulator, grader or moderation endpoint could not score the answer, or
     * scoring threw (the gate did not measure the case). Absent in files written before it was
     * recorded, and read then as "system" (as those runs counted it); kind "internal" is always the scorer's.
     */
    side?: ErrorSide;
    /**
     * The system under test answered, but not usably (a reply it cannot be read from, a command
     * target's reply to another request's id, an empty answer, an HTTP 400/413/422 refusing that
     * request: suites/target-answered.ts): its own failure, measured even when no case could be scored
     * (gate/error-sides.ts). Absent for no answer at all (a timeout, a refused connection) and for
     * 401/403/404/408/429/5xx, which may be the infrastructure's.
     */
    answered?: true;
}
export type ErrorSide = "system" | "scorer";
export interface CaseResult {
    suite: string;
    caseId: string;
    /** 0-based repeat index (`--repeat K`). */
    repeat: number;
    title: string;
    source: SourceLocation;
    /** Hash of the case's input (its prompt, expectations, criteria): a baseline case with another fingerprint is a different case. */
    fingerprint?: string;
    /** The case's cluster (Case.cluster): cases of one cluster are resampled and tested together. */
    cluster?: string;
    /** Hash of the config parts that shaped the case's requests (suite options, models, metric functions): `--resume` reuses a case only when both fingerprints match. */
    configFingerprint?: string;
    status: CaseStatus;
    error?: CaseError;
    /** Per-case metric values, 0..1 where they are ratios; aggregated by the suite kind. */
    metrics: Record<string, number>;
    /** Small grouping keys (agent, scenario type, criterion) used by aggregation and reports. */
    tags: Record<string, string>;
    costUsd: number | null;
    latencyMs: number;
    requests: number;
    /** Answers of this case served from the response cache (absent in files from before it was counted). */
    cache?: CacheUse;
    /** Anything else worth keeping: transcripts, votes, raw responses. Written to disk, not kept in memory. */
    details?: unknown;
    /** Per metric (its case-metric key), the first error of a computation that failed in this case: kept for the suite's summary. */
    metricErrors?: Record<string, string>;
    /** The checks (`checks:`) this case's answer failed, each with its reason (model text in it is data). */
    failedChecks?: FailedCheck[];
    finishedAt: string;
}
/** A check a case's answer failed: its name (the metric check/<name>) and why, e.g. `does not contain "A17"`. */
export interface FailedCheck {
    name: string;
    reason: string;
}
/** What the engine keeps in memory for aggregation: the result without its bulky details. */
export type CaseSummary = Omit<CaseResult, "details">;
export interface SuiteMetrics {
    metrics: Record<string, Metric>;
    warnings: string[];
    /** Kind-specific aggregates worth reporting (per-agent tables, missed instructions per criterion). */
    breakdowns?: Record<string, unknown>;
}
/**
 * Who graded a suite's answers. It is part of the baseline: a verdict against a baseline graded by
 * another judge says so, so a changed judge is not read as a changed system.
 */
export interface JudgeIdentity {
    /** The judge's name in evalgate.yml. */
    name: string;
    /** The model id the config asks for (`models.<name>.model`), when it names one. */
    model?: string;
    /** What the provider said answered (its replies' `model` field), sorted; absent when it never said. */
    reportedModels?: string[];
    /** Hash of the judge prompt as the suite builds it: template, scale rubric and preamble (each row's criteria are in its case's fingerprint). */
    promptHash: string;
    scale: string;
    /** Votes per answer. */
    runs: number;
    /** The scores of its scale, ascending, when the scale is not one of the judged kind's (a prompt-yml evaluator's choices, a rubric's). */
    points?: number[];
    /** The metrics it grades, when not every metric of the suite (a conversations suite's rubrics): names, or prefixes before "/". */
    grades?: string[];
    /** How the judge agreed with people's scores of the same answers, when some cases carry one (engine/judge-identity.ts). */
    calibration?: JudgeCalibration;
    /** It voted at its default temperature, the one it asked not being taken, and why ("gpt-5 accepts only the default (1)"). */
    defaultTemperature?: string;
    /** The systems under test this judge is not independent of: the same model, or the same family (config/judge-independence.ts). */
    kin?: JudgeKin[];
}
/**
 * A judge's agreement with people on the labelled answers it scored this run: exact agreement and
 * Cohen's weighted kappa (quadratic weights over the scale's points) with its 95% bootstrap interval.
 */
export interface JudgeCalibration {
    /** Labelled answers the judge scored. */
    n: number;
    /** Share of them where its score is the label. */
    exact: number;
    /** Null when undefined: neither the labels nor the scores vary. */
    kappa: number | null;
    ciLow: number | null;
    ciHigh: number | null;
    weights: "quadratic";
}
/** A system under test the judge is not independent of, and how ("family": another model of its family, e.g. "openai gpt"). */
export interface JudgeKin {
    target: string;
    relation: "model" | "family";
    family?: string;
}
/**
 * A system under test as the suite asked it: the prompt file it was given (`prompt:` on its model).
 * Part of the baseline like the judge: a verdict against a baseline made with another prompt says so.
 */
export interface TargetIdentity {
    prompt?: {
        /** The prompt file, repository-relative. */
        file: string;
        /** The first 16 hex digits of the SHA-256 of its text. */
        hash: string;
    };
    /** An MCP server's tools as it listed them (an agent suite's server, keyed by the server's name). */
    tools?: ToolsIdentity;
}
export interface ToolsIdentity {
    /** Hash of the whole list (names, descriptions, input schemas). */
    hash: string;
    /** By tool name: short hashes of its description and of its input schema. */
    tools: Record<string, {
        description: string;
        schema: string;
    }>;
}
/** What a suite kind returns for one case; the engine adds suite, ids, timing and bookkeeping. */
export interface SuiteResults {
    kind: string;
    metrics: Record<string, Metric>;
    counts: {
        cases: number;
        scored: number;
        errors: number;
    };
    costUsd: number | null;
    /** Cases that made requests but whose cost is unknown: costUsd is then a lower bound. Absent when 0. */
    unpricedCases?: number;
    requests: number;
    /** Answers served from the response cache across the suite's cases. */
    cache?: CacheUse;
    durationMs: number;
    warnings: string[];
    breakdowns?: Record<string, unknown>;
    /** The judge that graded this suite, for kinds that use one. */
    judge?: JudgeIdentity;
    /** The suite's systems under test that have a prompt file, by model name. */
    targets?: Record<string, TargetIdentity>;
    /** Runs per case when more than one (`--repeat`, `repeat:`); `fresh`: every repeat asked the system under test and the judge anew, never the cache. */
    repeats?: {
        count: number;
        fresh: boolean;
    };
    /** The suite's checks (`checks:`): each check's name and a hash of its definition (kind, value, options, schema file). */
    checks?: Record<string, string>;
    cases: CaseResult[];
    /** Not run: nothing the suite depends on changed, so these are the baseline's numbers (without its cases). */
    carried?: CarriedFrom;
}
/** Where a carried suite's numbers come from. */
export interface CarriedFrom {
    /** "not run: nothing under prompts/** and evals/evalgate.yml changed since main". */
    reason: string;
    /** The baseline run that measured them. */
    commit?: string;
    finishedAt: string;
}
export interface RunSelection {
    suites?: string[];
    filter?: string;
    sample?: number;
    seed?: number;
    /** --repeat K: every suite runs each case K times (over its own `repeat:`); absent: each suite's `repeat:` (default 1). */
    repeat?: number;
    /** balancedBy: the baseline's per-case durations that dealt the cases (engine/shard-balance.ts); absent when dealt by hash. */
    shard?: {
        index: number;
        total: number;
        balancedBy?: string;
    };
}
/** Tokens the endpoints reported, summed over requests (an answer from evalgate's cache counts none). */
export interface TokenTotals {
    /** Every input token; cachedInput and cacheWrite are among them. */
    input: number;
    /** Every output token; reasoning is among them. */
    output: number;
    /** Input read from the provider's prompt cache. */
    cachedInput: number;
    /** Input written to the provider's prompt cache. */
    cacheWrite: number;
    /** Output spent thinking. */
    reasoning: number;
}
export interface RunMetadata {
    id: string;
    startedAt: string;
    finishedAt: string;
    durationMs: number;
    evalgateVersion: string;
    configHash: string;
    commit?: string;
    branch?: string;
    event?: string;
    selection: RunSelection;
    /** Made by `evalgate demo`: the models were played by the demo targets, not the systems the config names. */
    demo?: true;
    /** Shards merged into this file, when it came from `evalgate merge`. */
    mergedFrom?: number;
    /** HTTP requests sent (cache hits excluded) and responses served from the cache. */
    requests: number;
    cacheHits: number;
    /** The response cache: its mode and what it served (absent in files from before it was reported). */
    cache?: RunCacheInfo;
    /** Total USD across suites; null when no cost is known. */
    costUsd: number | null;
    /** Cases whose cost is unknown, across suites: costUsd is then a lower bound. Absent when 0. */
    unpricedCases?: number;
    /** Cases taken from the journal of an interrupted run instead of being run again (with --resume). */
    resumedCases?: number;
    /** With --resume: cases run now (not in the journal, failed there, or changed since). */
    rerunCases?: number;
    /** With --resume: journaled cases run again because their inputs or the config parts shaping their requests changed. */
    changedCases?: number;
    /** Why this run is not the whole suite (sample, filter, shard, suite subset, deadline, budget); absent when complete. A partial run is compared on the cases it ran and never stored as a baseline. */
    partial?: string[];
    /** --changed-since or a pull request's base: the ref, how many files changed, and the suites carried; `unknown` when the files could not be listed (every suite ran). */
    changedSince?: {
        ref: string;
        files?: number;
        carried: string[];
        unknown?: string;
        /** Suites with `paths:` that ran though nothing is known to have changed: a file they read cannot be diffed ("local ran: it reads …"). */
        notSure?: string[];
    };
    /** The baseline's answers graded again by the current judge before gating (`rejudge-baseline`); its requests and cost are in the run's. */
    rejudged?: RejudgedBaseline;
    /** `--pair base`: the suites compared with the base commit's system run now, and the rest with the stored baseline. */
    paired?: PairedRun;
    /** The base half of a paired run (its own results file): the merge base it ran at. Never stored as a baseline. */
    pairedBase?: {
        commit: string;
        ref: string;
    };
    /** Tokens the endpoints reported: the run's total and each model's, by its name in evalgate.yml (absent when none was reported). */
    tokens?: TokenTotals & {
        byModel: Record<string, TokenTotals>;
    };
    /** Infrastructure failures of the run itself (a model stopped, the deadline or the budget reached): the gate's verdict is "error". */
    errors?: string[];
    /** What the run decided on its own that a reader should know, each named once: an absurd wait, reset or limit a provider announced, and how it was capped. */
    notes?: string[];
    /** The run's limits, when set (`run:` in the config, --deadline, --budget-usd), and what the priced calls spent. */
    limits?: {
        deadlineMs?: number;
        budgetUsd?: number;
        spentUsd?: number;
    };
}
/**
 * A paired run (`--pair base`, the action's `pair: base`): the base commit's system under test run in
 * the same job, on the same cases, with the same judge and cache policy. This run's own cost, time and
 * requests are the head half's; `baseHalf` is the other half's.
 */
export interface PairedRun {
    /** The ref the merge base was taken with (--changed-since, default main; the pull request's base sha in the action). */
    ref: string;
    /** The merge base the base half ran at (absent when it could not run). */
    base?: string;
    /** Suites compared case by case with the base half (their inputs changed). */
    suites: string[];
    /** Suites compared with the stored baseline instead, and why ("its inputs did not change since main"). */
    stored: {
        suite: string;
        why: string;
    }[];
    /** What the base half cost and took, and where its results file is. */
    baseHalf?: {
        costUsd: number | null;
        durationMs: number;
        requests: number;
        cacheHits: number;
        results: string;
    };
    /** Why nothing was paired (a shallow clone without the merge base): the stored baseline decided, as without --pair. */
    fallback?: string;
    /** What else a reader should know of the base half (its evalgate.yml could not be loaded: head's model settings were used). */
    notes?: string[];
}
/** What re-grading the baseline's stored answers sent (judge calls only): part of the run's requests and cost. */
export interface RejudgedBaseline {
    suites: string[];
    /** Stored answers sent to the current judge. */
    answers: number;
    requests: number;
    /** USD; null when no cost is known. */
    costUsd: number | null;
    /** Re-judged answers whose cost is unknown: costUsd is then a lower bound. Absent when 0. */
    unpricedCases?: number;
}
/** Why a suite of a paired run kept the stored baseline when nothing it reads changed: the engine writes it, the reports group by it. */
export declare function inputsUnchangedSince(ref: string): string;
export declare const RESULTS_SCHEMA = "evalgate/results@1";
export interface Results {
    schema: typeof RESULTS_SCHEMA;
    run: RunMetadata;
    suites: Record<string, SuiteResults>;
    /** The gate's verdict (src/gate), when the run was gated. */
    verdict?: unknown;
    /** What the failing cases have in common, when `analysis:` is set and the gate found failing or regressed cases. */
    analysis?: FailureAnalysis;
}
/** A case the failure analysis names: its suite and id. */
export interface CaseRef {
    suite: string;
    caseId: string;
}
/** One pattern the analysis model saw, with the cases it says share it (only cases that were sent). */
export interface FailurePattern {
    pattern: string;
    cases: CaseRef[];
}
/**
 * The failure analysis: the failing and regressed cases sent once to `analysis.model`, which answers with
 * patterns. Its text is data: it never sets a score, a rule or the verdict; a failed analysis is a warning.
 */
export interface FailureAnalysis {
    model: string;
    /** "done": the reply was read; "failed": no usable reply (`warning` says why). */
    status: "done" | "failed";
    patterns: FailurePattern[];
    /** Failing or regressed cases sent, and those left out over the cap. */
    casesSent: number;
    casesLeftOut: number;
    /** USD of the call (null: unknown; 0 from the cache); counted in run.costUsd. */
    costUsd: number | null;
    /** HTTP requests sent for it (0 when the cache answered); counted in run.requests. */
    requests: number;
    /** The reply came from the response cache, saved at this time (ISO). */
    cachedAt?: string;
    warning?: string;
}
