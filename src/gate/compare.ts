// The gate on two results (objects or results.json files), with the gate of a config: what
// `evalgate compare` prints and the API's compare() returns. No network.
import { access } from "node:fs/promises";
import { loadConfig } from "../config/load.ts";
import { type GateConfig, gateConfig } from "../config/schema.ts";
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

async function gateFor(configPath: string | undefined): Promise<GateConfig> {
  if (configPath) return (await loadConfig(configPath)).config.gate;
  const present = await access(DEFAULT_CONFIG).then(
    () => true,
    () => false,
  );
  return present ? (await loadConfig(DEFAULT_CONFIG)).config.gate : gateConfig.parse({});
}

/** The verdict on head against baseline (null: no baseline); returns head too, for the report. */
export async function compareResults(
  baseline: Results | string | null,
  head: Results | string,
  options: CompareOptions = {},
): Promise<{ verdict: GateVerdict; head: Results }> {
  const gate = options.gate ?? (await gateFor(options.configPath));
  const baseResults = typeof baseline === "string" ? await readResultsFile(baseline) : baseline;
  const headResults = typeof head === "string" ? await readResultsFile(head) : head;
  const verdict = evaluateGate(headResults, baseResults, gate, {
    branch: options.branch ?? headResults.run.branch,
    seed: headResults.run.selection?.seed ?? 1,
  });
  return { verdict, head: headResults };
}
