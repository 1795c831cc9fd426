// `evalgate schema`: the JSON Schema of evalgate.yml (the same file ships as evalgate.schema.json), or
// with --dataset, of one dataset format (shipped in schemas/).
import * as z from "zod";
import { evalgateConfig } from "../config/schema.ts";
import { DATASET_SCHEMAS, type DatasetFormat, datasetJsonSchema } from "../suites/dataset-schemas.ts";
import { EXIT } from "../util/exit-codes.ts";
import { parseCommand } from "./command-args.ts";
import { ENVIRONMENT_OPTIONS } from "./environment.ts";
import { formatOptionsHelp, type OptionTable, oneOf } from "./option-table.ts";

const FORMATS = Object.keys(DATASET_SCHEMAS) as DatasetFormat[];

const SCHEMA_OPTIONS = {
  dataset: {
    type: "string",
    arg: "<format>",
    help: `a dataset format instead of the config: ${FORMATS.join(", ")}`,
    parse: oneOf(...FORMATS),
  },
  ...ENVIRONMENT_OPTIONS,
} as const satisfies OptionTable;

const HELP = `Usage: evalgate schema [--dataset <format>]

Prints a JSON Schema: of evalgate.yml, or of one dataset format (a JSONL line, a CSV row, a reply).

${formatOptionsHelp(SCHEMA_OPTIONS)}`;

export function configJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(evalgateConfig, { io: "input", unrepresentable: "any" }),
    title: "evalgate.yml",
    description: "Configuration of evalgate: models, suites, gate and baseline.",
  };
}

export async function schemaCommand(argv: string[]): Promise<number> {
  const { values } = await parseCommand(argv, SCHEMA_OPTIONS);
  if (values.help) {
    process.stdout.write(`${HELP}\n`);
    return EXIT.pass;
  }
  const schema = values.dataset ? datasetJsonSchema(values.dataset) : configJsonSchema();
  process.stdout.write(`${JSON.stringify(schema, null, 2)}\n`);
  return EXIT.pass;
}
