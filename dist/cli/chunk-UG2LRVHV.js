#!/usr/bin/env node
import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);
import {
  _enum,
  array,
  literal,
  number,
  record,
  strictObject,
  string,
  union,
  unknown
} from "./chunk-IDREERYM.js";

// src/config/primitives.ts
var duration = union([number().int().positive(), string().regex(/^\d+(\.\d+)?\s*(ms|s|m|h|d)$/, "a duration such as 500ms, 30s, 2m or 14d")]).transform((value) => typeof value === "number" ? value : parseDuration(value));
function parseDuration(text) {
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)$/.exec(text.trim());
  if (!match) throw new Error(`not a duration: ${text}`);
  const scale = { ms: 1, s: 1e3, m: 6e4, h: 36e5, d: 864e5 }[match[2]];
  return Math.round(Number(match[1]) * scale);
}
var envName = string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "an environment variable name such as OPENAI_API_KEY");
var modelRef = string().min(1);
var ratio = number().min(0).max(1);

// src/suites/conversations/options.ts
var level = _enum(["Thread", "Turn", "Message", "ToolCall", "thread", "turn", "message", "toolcall", "tool-call"]).transform(
  (value) => ({ thread: "Thread", turn: "Turn", message: "Message", toolcall: "ToolCall", "tool-call": "ToolCall" })[value.toLowerCase()] ?? value
).pipe(_enum(["Thread", "Turn", "Message", "ToolCall"]));
var kwargs = record(string(), unknown()).default({});
var dependsOn = strictObject({
  name: string().min(1).describe("the metric (function or rubric) this one depends on"),
  type: _enum(["function", "rubric"]).optional(),
  kwargs: record(string(), unknown()).optional().describe("tells apart two uses of the same function"),
  "metric-name": string().optional().describe("which of its values (e.g. is_role's role, a regex), default the metric's own name"),
  level: level.optional(),
  "relative-position": number().int().min(-1).max(0).default(0).describe("0: this object; -1: the one before"),
  min: number().default(-Number.MAX_VALUE),
  max: number().default(Number.MAX_VALUE)
});
var metricGate = strictObject({
  role: string().optional().describe("gate on this role's mean (e.g. assistant) instead of the mean over every object"),
  "at-least": number().optional().describe("the mean must be at least this (direction higher)"),
  "at-most": number().optional().describe("the mean must be at most this (direction lower)"),
  direction: _enum(["higher", "lower"]).optional().describe("compare with the baseline only, in this direction")
});
var metricItem = strictObject({
  name: string().min(1),
  level: level.default("Turn").describe("FlexEval's metric_level; default Turn"),
  kwargs,
  "depends-on": array(dependsOn).default([]),
  gate: union([literal(false), metricGate]).optional().describe("function metrics: gated only with this; rubrics: gated unless false")
});
var conversationsOptions = strictObject({
  kind: literal("conversations"),
  description: string().optional(),
  dataset: union([string().min(1), array(string().min(1)).min(1)]).describe("FlexEval JSONL file(s); * globs a file name"),
  mode: _enum(["historical", "completion"]).default("historical"),
  target: modelRef.optional().describe("completion mode: the model or HTTP target that answers the last user turn"),
  grader: modelRef.optional().describe("the model that grades rubric metrics"),
  rubrics: union([string(), array(string())]).optional().describe("FlexEval rubric_metrics.yaml file(s)"),
  functions: union([string(), array(string())]).optional().describe("JavaScript/TypeScript modules of custom metric functions"),
  flexeval: strictObject({ evals: string().min(1), eval: string().min(1) }).optional().describe("take the metrics from one eval of a FlexEval evals.yaml"),
  metrics: strictObject({ function: array(metricItem).default([]), rubric: array(metricItem).default([]) }).default({ function: [], rubric: [] })
}).superRefine((options, ctx) => {
  if (options.mode === "completion" && !options.target) {
    ctx.addIssue({ code: "custom", path: ["target"], message: "completion mode needs a target: the model that answers" });
  }
  if (options.metrics.rubric.length > 0 && !options.grader) {
    ctx.addIssue({ code: "custom", path: ["grader"], message: "rubric metrics need a grader: the model that grades them" });
  }
  if (options.metrics.rubric.length > 0 && !options.rubrics) {
    ctx.addIssue({
      code: "custom",
      path: ["rubrics"],
      message: "rubric metrics need a rubrics file (FlexEval's rubric_metrics.yaml format)"
    });
  }
  if (options.metrics.function.length + options.metrics.rubric.length === 0 && !options.flexeval) {
    ctx.addIssue({
      code: "custom",
      path: ["metrics"],
      message: "no metrics: list function and/or rubric metrics, or point flexeval: at an evals.yaml"
    });
  }
});
var metricItemSchema = metricItem;

export {
  duration,
  parseDuration,
  envName,
  modelRef,
  ratio,
  conversationsOptions,
  metricItemSchema
};
