// `evalgate merge`, streamed: each shard's results file is read line by line, only the case
// summaries stay in memory (for the metrics), and each case's full line (details and all) is
// copied from its shard into the merged file. 40,000 cases merge in about the time it takes to
// read them, instead of parsing and re-serialising every transcript.
//
// The reader relies on the layout writeResultsFile writes (one case per line inside "cases": [ ]);
// a file in any other layout (hand-edited, pretty-printed) is parsed whole.
import { createInterface } from "node:readline";
import type { EvalgateConfig } from "../config/schema.ts";
import { type CaseResult, type CaseSummary, RESULTS_SCHEMA, type Results } from "../results/types.ts";
import { openRegularFile, openRegularReadStream } from "../util/regular-file.ts";
import { BlockReader } from "./block-reader.ts";
import { configuredKinds } from "./checked-results.ts";
import { checkShard, type MergeInput, mergeCheckedShards } from "./merge.ts";
import { checkResultsFileReadable, readResultsFile, type SuiteWithoutCases, writeResultsFile } from "./results-file.ts";

/** Where a case's line is: in a shard file (offset, length) or, for a file parsed whole, the line itself. */
type Located = CaseSummary & { [LOCATION]: { input: number; offset: number; length: number } | { line: string } };
const LOCATION = Symbol("location");
const CASE_LINE = /^ {6}\{/;

/** Reads one results file keeping summaries and line positions, not details. */
export async function readResultsSummaries(file: string, input: number): Promise<MergeInput<Located>> {
  const skeleton: string[] = [];
  const cases: Located[][] = [];
  let current: Located[] | null = null;
  let offset = 0;
  await checkResultsFileReadable(file); // a FIFO or a device is refused, never waited on
  if (await hasCrlf(file)) return wholeFile(file); // the offsets below count one byte per line end
  let layoutOk = true;
  try {
    const lines = createInterface({ input: await openRegularReadStream(file), crlfDelay: Number.POSITIVE_INFINITY });
    for await (const line of lines) {
      const bytes = Buffer.byteLength(line) + 1;
      if (current && CASE_LINE.test(line)) {
        const json = line.endsWith(",") ? line.slice(6, -1) : line.slice(6);
        const { details: _details, ...summary } = JSON.parse(json) as CaseResult;
        current.push(Object.assign(shareStrings(summary), { [LOCATION]: { input, offset: offset + 6, length: Buffer.byteLength(json) } }));
      } else {
        if (line.endsWith('"cases": [')) {
          current = [];
          cases.push(current);
        } else {
          current = null;
          if (line.endsWith('"cases": []}')) cases.push([]); // a suite without cases
        }
        skeleton.push(line);
      }
      offset += bytes;
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code)
      throw new Error(`${file}: ${(error as NodeJS.ErrnoException).code === "ENOENT" ? "file not found" : String(error)}`);
    layoutOk = false; // a line that looked like a case but was not one: read the file whole
  }
  let parsed: Results | undefined;
  try {
    parsed = layoutOk ? (JSON.parse(skeleton.join("\n")) as Results) : undefined;
  } catch {
    parsed = undefined;
  }
  const suites = parsed ? Object.values(parsed.suites ?? {}) : [];
  if (!parsed || parsed.schema !== RESULTS_SCHEMA || suites.length !== cases.length || suites.some((s) => s.cases.length !== 0)) {
    return wholeFile(file); // not our streamed layout (or not a results file: readResultsFile says so)
  }
  suites.forEach((suite, index) => {
    (suite as unknown as { cases: Located[] }).cases = cases[index]!;
  });
  return { file, results: parsed as unknown as MergeInput<Located>["results"] };
}

/**
 * Every case of a suite repeats its source file and config fingerprint, and most repeat their tags:
 * one string each instead of one per case (JSON.parse makes a new one every time). 40,000 cases
 * held for a merge are a few MiB smaller.
 */
const shared = new Map<string, string>();
function share(value: string): string {
  const known = shared.get(value);
  if (known !== undefined) return known;
  if (shared.size < 10_000) shared.set(value, value);
  return value;
}

function shareStrings(summary: CaseSummary): CaseSummary {
  summary.source.file = share(summary.source.file);
  if (summary.configFingerprint) summary.configFingerprint = share(summary.configFingerprint);
  for (const [key, value] of Object.entries(summary.tags ?? {})) if (typeof value === "string") summary.tags[key] = share(value);
  return summary;
}

async function hasCrlf(file: string): Promise<boolean> {
  try {
    const handle = await openRegularFile(file);
    try {
      const buffer = Buffer.alloc(64 * 1024);
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
      return buffer.subarray(0, bytesRead).includes("\r\n");
    } finally {
      await handle.close();
    }
  } catch {
    return false; // unreadable: the whole-file reader names the problem
  }
}

async function wholeFile(file: string): Promise<MergeInput<Located>> {
  const results = await readResultsFile(file);
  for (const suite of Object.values(results.suites)) {
    (suite as unknown as { cases: Located[] }).cases = suite.cases.map((c) => {
      const { details: _details, ...summary } = c;
      return Object.assign(summary, { [LOCATION]: { line: JSON.stringify(c) } });
    });
  }
  return { file, results: results as unknown as MergeInput<Located>["results"] };
}

/** Merges shard files into `out`, streaming; returns the merged run without per-case details. */
export async function mergeFiles(
  files: string[],
  config: EvalgateConfig,
  out: string,
): Promise<{ results: Results; warnings: string[]; cases: number }> {
  // Each shard is checked as soon as it is read: what checking it takes is freed before the next is read.
  const kinds = await configuredKinds(config);
  const inputs: MergeInput<Located>[] = [];
  for (const [index, file] of files.entries()) {
    const input = await readResultsSummaries(file, index);
    checkShard(input, config, kinds);
    inputs.push(input);
  }
  const { results, warnings } = mergeCheckedShards(inputs, config, kinds);
  const readers = new Map<number, BlockReader>();
  try {
    const lineOf = async (c: Located): Promise<string> => {
      const where = c[LOCATION];
      if ("line" in where) return where.line;
      let reader = readers.get(where.input);
      if (!reader) {
        reader = new BlockReader(await openRegularFile(files[where.input]!));
        readers.set(where.input, reader);
      }
      return reader.read(where.offset, where.length);
    };
    const suites = Object.entries(results.suites).map(([name, { cases, ...rest }]) => ({
      name,
      results: rest as SuiteWithoutCases,
      lines: (async function* () {
        for (const c of cases) yield await lineOf(c);
      })(),
    }));
    await writeResultsFile(out, results, suites);
  } finally {
    for (const reader of readers.values()) await reader.close();
  }
  const cases = Object.values(results.suites).reduce((n, s) => n + s.cases.length, 0);
  return { results: results as unknown as Results, warnings, cases };
}
