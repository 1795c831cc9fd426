// `evalgate validate`: the config and every eval file are read and checked; nothing is sent.
import { plural } from "../config/errors.ts";
import { validateConfig } from "../engine/validate.ts";
import { EXIT } from "../util/exit-codes.ts";
import { formatOptionsHelp, type OptionTable, parseOptions } from "./option-table.ts";
import { configOption } from "./shared-options.ts";

const VALIDATE_OPTIONS = {
  config: configOption("the suite config"),
} as const satisfies OptionTable;

export async function validateCommand(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const { values } = parseOptions(argv, VALIDATE_OPTIONS);
  if (values.help) {
    process.stdout.write(
      `Usage: evalgate validate [options]\n\nChecks the config, every suite's files and the secrets the models need.\n\n${formatOptionsHelp(VALIDATE_OPTIONS)}\n`,
    );
    return EXIT.pass;
  }
  const report = await validateConfig(values.config, env);
  const lines = [`${report.configPath}: valid`];
  for (const suite of report.suites) {
    lines.push(`  ${suite.name} (${suite.kind}): ${plural(suite.cases, "case")}`);
    for (const warning of suite.warnings) lines.push(`    warning: ${warning}`);
  }
  process.stdout.write(`${lines.join("\n")}\n`);
  return EXIT.pass;
}
