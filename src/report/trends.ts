// Trends: the gated metrics of earlier baselines (the data branch's history, or results files given
// with --history), oldest first, with this run last. Only the numbers are kept (each case's main score
// for the flaky test, gate/flaky.ts), never the cases themselves.
import { historyCases } from "../gate/flaky.ts";
import type { HistoryRun } from "../gate/types.ts";
import type { MetricUnit, Results } from "../results/types.ts";
import { shortSha } from "./format.ts";

/** One earlier (or the current) run, reduced to its metric values by "suite/metric", and its cases' scores for the flaky test. */
export interface TrendRun extends HistoryRun {
  label: string;
  finishedAt: string;
  commit?: string;
  values: Record<string, number | null>;
}

export interface TrendSeries {
  suite: string;
  metric: string;
  unit: MetricUnit;
  points: { label: string; value: number | null }[];
}

export function trendRun(results: Results): TrendRun {
  const values: Record<string, number | null> = {};
  for (const [suite, suiteResults] of Object.entries(results.suites)) {
    for (const [metric, value] of Object.entries(suiteResults.metrics)) values[`${suite}/${metric}`] = value.value;
  }
  const date = results.run.finishedAt?.slice(0, 10) ?? "";
  const sha = shortSha(results.run.commit);
  return {
    label: sha ? `${sha} ${date}`.trim() : date || results.run.id.slice(0, 8),
    finishedAt: results.run.finishedAt ?? "",
    ...(results.run.commit ? { commit: results.run.commit } : {}),
    values,
    cases: historyCases(results),
  };
}

/** Oldest first, the same run once (by id or commit+time), at most `limit` (the newest). */
export function orderHistory(runs: TrendRun[], limit: number): TrendRun[] {
  const seen = new Set<string>();
  const unique = runs.filter((run) => {
    const key = `${run.commit ?? ""}@${run.finishedAt}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return unique.sort((a, b) => a.finishedAt.localeCompare(b.finishedAt)).slice(-limit);
}

/** A series per gated metric of the current run, over the history then the current run. */
export function trendSeries(history: TrendRun[], current: Results): TrendSeries[] {
  if (!history.length) return [];
  const now = trendRun(current);
  now.label = "this run";
  const series: TrendSeries[] = [];
  for (const [suite, suiteResults] of Object.entries(current.suites)) {
    for (const [metric, value] of Object.entries(suiteResults.metrics)) {
      if (!value.gated) continue;
      const key = `${suite}/${metric}`;
      const points = [...history, now].map((run) => ({ label: run.label, value: run.values[key] ?? null }));
      if (points.slice(0, -1).every((point) => point.value === null)) continue;
      series.push({ suite, metric, unit: value.unit, points });
    }
  }
  return series;
}

const BLOCKS = "▁▂▃▄▅▆▇█";

/** A one-line sparkline ("▃▄▄▆█"); a gap where a run lacks the metric. */
export function sparkline(values: (number | null)[]): string {
  const known = values.filter((v): v is number => v !== null && Number.isFinite(v));
  if (!known.length) return "";
  const low = Math.min(...known);
  const high = Math.max(...known);
  return values
    .map((v) => {
      if (v === null || !Number.isFinite(v)) return " ";
      if (high - low < 1e-12) return BLOCKS[3];
      return BLOCKS[Math.round(((v - low) / (high - low)) * (BLOCKS.length - 1))];
    })
    .join("");
}

/** "suite/metric" -> sparkline, for the markdown report's Trend column. */
export function sparklines(series: TrendSeries[]): Record<string, string> {
  return Object.fromEntries(series.map((s) => [`${s.suite}/${s.metric}`, sparkline(s.points.map((p) => p.value))]));
}
