// A promptfoo config parsed once for a run: loading evalgate.yml reads its providers
// (promptfoo-providers.ts) and the suite's loader reads it whole (suites/promptfoo/load.ts). A
// positioned YAML parse holds ~200 bytes for each byte of the file while it runs (~14 MiB for a
// 500-test config), so parsing it twice raised a run's peak memory by ~9 MiB. The loader takes the
// parse left for the same path and the same text, once; a file changed since is parsed again.
import { type PositionedData, parsePositionedData } from "./json-positions.ts";

/** Parses left for the suite loader, by absolute path; a few at most (a run's promptfoo suites). */
const parses = new Map<string, { text: string; yaml: PositionedData }>();
const MAX_KEPT = 8;

/** The config's parse, kept for the suite loader to take (parsePromptfooConfig). */
export function parseAndKeepPromptfooConfig(file: string, text: string): PositionedData {
  const yaml = parsePositionedData(text);
  parses.delete(file);
  parses.set(file, { text, yaml });
  // A parse no loader took (a suite not run) is dropped once newer ones crowd it out.
  for (const key of parses.keys()) if (parses.size > MAX_KEPT) parses.delete(key);
  return yaml;
}

/** The config's parse: the one kept for this very text, taken (never given twice), or a new one. */
export function parsePromptfooConfig(file: string, text: string): PositionedData {
  const kept = parses.get(file);
  parses.delete(file);
  return kept?.text === text ? kept.yaml : parsePositionedData(text);
}
