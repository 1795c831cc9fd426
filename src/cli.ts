// The CLI entry: argv -> a command. Exit codes: 0 gate passed, 1 gate failed, 2 bad input or usage,
// 3 could not decide (an infrastructure error or a runtime failure), 130 interrupted (resume with --resume).

import { EXIT, UsageError } from "./cli/errors.ts";
import { ConfigError } from "./config/errors.ts";
import { InterruptedError } from "./engine/interrupted.ts";
import { tuneHeapForRun } from "./util/heap.ts";
import { redact, redactStreams } from "./util/redact.ts";
import { VERSION } from "./version.ts";

const HELP = `evalgate ${VERSION}: a quality gate for LLM systems

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

type Command = (argv: string[]) => Promise<number>;

/** Each command's module, loaded only when it runs: `evalgate --version` parses a few KB. */
const COMMANDS: Record<string, () => Promise<Command>> = {
  run: async () => (await import("./cli/run.ts")).runCommand,
  validate: async () => (await import("./cli/validate.ts")).validateCommand,
  compare: async () => (await import("./cli/compare-args.ts")).compareArgsCommand,
  merge: async () => (await import("./cli/merge.ts")).mergeCommand,
  report: async () => (await import("./cli/report.ts")).reportCommand,
  demo: async () => (await import("./cli/demo.ts")).demoCommand,
  schema: async () => (await import("./cli/schema.ts")).schemaCommand,
};

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  redactStreams(process.stdout, process.stderr);
  try {
    const load = name !== undefined && Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
    if (load) {
      const command = await load();
      tuneHeapForRun(); // after the modules are loaded: see heap.ts
      return await command(rest);
    }
    switch (name) {
      case "--version":
      case "-v":
      case "version":
        process.stdout.write(`${VERSION}\n`);
        return EXIT.pass;
      case undefined:
      case "help":
      case "--help":
      case "-h":
        process.stdout.write(`${HELP}\n`);
        return EXIT.pass;
      default:
        throw new UsageError(`unknown command "${name}"`);
    }
  } catch (error) {
    return reportFailure(error);
  }
}

function reportFailure(error: unknown): number {
  if (error instanceof ConfigError) {
    process.stderr.write(`${redact(error.format())}\n`);
    return EXIT.badInput;
  }
  if (error instanceof UsageError || (error instanceof TypeError && (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS"))) {
    process.stderr.write(`evalgate: ${error.message}\nRun "evalgate --help" for usage.\n`);
    return EXIT.badInput;
  }
  if (error instanceof InterruptedError) {
    process.stderr.write(`\nevalgate: ${error.message}\n`);
    return EXIT.interrupted;
  }
  const message = error instanceof Error ? (process.env.EVALGATE_DEBUG ? (error.stack ?? error.message) : error.message) : String(error);
  process.stderr.write(`evalgate: ${redact(message)}\n`);
  return EXIT.runtime;
}

// Run when executed (the bundle's entry or `node src/cli.ts`), not when imported by tests.
const entry = process.argv[1] ?? "";
if (entry.endsWith("cli.js") || entry.endsWith("cli.ts") || entry.endsWith("evalgate")) {
  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
