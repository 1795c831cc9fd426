// The CLI: argv -> a command. Exit codes: 0 gate passed, 1 gate failed, 2 bad input or usage,
// 3 could not decide (an infrastructure error or a runtime failure), 130 interrupted (resume with --resume).
// Started by src/cli.ts (from the engine bundle once built); `--version` is answered there.

import { ConfigError } from "../config/errors.ts";
import { InterruptedError } from "../engine/interrupted.ts";
import { EXIT } from "../util/exit-codes.ts";
import { redact, redactStreams } from "../util/redact.ts";
import { applyRunV8Flags } from "../util/v8-flags.ts";
import { VERSION } from "../version.ts";
import { COMMAND_NAMES, type CommandName, isCommandName } from "./command-names.ts";
import { UsageError } from "./errors.ts";

const HELP = `evalgate ${VERSION}: a quality gate for LLM systems

Usage: evalgate <command> [options]

Commands:
  init       write a config, a small dataset and (--workflow) a GitHub workflow to start from
  run        run the suites, compare with the baseline, print the verdict
  validate   check the config and every eval file without sending a request
  baseline   save a finished run as the baseline (baseline save), or show which one a run uses (baseline show)
  compare    compare two results files: evalgate compare base.json head.json
  merge      combine shard results: evalgate merge shard-*.json -o results.json
  report     reports of a finished run: evalgate report results.json --html report.html --csv-dir reports/
  demo       start the built-in demo targets on 127.0.0.1 and run the example suite against them
  schema     print the JSON Schema of evalgate.yml
  cache      the response cache: evalgate cache stats | evalgate cache clear [--expired]

Run "evalgate <command> --help" for a command's options.
Exit codes: 0 passed, 1 gate failed, 2 bad input, 3 could not decide (infrastructure error), 130 interrupted.`;

type Command = (argv: string[]) => Promise<number>;

/** Each command's modules, initialised only when it runs. */
const COMMANDS: Record<CommandName, () => Promise<Command>> = {
  init: async () => (await import("./init.ts")).initCommand,
  baseline: async () => (await import("./baseline.ts")).baselineCommand,
  run: async () => (await import("./run.ts")).runCommand,
  validate: async () => (await import("./validate.ts")).validateCommand,
  compare: async () => (await import("./compare-args.ts")).compareArgsCommand,
  merge: async () => (await import("./merge.ts")).mergeCommand,
  report: async () => (await import("./report.ts")).reportCommand,
  demo: async () => (await import("./demo.ts")).demoCommand,
  schema: async () => (await import("./schema.ts")).schemaCommand,
  cache: async () => (await import("./cache.ts")).cacheCommand,
};

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  redactStreams(process.stdout, process.stderr);
  try {
    const load = isCommandName(name) ? COMMANDS[name] : undefined;
    if (load) {
      const command = await load();
      applyRunV8Flags(); // after the modules are loaded: see v8-flags.ts
      return await command(rest);
    }
    switch (name) {
      case undefined:
        // no command is a usage error: the help, on stderr, and exit 2
        process.stderr.write(`${HELP}\n`);
        return EXIT.badInput;
      case "help":
      case "--help":
      case "-h":
        process.stdout.write(`${HELP}\n`);
        return EXIT.pass;
      default:
        throw new UsageError(`unknown command "${name}"${await didYouMean(name, COMMAND_NAMES)}`);
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

/** "; did you mean "run"?" for a typo of a known name, else nothing. */
async function didYouMean(word: string, names: readonly string[]): Promise<string> {
  const { closest } = await import("../config/did-you-mean.ts"); // only on a typo, not at start-up
  const suggestion = closest(word, [...names]);
  return suggestion ? `; did you mean "${suggestion}"?` : "";
}
