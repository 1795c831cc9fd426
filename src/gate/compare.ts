// The gate on two results (objects or results.json files), with the gate of a config: what
// `evalgate compare` prints and the API's compare() returns. No network.
import { access } from "node:fs/promises";
import { loadConfig } from "../config/load.ts";
import { type EvalgateConfig, type GateConfig, gateConfig } from "../config/schema.ts";
import { gateContextFor } from "../engine/gate-context.ts";
import { readResultsFile } from "../engine/results-file.ts";
import type { Results } from "../engine/types.ts";
import { evaluateGate } from "./evaluate.ts";
import type { GateVerdict } from "./types.ts";

const DEFAULT_CONFIG = "evals/evalgate.yml";

export interface CompareOptions {
  /** The gate to apply; default: the `gate:` of `configPath`. */
  gate?: GateConfig;
  /** evalgate.yml whose `gate:` applies; default evals/evalgate.yml when present, else the defaults. */
  configPath?: string;
  /** Branch that picks the gate profile (e.g. release/1.2); default: the head run's branch. */
  branch?: string;
}

/** The config whose gate applies: the given one, else evals/evalgate.yml when present, else none (the defaults). */
async function configFor(configPath: string | undefined): Promise<EvalgateConfig | null> {
  if (configPath) return (await loadConfig(configPath)).config;
  const present = await access(DEFAULT_CONFIG).then(
    () => true,
    () => false,
  );
  return present ? (await loadConfig(DEFAULT_CONFIG)).config : null;
}

/** The verdict on head against baseline (null: no baseline); returns head too, for the report. */
export async function compareResults(
  baseline: Results | string | null,
  head: Results | string,
  options: CompareOptions = {},
): Promise<{ verdict: GateVerdict; head: Results }> {
  const config = await configFor(options.configPath);
  const gate = options.gate ?? config?.gate ?? gateConfig.parse({});
  const baseResults = typeof baseline === "string" ? await readResultsFile(baseline) : baseline;
  const headResults = typeof head === "string" ? await readResultsFile(head) : head;
  const branch = options.branch ?? headResults.run.branch;
  const verdict = evaluateGate(
    headResults,
    baseResults,
    gate,
    await gateContextFor(config, { ...(branch ? { branch } : {}), seed: headResults.run.selection?.seed ?? 1 }),
  );
  return { verdict, head: headResults };
}
