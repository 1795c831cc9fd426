#!/usr/bin/env node
import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);
import {
  InterruptedError,
  VERSION
} from "./cli/chunk-ZU2EOWPZ.js";
import {
  EXIT,
  UsageError
} from "./cli/chunk-YIO6E4VB.js";
import {
  redact,
  redactStreams
} from "./cli/chunk-WFVRFHK2.js";
import {
  ConfigError
} from "./cli/chunk-UZVVKZBF.js";
import "./cli/chunk-WNP4D27T.js";

// src/util/heap.ts
import module from "node:module";
import { setFlagsFromString } from "node:v8";
try {
  module.enableCompileCache?.();
} catch {
}
var tuned = false;
function tuneHeapForRun() {
  if (tuned) return;
  tuned = true;
  setFlagsFromString("--semi-space-growth-factor=1");
  setFlagsFromString("--no-wasm-tier-up");
  setFlagsFromString("--no-wasm-dynamic-tiering");
}

// src/cli.ts
var HELP = `evalgate ${VERSION}: a quality gate for LLM systems

Usage: evalgate <command> [options]

Commands:
  run        run the suites, compare with the baseline, print the verdict
  validate   check the config and every eval file without sending a request
  compare    compare two results files: evalgate compare base.json head.json
  merge      combine shard results: evalgate merge shard-*.json -o results.json
  report     reports of a finished run: evalgate report results.json --html report.html --csv reports/
  demo       start the built-in demo targets on 127.0.0.1 and run the example suite against them
  schema     print the JSON Schema of evalgate.yml

Run "evalgate <command> --help" for a command's options.
Exit codes: 0 passed, 1 gate failed, 2 bad input, 3 could not decide (infrastructure error), 130 interrupted.`;
var COMMANDS = {
  run: async () => (await import("./cli/run-WEMIJ64I.js")).runCommand,
  validate: async () => (await import("./cli/validate-LUOCKGQO.js")).validateCommand,
  compare: async () => (await import("./cli/compare-args-VLMNXZBG.js")).compareArgsCommand,
  merge: async () => (await import("./cli/merge-ROITUL7F.js")).mergeCommand,
  report: async () => (await import("./cli/report-NZPW7F4W.js")).reportCommand,
  demo: async () => (await import("./cli/demo-IIZGGRBZ.js")).demoCommand,
  schema: async () => (await import("./cli/schema-S2KNVUDB.js")).schemaCommand
};
async function main(argv) {
  const [name, ...rest] = argv;
  redactStreams(process.stdout, process.stderr);
  try {
    const load = name !== void 0 && Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : void 0;
    if (load) {
      const command = await load();
      tuneHeapForRun();
      return await command(rest);
    }
    switch (name) {
      case "--version":
      case "-v":
      case "version":
        process.stdout.write(`${VERSION}
`);
        return EXIT.pass;
      case void 0:
      case "help":
      case "--help":
      case "-h":
        process.stdout.write(`${HELP}
`);
        return EXIT.pass;
      default:
        throw new UsageError(`unknown command "${name}"`);
    }
  } catch (error) {
    return reportFailure(error);
  }
}
function reportFailure(error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`${redact(error.format())}
`);
    return EXIT.badInput;
  }
  if (error instanceof UsageError || error instanceof TypeError && error.code?.startsWith("ERR_PARSE_ARGS")) {
    process.stderr.write(`evalgate: ${error.message}
Run "evalgate --help" for usage.
`);
    return EXIT.badInput;
  }
  if (error instanceof InterruptedError) {
    process.stderr.write(`
evalgate: ${error.message}
`);
    return EXIT.interrupted;
  }
  const message = error instanceof Error ? process.env.EVALGATE_DEBUG ? error.stack ?? error.message : error.message : String(error);
  process.stderr.write(`evalgate: ${redact(message)}
`);
  return EXIT.runtime;
}
var entry = process.argv[1] ?? "";
if (entry.endsWith("cli.js") || entry.endsWith("cli.ts") || entry.endsWith("evalgate")) {
  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
export {
  main
};
