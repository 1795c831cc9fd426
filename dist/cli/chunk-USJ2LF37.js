#!/usr/bin/env node
import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);
import {
  shortSha
} from "./chunk-NGCLNXDY.js";

// src/report/trends.ts
function trendRun(results) {
  const values = {};
  for (const [suite, suiteResults] of Object.entries(results.suites)) {
    for (const [metric, value] of Object.entries(suiteResults.metrics)) values[`${suite}/${metric}`] = value.value;
  }
  const date = results.run.finishedAt?.slice(0, 10) ?? "";
  const sha = shortSha(results.run.commit);
  return {
    label: sha ? `${sha} ${date}`.trim() : date || results.run.id.slice(0, 8),
    finishedAt: results.run.finishedAt ?? "",
    ...results.run.commit ? { commit: results.run.commit } : {},
    values
  };
}
function orderHistory(runs, limit) {
  const seen = /* @__PURE__ */ new Set();
  const unique = runs.filter((run) => {
    const key = `${run.commit ?? ""}@${run.finishedAt}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return unique.sort((a, b) => a.finishedAt.localeCompare(b.finishedAt)).slice(-limit);
}
function trendSeries(history, current) {
  if (!history.length) return [];
  const now = trendRun(current);
  now.label = "this run";
  const series = [];
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
var BLOCKS = "\u2581\u2582\u2583\u2584\u2585\u2586\u2587\u2588";
function sparkline(values) {
  const known = values.filter((v) => v !== null && Number.isFinite(v));
  if (!known.length) return "";
  const low = Math.min(...known);
  const high = Math.max(...known);
  return values.map((v) => {
    if (v === null || !Number.isFinite(v)) return " ";
    if (high - low < 1e-12) return BLOCKS[3];
    return BLOCKS[Math.round((v - low) / (high - low) * (BLOCKS.length - 1))];
  }).join("");
}
function sparklines(series) {
  return Object.fromEntries(series.map((s) => [`${s.suite}/${s.metric}`, sparkline(s.points.map((p) => p.value))]));
}

export {
  trendRun,
  orderHistory,
  trendSeries,
  sparklines
};
