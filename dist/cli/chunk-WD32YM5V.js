#!/usr/bin/env node
import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);
import {
  mean,
  populationSd
} from "./chunk-NVDXVC5C.js";

// src/gate/cases.ts
var EPSILON = 1e-9;
function mainScoreMetrics(suite) {
  return Object.entries(suite.metrics).filter(([, metric]) => metric.gated && metric.direction === "higher").map(([name]) => name);
}
function caseScore(result, mainMetrics) {
  if (result.status !== "scored") return null;
  let values = mainMetrics.filter((name) => typeof result.metrics[name] === "number").map((name) => result.metrics[name]);
  if (values.length === 0) values = Object.values(result.metrics).filter((value) => Number.isFinite(value));
  return values.length ? mean(values) : null;
}
var KIND_ORDER = ["errored", "regressed", "low", "disappeared", "appeared", "recovered", "improved"];
function emptyChangeCounts() {
  return { regressed: 0, improved: 0, appeared: 0, disappeared: 0, errored: 0, recovered: 0, low: 0 };
}
function change(result, kind, before, after) {
  const entry = {
    suite: result.suite,
    caseId: result.caseId,
    repeat: result.repeat,
    title: result.title,
    source: result.source,
    kind,
    before,
    after
  };
  if (result.status === "error" && result.error) entry.error = result.error.message;
  return entry;
}
function sortChanges(changes) {
  const size = (entry) => entry.before !== null && entry.after !== null ? entry.after - entry.before : 0;
  return changes.sort(
    (a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) || (a.kind === "improved" ? size(b) - size(a) : size(a) - size(b)) || (a.caseId < b.caseId ? -1 : a.caseId > b.caseId ? 1 : a.repeat - b.repeat)
  );
}
function compareCases(head, baseline) {
  const main = mainScoreMetrics(head);
  const key = (result) => `${result.caseId}\0${result.repeat}`;
  const before = new Map((baseline?.cases ?? []).map((result) => [key(result), result]));
  const changes = [];
  const seen = /* @__PURE__ */ new Set();
  for (const result of head.cases) {
    seen.add(key(result));
    const old = before.get(key(result));
    const after = caseScore(result, main);
    const previous = old ? caseScore(old, main) : null;
    if (result.status === "error") {
      changes.push(change(result, "errored", previous, null));
    } else if (!baseline) {
    } else if (!old) {
      changes.push(change(result, "appeared", null, after));
    } else if (old.status === "error") {
      changes.push(change(result, "recovered", null, after));
    } else if (after !== null && previous !== null && after < previous - EPSILON) {
      changes.push(change(result, "regressed", previous, after));
    } else if (after !== null && previous !== null && after > previous + EPSILON) {
      changes.push(change(result, "improved", previous, after));
    }
  }
  for (const old of baseline?.cases ?? []) {
    if (!seen.has(key(old))) changes.push(change(old, "disappeared", caseScore(old, main), null));
  }
  return sortChanges(changes);
}
function lowScoringCases(head, minScore) {
  const main = mainScoreMetrics(head);
  const low = [];
  for (const result of head.cases) {
    const score = caseScore(result, main);
    if (score !== null && score < minScore) low.push(change(result, "low", null, score));
  }
  return low.sort((a, b) => (a.after ?? 0) - (b.after ?? 0));
}

// src/util/random.ts
function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = state + 1831565813 >>> 0;
    let t = state;
    t = Math.imul(t ^ t >>> 15, t | 1);
    t ^= t + Math.imul(t ^ t >>> 7, t | 61);
    return ((t ^ t >>> 14) >>> 0) / 4294967296;
  };
}

// src/gate/noise.ts
function quantile(sorted, q) {
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return sorted[low] + (sorted[high] - sorted[low]) * (position - low);
}
function bootstrapChange(input, options = {}) {
  const iterations = options.iterations ?? 2e3;
  const random = seededRandom(options.seed ?? 1);
  const alpha = (1 - (options.level ?? 0.95)) / 2;
  const draws = [];
  const pick = (length) => Math.floor(random() * length);
  if ("paired" in input) {
    const pairs = input.paired;
    if (pairs.length < 2) return null;
    for (let i = 0; i < iterations; i++) {
      let sum = 0;
      for (let j = 0; j < pairs.length; j++) {
        const [base, head] = pairs[pick(pairs.length)];
        sum += head - base;
      }
      draws.push(sum / pairs.length);
    }
  } else {
    const { base, head } = input;
    if (base.length < 2 || head.length < 2) return null;
    for (let i = 0; i < iterations; i++) {
      let baseSum = 0;
      for (let j = 0; j < base.length; j++) baseSum += base[pick(base.length)];
      let headSum = 0;
      for (let j = 0; j < head.length; j++) headSum += head[pick(head.length)];
      draws.push(headSum / head.length - baseSum / base.length);
    }
  }
  draws.sort((a, b) => a - b);
  return { low: quantile(draws, alpha), high: quantile(draws, 1 - alpha) };
}

// src/gate/glob.ts
var cache = /* @__PURE__ */ new Map();
function globToRegExp(pattern) {
  const cached = cache.get(pattern);
  if (cached) return cached;
  let source = "";
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === "*" && pattern[i + 1] === "*") {
      i++;
      if (pattern[i + 1] === "/") {
        i++;
        source += "(?:.*/)?";
      } else {
        source += ".*";
      }
    } else if (char === "*") {
      source += "[^/]*";
    } else if (char === "?") {
      source += "[^/]";
    } else {
      source += char.replace(/[.+^${}()|[\]\\]/g, "\\$&");
    }
  }
  const regexp = new RegExp(`^${source}$`);
  cache.set(pattern, regexp);
  return regexp;
}
function matchGlob(pattern, text) {
  return globToRegExp(pattern).test(text);
}

// src/gate/rules.ts
function pickProfile(gate, branch) {
  if (!branch) return null;
  for (const [name, profile] of Object.entries(gate.profiles ?? {})) {
    if (matchGlob(name, branch)) return { name, profile };
  }
  return null;
}
function applyThresholds(rule, source) {
  if (source["max-drop"] !== void 0) rule.maxDrop = source["max-drop"];
  if (source["max-rise"] !== void 0) rule.maxRise = source["max-rise"];
  if (source["min-score"] !== void 0) rule.minScore = source["min-score"];
  if (source["max-score"] !== void 0) rule.maxScore = source["max-score"];
}
function applyOverrides(rule, overrides, key) {
  for (const [pattern, override] of Object.entries(overrides ?? {})) {
    if (!matchGlob(pattern, key)) continue;
    if (override.direction) rule.direction = override.direction;
    if (override.gated !== void 0) rule.gated = override.gated;
    applyThresholds(rule, override);
  }
}
function resolveRule(gate, profile, suite, metricName, metric) {
  const rule = {
    direction: metric.direction,
    gated: metric.gated,
    maxDrop: gate["max-drop"],
    maxRise: gate["max-rise"],
    minScore: gate["min-score"],
    maxScore: gate["max-score"]
  };
  if (profile) applyThresholds(rule, profile);
  const key = `${suite}/${metricName}`;
  applyOverrides(rule, gate.metrics, key);
  if (profile) applyOverrides(rule, profile.metrics, key);
  return rule;
}
function resolveMaxErrorRate(gate, profile) {
  return profile?.["max-error-rate"] ?? gate["max-error-rate"];
}

// src/gate/evaluate.ts
function evaluateGate(head, baseline, gate, ctx = {}) {
  const picked = pickProfile(gate, ctx.branch);
  const profile = picked?.profile ?? null;
  const repeated = hasRepeats(head) || baseline !== null && hasRepeats(baseline);
  const suites = [];
  for (const [name, suite] of Object.entries(head.suites)) {
    suites.push(evaluateSuite(name, suite, baseline?.suites[name], gate, profile, repeated, ctx.seed ?? 1));
  }
  const failures = suites.flatMap((suite) => suite.reasons.map((reason) => `${suite.suite}: ${reason}`));
  if (suites.length === 0) failures.push("no suite ran");
  return {
    verdict: failures.length > 0 ? "fail" : "pass",
    profile: picked?.name ?? null,
    baseline: baseline ? { found: true, commit: baseline.run.commit, branch: baseline.run.branch, finishedAt: baseline.run.finishedAt } : { found: false },
    suites,
    notRun: baseline ? Object.keys(baseline.suites).filter((name) => !(name in head.suites)) : [],
    failures,
    repeated
  };
}
function hasRepeats(results) {
  return Object.values(results.suites).some((suite) => suite.cases.some((result) => result.repeat > 0));
}
function evaluateSuite(name, suite, base, gate, profile, repeated, seed) {
  const reasons = [];
  const { cases, scored, errors } = suite.counts;
  const errorRate = cases > 0 ? errors / cases : 0;
  const maxErrorRate = resolveMaxErrorRate(gate, profile);
  if (scored === 0) reasons.push(cases === 0 ? "no case ran" : `no case could be scored (${errors} of ${cases} failed)`);
  else if (errorRate > maxErrorRate)
    reasons.push(
      `error rate ${formatPercent(errorRate)} (${errors} of ${cases} cases) is over max-error-rate ${formatPercent(maxErrorRate)}`
    );
  const rows = [];
  let minScore;
  for (const [metricName, metric] of Object.entries(suite.metrics)) {
    const rule = resolveRule(gate, profile, name, metricName, metric);
    if (rule.gated && rule.direction === "higher" && minScore === void 0) minScore = rule.minScore;
    const baseMetric = base?.metrics[metricName];
    const noise = repeated ? estimateNoise(suite, base, metricName, metric, seed) : void 0;
    const row = evaluateMetric(metricName, metric, baseMetric, rule, noise, gate["fail-inside-noise"]);
    rows.push(row);
    if (row.failing) reasons.push(`${metricName}: ${row.reason}`);
  }
  for (const [metricName, baseMetric] of Object.entries(base?.metrics ?? {})) {
    if (metricName in suite.metrics) continue;
    rows.push({
      metric: metricName,
      unit: baseMetric.unit,
      direction: baseMetric.direction,
      gated: false,
      baseline: baseMetric.value,
      now: null,
      n: 0,
      delta: null,
      relDelta: null,
      status: "info",
      reason: "not reported by this run",
      failing: false
    });
  }
  const changes = compareCases(suite, base);
  const changeCounts = emptyChangeCounts();
  for (const entry of changes) changeCounts[entry.kind]++;
  let failingCases = changes.filter((entry) => entry.kind === "errored" || entry.kind === "regressed");
  if (reasons.length > 0 && !base && minScore !== void 0) failingCases = failingCases.concat(lowScoringCases(suite, minScore));
  return {
    suite: name,
    kind: suite.kind,
    status: reasons.length > 0 ? "fail" : "pass",
    rows,
    reasons,
    counts: suite.counts,
    errorRate,
    maxErrorRate,
    costUsd: suite.costUsd,
    durationMs: suite.durationMs,
    hasBaseline: base !== void 0,
    changes,
    changeCounts,
    failingCases
  };
}
function evaluateMetric(name, metric, baseMetric, rule, noise, failInsideNoise) {
  const now = metric.value;
  const baseline = baseMetric?.value ?? null;
  const delta = now !== null && baseline !== null ? now - baseline : null;
  const relDelta = delta !== null && baseline !== null && baseline !== 0 ? delta / Math.abs(baseline) : null;
  const row = {
    metric: name,
    unit: metric.unit,
    direction: rule.direction,
    gated: rule.gated,
    baseline,
    now,
    n: metric.n,
    delta,
    relDelta,
    status: "pass",
    reason: "",
    failing: false
  };
  if (noise) row.noise = noise;
  const set = (status, reason, failing) => {
    row.status = status;
    row.reason = reason;
    row.failing = failing;
    return row;
  };
  if (now === null || metric.n === 0 || !Number.isFinite(now)) {
    return rule.gated ? set("error", "no scored case (n = 0)", true) : set("info", "no value (n = 0)", false);
  }
  if (!rule.gated) return set("info", "", false);
  const higher = rule.direction === "higher";
  if (higher && rule.minScore !== void 0 && now < rule.minScore) {
    return set("fail", `${formatNumber(now)} is under min-score ${formatNumber(rule.minScore)}`, true);
  }
  if (!higher && rule.maxScore !== void 0 && now > rule.maxScore) {
    return set("fail", `${formatNumber(now)} is over max-score ${formatNumber(rule.maxScore)}`, true);
  }
  if (baseline === null || delta === null) return set("new", "no baseline yet", false);
  const limit = higher ? rule.maxDrop : rule.maxRise;
  const worse = higher ? -delta : delta;
  const relativeWorse = baseline !== 0 ? worse / Math.abs(baseline) : worse > 0 ? Number.POSITIVE_INFINITY : 0;
  if (relativeWorse > limit + 1e-12) {
    const verb = higher ? "dropped" : "rose";
    const what = `${verb} ${baseline !== 0 ? formatPercent(relativeWorse) : formatNumber(worse)} (${formatNumber(baseline)} \u2192 ${formatNumber(now)}), over max-${higher ? "drop" : "rise"} ${formatPercent(limit)}`;
    if (noise?.insideNoise) {
      const interval = `95% CI of the change ${formatSigned(noise.ciLow)} \u2026 ${formatSigned(noise.ciHigh)}`;
      return set("noise", `${what}, but within the noise (${interval})`, failInsideNoise);
    }
    return set("fail", what, true);
  }
  return set("pass", "", false);
}
function perCaseValues(cases, metric) {
  const sums = /* @__PURE__ */ new Map();
  for (const result of cases) {
    const value = result.metrics[metric];
    if (result.status !== "scored" || typeof value !== "number" || !Number.isFinite(value)) continue;
    const list = sums.get(result.caseId) ?? [];
    list.push(value);
    sums.set(result.caseId, list);
  }
  return new Map([...sums].map(([id, values]) => [id, mean(values)]));
}
function repeatSpread(cases, metric) {
  const byRepeat = /* @__PURE__ */ new Map();
  for (const result of cases) {
    const value = result.metrics[metric];
    if (result.status !== "scored" || typeof value !== "number") continue;
    const list = byRepeat.get(result.repeat) ?? [];
    list.push(value);
    byRepeat.set(result.repeat, list);
  }
  if (byRepeat.size < 2) return null;
  return populationSd([...byRepeat.values()].map(mean));
}
function estimateNoise(suite, base, metricName, metric, seed) {
  const spread = metric.spread ?? repeatSpread(suite.cases, metricName);
  if (!base) return void 0;
  const headValues = perCaseValues(suite.cases, metricName);
  const baseValues = perCaseValues(base.cases, metricName);
  const paired = [];
  for (const [id, value] of headValues) {
    const old = baseValues.get(id);
    if (old !== void 0) paired.push([old, value]);
  }
  const isPaired = paired.length >= 2;
  const interval = isPaired ? bootstrapChange({ paired }, { seed }) : bootstrapChange({ base: [...baseValues.values()], head: [...headValues.values()] }, { seed });
  if (!interval) return void 0;
  return {
    spread,
    ciLow: interval.low,
    ciHigh: interval.high,
    paired: isPaired,
    insideNoise: interval.low <= 0 && interval.high >= 0
  };
}
function formatNumber(value) {
  if (Number.isInteger(value)) return String(value);
  const abs = Math.abs(value);
  return abs >= 100 ? value.toFixed(0) : abs >= 1 ? value.toFixed(2) : value.toFixed(3);
}
function formatPercent(value) {
  return `${(value * 100).toFixed(1).replace(/\.0$/, "")}%`;
}
function formatSigned(value) {
  return `${value >= 0 ? "+" : "\u2212"}${formatNumber(Math.abs(value))}`;
}

// src/report/format.ts
var MINUS = "\u2212";
function formatValue(value, unit) {
  if (value === null || !Number.isFinite(value)) return "\u2014";
  switch (unit) {
    case "usd":
      return `$${Math.abs(value) >= 1 ? value.toFixed(2) : value.toFixed(4)}`;
    case "ms":
      return Math.abs(value) >= 1e3 ? `${(value / 1e3).toFixed(1)} s` : `${Math.round(value)} ms`;
    case "count":
      return Number.isInteger(value) ? value.toLocaleString("en-US") : value.toFixed(1);
    default:
      return Number.isInteger(value) ? String(value) : value.toFixed(3);
  }
}
function signed(text, negative) {
  return `${negative ? MINUS : "+"}${text}`;
}
function formatPercentChange(rel) {
  return signed(`${Math.abs(rel * 100).toFixed(1)}%`, rel < 0);
}
function formatDelta(row) {
  if (row.delta === null) return "\u2014";
  if (Math.abs(row.delta) < 1e-12) return "\xB10";
  const absolute = signed(formatValue(Math.abs(row.delta), row.unit), row.delta < 0);
  return row.relDelta === null ? absolute : `${absolute} (${formatPercentChange(row.relDelta)})`;
}
function formatDuration(ms) {
  if (!Number.isFinite(ms) || ms < 0) return "\u2014";
  if (ms < 1e3) return `${Math.round(ms)} ms`;
  const seconds = Math.round(ms / 1e3);
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ${seconds % 60}s`;
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}
function formatCost(usd) {
  return usd === null ? "cost unknown" : `$${usd >= 1 ? usd.toFixed(2) : usd.toFixed(4)}`;
}
var STATUS_LABEL = {
  pass: "\u2705 pass",
  fail: "\u274C fail",
  new: "\u{1F195} new",
  noise: "\u3030\uFE0F noise",
  info: "\xB7 reported",
  error: "\u26A0\uFE0F error"
};
function shortSha(sha) {
  return sha ? sha.slice(0, 7) : void 0;
}

// src/report/text.ts
var STATUS_TEXT = { pass: "pass", fail: "FAIL", new: "new", noise: "noise", info: "-", error: "ERROR" };
var COLORS = { red: 31, green: 32, yellow: 33, dim: 2, bold: 1 };
function clean(text, max = 100) {
  const flat = text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}\u2026` : flat;
}
function table(rows) {
  const widths = [];
  for (const row of rows) {
    row.forEach((cell, i) => {
      widths[i] = Math.max(widths[i] ?? 0, [...cell].length);
    });
  }
  return rows.map(
    (row) => row.map((cell, i) => i === row.length - 1 ? cell : cell + " ".repeat(widths[i] - [...cell].length)).join("  ").trimEnd()
  );
}
function renderTextReport(results, verdict, options = {}) {
  const paint = (code, text) => options.color ? `\x1B[${code}m${text}\x1B[0m` : text;
  const statusText = (status) => {
    const text = STATUS_TEXT[status];
    if (status === "fail" || status === "error") return paint(COLORS.red, text);
    if (status === "noise") return paint(COLORS.yellow, text);
    return status === "pass" ? paint(COLORS.green, text) : text;
  };
  const lines = [];
  const verdictText = verdict.verdict === "pass" ? paint(COLORS.green, "PASS") : paint(COLORS.red, "FAIL");
  const baseline = verdict.baseline.found ? `baseline ${[verdict.baseline.branch, shortSha(verdict.baseline.commit)].filter(Boolean).join(" @ ") || "given"}` : "no baseline (thresholds only)";
  lines.push(`evalgate ${verdictText}  ${baseline}${verdict.profile ? `  profile ${verdict.profile}` : ""}`);
  for (const suite of verdict.suites) {
    lines.push("");
    const header = `${suite.status === "pass" ? paint(COLORS.green, "\u2713") : paint(COLORS.red, "\u2717")} ${paint(COLORS.bold, clean(suite.suite))}`;
    lines.push(
      `${header}  ${suite.counts.scored}/${suite.counts.cases} scored, ${suite.counts.errors} errors, ${formatCost(suite.costUsd)}, ${formatDuration(suite.durationMs)}`
    );
    const rows = [["  metric", "baseline", "now", "delta", "status"]];
    for (const row of suite.rows) {
      rows.push([
        `  ${clean(row.metric)}${row.direction === "lower" ? " (lower)" : ""}`,
        formatValue(row.baseline, row.unit),
        formatValue(row.now, row.unit),
        formatDelta(row),
        statusText(row.status)
      ]);
    }
    lines.push(...table(rows).map((line, i) => i === 0 ? paint(COLORS.dim, line) : line));
    for (const reason of suite.reasons) lines.push(`  ${paint(COLORS.red, "\u2192")} ${clean(reason, 300)}`);
    const worst = suite.changes.filter((c) => c.kind === "errored" || c.kind === "regressed").slice(0, options.worstCases ?? 5);
    for (const change2 of worst) {
      const where = `${change2.source.file}${change2.source.line ? `:${change2.source.line}` : ""}`;
      const what = change2.kind === "errored" ? `error: ${clean(change2.error ?? "", 120)}` : `${formatValue(change2.before, "ratio")} \u2192 ${formatValue(change2.after, "ratio")}`;
      lines.push(
        `    ${change2.kind === "errored" ? "!" : "\u2193"} ${clean(change2.title || change2.caseId, 60)}  ${what}  ${paint(COLORS.dim, where)}`
      );
    }
  }
  if (verdict.notRun.length) lines.push("", `not run (kept from the baseline): ${verdict.notRun.join(", ")}`);
  const cost = Object.values(results.suites).map((s) => s.costUsd).filter((c) => c !== null);
  lines.push(
    "",
    `${verdict.failures.length} failure${verdict.failures.length === 1 ? "" : "s"} \xB7 ${cost.length ? formatCost(cost.reduce((a, b) => a + b, 0)) : "cost unknown"} \xB7 ${formatDuration(results.run.durationMs)}`
  );
  return `${lines.join("\n")}
`;
}

export {
  evaluateGate,
  formatValue,
  formatDelta,
  formatDuration,
  formatCost,
  STATUS_LABEL,
  shortSha,
  renderTextReport
};
