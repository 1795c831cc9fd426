#!/usr/bin/env node
import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);
import {
  loadSuiteKinds,
  mean,
  populationSd
} from "./chunk-V357DLSG.js";
import {
  matchGlob
} from "./chunk-3TT36F2J.js";

// src/engine/gate-context.ts
async function gateContextFor(config, extra = {}) {
  const kinds = config ? await loadSuiteKinds(Object.values(config.suites).map((suite) => suite.kind)) : /* @__PURE__ */ new Map();
  const maxAge = config?.baseline["max-age"];
  return {
    ...config ? { aggregate: suiteAggregator(config, kinds) } : {},
    ...maxAge !== void 0 ? { maxBaselineAgeMs: maxAge } : {},
    now: /* @__PURE__ */ new Date(),
    ...extra
  };
}
function suiteAggregator(config, kinds) {
  return (suite, kind, cases) => {
    const options = Object.hasOwn(config.suites, suite) ? config.suites[suite] : void 0;
    const suiteKind = kinds.get(kind);
    if (!options || options.kind !== kind || !suiteKind) return null;
    return suiteKind.aggregate(cases, options).metrics;
  };
}

// src/gate/case-values.ts
function caseMetricValue(result, metricName) {
  const direct = result.metrics[metricName];
  if (typeof direct === "number" && Number.isFinite(direct)) return direct;
  const slash = metricName.lastIndexOf("/");
  if (slash <= 0) return void 0;
  const group = metricName.slice(0, slash);
  if (!Object.values(result.tags ?? {}).includes(group)) return void 0;
  const value = result.metrics[metricName.slice(slash + 1)];
  return typeof value === "number" && Number.isFinite(value) ? value : void 0;
}
function metricGroup(result, metricName) {
  const slash = metricName.lastIndexOf("/");
  if (slash <= 0) return void 0;
  const group = metricName.slice(0, slash);
  return Object.values(result.tags ?? {}).includes(group) ? group : void 0;
}

// src/gate/cases.ts
var EPSILON = 1e-9;
function mainScoreMetrics(suite) {
  const gated = Object.entries(suite.metrics).filter(([, metric]) => metric.gated && metric.direction === "higher");
  const ratios = gated.filter(([, metric]) => metric.unit === "ratio");
  return (ratios.length > 0 ? ratios : gated).map(([name]) => name);
}
function caseScore(result, mainMetrics) {
  if (result.status !== "scored") return null;
  const values = mainMetrics.flatMap((name) => {
    const value = caseMetricValue(result, name);
    return value === void 0 ? [] : [value];
  });
  return values.length ? mean(values) : null;
}
function caseGroup(result, mainMetrics) {
  for (const name of mainMetrics) {
    const group = caseMetricValue(result, name) !== void 0 ? metricGroup(result, name) : void 0;
    if (group) return group;
  }
  return void 0;
}
var KIND_ORDER = ["errored", "regressed", "low", "disappeared", "appeared", "changed", "recovered", "improved"];
function emptyChangeCounts() {
  return { regressed: 0, improved: 0, appeared: 0, disappeared: 0, errored: 0, recovered: 0, low: 0, changed: 0 };
}
function changedCaseIds(head, baseline) {
  const before = /* @__PURE__ */ new Map();
  for (const result of baseline?.cases ?? []) if (result.fingerprint) before.set(result.caseId, result.fingerprint);
  const changed = /* @__PURE__ */ new Set();
  for (const result of head.cases) {
    const old = before.get(result.caseId);
    if (old && result.fingerprint && old !== result.fingerprint) changed.add(result.caseId);
  }
  return changed;
}
function change(result, kind, before, after, group) {
  const entry = {
    suite: result.suite,
    caseId: result.caseId,
    repeat: result.repeat,
    title: result.title,
    source: result.source,
    kind,
    ...group ? { group } : {},
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
  const changedIds = changedCaseIds(head, baseline);
  const changes = [];
  const seen = /* @__PURE__ */ new Set();
  for (const result of head.cases) {
    seen.add(key(result));
    const old = before.get(key(result));
    const after = caseScore(result, main);
    const previous = old ? caseScore(old, main) : null;
    const group = caseGroup(result, main) ?? (old ? caseGroup(old, main) : void 0);
    if (result.status === "error") {
      changes.push(change(result, "errored", previous, null, group));
    } else if (!baseline) {
    } else if (!old) {
      changes.push(change(result, "appeared", null, after, group));
    } else if (changedIds.has(result.caseId)) {
      changes.push(change(result, "changed", previous, after, group));
    } else if (old.status === "error") {
      changes.push(change(result, "recovered", null, after, group));
    } else if (after !== null && previous !== null && after < previous - EPSILON) {
      changes.push(change(result, "regressed", previous, after, group));
    } else if (after !== null && previous !== null && after > previous + EPSILON) {
      changes.push(change(result, "improved", previous, after, group));
    }
  }
  for (const old of baseline?.cases ?? []) {
    if (!seen.has(key(old))) changes.push(change(old, "disappeared", caseScore(old, main), null, caseGroup(old, main)));
  }
  return sortChanges(changes);
}
function lowScoringCases(head, minScore) {
  const main = mainScoreMetrics(head);
  const low = [];
  for (const result of head.cases) {
    const score = caseScore(result, main);
    if (score !== null && score < minScore) low.push(change(result, "low", null, score, caseGroup(result, main)));
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

// src/gate/significance.ts
var ALPHA = 0.05;
function mcnemarExact(worse, better) {
  const n = worse + better;
  if (n === 0) return 1;
  const k = Math.min(worse, better);
  let logChoose = 0;
  let tail = 0;
  for (let i = 0; i <= k; i++) {
    if (i > 0) logChoose += Math.log(n - i + 1) - Math.log(i);
    tail += Math.exp(logChoose - n * Math.LN2);
  }
  return Math.min(1, 2 * tail);
}
function isBinary(values) {
  for (const value of values) if (value !== 0 && value !== 1) return false;
  return true;
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
function perCaseValues(cases, metric, ids, changed) {
  const sums = /* @__PURE__ */ new Map();
  for (const result of cases) {
    if (result.status !== "scored" || changed.has(result.caseId) || ids && !ids.has(result.caseId)) continue;
    const value = caseMetricValue(result, metric);
    if (value === void 0) continue;
    const list = sums.get(result.caseId) ?? [];
    list.push(value);
    sums.set(result.caseId, list);
  }
  return new Map([...sums].map(([id, values]) => [id, mean(values)]));
}
function repeatSpread(cases, metric) {
  const byRepeat = /* @__PURE__ */ new Map();
  for (const result of cases) {
    const value = result.status === "scored" ? caseMetricValue(result, metric) : void 0;
    if (value === void 0) continue;
    const list = byRepeat.get(result.repeat) ?? [];
    list.push(value);
    byRepeat.set(result.repeat, list);
  }
  if (byRepeat.size < 2) return null;
  return populationSd([...byRepeat.values()].map(mean));
}
function estimateNoise(suite, base, metricName, metric, direction, scope, repeated, seed) {
  const spread = metric.spread ?? repeatSpread(suite.cases, metricName);
  const headValues = perCaseValues(suite.cases, metricName, scope.ids, scope.changed);
  const baseValues = perCaseValues(base.cases, metricName, scope.ids, scope.changed);
  const paired = [];
  for (const [id, value] of headValues) {
    const old = baseValues.get(id);
    if (old !== void 0) paired.push([old, value]);
  }
  const isPaired = paired.length >= 2;
  if (!isPaired && !repeated) return void 0;
  const interval = isPaired ? bootstrapChange({ paired }, { seed }) : bootstrapChange({ base: [...baseValues.values()], head: [...headValues.values()] }, { seed });
  if (!interval) return void 0;
  const estimate = {
    spread,
    ciLow: interval.low,
    ciHigh: interval.high,
    paired: isPaired,
    // A zero-width interval is no evidence of noise: every matched case moved the same way.
    insideNoise: interval.low <= 0 && interval.high >= 0 && interval.high > interval.low
  };
  if (isPaired && isBinary(paired.flat())) {
    const worse = paired.filter(([old, now]) => direction === "higher" ? now < old : now > old).length;
    const better = paired.filter(([old, now]) => direction === "higher" ? now > old : now < old).length;
    const p = mcnemarExact(worse, better);
    estimate.mcnemar = { worse, better, p };
    estimate.insideNoise = p >= ALPHA;
  }
  return estimate;
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
  if (metric.bounds) {
    rule.minScore = metric.bounds.min;
    rule.maxScore = metric.bounds.max;
  }
  const key = `${suite}/${metricName}`;
  applyOverrides(rule, gate.metrics, key);
  if (profile) applyOverrides(rule, profile.metrics, key);
  return rule;
}
function resolveMaxErrorRate(gate, profile) {
  return profile?.["max-error-rate"] ?? gate["max-error-rate"];
}

// src/gate/scope.ts
function comparisonScope(name, suite, base, ctx) {
  const changed = changedCaseIds(suite, base);
  if (!base) return { base: void 0, head: suite.metrics, ids: null, changed };
  const headIds = new Set(suite.cases.map((result) => result.caseId));
  const baseIds = new Set(base.cases.map((result) => result.caseId));
  const ids = new Set([...headIds].filter((id) => baseIds.has(id) && !changed.has(id)));
  if (ids.size === headIds.size && ids.size === baseIds.size) return { base: base.metrics, head: suite.metrics, ids: null, changed };
  const notRun = [...baseIds].filter((id) => !headIds.has(id)).length;
  const added = [...headIds].filter((id) => !baseIds.has(id)).length;
  const parts = [
    notRun ? `${notRun} not in this run` : "",
    changed.size ? `${changed.size} changed since the baseline` : "",
    added ? `${added} new` : ""
  ].filter(Boolean);
  const whole = { base: base.metrics, head: suite.metrics, ids: null, changed };
  if (ids.size === 0)
    return { ...whole, note: `no case in common with the baseline (${parts.join(", ")}): compared with the whole baseline` };
  const recompute = (from) => ctx.aggregate?.(
    name,
    from.kind,
    from.cases.filter((result) => ids.has(result.caseId))
  ) ?? null;
  const baseSubset = recompute(base);
  const headSubset = ids.size === headIds.size ? suite.metrics : recompute(suite);
  if (!baseSubset || !headSubset) {
    return {
      ...whole,
      note: `${parts.join(", ")}; the baseline could not be recomputed over the same cases: compared with the whole baseline`
    };
  }
  return {
    base: baseSubset,
    head: headSubset,
    ids,
    changed,
    note: `compared on the ${ids.size} of ${baseIds.size} baseline cases this run shares (${parts.join(", ")})`
  };
}

// src/gate/evaluate.ts
function evaluateGate(head, baseline, gate, ctx = {}) {
  const picked = pickProfile(gate, ctx.branch);
  const profile = picked?.profile ?? null;
  const repeated = hasRepeats(head) || baseline !== null && hasRepeats(baseline);
  const partial = (head.run.partial?.length ?? 0) > 0;
  const suites = [];
  for (const [name, suite] of Object.entries(head.suites)) {
    suites.push(evaluateSuite(name, suite, baseline?.suites[name], gate, profile, { repeated, partial, ctx }));
  }
  const failures = suites.flatMap((suite) => suite.reasons.map((reason) => `${suite.suite}: ${reason}`));
  const errors = [
    ...ctx.errors ?? [],
    ...head.run.errors ?? [],
    ...suites.flatMap((suite) => suite.errors.map((error) => `${suite.suite}: ${error}`))
  ];
  if (suites.length === 0) errors.push("no suite ran");
  const info = baselineInfo(baseline, ctx.now);
  return {
    verdict: errors.length > 0 ? "error" : failures.length > 0 ? "fail" : "pass",
    errors,
    notes: runNotes(head, info, ctx),
    profile: picked?.name ?? null,
    baseline: info,
    suites,
    notRun: baseline ? Object.keys(baseline.suites).filter((name) => !(name in head.suites)) : [],
    failures,
    repeated
  };
}
function baselineInfo(baseline, now) {
  if (!baseline) return { found: false };
  const info = { found: true, commit: baseline.run.commit, branch: baseline.run.branch, finishedAt: baseline.run.finishedAt };
  const finished = Date.parse(baseline.run.finishedAt);
  if (now && Number.isFinite(finished)) info.ageMs = Math.max(0, now.getTime() - finished);
  if (baseline.run.configHash) info.configHash = baseline.run.configHash;
  return info;
}
function runNotes(head, baseline, ctx) {
  const notes = [];
  if (head.run.partial?.length) notes.push(`partial run (${head.run.partial.join("; ")}): compared on the cases it ran`);
  if (baseline.ageMs !== void 0 && ctx.maxBaselineAgeMs !== void 0 && baseline.ageMs > ctx.maxBaselineAgeMs) {
    notes.push(`the baseline is ${formatAge(baseline.ageMs)} old, older than baseline.max-age (${formatAge(ctx.maxBaselineAgeMs)})`);
  }
  if (baseline.configHash && head.run.configHash && baseline.configHash !== head.run.configHash) {
    notes.push("the baseline was made with a different evalgate.yml: thresholds, models or suites may differ");
  }
  return notes;
}
function formatAge(ms) {
  const hours = ms / 36e5;
  if (hours < 1) return `${Math.max(1, Math.round(ms / 6e4))} min`;
  if (hours < 48) return `${Math.round(hours)} h`;
  return `${Math.round(hours / 24)} days`;
}
function hasRepeats(results) {
  return Object.values(results.suites).some((suite) => suite.cases.some((result) => result.repeat > 0));
}
function evaluateSuite(name, suite, base, gate, profile, { repeated, partial, ctx }) {
  const reasons = [];
  const errors = [];
  const { cases, scored, errors: errorCount } = suite.counts;
  const errorRate = cases > 0 ? errorCount / cases : 0;
  const maxErrorRate = resolveMaxErrorRate(gate, profile);
  if (scored === 0)
    errors.push(cases === 0 ? "no case ran" : `nothing measured: no case could be scored (${errorCount} of ${cases} failed)`);
  else if (errorRate > maxErrorRate)
    reasons.push(
      `error rate ${formatPercent(errorRate)} (${errorCount} of ${cases} cases) is over max-error-rate ${formatPercent(maxErrorRate)}`
    );
  const scope = comparisonScope(name, suite, base, ctx);
  const rows = [];
  let minScore;
  for (const [metricName, metric] of Object.entries(suite.metrics)) {
    const rule = resolveRule(gate, profile, name, metricName, metric);
    if (rule.gated && rule.direction === "higher" && minScore === void 0) minScore = rule.minScore;
    const noise = base && rule.gated ? estimateNoise(suite, base, metricName, metric, rule.direction, scope, repeated, ctx.seed ?? 1) : void 0;
    const compared = scope.head[metricName] ?? { ...metric, value: null, n: 0 };
    const row = evaluateMetric(metricName, compared, scope.base?.[metricName], rule, noise, gate["fail-inside-noise"], {
      measured: metric,
      partial
    });
    if (scope.ids) row.whole = { baseline: base?.metrics[metricName]?.value ?? null, now: metric.value };
    rows.push(row);
    if (row.failing && row.status === "error") errors.push(`${metricName}: ${row.reason}`);
    else if (row.failing) reasons.push(`${metricName}: ${row.reason}`);
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
  const headIds = new Set(suite.cases.map((result) => result.caseId));
  const comparedBase = base && partial ? { ...base, cases: base.cases.filter((result) => headIds.has(result.caseId)) } : base;
  const changes = compareCases(suite, comparedBase);
  const changeCounts = emptyChangeCounts();
  for (const entry of changes) changeCounts[entry.kind]++;
  let failingCases = changes.filter(
    (entry) => entry.kind === "errored" || entry.kind === "regressed" && reasons.length > 0
  );
  if (reasons.length > 0 && !base && minScore !== void 0) failingCases = failingCases.concat(lowScoringCases(suite, minScore));
  return {
    suite: name,
    kind: suite.kind,
    status: errors.length > 0 ? "error" : reasons.length > 0 ? "fail" : "pass",
    rows,
    reasons,
    errors,
    ...scope.note ? { comparedOn: scope.note } : {},
    counts: suite.counts,
    errorRate,
    maxErrorRate,
    costUsd: suite.costUsd,
    ...suite.unpricedCases ? { unpricedCases: suite.unpricedCases } : {},
    durationMs: suite.durationMs,
    hasBaseline: base !== void 0,
    changes,
    changeCounts,
    failingCases
  };
}
function evaluateMetric(name, metric, baseMetric, rule, noise, failInsideNoise, scope = {}) {
  const now = metric.value;
  const measured = scope.measured ?? metric;
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
  const value = measured.value;
  if (value === null || measured.n === 0 || !Number.isFinite(value)) {
    return rule.gated ? set("error", "nothing measured: no scored case (n = 0)", true) : set("info", "no value (n = 0)", false);
  }
  if (!rule.gated) return set("info", "", false);
  const higher = rule.direction === "higher";
  let note = "";
  const overThreshold = (limit2, under) => under ? value < limit2 : value > limit2;
  const thresholds = [
    [higher ? rule.minScore : void 0, true, "under min-score"],
    [higher ? void 0 : rule.maxScore, false, "over max-score"]
  ];
  for (const [limit2, under, words] of thresholds) {
    if (limit2 === void 0 || !overThreshold(limit2, under)) continue;
    const what = `${formatNumber(value)} is ${words} ${formatNumber(limit2)}`;
    if (scope.partial && baseline !== null && (under ? baseline < limit2 : baseline > limit2)) {
      note = `${what}, as is the baseline on the same cases (${formatNumber(baseline)}): not a new failure`;
    } else return set("fail", what, true);
  }
  if (baseline === null || delta === null || now === null) return set("new", "no baseline yet", false);
  const limit = higher ? rule.maxDrop : rule.maxRise;
  const worse = higher ? -delta : delta;
  const relativeWorse = baseline !== 0 ? worse / Math.abs(baseline) : worse > 0 ? Number.POSITIVE_INFINITY : 0;
  if (relativeWorse > limit + 1e-12) {
    const verb = higher ? "dropped" : "rose";
    const what = `${verb} ${baseline !== 0 ? formatPercent(relativeWorse) : formatNumber(worse)} (${formatNumber(baseline)} \u2192 ${formatNumber(now)}), over max-${higher ? "drop" : "rise"} ${formatPercent(limit)}`;
    if (noise?.insideNoise) {
      const evidence = noise.mcnemar ? `McNemar p = ${formatNumber(noise.mcnemar.p)}: ${noise.mcnemar.worse} cases worse, ${noise.mcnemar.better} better` : `95% CI of the change ${formatSigned(noise.ciLow)} \u2026 ${formatSigned(noise.ciHigh)}`;
      const verdict = failInsideNoise ? "fails anyway (fail-inside-noise: true)" : "not failing (fail-inside-noise: false)";
      return set("noise", `${what}, but not significant (${evidence}); ${verdict}`, failInsideNoise);
    }
    return set("fail", what, true);
  }
  return set("pass", note, false);
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

export {
  gateContextFor,
  mainScoreMetrics,
  caseScore,
  evaluateGate,
  formatAge,
  formatNumber
};
