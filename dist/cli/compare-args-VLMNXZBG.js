#!/usr/bin/env node
import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);
import {
  SHARED_OPTIONS
} from "./chunk-WK62MJEO.js";
import {
  formatOptionsHelp,
  parseOptions
} from "./chunk-NWDDUUXL.js";
import {
  compareResults
} from "./chunk-TNU5VG36.js";
import "./chunk-XBCLNMO5.js";
import "./chunk-BMKMWACF.js";
import {
  EXIT,
  UsageError,
  exitCodeOf
} from "./chunk-YIO6E4VB.js";
import "./chunk-CLWITDYN.js";
import "./chunk-UG2LRVHV.js";
import "./chunk-FB7BGH6U.js";
import "./chunk-IDREERYM.js";
import "./chunk-GGGSQSPQ.js";
import {
  renderTextReport
} from "./chunk-ITY52KNG.js";
import "./chunk-6ZTPLJQJ.js";
import "./chunk-V357DLSG.js";
import "./chunk-3TT36F2J.js";
import {
  ConfigError
} from "./chunk-UZVVKZBF.js";
import {
  ResultsFileError
} from "./chunk-NGCLNXDY.js";
import "./chunk-WNP4D27T.js";

// src/cli/compare.ts
async function compareCommand(basePath, headPath, options = {}) {
  const stdout = options.stdout ?? process.stdout;
  const stderr = options.stderr ?? process.stderr;
  let verdict;
  let head;
  try {
    ({ verdict, head } = await compareResults(basePath, headPath, options));
  } catch (error) {
    stderr.write(`evalgate compare: ${error instanceof ConfigError ? error.format() : error.message}
`);
    return error instanceof ResultsFileError && error.reason === "unreadable" ? EXIT.runtime : EXIT.badInput;
  }
  if (options.json) stdout.write(`${JSON.stringify(verdict, null, 2)}
`);
  else stdout.write(renderTextReport(head, verdict, { color: stdout.isTTY === true && !process.env.NO_COLOR }));
  return exitCodeOf(verdict);
}

// src/cli/compare-args.ts
var COMPARE_OPTIONS = {
  config: { type: "string", short: "c", arg: "<file>", help: "evalgate.yml whose gate applies (default: evals/evalgate.yml when present)" },
  branch: SHARED_OPTIONS.branch,
  json: SHARED_OPTIONS.json
};
async function compareArgsCommand(argv) {
  const { values, positionals } = parseOptions(argv, COMPARE_OPTIONS, { positionals: true });
  if (values.help) {
    process.stdout.write(`Usage: evalgate compare [options] base.json head.json

${formatOptionsHelp(COMPARE_OPTIONS)}
`);
    return EXIT.pass;
  }
  if (positionals.length !== 2) throw new UsageError("compare needs two files: the baseline results and the new results");
  return compareCommand(positionals[0], positionals[1], {
    ...values.config ? { configPath: values.config } : {},
    ...values.branch ? { branch: values.branch } : {},
    json: values.json
  });
}
export {
  compareArgsCommand
};
