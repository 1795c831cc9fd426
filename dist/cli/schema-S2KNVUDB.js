#!/usr/bin/env node
import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);
import {
  evalgateConfig
} from "./chunk-BMKMWACF.js";
import "./chunk-CLWITDYN.js";
import "./chunk-UG2LRVHV.js";
import {
  toJSONSchema
} from "./chunk-IDREERYM.js";
import "./chunk-WNP4D27T.js";

// src/cli/schema.ts
function configJsonSchema() {
  return {
    ...toJSONSchema(evalgateConfig, { io: "input", unrepresentable: "any" }),
    title: "evalgate.yml",
    description: "Configuration of evalgate: models, suites, gate and baseline."
  };
}
async function schemaCommand(_argv) {
  process.stdout.write(`${JSON.stringify(configJsonSchema(), null, 2)}
`);
  return 0;
}
export {
  configJsonSchema,
  schemaCommand
};
