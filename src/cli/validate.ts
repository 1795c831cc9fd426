// `evalgate validate`: the config and every eval file are read and checked; nothing is sent.
import { planEvaluation } from "../engine/run.ts";
import { EXIT } from "./errors.ts";
import { formatOptionsHelp, type OptionTable, parseOptions } from "./option-table.ts";

const VALIDATE_OPTIONS = {
  config: { type: "string", short: "c", arg: "<file>", help: "the suite config", default: "evals/evalgate.yml" },
} as const satisfies OptionTable;

export async function validateCommand(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const { values } = parseOptions(argv, VALIDATE_OPTIONS);
  if (values.help) {
    process.stdout.write(
      `Usage: evalgate validate [options]\n\nChecks the config, every suite's files and the secrets the models need.\n\n${formatOptionsHelp(VALIDATE_OPTIONS)}\n`,
    );
    return EXIT.pass;
  }
  const plan = await planEvaluation({ configPath: values.config, selection: { repeat: 1 }, env });
  const lines = [`${plan.loaded.displayPath}: valid`];
  for (const suite of plan.suites) {
    lines.push(`  ${suite.name} (${suite.kind}): ${suite.cases.length} cases`);
    for (const warning of suite.warnings) lines.push(`    warning: ${warning}`);
  }
  process.stdout.write(`${lines.join("\n")}\n`);
  return EXIT.pass;
}
