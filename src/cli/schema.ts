// `evalgate schema`: the JSON Schema of evalgate.yml (the same file ships as evalgate.schema.json).
import * as z from "zod";
import { evalgateConfig } from "../config/schema.ts";

export function configJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(evalgateConfig, { io: "input", unrepresentable: "any" }),
    title: "evalgate.yml",
    description: "Configuration of evalgate: models, suites, gate and baseline.",
  };
}

export async function schemaCommand(_argv: string[]): Promise<number> {
  process.stdout.write(`${JSON.stringify(configJsonSchema(), null, 2)}\n`);
  return 0;
}
