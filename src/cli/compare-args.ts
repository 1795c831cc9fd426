// `evalgate compare base.json head.json`: the gate, locally, on two results files.

import { EXIT } from "../util/exit-codes.ts";
import { parseCommand } from "./command-args.ts";
import { compareCommand } from "./compare.ts";
import { ENVIRONMENT_OPTIONS } from "./environment.ts";
import { UsageError } from "./errors.ts";
import { formatOptionsHelp, type OptionTable } from "./option-table.ts";
import { optionalConfigOption, SHARED_OPTIONS } from "./shared-options.ts";

const COMPARE_OPTIONS = {
  config: optionalConfigOption("evalgate.yml whose suites, metrics and gate apply"),
  branch: SHARED_OPTIONS.branch,
  json: SHARED_OPTIONS.json,
  ...ENVIRONMENT_OPTIONS,
  history: {
    ...SHARED_OPTIONS.history,
    help: "earlier results files or folders of them: the flaky cases (gate.flaky), as the action's history gives them",
  },
} as const satisfies OptionTable;

export async function compareArgsCommand(argv: string[]): Promise<number> {
  const { values, positionals } = await parseCommand(argv, COMPARE_OPTIONS, { positionals: true });
  if (values.help) {
    process.stdout.write(`Usage: evalgate compare [options] base.json head.json\n\n${formatOptionsHelp(COMPARE_OPTIONS)}\n`);
    return EXIT.pass;
  }
  if (positionals.length !== 2) throw new UsageError("compare needs two files: the baseline results and the new results");
  return compareCommand(positionals[0]!, positionals[1]!, {
    ...(values.config ? { configPath: values.config } : {}),
    ...(values.branch ? { branch: values.branch } : {}),
    ...(values.history ? { history: values.history } : {}),
    json: values.json,
  });
}
