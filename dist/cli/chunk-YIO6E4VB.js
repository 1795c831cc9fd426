#!/usr/bin/env node
import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);

// src/cli/errors.ts
var EXIT = { pass: 0, gateFailed: 1, badInput: 2, runtime: 3, interrupted: 130 };
var UsageError = class extends Error {
  name = "UsageError";
};
function exitCodeOf(verdict) {
  return verdict.verdict === "pass" ? EXIT.pass : verdict.verdict === "error" ? EXIT.runtime : EXIT.gateFailed;
}

export {
  EXIT,
  UsageError,
  exitCodeOf
};
