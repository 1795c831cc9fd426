#!/usr/bin/env node
import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);
import {
  evaluateGate,
  renderTextReport
} from "./chunk-WD32YM5V.js";
import {
  loadConfig,
  readResultsFile
} from "./chunk-NVDXVC5C.js";
import {
  ConfigError,
  EXIT,
  UsageError
} from "./chunk-45KVZL34.js";
import {
  gateConfig
} from "./chunk-S5BXLG7V.js";
import "./chunk-WNP4D27T.js";

// src/cli/compare-args.ts
import { parseArgs } from "node:util";

// src/cli/compare.ts
import { access } from "node:fs/promises";
var DEFAULT_CONFIG = "evals/evalgate.yml";
async function gateFor(configPath) {
  if (configPath) return (await loadConfig(configPath)).config.gate;
  const present = await access(DEFAULT_CONFIG).then(
    () => true,
    () => false
  );
  return present ? (await loadConfig(DEFAULT_CONFIG)).config.gate : gateConfig.parse({});
}
async function compareCommand(basePath, headPath, options = {}) {
  const stdout = options.stdout ?? process.stdout;
  const stderr = options.stderr ?? process.stderr;
  let verdict;
  let head;
  try {
    const gate = await gateFor(options.configPath);
    const base = await readResultsFile(basePath);
    head = await readResultsFile(headPath);
    verdict = evaluateGate(head, base, gate, { branch: options.branch ?? head.run.branch, seed: head.run.selection?.seed ?? 1 });
  } catch (error) {
    stderr.write(`evalgate compare: ${error instanceof ConfigError ? error.format() : error.message}
`);
    return 2;
  }
  if (options.json) stdout.write(`${JSON.stringify(verdict, null, 2)}
`);
  else stdout.write(renderTextReport(head, verdict, { color: stdout.isTTY === true && !process.env.NO_COLOR }));
  return verdict.verdict === "pass" ? 0 : 1;
}

// src/cli/compare-args.ts
async function compareArgsCommand(argv) {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      config: { type: "string", short: "c" },
      branch: { type: "string" },
      json: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false }
    },
    allowPositionals: true,
    strict: true
  });
  if (values.help) {
    process.stdout.write("Usage: evalgate compare [-c evals/evalgate.yml] [--branch release/1.2] [--json] base.json head.json\n");
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
