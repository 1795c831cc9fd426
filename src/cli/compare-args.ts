// `evalgate compare base.json head.json`: the gate, locally, on two results files.
import { parseArgs } from "node:util";
import { compareCommand } from "./compare.ts";
import { EXIT, UsageError } from "./errors.ts";

export async function compareArgsCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      config: { type: "string", short: "c" },
      branch: { type: "string" },
      json: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) {
    process.stdout.write("Usage: evalgate compare [-c evals/evalgate.yml] [--branch release/1.2] [--json] base.json head.json\n");
    return EXIT.pass;
  }
  if (positionals.length !== 2) throw new UsageError("compare needs two files: the baseline results and the new results");
  return compareCommand(positionals[0]!, positionals[1]!, {
    ...(values.config ? { configPath: values.config } : {}),
    ...(values.branch ? { branch: values.branch } : {}),
    json: values.json,
  });
}
