// Reads one eval of a FlexEval evals.yaml into evalgate's metric items: FlexEval's snake_case keys
// (metric_level, depends_on, metric_name, relative_object_position, metric_min_value, ...) become
// the config's own, so both files describe metrics the same way from here on.
import { isMap, isScalar } from "yaml";
import type { InputProblem } from "../../config/errors.ts";
import { parsePositionedYaml, yamlProblems } from "../../config/yaml-positions.ts";
import { zodIssueProblems } from "../../config/zod-problems.ts";
import { type MetricItem, metricItemSchema } from "./options.ts";

const DEPENDENCY_KEYS: Record<string, string> = {
  name: "name",
  type: "type",
  kwargs: "kwargs",
  metric_name: "metric-name",
  metric_level: "level",
  relative_object_position: "relative-position",
  metric_min_value: "min",
  metric_max_value: "max",
};

export interface FlexEvalEval {
  function: MetricItem[];
  rubric: MetricItem[];
  /** FlexEval's do_completion: whether the eval asks for new completions. */
  doCompletion: boolean;
  /** The line of the eval's name in the file. */
  line: number;
}

// Keys older FlexEval versions had and 0.5 refuses (its MetricItem and DependsOnItem forbid extra keys).
const REMOVED_KEYS: Record<string, string> = {
  context_only: "FlexEval 0.5 removed context_only; {context} in the rubric's prompt says what the grader sees",
};

/** The FlexEval keys renamed to the config's; a key FlexEval 0.5 refuses is a problem (with the keys it allows). */
function renameKeys(
  value: Record<string, unknown>,
  names: Record<string, string>,
  field: string,
  problem: (field: string, message: string) => void,
) {
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const name = names[key];
    if (name) out[name] = v;
    else
      problem(
        `${field}.${key}`,
        `${REMOVED_KEYS[key] ?? "not a FlexEval key here"} (FlexEval 0.5 allows ${Object.keys(names).join(", ")})`,
      );
  }
  return out;
}

/**
 * One eval of a FlexEval evals.yaml, read through the shared YAML reader: syntax errors, duplicate
 * keys (PyYAML keeps the last silently) and alias bombs are problems with file:line:column.
 */
export function readFlexEvalEval(text: string, file: string, evalName: string): { eval?: FlexEvalEval; problems: InputProblem[] } {
  const yaml = parsePositionedYaml(text);
  const syntax = yamlProblems(yaml, file);
  if (syntax.length > 0) return { problems: syntax };
  const { contents } = yaml.doc;
  if (!isMap(contents)) return { problems: [{ file, line: 1, message: "expected a map of eval name → eval" }] };
  const pair = contents.items.find((item) => isScalar(item.key) && String(item.key.value) === evalName);
  if (!pair) {
    const names = contents.items.map((item) => (isScalar(item.key) ? String(item.key.value) : "?"));
    return { problems: [{ file, field: evalName, message: `no eval "${evalName}" in this file (evals: ${names.join(", ")})` }] };
  }
  const line = yaml.positionOfNode(pair)?.line ?? 1;
  // From the document's value: aliases expanded (within the shared limit), as PyYAML reads them.
  const value = (yaml.value as Record<string, unknown>)[evalName] as Record<string, unknown> | null | undefined;
  const metrics = (value?.["metrics"] ?? {}) as Record<string, unknown>;
  const problems: InputProblem[] = [];
  const out: FlexEvalEval = { function: [], rubric: [], doCompletion: value?.["do_completion"] === true, line };
  for (const type of ["function", "rubric"] as const) {
    const items = metrics[type] ?? [];
    if (!Array.isArray(items)) {
      problems.push({ file, line, field: `${evalName}.metrics.${type}`, message: "expected a list of metrics" });
      continue;
    }
    items.forEach((item: unknown, i) => {
      const read = readMetricItem(item, { file, line, at: [evalName, "metrics", type, i] });
      problems.push(...read.problems);
      if (read.item) out[type].push(read.item);
    });
  }
  return problems.length > 0 ? { problems } : { eval: out, problems };
}

/** One metric of an eval, its keys renamed and checked by the config's metric schema; its problems all at the eval's line. */
function readMetricItem(
  item: unknown,
  where: { file: string; line: number; at: [string, string, string, number] },
): { item?: MetricItem; problems: InputProblem[] } {
  const { file, line, at } = where;
  const field = `${at.slice(0, 3).join(".")}[${at[3]}]`;
  const problems: InputProblem[] = [];
  const problem = (name: string, message: string) => problems.push({ file, line, field: name, message });
  const raw = (item ?? {}) as Record<string, unknown>;
  const converted = renameKeys(raw, { name: "name", metric_level: "level", kwargs: "kwargs", depends_on: "depends-on" }, field, problem);
  if (converted["kwargs"] === null) delete converted["kwargs"];
  if (Array.isArray(converted["depends-on"])) {
    converted["depends-on"] = converted["depends-on"].map((dep: unknown, j) =>
      renameKeys((dep ?? {}) as Record<string, unknown>, DEPENDENCY_KEYS, `${field}.depends_on[${j}]`, problem),
    );
  }
  const parsed = metricItemSchema.safeParse(converted);
  if (!parsed.success) {
    problems.push(...zodIssueProblems(parsed.error, { file, schema: metricItemSchema, data: converted, positionOf: () => ({ line }), at }));
  }
  return parsed.success && problems.length === 0 ? { item: parsed.data, problems } : { problems };
}
