// What `evalgate validate` checks, as data: the config, every selected suite's files and the secrets
// the models need are read; no request is sent. Throws ConfigError (file:line, field) on bad input.
import { formatProblem } from "../config/errors.ts";
import { foreseenSettingNotes } from "./foreseen-settings.ts";
import { planEvaluation } from "./plan.ts";

export interface ValidationReport {
  /** The config as shown in messages (relative to the working directory). */
  configPath: string;
  /** Each suite's warnings as printed: "file:line: message" (formatProblem). */
  suites: { name: string; kind: string; cases: number; warnings: string[] }[];
  /** With `missingSecrets: "warning"`: each variable a model needs that is not set, as printed. */
  missingSecrets: string[];
  /** Each setting a model's rules will leave out or rename, with where it comes from (as the run's notes name it). */
  settings: string[];
}

export interface ValidateOptions {
  /** A variable a model needs that is not set: an error (the default, as a run has it) or a warning. */
  missingSecrets?: "error" | "warning";
}

export async function validateConfig(
  configPath: string,
  env: NodeJS.ProcessEnv = process.env,
  options: ValidateOptions = {},
): Promise<ValidationReport> {
  const plan = await planEvaluation({
    configPath,
    selection: { repeat: 1 },
    env,
    missingSecrets: options.missingSecrets ?? "error",
    startsNothing: true,
  });
  return {
    configPath: plan.loaded.displayPath,
    missingSecrets: plan.secretWarnings.map(formatProblem),
    settings: foreseenSettingNotes(plan),
    suites: plan.suites.map(({ name, kind, cases, warnings }) => ({
      name,
      kind,
      cases: cases.length,
      warnings: warnings.map(formatProblem),
    })),
  };
}
