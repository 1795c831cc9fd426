// What `evalgate validate` checks, as data: the config, every selected suite's files and the secrets
// the models need are read; no request is sent. Throws ConfigError (file:line, field) on bad input.
import { planEvaluation } from "./run.ts";

export interface ValidationReport {
  /** The config as shown in messages (relative to the working directory). */
  configPath: string;
  suites: { name: string; kind: string; cases: number; warnings: string[] }[];
}

export async function validateConfig(configPath: string, env: NodeJS.ProcessEnv = process.env): Promise<ValidationReport> {
  const plan = await planEvaluation({ configPath, selection: { repeat: 1 }, env });
  return {
    configPath: plan.loaded.displayPath,
    suites: plan.suites.map((suite) => ({ name: suite.name, kind: suite.kind, cases: suite.cases.length, warnings: suite.warnings })),
  };
}
