// `evalgate merge`: combine the results of --shard runs into one file, metrics recomputed.
import { loadConfig } from "../config/load.ts";
import { checkOutputPaths, STDOUT } from "../config/output-file.ts";
import { mergeFiles } from "../engine/merge-stream.ts";
import { EXIT } from "../util/exit-codes.ts";
import { parseCommand } from "./command-args.ts";
import { ENVIRONMENT_OPTIONS } from "./environment.ts";
import { UsageError } from "./errors.ts";
import { formatOptionsHelp, type OptionTable } from "./option-table.ts";
import { configOption } from "./shared-options.ts";

const MERGE_OPTIONS = {
  config: configOption("the suite config (metrics are recomputed by it)"),
  out: { type: "string", short: "o", arg: "<file>", help: 'the merged results file ("-": stdout)', default: ".evalgate/results.json" },
  ...ENVIRONMENT_OPTIONS,
} as const satisfies OptionTable;

export async function mergeCommand(argv: string[]): Promise<number> {
  const { values, positionals } = await parseCommand(argv, MERGE_OPTIONS, { positionals: true });
  if (values.help) {
    process.stdout.write(`Usage: evalgate merge [options] shard1.json shard2.json ...\n\n${formatOptionsHelp(MERGE_OPTIONS)}\n`);
    return EXIT.pass;
  }
  if (positionals.length === 0) throw new UsageError("merge needs the shard results files");
  await checkOutputPaths([values.out]);
  const { config } = await loadConfig(values.config);
  const { warnings, cases } = await mergeFiles(positionals, config, values.out);
  for (const warning of warnings) process.stderr.write(`warning: ${warning}\n`);
  (values.out === STDOUT ? process.stderr : process.stdout).write(`merged ${positionals.length} files, ${cases} cases -> ${values.out}\n`);
  return EXIT.pass;
}
