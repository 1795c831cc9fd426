#!/usr/bin/env node
import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);
import {
  loadConfig
} from "./chunk-XBCLNMO5.js";
import {
  gateConfig
} from "./chunk-BMKMWACF.js";
import {
  evaluateGate,
  gateContextFor
} from "./chunk-6ZTPLJQJ.js";
import {
  readResultsFile
} from "./chunk-NGCLNXDY.js";

// src/gate/compare.ts
import { access } from "node:fs/promises";
var DEFAULT_CONFIG = "evals/evalgate.yml";
async function configFor(configPath) {
  if (configPath) return (await loadConfig(configPath)).config;
  const present = await access(DEFAULT_CONFIG).then(
    () => true,
    () => false
  );
  return present ? (await loadConfig(DEFAULT_CONFIG)).config : null;
}
async function compareResults(baseline, head, options = {}) {
  const config = await configFor(options.configPath);
  const gate = options.gate ?? config?.gate ?? gateConfig.parse({});
  const baseResults = typeof baseline === "string" ? await readResultsFile(baseline) : baseline;
  const headResults = typeof head === "string" ? await readResultsFile(head) : head;
  const branch = options.branch ?? headResults.run.branch;
  const verdict = evaluateGate(
    headResults,
    baseResults,
    gate,
    await gateContextFor(config, { ...branch ? { branch } : {}, seed: headResults.run.selection?.seed ?? 1 })
  );
  return { verdict, head: headResults };
}

export {
  compareResults
};
