// The whole evalgate.yml schema. Suite kinds own their options (listed in suite-kinds.ts); this file assembles them.
import * as z from "zod";
import { modelConfig } from "./models.ts";
import { age, configNumber, duration, ratio } from "./primitives.ts";
import { SUITE_KIND_OPTIONS } from "./suite-kinds.ts";

export const suiteConfig = z.discriminatedUnion("kind", SUITE_KIND_OPTIONS);

/**
 * How the config is parsed: once a run, so without zod's generated fast path (a `new Function` per
 * object schema on its first parse, which costs more to compile than it saves on one parse). The
 * defaults of whole sections are parsed when used, not while the schema is built.
 */
export const ONE_PARSE = { jitless: true } as const;

const thresholds = {
  "max-drop": ratio.optional().describe("largest allowed relative drop below the baseline (higher-is-better metrics)"),
  "max-rise": configNumber().min(0).optional().describe("largest allowed relative rise above the baseline (lower-is-better metrics)"),
  "min-score": configNumber().optional().describe("a higher-is-better gated metric under this fails"),
  "max-score": configNumber().optional().describe("a lower-is-better gated metric over this fails"),
};

export const metricRule = z.strictObject({
  direction: z.enum(["higher", "lower"]).optional(),
  gated: z.boolean().optional().describe("force a metric into (or out of) the verdict"),
  ...thresholds,
});

/** The gate's own min-score applies to every gated score and rate, which are 0..1 (a per-metric rule may have its metric's scale). */
const gateMinScore = ratio.describe("a higher-is-better gated metric (a score or a rate, 0..1) under this fails");

export const gateProfile = z.strictObject({
  ...thresholds,
  "min-score": gateMinScore.optional(),
  "max-error-rate": ratio.optional(),
  metrics: z.record(z.string(), metricRule).optional(),
});

/** Cases whose outcome flip-flopped over the last baselines (gate/flaky.ts): listed always, left out of the comparison on `exclude`. */
export const flakyConfig = z.strictObject({
  mode: z
    .enum(["report", "exclude"])
    .default("report")
    .describe("report: list flaky cases in every report; exclude: also leave them out of the compared means and tests"),
  "min-flips": z
    .number()
    .int()
    .min(1)
    .default(2)
    .describe("a case is flaky when its outcome flipped at least this often with the same inputs"),
  history: z
    .number()
    .int()
    .min(2)
    .max(1000)
    .default(10)
    .describe("how many of the latest baselines (the data branch's history, or --history files) to read"),
});

/** A judge gates only once it agrees with people's labels (gate/judge-calibration.ts); absent: agreement is reported, never required. */
export const judgeCalibrationConfig = z.strictObject({
  "min-kappa": z
    .number()
    .min(-1)
    .max(1)
    .default(0.6)
    .describe("the weighted Cohen's kappa (quadratic) with the human labels a judge needs for its metrics to gate"),
  "min-labels": z.number().int().min(2).default(20).describe("the labelled cases a judge needs for its metrics to gate"),
});

export const gateConfig = z.strictObject({
  "max-drop": ratio.default(0.05),
  "max-rise": configNumber().min(0).default(0.05),
  "min-score": gateMinScore.default(0.8),
  "max-score": configNumber().optional(),
  "max-error-rate": ratio.default(0.05),
  metrics: z.record(z.string(), metricRule).default({}).describe('per-metric overrides by "suite/metric" glob'),
  profiles: z.record(z.string(), gateProfile).default({}).describe("by branch glob; a PR's base branch picks the profile"),
  "fail-inside-noise": z
    .boolean()
    .default(false)
    .describe(
      "whether a drop past max-drop/max-rise that the statistics cannot tell from noise (McNemar, sign-flip, bootstrap; Holm-corrected) still fails; false (the default) reports it as inconclusive",
    ),
  correction: z
    .enum(["holm", "none"])
    .default("holm")
    .describe(
      "how the significance of drops is corrected for the run's many gated comparisons (Holm 1979); with fail-inside-noise: true it decides nothing",
    ),
  flaky: flakyConfig
    .default(() => flakyConfig.parse({}, ONE_PARSE))
    .describe("cases whose outcome flip-flopped in the history of baselines"),
  "judge-calibration": judgeCalibrationConfig
    .optional()
    .describe(
      "a judge whose agreement with the human labels (human_score) is under min-kappa, or measured on fewer than min-labels cases, still scores, but its metrics are reported, not gated",
    ),
  "judge-independence": z
    .enum(["report", "required"])
    .default("report")
    .describe(
      "a judge that is the same model, or of the same family, as a system it grades is named in every report; required refuses it before any request (exit 2)",
    ),
  "accept-label": z
    .string()
    .min(1)
    .default("evalgate: accept")
    .describe(
      "the pull-request label that accepts every metric failing at the PR's head commit, when someone with write, maintain or admin permission adds it (docs/accepting-regressions.md)",
    ),
});

export const baselineConfig = z.strictObject({
  store: z.enum(["branch", "file", "none"]).default("none"),
  branch: z.string().default("evalgate-baselines").describe("data branch for store: branch"),
  path: z.string().default("evals/baseline.json").describe("committed results file for store: file"),
  "gated-branches": z.array(z.string()).default(["main", "master", "release/**"]),
  "history-size": z.number().int().min(1).max(1000).default(50),
  "store-failed": z.boolean().default(false).describe("store a push whose gate failed as the baseline too"),
  "max-age": age.optional().describe('a baseline older than this (e.g. "14d") is flagged in the report'),
});

/** Limits of one run: when one is reached nothing new is sent and the verdict is "error" (exit 3). */
export const runLimits = z.strictObject({
  deadline: duration.optional().describe('wall-clock limit of a run, e.g. "30m"; the rest is reported as not run'),
  "budget-usd": configNumber().positive().optional().describe("USD a run may spend, from the models' price tables"),
});

/** Default `cache.max-age`: a week, so a judge's answer is asked again at least weekly. */
export const DEFAULT_CACHE_MAX_AGE_MS = 7 * 86_400_000;

/** The response cache (judge, simulator and grader answers under <output-dir>/cache). */
export const cacheConfig = z.strictObject({
  "max-age": age
    .default(DEFAULT_CACHE_MAX_AGE_MS)
    .describe('an entry older than this ("7d", "12h"; default 7 days) is not served: the request is asked again and the entry overwritten'),
});

/** The failure analysis: the failing and regressed cases sent once per run to a model that names their common patterns. */
export const analysisConfig = z.strictObject({
  model: z.string().describe("a chat model under models: (openai, anthropic or http); off when analysis: is absent"),
});

export const evalgateConfig = z.strictObject({
  version: z.literal(1),
  concurrency: z.number().int().min(1).max(512).default(10).describe("requests in flight across all models"),
  "output-dir": z.string().default(".evalgate").describe("journal, cache and results, relative to the repository root"),
  "allow-outside-repo": z
    .boolean()
    .default(false)
    .describe("let the config name files outside the repository (refused by default: on a pull request the config is the author's)"),
  models: z.record(z.string().regex(/^[A-Za-z0-9_.-]+$/, "letters, digits, _ . -"), modelConfig),
  suites: z.record(z.string().regex(/^[A-Za-z0-9_.-]+$/, "letters, digits, _ . -"), suiteConfig),
  gate: gateConfig.default(() => gateConfig.parse({}, ONE_PARSE)),
  baseline: baselineConfig.default(() => baselineConfig.parse({}, ONE_PARSE)),
  run: runLimits.default({}),
  cache: cacheConfig.default(() => cacheConfig.parse({}, ONE_PARSE)),
  analysis: analysisConfig
    .optional()
    .describe(
      "after the gate, ask this model once what the failing and regressed cases have in common (a report section, never a verdict)",
    ),
});

export type EvalgateConfig = z.output<typeof evalgateConfig>;
export type SuiteConfig = z.output<typeof suiteConfig>;
export type GateConfig = z.output<typeof gateConfig>;
export type GateProfile = z.output<typeof gateProfile>;
export type FlakyConfig = z.output<typeof flakyConfig>;
export type MetricRule = z.output<typeof metricRule>;
export type BaselineConfig = z.output<typeof baselineConfig>;
export type RunLimits = z.output<typeof runLimits>;
export type CacheConfig = z.output<typeof cacheConfig>;
export type AnalysisConfig = z.output<typeof analysisConfig>;
