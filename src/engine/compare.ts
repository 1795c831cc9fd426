// The gate on two results (objects or results.json files), with the gate of a config: what
// `evalgate compare` prints and the API's compare() returns. This half reads and checks the files;
// the verdict itself is gate/evaluate.ts, which does no I/O. No network.
import { access } from "node:fs/promises";
import { DEFAULT_CONFIG_PATH as DEFAULT_CONFIG } from "../config/default-path.ts";
import { ConfigError } from "../config/errors.ts";
import { loadConfig } from "../config/load.ts";
import type { EvalgateConfig, GateConfig } from "../config/schema.ts";
import { evaluateGate } from "../gate/evaluate.ts";
import type { GateVerdict } from "../gate/types.ts";
import type { Results } from "../results/types.ts";
import { checkedAgainstConfig } from "./checked-results.ts";
import { gateContextFor } from "./gate-context.ts";
import { readHistoryFiles } from "./history-files.ts";
import { readResultsFile } from "./results-file.ts";

export interface CompareOptions {
  /** The gate to apply; default: the `gate:` of `configPath`. */
  gate?: GateConfig;
  /** evalgate.yml whose suites, metrics and `gate:` apply; default evals/evalgate.yml (one is required). */
  configPath?: string;
  /** Branch that picks the gate profile (e.g. release/1.2); default: the baseline's branch, never the head file's. */
  branch?: string;
  /** Earlier results files or folders of them (`--history`): the flaky cases (gate.flaky). */
  history?: string[];
}

/** The config whose gate applies: the given one, else evals/evalgate.yml; without one nothing says which suites and metrics to gate. */
async function configFor(configPath: string | undefined): Promise<EvalgateConfig> {
  if (configPath) return (await loadConfig(configPath)).config;
  const present = await access(DEFAULT_CONFIG).then(
    () => true,
    () => false,
  );
  if (!present)
    throw new ConfigError([
      {
        file: DEFAULT_CONFIG,
        message: "not found: the suites, metrics and gate rules come from the config, never from a results file (--config)",
      },
    ]);
  return (await loadConfig(DEFAULT_CONFIG)).config;
}

/** The verdict on head against baseline (null: no baseline); returns head too, for the report. */
export async function compareResults(
  baseline: Results | string | null,
  head: Results | string,
  options: CompareOptions = {},
): Promise<{ verdict: GateVerdict; head: Results }> {
  const config = await configFor(options.configPath);
  const gate = options.gate ?? config.gate;
  const baseResults = baseline === null ? null : await checkedFile(baseline, config, "baseline");
  const headResults = await checkedFile(head, config, "head");
  // The head file does not pick its own profile: a results file never chooses a gate rule.
  const branch = options.branch ?? baseResults?.run.branch;
  const history = options.history?.length ? await readHistoryFiles(options.history) : [];
  const verdict = evaluateGate(
    headResults,
    baseResults,
    gate,
    await gateContextFor(config, {
      ...(branch ? { branch } : {}),
      seed: headResults.run.selection?.seed ?? 1,
      ...(history.length ? { history } : {}),
    }),
  );
  return { verdict, head: headResults };
}

/** A results file (or object) read and checked against the config: its metrics are then the config's. */
async function checkedFile(results: Results | string, config: EvalgateConfig, role: "head" | "baseline"): Promise<Results> {
  const file = typeof results === "string" ? results : `the ${role} results`;
  const read = typeof results === "string" ? await readResultsFile(results) : results;
  return checkedAgainstConfig(read, config, { file, role });
}
