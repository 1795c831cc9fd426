// Sharding in the action: a `shard: I/N` job runs its share of the cases and writes them under a
// per-shard name for upload-artifact; it comments, checks and stores nothing (it is partial). The
// `merge:` job finds the shard files, checks that they are shards 1..N of one run, each exactly once
// (a missing or extra shard is an infrastructure error, never a verdict on fewer cases), and merges
// them; the action then gates, comments and creates the check run once.
import { glob, open } from "node:fs/promises";
import path from "node:path";
import { createInterface } from "node:readline";
import type { EvalgateConfig } from "../config/schema.ts";
import { mergeFiles } from "../engine/merge-stream.ts";
import { checkResultsFileReadable, readResultsFile } from "../engine/results-file.ts";
import type { ShardSpec } from "../engine/select.ts";
import { RESULTS_SCHEMA, type Results, type RunMetadata } from "../results/types.ts";
import { openRegularReadStream } from "../util/regular-file.ts";

/** The results file of one shard, e.g. results-shard-2-of-4.json: distinct names survive download-artifact's merge. */
export function shardResultsName(shard: ShardSpec): string {
  return `results-shard-${shard.index}-of-${shard.total}.json`;
}

/** A set of shard files that cannot be merged into a whole run: the action's verdict is error (exit 3). */
export class ShardSetError extends Error {
  override readonly name = "ShardSetError";
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`the shards cannot be merged into one run: ${problems.join("; ")}`);
    this.problems = problems;
  }
}

/** The `merge` input's lines or commas: paths or globs, relative to the working directory. */
export function splitPatterns(value: string): string[] {
  return value
    .split(/[\n,]/)
    .map((part) => part.trim())
    .filter(Boolean);
}

/** Files the patterns name, sorted and without repeats (one file matched by two patterns is one file). */
export async function expandPatterns(patterns: string[], cwd: string): Promise<string[]> {
  const files = new Set<string>();
  for (const pattern of patterns) {
    if (!/[*?[{]/.test(pattern)) {
      files.add(path.resolve(cwd, pattern));
      continue;
    }
    for await (const match of glob(pattern, { cwd })) files.add(path.resolve(cwd, match));
  }
  return [...files].sort();
}

export interface ShardHeader {
  file: string;
  run: RunMetadata;
}

/**
 * The run metadata only. writeResultsFile puts `"run": {...}` on the third line, so a shard of any
 * size is recognised without reading its cases; another layout is parsed whole.
 */
export async function readShardHeader(file: string): Promise<ShardHeader> {
  await checkResultsFileReadable(file); // a FIFO matched by the glob is refused, never waited on
  const lines = createInterface({ input: await openRegularReadStream(file), crlfDelay: Number.POSITIVE_INFINITY });
  let schema: unknown;
  try {
    let index = 0;
    for await (const line of lines) {
      if (index === 1) schema = /^ {2}"schema": (".*"),$/.exec(line)?.[1];
      if (index === 2) {
        const run = /^ {2}"run": (\{.*\}),$/.exec(line)?.[1];
        if (schema === JSON.stringify(RESULTS_SCHEMA) && run) return { file, run: JSON.parse(run) as RunMetadata };
        break;
      }
      index++;
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code) throw new Error(`${file}: ${code === "ENOENT" ? "file not found" : String(error)}`);
  } finally {
    lines.close();
  }
  return { file, run: (await readResultsFile(file)).run };
}

const selectionWithoutShard = (run: RunMetadata) => {
  const { shard: _shard, ...rest } = run.selection;
  return JSON.stringify(rest, Object.keys(rest).sort());
};

/**
 * Shards dealt by different costs (the baseline moved between two shard jobs, or one could not read
 * it) did not split the same cases: some may be in none of them, so they are not one run.
 */
function balanceMismatch(header: ShardHeader, first: ShardHeader): string | undefined {
  const by = (h: ShardHeader) => h.run.selection.shard?.balancedBy;
  if (by(header) === by(first)) return undefined;
  const how = (h: ShardHeader) => (by(h) ? `the baseline durations ${by(h)}` : "their hash");
  return `${path.basename(header.file)} dealt its cases by ${how(header)}, ${path.basename(first.file)} by ${how(first)}: run the shards again from one baseline`;
}

/** Problems that keep the files from being shards 1..N of one run; empty when they are. Pure. */
export function shardSetProblems(headers: ShardHeader[]): string[] {
  if (headers.length === 0) return ["no shard results file matched (did the shard jobs upload them, and the merge job download them?)"];
  const problems: string[] = [];
  const name = (header: ShardHeader) => path.basename(header.file);
  const unsharded = headers.filter((header) => !header.run.selection.shard);
  for (const header of unsharded) problems.push(`${name(header)} is not a shard's results (it was run without shard)`);
  const shards = headers.filter((header) => header.run.selection.shard);
  if (shards.length === 0) return problems;

  const first = shards[0]!;
  const total = first.run.selection.shard!.total;
  for (const header of shards.slice(1)) {
    const { run } = header;
    if (run.selection.shard!.total !== total)
      problems.push(`${name(header)} is shard ${run.selection.shard!.index}/${run.selection.shard!.total}, not one of ${total}`);
    if (run.configHash !== first.run.configHash)
      problems.push(`${name(header)} was made from another config (hash ${run.configHash}, not ${first.run.configHash})`);
    if (selectionWithoutShard(run) !== selectionWithoutShard(first.run))
      problems.push(`${name(header)} selected other cases (suites, filter, sample, seed or repeat) than ${name(first)}`);
    if (run.commit && first.run.commit && run.commit !== first.run.commit)
      problems.push(`${name(header)} was made at commit ${run.commit.slice(0, 7)}, not ${first.run.commit.slice(0, 7)}`);
    const balance = balanceMismatch(header, first);
    if (balance) problems.push(balance);
  }
  for (let index = 1; index <= total; index++) {
    const copies = shards.filter((header) => header.run.selection.shard!.index === index && header.run.selection.shard!.total === total);
    if (copies.length === 0) problems.push(`shard ${index}/${total} is missing`);
    if (copies.length > 1) problems.push(`shard ${index}/${total} is there ${copies.length} times (${copies.map(name).join(", ")})`);
  }
  return problems;
}

export interface MergedShards {
  results: Results;
  resultsPath: string;
  files: string[];
  warnings: string[];
}

/** Finds, checks and merges the shard files into `out`; throws ShardSetError when they are not one whole run. */
export async function mergeShards(options: {
  patterns: string[];
  cwd: string;
  config: EvalgateConfig;
  out: string;
  /** The verdict of the merged run; the merged file carries it, as the engine's results.json does. */
  decide?: (results: Results) => unknown | Promise<unknown>;
}): Promise<MergedShards> {
  const files = (await expandPatterns(options.patterns, options.cwd)).filter((file) => path.resolve(file) !== path.resolve(options.out));
  const headers: ShardHeader[] = [];
  const unreadable: string[] = [];
  for (const file of files) {
    try {
      headers.push(await readShardHeader(file));
    } catch (error) {
      unreadable.push(error instanceof Error ? error.message : String(error));
    }
  }
  // Files that matched but cannot be read are named; "nothing matched" is said only when nothing did.
  const problems = [...unreadable, ...(headers.length || !unreadable.length ? shardSetProblems(headers) : [])];
  if (problems.length) throw new ShardSetError(problems);

  // Streamed: case lines are copied from the shards, only their summaries are held (engine/merge-stream.ts).
  const { results, warnings } = await mergeFiles(files, options.config, options.out);
  if (options.decide) {
    results.verdict = await options.decide(results);
    await appendVerdict(options.out, results.verdict);
  }
  return { results, resultsPath: options.out, files, warnings };
}

/**
 * The merged file is written before there is a verdict; the verdict goes where writeResultsFile puts
 * it, last. Its layout ends with "\n  }\n}\n" (the suites object, then the file's); any other ending
 * is left alone (the verdict is in the report, the comment and the step outputs anyway).
 */
async function appendVerdict(file: string, verdict: unknown): Promise<void> {
  const ending = "\n  }\n}\n";
  const handle = await open(file, "r+");
  try {
    const { size } = await handle.stat();
    const tail = Buffer.alloc(ending.length);
    await handle.read(tail, 0, ending.length, size - ending.length);
    if (tail.toString("utf8") !== ending) return;
    const rest = `,\n  "verdict": ${JSON.stringify(verdict)}\n}\n`;
    await handle.write(rest, size - 3);
  } finally {
    await handle.close();
  }
}
