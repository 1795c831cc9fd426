// `evalgate compare base.json head.json`: the same gate and the same exit codes as the action,
// on two results files, with no network.
import { access } from "node:fs/promises";
import { ConfigError } from "../config/errors.ts";
import { loadConfig } from "../config/load.ts";
import { type GateConfig, gateConfig } from "../config/schema.ts";
import { readResultsFile } from "../engine/results-file.ts";
import { evaluateGate } from "../gate/evaluate.ts";
import { renderTextReport } from "../report/text.ts";

export interface CompareOptions {
  /** evalgate.yml whose `gate:` applies; evals/evalgate.yml when present, else the defaults. */
  configPath?: string;
  /** Branch that picks the gate profile (e.g. release/1.2). */
  branch?: string;
  json?: boolean;
  stdout?: NodeJS.WritableStream;
  stderr?: NodeJS.WritableStream;
}

const DEFAULT_CONFIG = "evals/evalgate.yml";

export async function gateFor(configPath: string | undefined): Promise<GateConfig> {
  if (configPath) return (await loadConfig(configPath)).config.gate;
  const present = await access(DEFAULT_CONFIG).then(
    () => true,
    () => false,
  );
  return present ? (await loadConfig(DEFAULT_CONFIG)).config.gate : gateConfig.parse({});
}

/** Prints the report; returns 0 when the gate passes, 1 when it fails, 2 on bad input. */
export async function compareCommand(basePath: string, headPath: string, options: CompareOptions = {}): Promise<number> {
  const stdout = options.stdout ?? process.stdout;
  const stderr = options.stderr ?? process.stderr;
  let verdict: ReturnType<typeof evaluateGate>;
  let head: Awaited<ReturnType<typeof readResultsFile>>;
  try {
    const gate = await gateFor(options.configPath);
    const base = await readResultsFile(basePath);
    head = await readResultsFile(headPath);
    verdict = evaluateGate(head, base, gate, { branch: options.branch ?? head.run.branch, seed: head.run.selection?.seed ?? 1 });
  } catch (error) {
    stderr.write(`evalgate compare: ${error instanceof ConfigError ? error.format() : (error as Error).message}\n`);
    return 2;
  }
  if (options.json) stdout.write(`${JSON.stringify(verdict, null, 2)}\n`);
  else stdout.write(renderTextReport(head, verdict, { color: (stdout as { isTTY?: boolean }).isTTY === true && !process.env.NO_COLOR }));
  return verdict.verdict === "pass" ? 0 : 1;
}
