#!/usr/bin/env node
import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);
import {
  InterruptedError,
  VERSION
} from "./cli/chunk-ZU2EOWPZ.js";
import {
  ConfigError,
  EXIT,
  UsageError,
  redact,
  redactStreams
} from "./cli/chunk-7NFMH2RE.js";
import "./cli/chunk-WNP4D27T.js";

// src/util/heap.ts
import module from "node:module";
import { setFlagsFromString } from "node:v8";
setFlagsFromString("--semi-space-growth-factor=1");
setFlagsFromString("--optimize-for-size");
try {
  module.enableCompileCache?.();
} catch {
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
async function main(argv) {
  const [command, ...rest] = argv;
  redactStreams(process.stdout, process.stderr);
  try {
    switch (command) {
      case "run":
        return await (await import("./cli/run-RDAIXA2H.js")).runCommand(rest);
      case "validate":
        return await (await import("./cli/validate-5R7EVKKN.js")).validateCommand(rest);
      case "compare":
        return await (await import("./cli/compare-args-GBWQ4V7I.js")).compareArgsCommand(rest);
      case "merge":
        return await (await import("./cli/merge-EIJNEBAE.js")).mergeCommand(rest);
      case "report":
        return await (await import("./cli/report-F2SILZEX.js")).reportCommand(rest);
      case "demo":
        return await (await import("./cli/demo-2ESRNGFQ.js")).demoCommand(rest);
      case "schema":
        return await (await import("./cli/schema-MYV2OOW7.js")).schemaCommand(rest);
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
        throw new UsageError(`unknown command "${command}"`);
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
