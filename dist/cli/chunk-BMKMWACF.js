#!/usr/bin/env node
import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);
import {
  SCALE_TYPES
} from "./chunk-CLWITDYN.js";
import {
  conversationsOptions,
  duration,
  envName,
  modelRef,
  ratio
} from "./chunk-UG2LRVHV.js";
import {
  _enum,
  array,
  boolean,
  discriminatedUnion,
  literal,
  number,
  record,
  strictObject,
  string,
  unknown
} from "./chunk-IDREERYM.js";

// src/suites/function-calls/options.ts
var functionCallOptions = strictObject({
  kind: literal("function-calls"),
  description: string().optional(),
  dataset: string().min(1).describe("JSONL ground truth, or a BFCL question file"),
  format: _enum(["auto", "evalgate", "bfcl"]).default("auto"),
  "possible-answers": string().optional().describe("BFCL possible_answer file (default: found beside the dataset)"),
  tools: string().optional().describe("JSON file with the tool schemas offered to the target (cases may carry their own)"),
  target: modelRef.optional().describe("the tool-calling system under test; omit to score recorded calls"),
  simulator: modelRef.optional().describe("model playing the user in live multi-turn cases"),
  "completion-judge": modelRef.optional().describe("model deciding when the task is complete (default: the simulator)"),
  "judge-completion": boolean().default(true).describe("ask the completion judge after each exchange; false relies on the stop token alone"),
  "max-turns": number().int().min(1).max(100).default(10),
  "max-tool-rounds": number().int().min(1).max(50).default(8).describe("tool-call rounds answered per user turn before the target must reply"),
  "answer-tool-calls": boolean().default(true).describe("answer the target's tool calls with mocked results and call it again; false for HTTP targets that run their own tools"),
  "stop-token": string().min(1).default("the session is finished"),
  "ignore-calls": array(string()).default([]).describe("function names left out of scoring on both sides (expected and actual)"),
  matcher: _enum(["similarity", "exact"]).default("similarity").describe("how plain expected argument values are compared"),
  "similarity-threshold": ratio.default(0.95).describe("difflib ratio at or above which an argument matches (the seed's 0.95)")
});

// src/suites/judged/options.ts
var judgedOptions = strictObject({
  kind: literal("judged"),
  description: string().optional(),
  prompts: string().min(1).describe("CSV with columns prompt,judge_prompt[,files]"),
  agents: array(modelRef).min(1).describe("models whose answers are judged"),
  judge: modelRef,
  runs: number().int().min(1).max(100).default(1).describe("answers per prompt per agent"),
  "judge-runs": number().int().min(1).max(25).default(3).describe("judge votes per answer (majority vote)"),
  scale: _enum(SCALE_TYPES).default("0-3"),
  "min-agreement": ratio.optional().describe("flag answers whose judges agree less than this"),
  "pass-score": ratio.default(0.5).describe("normalized score at or above which an answer passes"),
  "judge-preamble": string().optional().describe("markdown file put before the judge prompt"),
  "allow-empty": boolean().default(false).describe("judge an empty answer (content null or blank) instead of counting it as an error on that case")
});

// src/suites/sgi/options.ts
var sgiOptions = strictObject({
  kind: literal("sgi"),
  description: string().optional(),
  scenarios: string().min(1).describe("a scenario folder, or a folder of scenario folders (each with manifest.yml)"),
  target: modelRef.describe("an athena model"),
  costs: string().optional().describe("llm_cost.yml price table"),
  export: boolean().default(false).describe("also write the TestBench's own tables and JSON files"),
  "invalid-retries": number().int().min(0).max(10).default(2).describe(
    "retries when the server answers 2xx with a body that is not JSON or not the module manager's wrapper (the TestBench retries any failure: 3 attempts in all)"
  )
});

// src/config/models.ts
var price = strictObject({
  "input-per-million": number().min(0).describe("USD per million input tokens"),
  "output-per-million": number().min(0).describe("USD per million output tokens")
});
var endpointCommon = {
  timeout: duration.default(6e4).describe("per-request timeout, e.g. 30s"),
  "max-retries": number().int().min(0).max(10).default(3).describe("retries on 429, 5xx, network errors and timeouts"),
  "retry-backoff": duration.default(1e3).describe("base of the exponential backoff"),
  concurrency: number().int().min(1).max(256).optional().describe("requests in flight to this endpoint at most"),
  cache: boolean().optional().describe("cache responses on disk by request content (default: judges and simulators yes, targets no)"),
  headers: record(string(), string()).default({}).describe("extra headers; values may use ${ENV_VAR}"),
  price: price.optional(),
  "public-vars": array(envName).optional().describe("variables used in url, base-url or headers that are not secret (every other ${VAR} value is redacted from all output)")
};
var openaiModel = strictObject({
  provider: literal("openai"),
  "base-url": string().default("https://api.openai.com/v1").describe("any OpenAI-compatible /chat/completions base URL"),
  model: string().min(1),
  "api-key-env": envName.optional(),
  /** Azure OpenAI sends the key as `api-key` and needs `api-version`. */
  "api-key-header": _enum(["authorization", "api-key"]).default("authorization"),
  "api-version": string().optional(),
  temperature: number().min(0).max(2).optional(),
  "max-tokens": number().int().positive().optional(),
  ...endpointCommon
});
var anthropicModel = strictObject({
  provider: literal("anthropic"),
  "base-url": string().default("https://api.anthropic.com"),
  model: string().min(1),
  "api-key-env": envName.default("ANTHROPIC_API_KEY"),
  temperature: number().min(0).max(1).optional(),
  "max-tokens": number().int().positive().default(1024),
  ...endpointCommon
});
var httpModel = strictObject({
  provider: literal("http"),
  url: string().min(1),
  method: _enum(["POST", "PUT"]).default("POST"),
  "api-key-env": envName.optional(),
  /** JSON body; string values "{{messages}}", "{{prompt}}", "{{tools}}", "{{vars.x}}" are replaced. */
  body: unknown().default({ messages: "{{messages}}" }),
  "reply-path": string().default("reply").describe("JSON path to the reply text, e.g. choices.0.message.content"),
  "tool-calls-path": string().optional().describe("JSON path to the function calls the target made"),
  "id-path": string().optional().describe("JSON path to a conversation or request id"),
  ...endpointCommon
});
var athenaModel = strictObject({
  provider: literal("athena"),
  url: string().min(1).describe("the module manager's feedback_suggestions route"),
  "secret-env": envName.optional().describe("variable holding Athena's shared secret (sent as Authorization)"),
  "lms-url": string().default("http://localhost:8080").describe("sent as X-Server-URL"),
  ...endpointCommon
});
var modelConfig = discriminatedUnion("provider", [openaiModel, anthropicModel, httpModel, athenaModel]);

// src/config/schema.ts
var suiteConfig = discriminatedUnion("kind", [judgedOptions, sgiOptions, functionCallOptions, conversationsOptions]);
var thresholds = {
  "max-drop": ratio.optional().describe("largest allowed relative drop below the baseline (higher-is-better metrics)"),
  "max-rise": number().min(0).optional().describe("largest allowed relative rise above the baseline (lower-is-better metrics)"),
  "min-score": number().optional().describe("a higher-is-better gated metric under this fails"),
  "max-score": number().optional().describe("a lower-is-better gated metric over this fails")
};
var metricRule = strictObject({
  direction: _enum(["higher", "lower"]).optional(),
  gated: boolean().optional().describe("force a metric into (or out of) the verdict"),
  ...thresholds
});
var gateProfile = strictObject({
  ...thresholds,
  "max-error-rate": ratio.optional(),
  metrics: record(string(), metricRule).optional()
});
var gateConfig = strictObject({
  "max-drop": ratio.default(0.05),
  "max-rise": number().min(0).default(0.05),
  "min-score": number().default(0.8),
  "max-score": number().optional(),
  "max-error-rate": ratio.default(0.05),
  metrics: record(string(), metricRule).default({}).describe('per-metric overrides by "suite/metric" glob'),
  profiles: record(string(), gateProfile).default({}).describe("by branch glob; a PR's base branch picks the profile"),
  "fail-inside-noise": boolean().default(true).describe("whether a drop past the thresholds that is not significant (paired bootstrap, McNemar) still fails; true fails it")
});
var baselineConfig = strictObject({
  store: _enum(["branch", "file", "none"]).default("none"),
  branch: string().default("evalgate-baselines").describe("data branch for store: branch"),
  path: string().default("evals/baseline.json").describe("committed results file for store: file"),
  "gated-branches": array(string()).default(["main", "master", "release/**"]),
  "history-size": number().int().min(1).max(1e3).default(50),
  "store-failed": boolean().default(false).describe("store a push whose gate failed as the baseline too"),
  "max-age": duration.optional().describe('a baseline older than this (e.g. "14d") is flagged in the report')
});
var runLimits = strictObject({
  deadline: duration.optional().describe('wall-clock limit of a run, e.g. "30m"; the rest is reported as not run'),
  "budget-usd": number().positive().optional().describe("USD a run may spend, from the models' price tables")
});
var evalgateConfig = strictObject({
  version: literal(1),
  concurrency: number().int().min(1).max(512).default(10).describe("requests in flight across all models"),
  "output-dir": string().default(".evalgate").describe("journal, cache and results, relative to the repository root"),
  "allow-outside-repo": boolean().default(false).describe("let the config name files outside the repository (refused by default: on a pull request the config is the author's)"),
  models: record(string().regex(/^[A-Za-z0-9_.-]+$/, "letters, digits, _ . -"), modelConfig),
  suites: record(string().regex(/^[A-Za-z0-9_.-]+$/, "letters, digits, _ . -"), suiteConfig),
  gate: gateConfig.default(gateConfig.parse({})),
  baseline: baselineConfig.default(baselineConfig.parse({})),
  run: runLimits.default({})
});

export {
  gateConfig,
  evalgateConfig
};
