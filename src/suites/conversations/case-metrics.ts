// A thread's metric rows summarised into its case metrics, so the suite can be aggregated (and
// shards merged) from case summaries alone:
//   "<key>"                   the thread's mean value (0..1 for rubrics): the case's score
//   "<key>/<role>"            the thread's mean for a role, when the config gates on that role
//   "<key>|<role>|n|sum|min|max"   per-role statistics, pooled across threads by the aggregation
//   "<key>||skipped|invalid|errors" objects not scored, and why; "<key>||rubric" marks a rubric
//   "<key>|<role>|errors"     computations that failed on that role's objects (a role-gated metric's failures)
// where <key> is "<metric>@<level>" (e.g. flesch_reading_ease@message), or
// "<function>/<metric>@<level>" when a function names its values (is_role/assistant@turn).
import type { ConversationMetricRow } from "../../results/conversations.ts";
import type { ConversationsOptions, MetricGate } from "./options.ts";

export function metricKey(row: Pick<ConversationMetricRow, "evaluation" | "metric" | "level">): string {
  const name = row.evaluation === row.metric ? row.metric : `${row.evaluation}/${row.metric}`;
  return `${name}@${row.level.toLowerCase()}`;
}

const SEP = "|";
const safeRole = (role: string) => role.replaceAll(SEP, "_");

/** The gate the config gives a metric: function metrics only with `gate:`, rubrics unless `gate: false`. */
export function gateFor(
  options: ConversationsOptions,
  type: "function" | "rubric",
  evaluation: string,
  level: string,
): MetricGate | false | undefined {
  const item = options.metrics[type].find((m) => m.name === evaluation && m.level.toLowerCase() === level.toLowerCase());
  return item?.gate;
}

export function summarizeRows(rows: ConversationMetricRow[], options: ConversationsOptions): Record<string, number> {
  const out: Record<string, number> = {};
  const add = (key: string, amount: number) => {
    out[key] = (out[key] ?? 0) + amount;
  };
  // Grouped by pushing, never by copying: a thread of 200,000 messages is as many rows.
  const byKey = new Map<string, ConversationMetricRow[]>();
  for (const row of rows) pushTo(byKey, metricKey(row), row);
  for (const [key, group] of byKey) {
    if (group[0]!.type === "rubric") out[`${key}${SEP}${SEP}rubric`] = 1;
    const scored = group.filter((row) => row.normalized !== null);
    for (const row of group) {
      if (row.skipped) add(`${key}${SEP}${SEP}skipped`, 1);
      else if (row.error) {
        add(`${key}${SEP}${SEP}errors`, 1);
        add(`${key}${SEP}${safeRole(row.role)}${SEP}errors`, 1);
      } else if (row.type === "rubric" && row.value === null) add(`${key}${SEP}${SEP}invalid`, 1);
    }
    if (scored.length > 0) out[key] = scored.reduce((sum, row) => sum + row.normalized!, 0) / scored.length;
    const byRole = new Map<string, number[]>();
    for (const row of scored) pushTo(byRole, safeRole(row.role), row.normalized!);
    for (const [role, values] of byRole) {
      out[`${key}${SEP}${role}${SEP}n`] = values.length;
      out[`${key}${SEP}${role}${SEP}sum`] = values.reduce((a, b) => a + b, 0);
      // A loop, not Math.min(...values): spreading a long list overflows the call stack.
      out[`${key}${SEP}${role}${SEP}min`] = values.reduce((a, b) => (b < a ? b : a), Number.POSITIVE_INFINITY);
      out[`${key}${SEP}${role}${SEP}max`] = values.reduce((a, b) => (b > a ? b : a), Number.NEGATIVE_INFINITY);
    }
    const gate = gateFor(options, group[0]!.type, group[0]!.evaluation, group[0]!.level);
    const role = gate ? gate.role : undefined;
    const roleValues = role !== undefined ? byRole.get(safeRole(role)) : undefined;
    if (roleValues?.length) out[`${key}/${role}`] = roleValues.reduce((a, b) => a + b, 0) / roleValues.length;
  }
  return out;
}

/**
 * How many objects (turns, messages, tool calls) the thread's value of a suite metric averages, from
 * its per-role counts: "<key>" pools every role, "<key>/<role>" one role. 1 for a thread-level metric.
 */
export function objectsOf(metrics: Record<string, number>, metric: string): number {
  const at = metric.lastIndexOf("@");
  if (at < 0) return 1;
  const slash = metric.indexOf("/", at);
  if (slash >= 0) return metrics[`${metric.slice(0, slash)}${SEP}${safeRole(metric.slice(slash + 1))}${SEP}n`] ?? 1;
  const prefix = `${metric}${SEP}`;
  let objects = 0;
  for (const [name, value] of Object.entries(metrics)) {
    if (name.startsWith(prefix) && name.endsWith(`${SEP}n`) && name.split(SEP).length === 3) objects += value;
  }
  return objects > 0 ? objects : 1;
}

/**
 * A thread's rows with every metric whose values add up past the largest double (per role or in all)
 * turned into errors on its objects: a mean that is not a finite number is not a measurement, and
 * Infinity cannot even be written to results.json (JSON has no such number).
 */
export function withFiniteSums(rows: ConversationMetricRow[]): ConversationMetricRow[] {
  const sums = new Map<string, number>();
  const add = (key: string, value: number) => sums.set(key, (sums.get(key) ?? 0) + value);
  for (const row of rows) {
    if (row.normalized === null) continue;
    add(metricKey(row), row.normalized);
    add(`${metricKey(row)}${SEP}${row.role}`, row.normalized);
  }
  const overflowing = new Set([...sums].filter(([, sum]) => !Number.isFinite(sum)).map(([key]) => key.split(SEP)[0]!));
  if (overflowing.size === 0) return rows;
  return rows.map((row) => {
    const key = metricKey(row);
    if (row.normalized === null || !overflowing.has(key)) return row;
    const message = `the values of ${key} on this thread add up past the largest number a double holds: its mean is not a finite number`;
    return { ...row, value: null, normalized: null, error: { kind: "metric", message } };
  });
}

function pushTo<T>(groups: Map<string, T[]>, key: string, value: T): void {
  const group = groups.get(key);
  if (group) group.push(value);
  else groups.set(key, [value]);
}

/** The first error of each metric key whose computation failed on an object of this thread. */
export function firstMetricErrors(rows: ConversationMetricRow[]): Record<string, string> | undefined {
  const first: Record<string, string> = {};
  for (const row of rows) {
    const key = metricKey(row);
    if (row.error?.kind === "metric" && !(key in first)) first[key] = row.error.message;
  }
  return Object.keys(first).length ? first : undefined;
}

export interface KeyStats {
  rubric: boolean;
  skipped: number;
  invalid: number;
  errors: number;
  roles: Map<string, { n: number; sum: number; min: number; max: number }>;
  /** Failed computations per role. */
  roleErrors: Map<string, number>;
}

/** Pools the per-case statistics of every metric key across cases. */
export function poolCaseMetrics(cases: Record<string, number>[]): Map<string, KeyStats> {
  const pooled = new Map<string, KeyStats>();
  for (const metrics of cases) {
    for (const [name, value] of Object.entries(metrics)) {
      const last = name.lastIndexOf(SEP);
      if (last < 0) continue;
      const middle = name.lastIndexOf(SEP, last - 1);
      if (middle < 0) continue;
      const key = name.slice(0, middle);
      const role = name.slice(middle + 1, last);
      const stat = name.slice(last + 1);
      let stats = pooled.get(key);
      if (!stats) {
        stats = { rubric: false, skipped: 0, invalid: 0, errors: 0, roles: new Map(), roleErrors: new Map() };
        pooled.set(key, stats);
      }
      if (role === "") {
        if (stat === "rubric") stats.rubric = true;
        else if (stat === "skipped" || stat === "invalid" || stat === "errors") stats[stat] += value;
        continue;
      }
      if (stat === "errors") {
        stats.roleErrors.set(role, (stats.roleErrors.get(role) ?? 0) + value);
        continue;
      }
      const r = stats.roles.get(role) ?? { n: 0, sum: 0, min: Number.POSITIVE_INFINITY, max: Number.NEGATIVE_INFINITY };
      if (stat === "n") r.n += value;
      else if (stat === "sum") r.sum += value;
      else if (stat === "min") r.min = Math.min(r.min, value);
      else if (stat === "max") r.max = Math.max(r.max, value);
      stats.roles.set(role, r);
    }
  }
  return pooled;
}
