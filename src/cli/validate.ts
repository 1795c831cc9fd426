// `evalgate validate`: the config and every eval file are read and checked; nothing is sent.
import { parseArgs } from "node:util";
import { plural } from "../config/errors.ts";
import { planEvaluation } from "../engine/run.ts";
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
  const plan = await planEvaluation({ configPath: values.config, selection: { repeat: 1 }, env });
  const lines = [`${plan.loaded.displayPath}: valid`];
  for (const suite of plan.suites) {
    lines.push(`  ${suite.name} (${suite.kind}): ${plural(suite.cases.length, "case")}`);
    for (const warning of suite.warnings) lines.push(`    warning: ${warning}`);
  }
  process.stdout.write(`${lines.join("\n")}\n`);
  return EXIT.pass;
}
