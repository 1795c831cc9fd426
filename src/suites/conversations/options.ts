import * as z from "zod";
import { lazyVariant } from "../../config/lazy-variant.ts";
import { configNumber, modelRef, suitePaths, suiteRepeat } from "../../config/primitives.ts";

/**
 * The schemas of a suite's metrics: built with the conversations kind's options (or for a FlexEval
 * evals.yaml's metrics), on first use, so a config without a conversations suite never builds them.
 */
function buildMetricSchemas() {
  /** FlexEval writes levels capitalised (Turn); lowercase (turn) is accepted too. */
  const level = z
    .enum(["Thread", "Turn", "Message", "ToolCall", "thread", "turn", "message", "toolcall", "tool-call"])
    .transform(
      (value) =>
        ({ thread: "Thread", turn: "Turn", message: "Message", toolcall: "ToolCall", "tool-call": "ToolCall" })[value.toLowerCase()] ??
        value,
    )
    .pipe(z.enum(["Thread", "Turn", "Message", "ToolCall"]));

  const kwargs = z.record(z.string(), z.unknown()).default({});

  const dependsOn = z.strictObject({
    name: z.string().min(1).describe("the metric (function or rubric) this one depends on"),
    type: z.enum(["function", "rubric"]).optional(),
    kwargs: z.record(z.string(), z.unknown()).optional().describe("tells apart two uses of the same function"),
    "metric-name": z.string().optional().describe("which of its values (e.g. is_role's role, a regex), default the metric's own name"),
    level: level.optional(),
    "relative-position": z.number().int().max(0).default(0).describe("0: this object; -1: the one before; -2 the one before that, …"),
    min: configNumber().default(-Number.MAX_VALUE),
    max: configNumber().default(Number.MAX_VALUE),
  });

  const metricGate = z.strictObject({
    role: z.string().optional().describe("gate on this role's mean (e.g. assistant) instead of the mean over every object"),
    "at-least": configNumber().optional().describe("the mean must be at least this (direction higher)"),
    "at-most": configNumber().optional().describe("the mean must be at most this (direction lower)"),
    direction: z.enum(["higher", "lower"]).optional().describe("compare with the baseline only, in this direction"),
  });

  const metricItem = z.strictObject({
    name: z.string().min(1),
    level: level.default("Turn").describe("FlexEval's metric_level; default Turn"),
    kwargs,
    "depends-on": z.array(dependsOn).default([]),
    gate: z
      .union([z.literal(false), metricGate])
      .optional()
      .describe("function metrics: gated only with this; rubrics: gated unless false"),
  });
  return { dependsOn, metricGate, metricItem };
}

let metricSchemas: ReturnType<typeof buildMetricSchemas> | undefined;
const metricSchemasBuilt = () => (metricSchemas ??= buildMetricSchemas());

export const conversationsOptions = lazyVariant("kind", "conversations", () =>
  z
    .strictObject({
      kind: z.literal("conversations"),
      description: z.string().optional(),
      paths: suitePaths,
      repeat: suiteRepeat,
      dataset: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]).describe("FlexEval JSONL file(s); * globs a file name"),
      mode: z.enum(["historical", "completion"]).default("historical"),
      "on-bad-line": z
        .enum(["error", "skip"])
        .default("error")
        .describe("a dataset line that cannot be read: stop with exit 2 (error), or skip it with a warning (skip)"),
      target: modelRef.optional().describe("completion mode: the model or HTTP target that answers the last user turn"),
      grader: modelRef.optional().describe("the model that grades rubric metrics"),
      moderation: modelRef
        .optional()
        .describe("openai_moderation_api: the OpenAI-compatible model (provider openai) whose /moderations endpoint it calls"),
      rubrics: z
        .union([z.string(), z.array(z.string())])
        .optional()
        .describe("FlexEval rubric_metrics.yaml file(s)"),
      functions: z
        .union([z.string(), z.array(z.string())])
        .optional()
        .describe("JavaScript/TypeScript modules of custom metric functions"),
      flexeval: z
        .strictObject({ evals: z.string().min(1), eval: z.string().min(1) })
        .optional()
        .describe("take the metrics from one eval of a FlexEval evals.yaml"),
      metrics: z
        .strictObject({
          function: z.array(metricSchemasBuilt().metricItem).default([]),
          rubric: z.array(metricSchemasBuilt().metricItem).default([]),
        })
        .default({ function: [], rubric: [] }),
    })
    .superRefine((options, ctx) => {
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
          message: "rubric metrics need a rubrics file (FlexEval's rubric_metrics.yaml format)",
        });
      }
      if (options.metrics.function.length + options.metrics.rubric.length === 0 && !options.flexeval) {
        ctx.addIssue({
          code: "custom",
          path: ["metrics"],
          message: "no metrics: list function and/or rubric metrics, or point flexeval: at an evals.yaml",
        });
      }
    }),
);

export type ConversationsOptions = z.output<typeof conversationsOptions>;
type MetricSchemas = ReturnType<typeof buildMetricSchemas>;
export type MetricItem = z.output<MetricSchemas["metricItem"]>;
export type DependsOn = z.output<MetricSchemas["dependsOn"]>;
export type MetricGate = z.output<MetricSchemas["metricGate"]>;
export const metricItemSchema = z.lazy(() => metricSchemasBuilt().metricItem);
