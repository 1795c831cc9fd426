// What a journaled case must share with the run that resumes it besides its own input (the case's
// fingerprint): the config parts that shape its requests and its scoring. That is the suite's
// options (judge, scale, runs, metrics…), every model the suite calls, minus the settings that only
// change how a request is sent (timeouts, retries, concurrency, cache, prices), and the source of
// its metric functions. Gate rules are left out: a resumed case is gated anew.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { EvalgateConfig } from "../config/schema.ts";
import { contentHash } from "./fingerprint.ts";

const SENDING_ONLY = new Set(["timeout", "max-retries", "retry-backoff", "concurrency", "cache", "price", "public-vars"]);

export function suiteConfigFingerprint(
  config: EvalgateConfig,
  suite: { options: unknown; modelsUsed: string[] },
  configDir: string,
): string {
  const models = Object.fromEntries(
    suite.modelsUsed.map((name) => {
      const model = (config.models[name] ?? {}) as Record<string, unknown>;
      return [name, Object.fromEntries(Object.entries(model).filter(([key]) => !SENDING_ONLY.has(key)))];
    }),
  );
  return contentHash({ suite: suite.options, models, functions: functionSources(suite.options, configDir) });
}

/** The text of the metric-function modules a conversations suite names: editing one changes its values. */
function functionSources(options: unknown, configDir: string): string[] {
  const named = (options as { functions?: unknown }).functions;
  const files = typeof named === "string" ? [named] : Array.isArray(named) ? named.filter((f) => typeof f === "string") : [];
  return files.map((file) => {
    try {
      return readFileSync(path.resolve(configDir, file), "utf8");
    } catch {
      return "";
    }
  });
}
