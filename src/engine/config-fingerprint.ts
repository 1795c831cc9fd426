// What a journaled case must share with the run that resumes it besides its own input (the case's
// fingerprint): the config parts that shape its requests and its scoring. That is the suite's
// options (judge, scale, runs, metrics…), every model the suite calls, minus the settings that only
// change how a request is sent (timeouts, retries, concurrency, cache, prices), the source of its
// metric functions, the text of its judge preamble and the text of its models' prompt files (a case
// answered under another prompt is not this run's answer), and what the suite read of its own files
// about its systems under test and checks (a prompt-yml file's prompt and evaluators). Gate rules
// are left out: a resumed case is gated anew.
import path from "node:path";
import { promptFileOf } from "../config/models.ts";
import { checkFiles } from "../config/paths.ts";
import type { EvalgateConfig } from "../config/schema.ts";
import { readRegularFileSync } from "../util/regular-file.ts";
import { contentHash } from "./fingerprint.ts";

const SENDING_ONLY = new Set(["timeout", "max-retries", "retry-backoff", "concurrency", "cache", "price", "public-vars"]);

export function suiteConfigFingerprint(
  config: EvalgateConfig,
  suite: {
    options: unknown;
    modelsUsed: string[];
    /** What the suite's own files say its systems under test and checks are (a prompt-yml suite's files: their hashes). */
    read?: { targets?: unknown; checks?: unknown };
  },
  configDir: string,
): string {
  const models = Object.fromEntries(
    suite.modelsUsed.map((name) => {
      const model = (config.models[name] ?? {}) as Record<string, unknown>;
      return [name, Object.fromEntries(Object.entries(model).filter(([key]) => !SENDING_ONLY.has(key)))];
    }),
  );
  const options = suite.options as { functions?: unknown; "judge-preamble"?: unknown };
  const preamble = fileTexts(options["judge-preamble"], configDir);
  const prompts = Object.fromEntries(
    suite.modelsUsed.flatMap((name) => {
      const model = config.models[name];
      const prompt = model ? promptFileOf(model) : undefined;
      return prompt === undefined ? [] : [[name, fileTexts(prompt, configDir)]];
    }),
  );
  const schemas = fileTexts(checkFiles(suite.options as Record<string, unknown>), configDir);
  return contentHash({
    suite: suite.options,
    models,
    functions: fileTexts(options.functions, configDir),
    ...(preamble.length ? { judgePreamble: preamble } : {}),
    ...(Object.keys(prompts).length ? { prompts } : {}),
    ...(schemas.length ? { checkSchemas: schemas } : {}),
    ...(suite.read?.targets ? { targets: suite.read.targets } : {}),
    ...(suite.read?.checks ? { checks: suite.read.checks } : {}),
  });
}

/**
 * The text of the files an option names: the metric-function modules of a conversations suite, the
 * judge preamble of a judged one (not in its cases' fingerprints: it is the judge's), the schemas its
 * checks name. Editing one changes the case's values.
 */
function fileTexts(named: unknown, configDir: string): string[] {
  const files = typeof named === "string" ? [named] : Array.isArray(named) ? named.filter((f) => typeof f === "string") : [];
  return files.map((file) => {
    try {
      return readRegularFileSync(path.resolve(configDir, file), "utf8");
    } catch {
      return "";
    }
  });
}
