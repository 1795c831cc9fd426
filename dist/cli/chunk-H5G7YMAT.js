#!/usr/bin/env node
import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);
import {
  planEvaluation
} from "./chunk-IV2PZSAY.js";

// src/engine/validate.ts
async function validateConfig(configPath, env = process.env) {
  const plan = await planEvaluation({ configPath, selection: { repeat: 1 }, env });
  return {
    configPath: plan.loaded.displayPath,
    suites: plan.suites.map((suite) => ({ name: suite.name, kind: suite.kind, cases: suite.cases.length, warnings: suite.warnings }))
  };
}

export {
  validateConfig
};
