// What `evalgate validate` checks, as data: the config, every selected suite's files and the secrets
// the models need are read; no request is sent. Throws ConfigError (file:line, field) on bad input.
import { formatProblem } from "../config/errors.ts";
import { planEvaluation } from "./plan.ts";

export interface ValidationReport {
  /** The config as shown in messages (relative to the working directory). */
  configPath: string;
  /** Each suite's warnings as printed: "file:line: message" (formatProblem). */
  suites: { name: string; kind: string; cases: number; warnings: string[] }[];
}

export async function validateConfig(configPath: string, env: NodeJS.ProcessEnv = process.env): Promise<ValidationReport> {
  const plan = await planEvaluation({ configPath, selection: { repeat: 1 }, env });
  return {
    configPath: plan.loaded.displayPath,
    suites: plan.suites.map(({ name, kind, cases, warnings }) => ({
      name,
      kind,
      cases: cases.length,
      warnings: warnings.map(formatProblem),
    })),
  };
}
