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
  // Grouped by key in order of first appearance, each key's rows tallied in row order.
  const byKey = new Map<string, RowTally>();
  for (const row of rows) {
    const key = metricKey(row);
    const tally = byKey.get(key) ?? new RowTally(key);
    byKey.set(key, tally);
    tally.add(row);
  }
  for (const tally of byKey.values()) tally.writeTo(out, options);
  return out;
}

/**
 * One metric key's rows summarised as they come (summarizeRows, and a long thread scored as it is
 * read): counts, the mean and per-role statistics, summed in row order.
 */
export class RowTally {
  readonly key: string;
  private first: ConversationMetricRow | undefined;
  /** Counters in the order they first counted something (results.json keeps that order). */
  private readonly counts = new Map<string, number>();
  private scored = 0;
  private sum = 0;
  private readonly roles = new Map<string, { n: number; sum: number; min: number; max: number }>();
  /** Sums per role as the row names it, for withFiniteSums' check. */
  private readonly rawRoleSums = new Map<string, number>();
  /** The first failed computation's message. */
  firstError: string | undefined;

  constructor(key: string) {
    this.key = key;
  }

  add(row: ConversationMetricRow): void {
    this.first ??= row;
    const count = (name: string) => this.counts.set(name, (this.counts.get(name) ?? 0) + 1);
    if (row.skipped) count(`${this.key}${SEP}${SEP}skipped`);
    else if (row.error) {
      count(`${this.key}${SEP}${SEP}errors`);
      count(`${this.key}${SEP}${safeRole(row.role)}${SEP}errors`);
      if (row.error.kind === "metric") this.firstError ??= row.error.message;
    } else if (row.type === "rubric" && row.value === null) count(`${this.key}${SEP}${SEP}invalid`);
    if (row.normalized === null) return;
    const value = row.normalized;
    this.scored++;
    this.sum += value;
    this.rawRoleSums.set(row.role, (this.rawRoleSums.get(row.role) ?? 0) + value);
    const role = safeRole(row.role);
    const stats = this.roles.get(role);
    if (!stats) this.roles.set(role, { n: 1, sum: 0 + value, min: value, max: value });
    else {
      stats.n++;
      stats.sum += value;
      if (value < stats.min) stats.min = value;
      if (value > stats.max) stats.max = value;
    }
  }

  /** Whether the values add up past the largest double, in all or for a role (see withFiniteSums). */
  overflows(): boolean {
    return !Number.isFinite(this.sum) || [...this.rawRoleSums.values()].some((sum) => !Number.isFinite(sum));
  }

  writeTo(out: Record<string, number>, options: ConversationsOptions): void {
    const first = this.first;
    if (!first) return;
    const key = this.key;
    if (first.type === "rubric") out[`${key}${SEP}${SEP}rubric`] = 1;
    for (const [name, count] of this.counts) out[name] = (out[name] ?? 0) + count;
    if (this.scored > 0) out[key] = this.sum / this.scored;
    for (const [role, stats] of this.roles) {
      out[`${key}${SEP}${role}${SEP}n`] = stats.n;
      out[`${key}${SEP}${role}${SEP}sum`] = stats.sum;
      out[`${key}${SEP}${role}${SEP}min`] = stats.min;
      out[`${key}${SEP}${role}${SEP}max`] = stats.max;
    }
    const gate = gateFor(options, first.type, first.evaluation, first.level);
    const role = gate ? gate.role : undefined;
    const roleStats = role !== undefined ? this.roles.get(safeRole(role)) : undefined;
    if (roleStats?.n) out[`${key}/${role}`] = roleStats.sum / roleStats.n;
  }
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
