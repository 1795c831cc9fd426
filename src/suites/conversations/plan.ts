// Turns the configured metrics into an evaluation plan: each metric resolved to its function or
// rubric, its level checked, its dependencies pointed at earlier metrics, in an order where every
// dependency is computed first. Every problem names the config field (exit 2 before any request).
import type { InputProblem } from "../../config/errors.ts";
import { BUILTIN_FUNCTIONS, type FunctionSpec } from "./functions.ts";
import type { DependsOn, MetricGate, MetricItem } from "./options.ts";
import { type Rubric, usesPlaceholder } from "./rubrics.ts";
import { LEVEL_RANK, type Level } from "./thread.ts";

export interface PlannedDependency {
  /** Index of the metric depended on, in plan order. */
  parent: number;
  metricName: string;
  level: Level;
  relativePosition: number;
  min: number;
  max: number;
}

export interface PlannedMetric {
  id: number;
  type: "function" | "rubric";
  /** The function or rubric name (FlexEval's evaluation_name). */
  evaluation: string;
  level: Level;
  kwargs: Record<string, unknown>;
  dependsOn: PlannedDependency[];
  gate: MetricGate | false | undefined;
  function?: FunctionSpec;
  rubric?: Rubric;
}

export interface MetricSources {
  functions: Map<string, FunctionSpec>;
  rubrics: Map<string, Rubric>;
  mode: "historical" | "completion";
  /** The suite options a function may need (see FunctionSpec.needsOption). */
  configured: { moderation: boolean };
  /** Where the metrics were written, for messages: the file, the field path of `metrics`, a line finder. */
  where: MetricsPlace;
  /** Metrics appended from a FlexEval evals.yaml, after the config's own: where they were written. */
  evalsWhere?: { place: MetricsPlace; offset: { function: number; rubric: number } };
}

export interface MetricsPlace {
  file: string;
  line?: number;
  path: (string | number)[];
  lineOf?: (fieldPath: (string | number)[]) => number | undefined;
}

const RUBRIC_LEVELS: readonly Level[] = ["Thread", "Turn", "Message"];

function sameKwargs(a: Record<string, unknown> | undefined, b: Record<string, unknown>): boolean {
  return a === undefined || JSON.stringify(a) === JSON.stringify(b);
}

/** Reports a problem at a metric's field (the config's or the FlexEval evals file's), e.g. `["depends-on", 0, "name"]`. */
type ReportProblem = (type: "function" | "rubric", i: number, rest: (string | number)[], message: string) => void;

type MetricEntry = { item: MetricItem; type: "function" | "rubric"; i: number };

export function planMetrics(
  items: { function: MetricItem[]; rubric: MetricItem[] },
  sources: MetricSources,
): { metrics: PlannedMetric[]; problems: InputProblem[] } {
  const problems: InputProblem[] = [];
  const all: MetricEntry[] = [
    ...items.function.map((item, i) => ({ item, type: "function" as const, i })),
    ...items.rubric.map((item, i) => ({ item, type: "rubric" as const, i })),
  ];
  const problem = problemReporter(sources, problems);
  const metrics: PlannedMetric[] = [];
  const entries: MetricEntry[] = [];
  for (const entry of all) {
    const planned = planMetric(entry, metrics.length, sources, problem, problems);
    if (!planned) continue;
    metrics.push(planned);
    entries.push(entry);
  }
  for (const planned of metrics) resolveDependencies(planned, entries[planned.id]!, metrics, problem);
  if (problems.length > 0) return { metrics: [], problems };
  const ordered = dependenciesFirst(metrics);
  if ("cycle" in ordered) {
    problems.push({
      file: sources.where.file,
      field: sources.where.path.join("."),
      message: `metric "${ordered.cycle.evaluation}" is part of a depends-on cycle`,
    });
    return { metrics: [], problems };
  }
  return { metrics: ordered.metrics, problems };
}

function problemReporter(sources: MetricSources, problems: InputProblem[]): ReportProblem {
  return (type, i, rest, message) => {
    const offset = sources.evalsWhere?.offset[type];
    const fromEvals = offset !== undefined && i >= offset;
    const where = fromEvals ? sources.evalsWhere!.place : sources.where;
    const fieldPath = [...where.path, type, fromEvals ? i - offset : i, ...rest];
    const line = where.lineOf?.(fieldPath) ?? where.lineOf?.(fieldPath.slice(0, -1)) ?? where.line;
    const field = fieldPath.map((part, k) => (typeof part === "number" ? `[${part}]` : `${k ? "." : ""}${part}`)).join("");
    problems.push({ file: where.file, ...(line ? { line } : {}), field, message });
  };
}

/** One metric resolved to its function or rubric; undefined when the name resolves to neither. */
function planMetric(
  { item, type, i }: MetricEntry,
  id: number,
  sources: MetricSources,
  problem: ReportProblem,
  problems: InputProblem[],
): PlannedMetric | undefined {
  const planned: PlannedMetric = {
    id,
    type,
    evaluation: item.name,
    level: item.level,
    kwargs: item.kwargs,
    dependsOn: [],
    gate: item.gate,
  };
  if (type === "function") {
    const spec = resolveFunction(item, sources, (rest, message) => problem(type, i, rest, message));
    if (!spec) return undefined;
    planned.function = spec;
  } else {
    const rubric = resolveRubric(item, sources, (rest, message) => problem(type, i, rest, message), problems);
    if (!rubric) return undefined;
    planned.rubric = rubric;
  }
  return planned;
}

function resolveFunction(
  item: MetricItem,
  sources: MetricSources,
  problem: (rest: (string | number)[], message: string) => void,
): FunctionSpec | undefined {
  const spec = sources.functions.get(item.name);
  if (!spec) {
    const builtIn = Object.keys(BUILTIN_FUNCTIONS).join(", ");
    problem(["name"], `unknown function metric "${item.name}" (built in: ${builtIn}; or export it from a functions: module)`);
    return undefined;
  }
  if (!spec.levels.includes(item.level)) problem(["level"], `${item.name} works at level ${spec.levels.join(", ")}, not ${item.level}`);
  const missing = (spec.requires ?? []).filter((key) => !(key in item.kwargs));
  for (const key of missing) problem(["kwargs"], `${item.name} needs kwargs.${key}`);
  if (spec.needsOption === "moderation" && !sources.configured.moderation)
    problem(["name"], `${item.name} needs the suite's moderation: model (an OpenAI-compatible model with a /moderations route)`);
  const bad = missing.length === 0 ? spec.checkKwargs?.(item.kwargs) : null;
  if (bad) problem(["kwargs", bad.kwarg], `${item.name}: ${bad.message}`);
  return spec;
}

function resolveRubric(
  item: MetricItem,
  sources: MetricSources,
  problem: (rest: (string | number)[], message: string) => void,
  problems: InputProblem[],
): Rubric | undefined {
  const rubric = sources.rubrics.get(item.name);
  if (!rubric) {
    const known = [...sources.rubrics.keys()];
    problem(["name"], `unknown rubric "${item.name}" (rubrics files define: ${known.join(", ") || "none"})`);
    return undefined;
  }
  if (!RUBRIC_LEVELS.includes(item.level)) problem(["level"], `rubrics grade a Thread, Turn or Message, not a ${item.level}`);
  if (usesPlaceholder(rubric.prompt, "completion") && sources.mode !== "completion") {
    problems.push({
      file: rubric.file,
      line: rubric.line,
      field: `${item.name}.prompt`,
      message:
        "uses {completion}, which exists only in completion mode (mode: completion with a target); FlexEval requires do_completion for it",
    });
  }
  return rubric;
}

/** A metric's depends-on, matched by name, then type and kwargs when given (FlexEval's DependsOnItem). */
function resolveDependencies(planned: PlannedMetric, entry: MetricEntry, metrics: PlannedMetric[], problem: ReportProblem): void {
  entry.item["depends-on"].forEach((dep: DependsOn, j) => {
    const candidates = metrics.filter(
      (m) =>
        m !== planned &&
        m.evaluation === dep.name &&
        (!dep.type || m.type === dep.type) &&
        sameKwargs(dep.kwargs, m.kwargs) &&
        (!dep.level || m.level === dep.level),
    );
    const at = ["depends-on", j, "name"];
    if (candidates.length === 0) {
      problem(
        entry.type,
        entry.i,
        at,
        `depends on "${dep.name}", which is not one of this suite's metrics (with those type, kwargs and level)`,
      );
      return;
    }
    const parent = candidates[0]!;
    if (LEVEL_RANK[parent.level] > LEVEL_RANK[planned.level]) {
      problem(
        entry.type,
        entry.i,
        at,
        `a ${planned.level} metric can depend on its own or a coarser level, not on a ${parent.level} metric`,
      );
      return;
    }
    planned.dependsOn.push({
      parent: parent.id,
      metricName: dep["metric-name"] ?? dep.name,
      level: parent.level,
      relativePosition: dep["relative-position"],
      min: dep.min,
      max: dep.max,
    });
  });
}

/** Dependencies first (depth-first topological order), or the first metric found on a cycle. */
function dependenciesFirst(metrics: PlannedMetric[]): { metrics: PlannedMetric[] } | { cycle: PlannedMetric } {
  const ordered: PlannedMetric[] = [];
  const state = new Map<number, "visiting" | "done">();
  const visit = (m: PlannedMetric): boolean => {
    if (state.get(m.id) === "done") return true;
    if (state.get(m.id) === "visiting") return false;
    state.set(m.id, "visiting");
    for (const dep of m.dependsOn) if (!visit(metrics[dep.parent]!)) return false;
    state.set(m.id, "done");
    ordered.push(m);
    return true;
  };
  for (const m of metrics) if (!visit(m)) return { cycle: m };
  return { metrics: ordered };
}
