// Pure: per-thread summaries in, suite metrics out. Every metric is pooled over all the objects it
// was computed on (mean), and broken down per role (mean, min, max), as FlexEval's by-role
// aggregation did. Rubrics (0..1) are gated like every metric; function metrics only through the
// bounds or direction the config gives them.
import type { MetricCounts, RoleStats } from "../../results/conversations.ts";
import type { CaseSummary, Metric, SuiteMetrics } from "../../results/types.ts";
import { gateFor, type KeyStats, poolCaseMetrics } from "./case-metrics.ts";
import type { ConversationsOptions, MetricGate } from "./options.ts";

/** "is_role/assistant@turn" → { evaluation: "is_role", level: "turn" }. */
function parseKey(key: string): { evaluation: string; level: string } {
  const at = key.lastIndexOf("@");
  const name = key.slice(0, at);
  const slash = name.indexOf("/");
  return { evaluation: slash >= 0 ? name.slice(0, slash) : name, level: key.slice(at + 1) };
}

interface Pooled {
  n: number;
  mean: number | null;
  /** Computations that failed (threw), and the first error among the cases. */
  failed: number;
  firstError?: string;
}

function pooled(stats: KeyStats, firstError: string | undefined, role?: string): Pooled {
  const roles = role === undefined ? [...stats.roles.values()] : [stats.roles.get(role)].filter((r) => r !== undefined);
  const n = roles.reduce((sum, r) => sum + r.n, 0);
  const failed = role === undefined ? stats.errors : (stats.roleErrors.get(role) ?? 0);
  const mean = n > 0 ? roles.reduce((sum, r) => sum + r.sum, 0) / n : null;
  // Threads' sums that together pass the largest double: no mean to report, every value a failed measurement.
  if (mean !== null && !Number.isFinite(mean)) {
    return { n: 0, mean: null, failed: failed + n, firstError: `the mean of ${n} values is past the largest number a double holds` };
  }
  return { n, mean, failed, ...(failed > 0 && firstError !== undefined ? { firstError } : {}) };
}

function gatedMetric(value: Pooled, rubric: boolean, gate: MetricGate | false | undefined, description: string): Metric {
  const base = {
    value: value.n > 0 ? value.mean : null,
    n: value.n,
    unit: rubric ? ("ratio" as const) : ("score" as const),
    description,
    ...(value.failed > 0 ? { failed: value.failed, ...(value.firstError !== undefined ? { firstError: value.firstError } : {}) } : {}),
  };
  if (gate === false || (!rubric && gate === undefined)) return { ...base, gated: false, direction: "higher" };
  const spec = gate ?? {};
  const direction = spec["at-most"] !== undefined ? "lower" : spec["at-least"] !== undefined ? "higher" : (spec.direction ?? "higher");
  // A function metric's own bounds replace the gate's default min-score (made for 0..1 scores).
  const bounds = {
    ...(spec["at-least"] !== undefined ? { min: spec["at-least"] } : {}),
    ...(spec["at-most"] !== undefined ? { max: spec["at-most"] } : {}),
  };
  return { ...base, gated: true, direction, ...(rubric && Object.keys(bounds).length === 0 ? {} : { bounds }) };
}

export function aggregateConversations(results: CaseSummary[], options: ConversationsOptions): SuiteMetrics {
  const scoredCases = results.filter((r) => r.status === "scored");
  const stats = poolCaseMetrics(scoredCases.map((r) => r.metrics));
  const firstErrors = new Map<string, string>();
  for (const result of scoredCases)
    for (const [key, message] of Object.entries(result.metricErrors ?? {})) if (!firstErrors.has(key)) firstErrors.set(key, message);
  const metrics: Record<string, Metric> = {};
  const roles: RoleStats[] = [];
  const counts: MetricCounts[] = [];
  let invalid = 0;
  let errors = 0;
  let skipped = 0;

  for (const [key, keyStats] of [...stats].sort(([a], [b]) => a.localeCompare(b))) {
    const { evaluation, level } = parseKey(key);
    const type = keyStats.rubric ? "rubric" : "function";
    const gate = gateFor(options, type, evaluation, level);
    const overall = pooled(keyStats, firstErrors.get(key));
    const what = keyStats.rubric ? "mean rubric score, 0..1" : "mean value";
    if (gate && gate.role !== undefined) {
      metrics[key] = gatedMetric(overall, keyStats.rubric, false, `${what} over every ${level}`);
      metrics[`${key}/${gate.role}`] = gatedMetric(
        pooled(keyStats, firstErrors.get(key), gate.role),
        keyStats.rubric,
        gate,
        `${what} over the ${gate.role}'s ${level}s`,
      );
    } else {
      metrics[key] = gatedMetric(overall, keyStats.rubric, gate, `${what} over every ${level}`);
    }
    for (const [role, r] of [...keyStats.roles].sort(([a], [b]) => a.localeCompare(b))) {
      if (Number.isFinite(r.sum / r.n)) roles.push({ metric: key, role, n: r.n, mean: r.sum / r.n, min: r.min, max: r.max });
    }
    counts.push({
      metric: key,
      kind: type,
      scored: overall.n,
      skipped: keyStats.skipped,
      invalid: keyStats.invalid,
      errors: keyStats.errors,
    });
    invalid += keyStats.invalid;
    errors += keyStats.errors;
    skipped += keyStats.skipped;
  }

  Object.assign(metrics, suiteCounts({ invalid, errors, scored: scoredCases.length, cases: results.length }));

  const warnings: string[] = [];
  if (invalid > 0) warnings.push(`${invalid} rubric grade(s) named no choice and were not scored (invalid)`);
  if (errors > 0) warnings.push(`${errors} metric computation(s) threw and were not scored`);
  if (skipped > 0) warnings.push(`${skipped} metric computation(s) skipped: depends-on not met`);
  const failed = results.length - scoredCases.length;
  if (failed > 0) warnings.push(`${failed} of ${results.length} thread(s) could not be evaluated`);
  return { metrics, warnings, breakdowns: { roles, metrics: counts } };
}

/** The suite's own counts: grades with no choice, computations that threw, threads not evaluated. */
function suiteCounts({
  invalid,
  errors,
  scored,
  cases,
}: {
  invalid: number;
  errors: number;
  scored: number;
  cases: number;
}): Record<string, Metric> {
  return {
    invalid_grades: {
      value: invalid,
      n: scored,
      gated: false,
      direction: "lower",
      unit: "count",
      description: "rubric grades with no readable choice (not scored)",
    },
    metric_errors: {
      value: errors,
      n: scored,
      gated: false,
      direction: "lower",
      unit: "count",
      description: "metric computations that threw (not scored)",
    },
    error_rate: {
      value: cases > 0 ? (cases - scored) / cases : null,
      n: cases,
      gated: false,
      direction: "lower",
      unit: "ratio",
      description: "threads that could not be evaluated (completion or grader unreachable)",
    },
  };
}
