// `evalgate merge`: combine the results of --shard runs into one file, metrics recomputed.
import { parseArgs } from "node:util";
import { loadConfig } from "../config/load.ts";
import { mergeFiles } from "../engine/merge-stream.ts";
import { EXIT, UsageError } from "./errors.ts";

export async function mergeCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      config: { type: "string", short: "c", default: "evals/evalgate.yml" },
      out: { type: "string", short: "o", default: ".evalgate/results.json" },
      help: { type: "boolean", short: "h", default: false },
    },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) {
    process.stdout.write("Usage: evalgate merge [-c evals/evalgate.yml] [-o results.json] shard1.json shard2.json ...\n");
    return EXIT.pass;
  }
  if (positionals.length === 0) throw new UsageError("merge needs the shard results files");
  const { config } = await loadConfig(values.config);
  const { warnings, cases } = await mergeFiles(positionals, config, values.out);
  for (const warning of warnings) process.stderr.write(`warning: ${warning}\n`);
  process.stdout.write(`merged ${positionals.length} files, ${cases} cases -> ${values.out}\n`);
  return EXIT.pass;
}
