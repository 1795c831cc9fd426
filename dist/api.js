#!/usr/bin/env node
import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);
import {
  validateConfig
} from "./cli/chunk-MNIYEFMK.js";
import {
  mergeResults
} from "./cli/chunk-QJTAHLNH.js";
import {
  compareResults
} from "./cli/chunk-GNBFUQBG.js";
import {
  runEvaluation
} from "./cli/chunk-SZFGL4NY.js";
import {
  VERSION
} from "./cli/chunk-ZU2EOWPZ.js";
import "./cli/chunk-ZRQNI34N.js";
import {
  RESULTS_SCHEMA,
  loadConfig,
  readResultsFile
} from "./cli/chunk-TU62SUNI.js";
import "./cli/chunk-Z33VT27Q.js";
import {
  ConfigError,
  EXIT
} from "./cli/chunk-7NFMH2RE.js";
import "./cli/chunk-WNP4D27T.js";

// src/index.ts
var DEFAULT_CONFIG = "evals/evalgate.yml";
function run(options) {
  return runEvaluation(options);
}
function validate(configPath = DEFAULT_CONFIG, env = process.env) {
  return validateConfig(configPath, env);
}
async function compare(baseline, head, options = {}) {
  return (await compareResults(baseline, head, options)).verdict;
}
async function merge(shards, options = {}) {
  const config = options.config ?? (await loadConfig(options.configPath ?? DEFAULT_CONFIG)).config;
  const inputs = await Promise.all(
    shards.map(async (shard) => typeof shard === "string" ? { file: shard, results: await readResultsFile(shard) } : shard)
  );
  return mergeResults(inputs, config);
}
export {
  ConfigError,
  EXIT,
  RESULTS_SCHEMA,
  VERSION,
  compare,
  merge,
  readResultsFile,
  run,
  validate
};
