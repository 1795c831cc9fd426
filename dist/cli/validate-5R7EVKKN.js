#!/usr/bin/env node
import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);
import {
  validateConfig
} from "./chunk-MNIYEFMK.js";
import "./chunk-SZFGL4NY.js";
import "./chunk-ZU2EOWPZ.js";
import {
  formatOptionsHelp,
  parseOptions
} from "./chunk-RY3XIEDU.js";
import "./chunk-TU62SUNI.js";
import "./chunk-Z33VT27Q.js";
import {
  EXIT,
  plural
} from "./chunk-7NFMH2RE.js";
import "./chunk-WNP4D27T.js";

// src/cli/validate.ts
var VALIDATE_OPTIONS = {
  config: { type: "string", short: "c", arg: "<file>", help: "the suite config", default: "evals/evalgate.yml" }
};
async function validateCommand(argv, env = process.env) {
  const { values } = parseOptions(argv, VALIDATE_OPTIONS);
  if (values.help) {
    process.stdout.write(
      `Usage: evalgate validate [options]

Checks the config, every suite's files and the secrets the models need.

${formatOptionsHelp(VALIDATE_OPTIONS)}
`
    );
    return EXIT.pass;
  }
  const report = await validateConfig(values.config, env);
  const lines = [`${report.configPath}: valid`];
  for (const suite of report.suites) {
    lines.push(`  ${suite.name} (${suite.kind}): ${plural(suite.cases, "case")}`);
    for (const warning of suite.warnings) lines.push(`    warning: ${warning}`);
  }
  process.stdout.write(`${lines.join("\n")}
`);
  return EXIT.pass;
}
export {
  validateCommand
};
