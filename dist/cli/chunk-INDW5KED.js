#!/usr/bin/env node
import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);
import {
  aggregateSuite,
  caseKey,
  sumKnown
} from "./chunk-R2ZI4W4O.js";
import {
  loadSuiteKinds
} from "./chunk-V357DLSG.js";
import {
  RESULTS_SCHEMA,
  countUnpricedCases,
  sumUnpriced,
  unpricedField
} from "./chunk-NGCLNXDY.js";

// src/engine/merge.ts
function kindsOfShards(inputs) {
  return loadSuiteKinds(inputs.flatMap((input) => Object.values(input.results.suites).map((suite) => suite.kind)));
}
function mergeResults(inputs, config, kinds) {
  if (inputs.length === 0) throw new Error("merge: no results files given");
  const warnings = [];
  const first = inputs[0].results;
  for (const { file, results } of inputs.slice(1)) {
    if (results.run.configHash !== first.run.configHash)
      warnings.push(`${file}: made from a different config (hash ${results.run.configHash} vs ${first.run.configHash})`);
    if (results.run.commit !== first.run.commit)
      warnings.push(`${file}: made at commit ${results.run.commit ?? "?"}, not ${first.run.commit ?? "?"}`);
  }
  const casesBySuite = /* @__PURE__ */ new Map();
  const seen = /* @__PURE__ */ new Map();
  for (const { file, results } of inputs) {
    for (const [name, suite] of Object.entries(results.suites)) {
      const bucket = casesBySuite.get(name) ?? { kind: suite.kind, cases: [], warnings: [], durationMs: 0 };
      bucket.durationMs = Math.max(bucket.durationMs, suite.durationMs);
      for (const warning of suite.warnings) if (!bucket.warnings.includes(warning)) bucket.warnings.push(warning);
      for (const c of suite.cases) {
        const key = caseKey(name, c.caseId, c.repeat);
        const other = seen.get(key);
        if (other)
          throw new Error(
            `merge: case ${name}/${c.caseId} (repeat ${c.repeat}) is in both ${other} and ${file}; were the shards overlapping?`
          );
        seen.set(key, file);
        bucket.cases.push(c);
      }
      casesBySuite.set(name, bucket);
    }
  }
  const suites = {};
  const repeat = Math.max(...inputs.map((i) => i.results.run.selection.repeat ?? 1));
  for (const [name, bucket] of casesBySuite) {
    const options = config.suites[name];
    const suiteKind = kinds.get(bucket.kind);
    if (!options || !suiteKind) throw new Error(`merge: suite "${name}" is not in the config, so its metrics cannot be recomputed`);
    bucket.cases.sort(
      (a, b) => a.source.file.localeCompare(b.source.file) || (a.source.line ?? 0) - (b.source.line ?? 0) || a.caseId.localeCompare(b.caseId) || a.repeat - b.repeat
    );
    const aggregated = aggregateSuite({ suiteKind, options }, bucket.cases, repeat);
    suites[name] = {
      kind: bucket.kind,
      metrics: aggregated.metrics,
      counts: {
        cases: bucket.cases.length,
        scored: bucket.cases.filter((c) => c.status === "scored").length,
        errors: bucket.cases.filter((c) => c.status === "error").length
      },
      costUsd: sumKnown(bucket.cases.map((c) => c.costUsd)),
      ...unpricedField(countUnpricedCases(bucket.cases)),
      requests: bucket.cases.reduce((n, c) => n + c.requests, 0),
      durationMs: bucket.durationMs,
      warnings: [...bucket.warnings, ...aggregated.warnings],
      ...aggregated.breakdowns ? { breakdowns: aggregated.breakdowns } : {},
      cases: bucket.cases
    };
  }
  const starts = inputs.map((i) => i.results.run.startedAt).sort();
  const ends = inputs.map((i) => i.results.run.finishedAt).sort();
  const { shard: _shard, ...selection } = first.run.selection;
  const shardTotal = first.run.selection.shard?.total;
  const partial = [
    ...new Set(inputs.flatMap((i) => (i.results.run.partial ?? []).filter((reason) => !/^shard \d+\/\d+/.test(reason)))),
    ...shardTotal !== void 0 && inputs.length < shardTotal ? [`${inputs.length} of ${shardTotal} shards merged`] : []
  ];
  const errors = [...new Set(inputs.flatMap((i) => i.results.run.errors ?? []))];
  return {
    warnings,
    results: {
      schema: RESULTS_SCHEMA,
      run: {
        ...first.run,
        startedAt: starts[0],
        finishedAt: ends[ends.length - 1],
        durationMs: Math.max(...inputs.map((i) => i.results.run.durationMs)),
        selection,
        requests: inputs.reduce((n, i) => n + (i.results.run.requests ?? 0), 0),
        cacheHits: inputs.reduce((n, i) => n + (i.results.run.cacheHits ?? 0), 0),
        costUsd: sumKnown(Object.values(suites).map((s) => s.costUsd)),
        ...unpricedField(sumUnpriced(Object.values(suites))),
        mergedFrom: inputs.length,
        partial: partial.length ? partial : void 0,
        errors: errors.length ? errors : void 0
      },
      suites
    }
  };
}

export {
  kindsOfShards,
  mergeResults
};
