#!/usr/bin/env node
import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);
import {
  formatOptionsHelp,
  parseOptions
} from "./chunk-NWDDUUXL.js";
import {
  validateConfig
} from "./chunk-KLCGJ7TL.js";
import "./chunk-R2ZI4W4O.js";
import "./chunk-XBCLNMO5.js";
import "./chunk-BMKMWACF.js";
import "./chunk-ZU2EOWPZ.js";
import {
  EXIT
} from "./chunk-YIO6E4VB.js";
import "./chunk-CLWITDYN.js";
import "./chunk-UWPUVC7Q.js";
import "./chunk-7HQVGBFJ.js";
import "./chunk-33GHOKYD.js";
import "./chunk-UG2LRVHV.js";
import "./chunk-FB7BGH6U.js";
import "./chunk-IDREERYM.js";
import "./chunk-GMEJ4PAQ.js";
import "./chunk-GGGSQSPQ.js";
import "./chunk-V357DLSG.js";
import "./chunk-WFVRFHK2.js";
import {
  plural
} from "./chunk-UZVVKZBF.js";
import "./chunk-NGCLNXDY.js";
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
