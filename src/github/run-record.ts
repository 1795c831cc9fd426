// What a pull request's evals run leaves for `/evalgate accept`, in the check run it publishes: a
// versioned, machine-readable record in a hidden marker of the check run's output.text (the summary
// keeps its own 65,535 bytes for the report). The accept job reads it through the checks API with a
// token that may write to the data branch, so the pull request's job itself never needs to:
// `contents: read` is all it has (docs/accepting-regressions.md).
//
// The record holds the gate's decision, not the measurements: the verdict (every suite's metric rows
// and reasons: enough to name, accept and show each failure), the report's notes and trend sparklines,
// and the run's header facts. No case is in it (no answer, transcript, case title or error message),
// so its size follows the suites and metrics of the config, never the number of cases; gzip and
// base64 keep it to a few kilobytes. A verdict too large even so keeps only its failing rows; past that
// there is no record, and the run says that its regressions cannot be accepted.
//
// Trust: the record is as trustworthy as the check run that carries it. Whoever can write that check
// run (a token with `checks: write` of the same app) could already fake the whole run's report; an
// acceptance only ever names metrics, and the merge's push run measures them again.
import { gunzipSync, gzipSync } from "node:zlib";
import * as z from "zod";
import type { GateVerdict, SuiteVerdict } from "../gate/types.ts";
import { RESULTS_SCHEMA, type Results, type RunMetadata, type SuiteResults } from "../results/types.ts";
import { redactDeep } from "../util/redact.ts";

export const RECORD_VERSION = 1;
/** GitHub's cap on a check run's output.text, in bytes: the marker must fit whole. */
export const RECORD_MAX_BYTES = 65_535;
/** A record is a few kilobytes: more than this once unzipped is not one of ours (a zip bomb is refused). */
const RECORD_MAX_UNZIPPED_BYTES = 8 * 1024 * 1024;
const MARKER = /<!-- evalgate:record v(\d+) ([A-Za-z0-9+/=]*) -->/;

/** The facts the report shows of a suite beside its verdict: cost, time, cache, repeats, votes, roles. */
export type RecordedSuite = Pick<
  SuiteResults,
  "kind" | "counts" | "costUsd" | "unpricedCases" | "requests" | "cache" | "durationMs" | "repeats" | "carried"
> & { breakdowns?: Record<string, unknown> };

export interface RunRecord {
  v: typeof RECORD_VERSION;
  /** The pull request the run gated. */
  pullRequest: number;
  /** The head commit it measured: the check run's head_sha is the same. */
  head: string;
  /** The verdict as the run published it (acceptances given for this head applied), without its cases. */
  verdict: GateVerdict;
  run: RunMetadata;
  suites: Record<string, RecordedSuite>;
  /** The report's notes: which baseline, why not stored, an acceptance voided by a new push. */
  notes: string[];
  /** "suite/metric" -> the trend sparkline the report showed. */
  trends: Record<string, string>;
  /** The evals run, whose job summary has the whole report with its cases. */
  runUrl?: string;
  /** "failures": only the failing and accepted rows were kept (a verdict too large for the check run). */
  detail: "full" | "failures";
}

export type RecordInput = Omit<RunRecord, "v" | "verdict" | "run" | "suites" | "detail"> & { results: Results; verdict: GateVerdict };

/** Breakdowns the report reads (judge votes skipped, the per-role table); the others stay out. */
const REPORTED_BREAKDOWNS = ["votes", "roles"];

function recordedSuite(suite: SuiteResults): RecordedSuite {
  const { kind, counts, costUsd, unpricedCases, requests, cache, durationMs, repeats, carried } = suite;
  const breakdowns = Object.fromEntries(Object.entries(suite.breakdowns ?? {}).filter(([key]) => REPORTED_BREAKDOWNS.includes(key)));
  return {
    kind,
    counts,
    costUsd,
    requests,
    durationMs,
    ...(unpricedCases ? { unpricedCases } : {}),
    ...(cache ? { cache } : {}),
    ...(repeats ? { repeats } : {}),
    ...(carried ? { carried } : {}),
    ...(Object.keys(breakdowns).length ? { breakdowns } : {}),
  };
}

/** A suite's verdict without its cases (the changed and failing cases are for the report and annotations). */
function withoutCases(suite: SuiteVerdict, rows: "full" | "failures"): SuiteVerdict {
  const kept = rows === "full" ? suite.rows : suite.rows.filter((row) => row.failing || row.status === "fail" || row.status === "accepted");
  return { ...suite, rows: kept, changes: [], failingCases: [] };
}

function buildRecord(input: RecordInput, detail: RunRecord["detail"]): RunRecord {
  const { flaky: _cases, ...verdict } = input.verdict;
  return {
    v: RECORD_VERSION,
    pullRequest: input.pullRequest,
    head: input.head,
    verdict: { ...verdict, suites: verdict.suites.map((suite) => withoutCases(suite, detail)) },
    run: input.results.run,
    suites: Object.fromEntries(Object.entries(input.results.suites).map(([name, suite]) => [name, recordedSuite(suite)])),
    notes: input.notes,
    trends: detail === "full" ? input.trends : {},
    ...(input.runUrl ? { runUrl: input.runUrl } : {}),
    detail,
  };
}

function encode(record: RunRecord): string {
  const zipped = gzipSync(JSON.stringify(redactDeep(record)), { level: 9 });
  return `<!-- evalgate:record v${RECORD_VERSION} ${zipped.toString("base64")} -->`;
}

/**
 * The check run's output.text for a pull request's run: the record in its hidden marker, whole when
 * it fits, else with only the failing rows; null when even that is over GitHub's cap.
 */
export function recordText(input: RecordInput): string | null {
  for (const detail of ["full", "failures"] as const) {
    const text = encode(buildRecord(input, detail));
    if (Buffer.byteLength(text, "utf8") <= RECORD_MAX_BYTES) return text;
  }
  return null;
}

// What a record must hold for the accept path to use it; the rest is passed through to the report.
const rowSchema = z.looseObject({
  metric: z.string(),
  status: z.string(),
  reason: z.string(),
  failing: z.boolean(),
  gated: z.boolean(),
});
const suiteSchema = z.looseObject({
  suite: z.string(),
  kind: z.string(),
  status: z.enum(["pass", "fail", "error", "carried"]),
  rows: z.array(rowSchema),
  reasons: z.array(z.string()),
  errors: z.array(z.string()),
  counts: z.looseObject({ cases: z.number(), scored: z.number(), errors: z.number() }),
});
const recordSchema = z.looseObject({
  v: z.literal(RECORD_VERSION),
  pullRequest: z.number().int().positive(),
  head: z.string().regex(/^[0-9a-f]{40}$/),
  verdict: z.looseObject({
    verdict: z.enum(["pass", "fail", "error"]),
    errors: z.array(z.string()),
    notes: z.array(z.string()),
    failures: z.array(z.string()),
    suites: z.array(suiteSchema),
  }),
  run: z.looseObject({ finishedAt: z.string(), evalgateVersion: z.string(), selection: z.looseObject({}) }),
  suites: z.record(z.string(), z.looseObject({ kind: z.string() })),
  notes: z.array(z.string()),
  trends: z.record(z.string(), z.string()),
  runUrl: z.string().optional(),
  detail: z.enum(["full", "failures"]),
});

export type ParsedRecord = { record: RunRecord; text: string } | { problem: string };

/** The record in a check run's output.text; a problem (never a throw) when there is none or it is not one of ours. */
export function parseRecordText(text: string | null | undefined): ParsedRecord {
  const found = MARKER.exec(text ?? "");
  if (!found) return { problem: "it holds no evalgate record" };
  if (Number(found[1]) !== RECORD_VERSION)
    return { problem: `its record is version ${found[1]}, this evalgate reads version ${RECORD_VERSION}` };
  let json: unknown;
  try {
    const bytes = gunzipSync(Buffer.from(found[2]!, "base64"), { maxOutputLength: RECORD_MAX_UNZIPPED_BYTES });
    json = JSON.parse(bytes.toString("utf8"));
  } catch (error) {
    return { problem: `its record cannot be read (${error instanceof Error ? error.message : String(error)})` };
  }
  const parsed = recordSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { problem: `its record is not an evalgate record (${issue?.path.join(".") || "record"}: ${issue?.message ?? "invalid"})` };
  }
  return { record: parsed.data as unknown as RunRecord, text: found[0] };
}

/** The record as a results file without cases, for the report renderer (its verdict is decided by the caller). */
export function recordResults(record: RunRecord): Results {
  const suites = Object.fromEntries(
    Object.entries(record.suites).map(([name, suite]) => [name, { metrics: {}, warnings: [], cases: [], ...suite }]),
  );
  return { schema: RESULTS_SCHEMA, run: record.run, suites };
}
