#!/usr/bin/env node
import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);
import {
  validateConfig
} from "./cli/chunk-KLCGJ7TL.js";
import {
  kindsOfShards,
  mergeResults
} from "./cli/chunk-INDW5KED.js";
import {
  compareResults
} from "./cli/chunk-TNU5VG36.js";
import {
  runEvaluation
} from "./cli/chunk-R2ZI4W4O.js";
import {
  loadConfig
} from "./cli/chunk-XBCLNMO5.js";
import "./cli/chunk-BMKMWACF.js";
import {
  VERSION
} from "./cli/chunk-ZU2EOWPZ.js";
import {
  EXIT
} from "./cli/chunk-YIO6E4VB.js";
import "./cli/chunk-CLWITDYN.js";
import "./cli/chunk-UWPUVC7Q.js";
import "./cli/chunk-7HQVGBFJ.js";
import "./cli/chunk-33GHOKYD.js";
import "./cli/chunk-UG2LRVHV.js";
import "./cli/chunk-FB7BGH6U.js";
import "./cli/chunk-IDREERYM.js";
import "./cli/chunk-GMEJ4PAQ.js";
import "./cli/chunk-GGGSQSPQ.js";
import "./cli/chunk-6ZTPLJQJ.js";
import "./cli/chunk-V357DLSG.js";
import "./cli/chunk-3TT36F2J.js";
import "./cli/chunk-WFVRFHK2.js";
import {
  ConfigError
} from "./cli/chunk-UZVVKZBF.js";
import {
  RESULTS_SCHEMA,
  readResultsFile
} from "./cli/chunk-NGCLNXDY.js";
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
  return mergeResults(inputs, config, await kindsOfShards(inputs));
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
