#!/usr/bin/env node
import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);
import {
  aggregateSuite,
  suiteKinds,
  sumKnown
} from "./chunk-LX3GK3FO.js";
import "./chunk-3G35ZZQV.js";
import {
  RESULTS_SCHEMA,
  caseKey,
  loadConfig,
  readResultsFile,
  writeJsonFile
} from "./chunk-NVDXVC5C.js";
import {
  EXIT,
  UsageError
} from "./chunk-45KVZL34.js";
import "./chunk-S5BXLG7V.js";
import "./chunk-WNP4D27T.js";

// src/cli/merge.ts
import { parseArgs } from "node:util";

// src/engine/merge.ts
function mergeResults(inputs, config) {
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
    const suiteKind = suiteKinds[bucket.kind];
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
        mergedFrom: inputs.length
      },
      suites
    }
  };
}

// src/cli/merge.ts
async function mergeCommand(argv) {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      config: { type: "string", short: "c", default: "evals/evalgate.yml" },
      out: { type: "string", short: "o", default: ".evalgate/results.json" },
      help: { type: "boolean", short: "h", default: false }
    },
    allowPositionals: true,
    strict: true
  });
  if (values.help) {
    process.stdout.write("Usage: evalgate merge [-c evals/evalgate.yml] [-o results.json] shard1.json shard2.json ...\n");
    return EXIT.pass;
  }
  if (positionals.length === 0) throw new UsageError("merge needs the shard results files");
  const { config } = await loadConfig(values.config);
  const inputs = await Promise.all(positionals.map(async (file) => ({ file, results: await readResultsFile(file) })));
  const { results, warnings } = mergeResults(inputs, config);
  for (const warning of warnings) process.stderr.write(`warning: ${warning}
`);
  await writeJsonFile(values.out, results);
  const cases = Object.values(results.suites).reduce((n, s) => n + s.cases.length, 0);
  process.stdout.write(`merged ${inputs.length} files, ${cases} cases -> ${values.out}
`);
  return EXIT.pass;
}
export {
  mergeCommand
};
