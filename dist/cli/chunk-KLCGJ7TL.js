#!/usr/bin/env node
import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);
import {
  planEvaluation
} from "./chunk-R2ZI4W4O.js";
import {
  formatProblem
} from "./chunk-UZVVKZBF.js";

// src/engine/validate.ts
async function validateConfig(configPath, env = process.env) {
  const plan = await planEvaluation({ configPath, selection: { repeat: 1 }, env });
  return {
    configPath: plan.loaded.displayPath,
    suites: plan.suites.map(({ name, kind, cases, warnings }) => ({
      name,
      kind,
      cases: cases.length,
      warnings: warnings.map(formatProblem)
    }))
  };
}

export {
  validateConfig
};
