// `evalgate validate`: the config and every eval file are read and checked; nothing is sent. A
// variable a model needs that is not set is a warning (exit 0: the files are fine, the key is the
// machine's business), or with --strict an error (exit 2); `run` always refuses to start without it.
import { plural } from "../config/errors.ts";
import { validateConfig } from "../engine/validate.ts";
import { EXIT } from "../util/exit-codes.ts";
import { parseCommand } from "./command-args.ts";
import { describeEnvironment, ENVIRONMENT_OPTIONS } from "./environment.ts";
import { formatOptionsHelp, type OptionTable } from "./option-table.ts";
import { configOption } from "./shared-options.ts";

const VALIDATE_OPTIONS = {
  config: configOption("the suite config"),
  strict: { type: "boolean", help: "an environment variable a model needs that is not set is an error (exit 2), as it is for run" },
  ...ENVIRONMENT_OPTIONS,
} as const satisfies OptionTable;

export async function validateCommand(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const { values, environment } = await parseCommand(argv, VALIDATE_OPTIONS);
  if (values.help) {
    process.stdout.write(
      `Usage: evalgate validate [options]\n\nChecks the config, every suite's files and the secrets the models need.\n\n${formatOptionsHelp(VALIDATE_OPTIONS)}\n`,
    );
    return EXIT.pass;
  }
  const report = await validateConfig(values.config, env, { missingSecrets: values.strict ? "error" : "warning" });
  const lines = [`${report.configPath}: valid`, ...describeEnvironment(environment).map((line) => `  ${line}`)];
  for (const suite of report.suites) {
    lines.push(`  ${suite.name} (${suite.kind}): ${plural(suite.cases, "case")}`);
    for (const warning of suite.warnings) lines.push(`    warning: ${warning}`);
  }
  for (const setting of report.settings) lines.push(`  setting: ${setting}`);
  for (const missing of report.missingSecrets) lines.push(`  warning: ${missing}`);
  if (report.missingSecrets.length)
    lines.push(
      `  ${plural(report.missingSecrets.length, "model")} cannot run here until ${report.missingSecrets.length === 1 ? "its variable is" : "their variables are"} set (in the environment, a .env file or --env-file): "evalgate run" refuses to start without them; --strict makes this an error`,
    );
  process.stdout.write(`${lines.join("\n")}\n`);
  return EXIT.pass;
}
