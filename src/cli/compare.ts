// `evalgate compare base.json head.json`: the same gate and the same exit codes as the action,
// on two results files, with no network.
import { access } from "node:fs/promises";
import { ConfigError } from "../config/errors.ts";
import { loadConfig } from "../config/load.ts";
import { type EvalgateConfig, type GateConfig, gateConfig } from "../config/schema.ts";
import { gateContextFor } from "../engine/gate-context.ts";
import { ResultsFileError, readResultsFile } from "../engine/results-file.ts";
import { evaluateGate } from "../gate/evaluate.ts";
import { renderTextReport } from "../report/text.ts";
import { EXIT, exitCodeOf } from "./errors.ts";

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

async function configFor(configPath: string | undefined): Promise<{ gate: GateConfig; config: EvalgateConfig | null }> {
  if (configPath) {
    const { config } = await loadConfig(configPath);
    return { gate: config.gate, config };
  }
  const present = await access(DEFAULT_CONFIG).then(
    () => true,
    () => false,
  );
  if (!present) return { gate: gateConfig.parse({}), config: null };
  const { config } = await loadConfig(DEFAULT_CONFIG);
  return { gate: config.gate, config };
}

/** Prints the report; returns 0 when the gate passes, 1 when it fails, 2 on bad input, 3 when it could not decide. */
export async function compareCommand(basePath: string, headPath: string, options: CompareOptions = {}): Promise<number> {
  const stdout = options.stdout ?? process.stdout;
  const stderr = options.stderr ?? process.stderr;
  let verdict: ReturnType<typeof evaluateGate>;
  let head: Awaited<ReturnType<typeof readResultsFile>>;
  try {
    const { gate, config } = await configFor(options.configPath);
    const base = await readResultsFile(basePath);
    head = await readResultsFile(headPath);
    const branch = options.branch ?? head.run.branch;
    verdict = evaluateGate(
      head,
      base,
      gate,
      gateContextFor(config, { ...(branch ? { branch } : {}), seed: head.run.selection?.seed ?? 1 }),
    );
  } catch (error) {
    stderr.write(`evalgate compare: ${error instanceof ConfigError ? error.format() : (error as Error).message}\n`);
    // A file that exists but cannot be read (permissions, I/O) is an infrastructure error; the rest is bad input.
    return error instanceof ResultsFileError && error.reason === "unreadable" ? EXIT.runtime : EXIT.badInput;
  }
  if (options.json) stdout.write(`${JSON.stringify(verdict, null, 2)}\n`);
  else stdout.write(renderTextReport(head, verdict, { color: (stdout as { isTTY?: boolean }).isTTY === true && !process.env.NO_COLOR }));
  return exitCodeOf(verdict);
}
