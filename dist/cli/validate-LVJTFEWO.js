#!/usr/bin/env node
import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);
import {
  planEvaluation
} from "./chunk-LX3GK3FO.js";
import "./chunk-3G35ZZQV.js";
import "./chunk-NVDXVC5C.js";
import {
  EXIT
} from "./chunk-45KVZL34.js";
import "./chunk-S5BXLG7V.js";
import "./chunk-WNP4D27T.js";

// src/cli/validate.ts
import { parseArgs } from "node:util";
async function validateCommand(argv, env = process.env) {
  const { values } = parseArgs({
    args: argv,
    options: {
      config: { type: "string", short: "c", default: "evals/evalgate.yml" },
      help: { type: "boolean", short: "h", default: false }
    },
    strict: true
  });
  if (values.help) {
    process.stdout.write(
      "Usage: evalgate validate [-c evals/evalgate.yml]\n\nChecks the config, every suite's files and the secrets the models need.\n"
    );
    return EXIT.pass;
  }
  const plan = await planEvaluation({ configPath: values.config, selection: { repeat: 1 }, env });
  const lines = [`${plan.loaded.displayPath}: valid`];
  for (const suite of plan.suites) {
    lines.push(`  ${suite.name} (${suite.kind}): ${suite.cases.length} cases`);
    for (const warning of suite.warnings) lines.push(`    warning: ${warning}`);
  }
  process.stdout.write(`${lines.join("\n")}
`);
  return EXIT.pass;
}
export {
  validateCommand
};
