import type { InputProblem } from "../config/errors.ts";
import type { ModelConfig } from "../config/models.ts";
import type { ModelRegistry } from "../models/registry.ts";
import type { ChatRequest } from "../models/types.ts";
import type { Case, CaseError, CaseResult, CaseStatus, CaseSummary, FailedCheck, JudgeIdentity, SuiteMetrics, SuiteResults, TargetIdentity } from "../results/types.ts";
export interface LoadContext {
    suiteName: string;
    /** The suite's options from evalgate.yml, already validated by the kind's schema. */
    options: unknown;
    /** Folder of the config file; suite paths are relative to it. */
    configDir: string;
    /** Repository root, for the paths written into results and annotations. */
    rootDir: string;
    /** The config file as shown in messages, and the line of a field in it (for problems found while loading). */
    configFile?: string;
    lineOf?: (fieldPath: (string | number)[]) => number | undefined;
    /**
     * When set, only cases whose id it accepts are wanted (this shard's share): a kind may drop the
     * others while reading, so a shard holds only its own cases. The engine filters again either way.
     */
    keep?: (caseId: string) => boolean;
    /** Files the suite names (and files its data files name) must resolve inside this folder; undefined when `allow-outside-repo: true`. */
    allowedRoot?: string;
    /** The config's models, for a kind that checks what the models it sends to can take. */
    models?: Readonly<Record<string, ModelConfig>>;
    /**
     * With a change request (--changed-since, a pull request), the suite's own files that did not change
     * and whose cases the baseline measured: a kind whose files run on their own (SUITE_UNIT_KEYS) may
     * leave their cases out, saying so in LoadedSuite.partial.
     */
    unchangedFiles?: UnchangedFiles;
    /** The run's environment, for a kind that starts a process while loading (an MCP server listing its tools); default process.env. */
    env?: NodeJS.ProcessEnv;
    /** Where such a process logs (<output-dir>/logs); default .evalgate/logs under the working folder. */
    logDir?: string;
    /** `validate`, `run --dry-run`: the suite's files are checked, nothing is started (no server is asked for its tools). */
    startsNothing?: boolean;
}
/** Repository-relative files unchanged since `since`, with measured cases in the baseline. */
export interface UnchangedFiles {
    has(file: string): boolean;
    since: string;
}
export interface LoadedSuite<Input = unknown> {
    cases: Case<Input>[];
    /** About the input (a bad byte, a row skipped), each with its file and line; printed with formatProblem. */
    warnings: InputProblem[];
    /** Cases in the whole suite, when `keep` let the kind drop some while reading (a shard's share is then measured against it). */
    total?: number;
    /** The suite's judge, for kinds that grade with one (without what only the run learns: the models). */
    judge?: Omit<JudgeIdentity, "model" | "reportedModels">;
    /** The suite's checks, by name: a hash of each one's definition (SuiteResults.checks). */
    checks?: Record<string, string>;
    /**
     * Every file the kind read or looked for, absolute (withLoadWarnings' BadLines collects them): with
     * `paths:`, a suite is carried only when none of them changed.
     */
    reads?: string[];
    /** Folders, absolute, any change under which counts (the base of a glob the kind expanded: a file added or deleted there). */
    readFolders?: string[];
    /**
     * Files, repository-relative, that the kind's own files name and whose cases run on their own (a
     * promptfoo config's test files): with `paths:` they are treated as SUITE_UNIT_KEYS' files are.
     */
    units?: string[];
    /** Systems under test the suite read from files of its own (a prompt-yml suite's files), by name: SuiteResults.targets. */
    targets?: Record<string, TargetIdentity>;
    /** Why the suite is not whole this run (files left out as unchanged): a run.partial reason. */
    partial?: string;
}
export interface RunContext {
    suiteName: string;
    options: unknown;
    models: ModelRegistry;
    repeat: number;
    signal: AbortSignal;
}
export interface CaseOutcome {
    status: CaseStatus;
    error?: CaseError;
    metrics: Record<string, number>;
    tags?: Record<string, string>;
    costUsd: number | null;
    requests: number;
    details?: unknown;
    /** Details too large to hold, written to the journal piece by piece instead of `details` (a long conversation). */
    streamedDetails?: StreamedDetails;
    /** Per metric, the first error of a computation that failed on one of the case's objects. */
    metricErrors?: Record<string, string>;
    /** The checks the answer failed, with their reasons. */
    failedChecks?: FailedCheck[];
}
/** A case's details as JSON text in pieces, already redacted; `dispose` once written or dropped. */
export interface StreamedDetails {
    /** The text's length in UTF-8 bytes. */
    bytes: number;
    pieces(): AsyncIterable<string | Buffer>;
    dispose(): Promise<void>;
}
/** What one case gives the `{{name}}` placeholders of its system under test's prompt file. */
export interface TemplateVars {
    /** By placeholder name: the request's `placeholders`. */
    values: Record<string, string>;
    /** Names the case has but does not give, each with the reason (a judged row's criteria are the judge's). */
    withheld?: Record<string, string>;
}
/** The vars one role's chat requests carry to its model. */
export interface RequestVars {
    model: string;
    /** "agent", "judge", "target", "simulator", "grader": what the model is to the suite. */
    role: string;
    vars: string[];
}
/** Settings a suite's requests to one model carry (a prompt-yml file's modelParameters, the completion judge's temperature 0). */
export interface RequestSettings {
    model: string;
    settings: Pick<ChatRequest, "purpose" | "temperature" | "maxTokens" | "topP" | "origins">;
}
export interface SuiteKind<Options = unknown, Input = unknown> {
    kind: string;
    /** Reads the suite's files into cases; every problem is reported with file and line. */
    load(ctx: LoadContext & {
        options: Options;
    }): Promise<LoadedSuite<Input>>;
    /** Model names the suite will call, so a missing key fails before any request. */
    modelsUsed(options: Options): string[];
    /** The models the suite asks as its systems under test (a prompt file of theirs applies to their requests); none when absent. */
    targets?(options: Options): string[];
    /**
     * The values a case gives its targets' prompt files, checked against every placeholder before any
     * request and sent with each of the case's target requests; undefined when the case asks no target
     * (recorded calls). Pure: the same case, the same values.
     */
    templateVars?(testCase: Case<Input>, options: Options): TemplateVars | undefined;
    /**
     * The vars each chat request of the suite carries, by the model that gets it and its role there
     * (an `http` model's body fills `{{vars.NAME}}` from them): a role whose requests carry none lists
     * []. The plan refuses a placeholder a model's requests can never fill (engine/template-vars.ts).
     */
    requestVars?(options: Options): RequestVars[];
    /**
     * The settings the suite's own requests carry beyond the model entry's, by model, so `validate`
     * names a setting a model's rules leave out before any request; none when absent.
     */
    requestSettings?(options: Options, cases: readonly Case<Input>[]): RequestSettings[];
    /** Requests one case sends at least (without retries), for the run's plan; 1 when absent. */
    requestsPerCase?(options: Options): number;
    /** The same for one case, when it depends on the case (a prompt-yml row: 1 + its file's judged evaluators); wins over requestsPerCase. */
    requestsOfCase?(testCase: Case<Input>, options: Options): number;
    runCase(testCase: Case<Input>, ctx: RunContext & {
        options: Options;
    }): Promise<CaseOutcome>;
    /** Pure: per-case summaries in, suite metrics out. */
    aggregate(results: CaseSummary[], options: Options): SuiteMetrics;
    /**
     * How the gate clusters this kind's cases (docs/statistics-methods.md): `by` names what a case's
     * `cluster` key is ("scenario", "group"); `unitsOf` says how many objects a case's value of a metric
     * averages (a thread's turns), so a pooled metric weighs each case by them.
     */
    clusters?: {
        by: string;
        unitsOf?(result: CaseSummary, metric: string): number;
    };
    /** Whether the suite's options give it a grader to grade the baseline's answers again with (a judge). */
    canRejudge?(options: Options): boolean;
    /** Whether the suite's options ask for the baseline's answers to be graded again by the current grader (`rejudge-baseline`). */
    wantsRejudge?(options: Options): boolean;
    /**
     * Grades a baseline case's stored answer again with the current grader, asking the system under
     * test nothing (`rejudge-baseline`); null when the stored case holds no whole answer to grade.
     */
    rejudgeCase?(testCase: Case<Input>, stored: CaseResult, ctx: RunContext & {
        options: Options;
    }): Promise<CaseOutcome | null>;
    /** Whether this suite's options ask for exportArtifacts; the engine reads the full cases back only then. */
    wantsArtifacts?(options: Options): boolean;
    /** Optional extra files in the kind's own formats (e.g. the TestBench's tables); returns the paths written. */
    exportArtifacts?(suite: SuiteResults, ctx: {
        suiteName: string;
        options: Options;
        outDir: string;
        runId: string;
    }): Promise<string[]>;
}
