#!/usr/bin/env node
import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);

// src/cli/errors.ts
var EXIT = { pass: 0, gateFailed: 1, badInput: 2, runtime: 3, interrupted: 130 };
var UsageError = class extends Error {
  name = "UsageError";
};

// src/config/errors.ts
function formatProblem(problem) {
  const where = [problem.file, problem.line, problem.line !== void 0 ? problem.column : void 0].filter((part) => part !== void 0).join(":");
  const field = problem.field ? ` ${problem.field}:` : "";
  return `${where}${field} ${problem.message}`;
}
var ConfigError = class extends Error {
  name = "ConfigError";
  problems;
  constructor(problems) {
    super(problems.length === 1 ? formatProblem(problems[0]) : `${problems.length} problems:
${problems.map(formatProblem).join("\n")}`);
    this.problems = problems;
  }
  format() {
    return this.problems.map((problem) => `${problem.severity === "warning" ? "warning" : "error"}: ${formatProblem(problem)}`).join("\n");
  }
};

export {
  EXIT,
  UsageError,
  ConfigError
};
