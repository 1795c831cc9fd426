// `evalgate validate`: the config and every eval file are read and checked; nothing is sent.
import { parseArgs } from "node:util";
import { validateConfig } from "../engine/validate.ts";
import { EXIT } from "./errors.ts";

export async function validateCommand(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      config: { type: "string", short: "c", default: "evals/evalgate.yml" },
      help: { type: "boolean", short: "h", default: false },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(
      "Usage: evalgate validate [-c evals/evalgate.yml]\n\nChecks the config, every suite's files and the secrets the models need.\n",
    );
    return EXIT.pass;
  }
  const report = await validateConfig(values.config, env);
  const lines = [`${report.configPath}: valid`];
  for (const suite of report.suites) {
    lines.push(`  ${suite.name} (${suite.kind}): ${suite.cases} cases`);
    for (const warning of suite.warnings) lines.push(`    warning: ${warning}`);
  }
  process.stdout.write(`${lines.join("\n")}\n`);
  return EXIT.pass;
}
