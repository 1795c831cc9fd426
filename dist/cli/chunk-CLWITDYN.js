#!/usr/bin/env node
import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);

// src/suites/judged/grading.ts
var SCALE_POINTS = {
  binary: ["Fail - Does not meet criteria", "Pass - Meets criteria"],
  "0-3": [
    "Completely wrong or unhelpful",
    "Partially correct but missing key elements",
    "Mostly correct with minor issues",
    "Excellent, complete, and accurate"
  ],
  "1-5": [
    "Very poor - Completely wrong or unhelpful",
    "Poor - Major issues, missing key elements",
    "Average - Partially correct with notable gaps",
    "Good - Mostly correct with minor issues",
    "Excellent - Complete and accurate"
  ],
  "0-100": [
    "Completely wrong",
    "Poor - Major issues",
    "Average - Partially correct",
    "Good - Mostly correct",
    "Perfect - Complete and accurate"
  ]
};
var SCALE_TYPES = Object.keys(SCALE_POINTS);
function scaleOf(type) {
  const [min, max] = type === "binary" ? [0, 1] : type.split("-").map(Number);
  const points = SCALE_POINTS[type];
  const step = (max - min) / (points.length - 1);
  return { type, min, max, continuous: type === "0-100", labels: points.map((label, i) => ({ score: min + i * step, label })) };
}
var SCALES = Object.fromEntries(SCALE_TYPES.map((type) => [type, scaleOf(type)]));
var SCORE_PATTERN = /(?:SCORE|Score):\s*(\d+(?:\.\d+)?)/i;
function extractScore(text, scale) {
  const match = SCORE_PATTERN.exec(text);
  if (!match?.[1]) return { ok: false, reason: `no "SCORE: <number>" in the judge's answer` };
  const score = Number(match[1]);
  if (score < scale.min || score > scale.max) {
    return { ok: false, reason: `score ${match[1]} is outside ${scale.min}-${scale.max} (${scale.type} scale)` };
  }
  if (!scale.continuous && !Number.isInteger(score)) {
    return { ok: false, reason: `score ${match[1]} is not a whole number, as the ${scale.type} scale requires` };
  }
  return { ok: true, score };
}
function mean(values) {
  return values.reduce((sum, v) => sum + v, 0) / values.length;
}
function populationVariance(values) {
  if (values.length === 0) return 0;
  const m = mean(values);
  return values.reduce((sum, v) => sum + (v - m) ** 2, 0) / values.length;
}
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
function mode(values) {
  const counts = /* @__PURE__ */ new Map();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  const top = Math.max(...counts.values());
  const modes = [...counts].filter(([, count]) => count === top).map(([v]) => v);
  modes.sort((a, b) => a - b);
  return modes[Math.floor(modes.length / 2)];
}
var CONTINUOUS_MAX_STDDEV_RATIO = 0.25;
function majorityVote(scores, scale) {
  if (scores.length === 0) return { finalScore: scale.min, agreement: 0, variance: 0, votes: 0 };
  const variance = populationVariance(scores);
  if (scale.continuous) {
    const maxStdDev = (scale.max - scale.min) * CONTINUOUS_MAX_STDDEV_RATIO;
    return { finalScore: median(scores), agreement: Math.max(0, 1 - Math.sqrt(variance) / maxStdDev), variance, votes: scores.length };
  }
  const finalScore = mode(scores);
  const agreement = scores.filter((s) => s === finalScore).length / scores.length;
  return { finalScore, agreement, variance, votes: scores.length };
}
function normalizeScore(score, scale) {
  return (score - scale.min) / (scale.max - scale.min);
}
function unreliableVerdict(failed, total) {
  if (total > 0 && failed === total) return "All judge evaluations failed";
  return total > 0 && failed / total > 0.5 ? `Unreliable: ${failed}/${total} judge evaluations failed` : null;
}
function spread(values) {
  if (values.length === 0) return null;
  return { mean: mean(values), min: Math.min(...values), max: Math.max(...values), stdDev: Math.sqrt(populationVariance(values)) };
}

export {
  SCALE_TYPES,
  SCALES,
  extractScore,
  mean,
  populationVariance,
  majorityVote,
  normalizeScore,
  unreliableVerdict,
  spread
};
