// Per-kind views of a suite in the HTML report: judged (agent comparison, score distribution),
// function calls (precision/recall per scenario type), SGI (detection per criterion), and any other
// breakdown a kind reports (per-role aggregates of conversations, ...) rendered generically.
import type { CaseResult, SuiteResults } from "../../results/types.ts";
import { escapeHtml } from "../../util/escape.ts";
import { isRecord } from "../../util/is-record.ts";
import { formatValue } from "../format.ts";
import { barChart, histogram } from "./svg.ts";

type Row = Record<string, unknown>;

function cell(value: unknown): string {
  if (typeof value === "number") return escapeHtml(Number.isInteger(value) ? String(value) : value.toFixed(3));
  if (value === null || value === undefined) return "—";
  if (typeof value === "object") return `<code>${escapeHtml(JSON.stringify(value))}</code>`;
  return escapeHtml(value);
}

/** Words that stay on one line: a short label squeezed by a wide table would wrap a word per line. */
const ONE_LINE_CHARS = 48;

function cellTag(value: unknown): string {
  return typeof value === "string" && value.length <= ONE_LINE_CHARS ? '<td class="nowrap">' : "<td>";
}

/** A table from rows of objects: columns are the union of their keys, in first-seen order; "" for no rows. */
export function objectTable(rows: Row[], firstColumn?: string): string {
  if (!rows.length) return "";
  const columns: string[] = [];
  for (const row of rows) for (const key of Object.keys(row)) if (!columns.includes(key)) columns.push(key);
  if (firstColumn !== undefined && columns.includes(firstColumn)) {
    columns.splice(columns.indexOf(firstColumn), 1);
    columns.unshift(firstColumn);
  }
  const head = columns.map((c) => `<th>${escapeHtml(c)}</th>`).join("");
  const body = rows.map((row) => `<tr>${columns.map((c) => `${cellTag(row[c])}${cell(row[c])}</td>`).join("")}</tr>`).join("");
  return `<div class="scroll"><table class="data"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>`;
}

/** Any breakdown value as HTML: array of objects, record of records, record of scalars, else JSON; "" when empty. */
export function genericBreakdown(value: unknown): string {
  if (value === null || value === undefined || (typeof value === "object" && Object.keys(value).length === 0)) return "";
  if (Array.isArray(value) && value.every(isRecord)) return objectTable(value);
  if (isRecord(value)) {
    const entries = Object.entries(value);
    if (entries.length && entries.every(([, v]) => isRecord(v) && Object.values(v).every((x) => !isRecord(x) && !Array.isArray(x)))) {
      return objectTable(
        entries.map(([key, v]) => ({ "": key, ...(v as Row) })),
        "",
      );
    }
    if (entries.every(([, v]) => !isRecord(v) && !Array.isArray(v))) return objectTable(entries.map(([key, v]) => ({ key, value: v })));
  }
  return `<pre class="json">${escapeHtml(JSON.stringify(value, null, 2))}</pre>`;
}

/** A titled view; nothing at all when it has nothing to show (an empty table is no view). */
function section(title: string, body: string): string {
  if (!body) return "";
  return `<div class="kind-view"><h4>${escapeHtml(title)}</h4>${body}</div>`;
}

interface JudgedAgent {
  agent: string;
  normalizedMean?: number;
  passRate?: number;
  avgAgreement?: number;
  mean?: number;
  cases?: number;
  errors?: number;
}

function judgedViews(suite: SuiteResults, handled: Set<string>): string[] {
  const views: string[] = [];
  const agents = suite.breakdowns?.agents;
  const scale = suite.breakdowns?.scale as { type?: string; min?: number; max?: number } | undefined;
  if (Array.isArray(agents) && agents.length) {
    handled.add("agents");
    const list = agents as JudgedAgent[];
    const bars = list.map((a) => ({
      label: a.agent,
      value: a.normalizedMean ?? 0,
      text: `${formatValue(a.normalizedMean ?? null, "ratio")} (pass ${formatValue(a.passRate ?? null, "ratio")})`,
    }));
    views.push(
      section(
        "Agent comparison (normalised mean score)",
        barChart(bars, { max: 1, title: "Agent comparison" }) + objectTable(list as unknown as Row[], "agent"),
      ),
    );
  }
  if (scale && typeof scale.min === "number" && typeof scale.max === "number") {
    handled.add("scale");
    const { buckets, index } = scoreBuckets(scale.min, scale.max);
    const byAgent = new Map<string, number[]>();
    for (const result of suite.cases) {
      const raw = result.metrics.raw_score;
      if (result.status !== "scored" || typeof raw !== "number") continue;
      const agent = result.tags.agent ?? "all";
      const counts = byAgent.get(agent) ?? buckets.map(() => 0);
      counts[index(raw)]! += 1;
      byAgent.set(agent, counts);
    }
    if (byAgent.size) {
      const series = [...byAgent].map(([name, counts]) => ({ name, counts }));
      views.push(
        section(
          `Score distribution (scale ${scale.type ?? `${scale.min}-${scale.max}`})`,
          histogram(buckets, series, "Score distribution"),
        ),
      );
    }
  }
  return views;
}

/** Integer scales get one bucket per score; 0-100 gets ten. */
function scoreBuckets(min: number, max: number): { buckets: string[]; index: (score: number) => number } {
  if (max - min <= 10) {
    const buckets = Array.from({ length: max - min + 1 }, (_, i) => String(min + i));
    return { buckets, index: (s) => Math.max(0, Math.min(buckets.length - 1, Math.round(s) - min)) };
  }
  const width = (max - min) / 10;
  const buckets = Array.from({ length: 10 }, (_, i) => `${Math.round(min + i * width)}–${Math.round(min + (i + 1) * width)}`);
  return { buckets, index: (s) => Math.max(0, Math.min(9, Math.floor((s - min) / width))) };
}

const FUNCTION_CALL_METRICS = ["precision_fn", "recall_fn", "precision_args", "recall_args", "reliability"];

function functionCallViews(suite: SuiteResults): string[] {
  const types = new Map<string, Row>();
  for (const [name, metric] of Object.entries(suite.metrics)) {
    const slash = name.lastIndexOf("/");
    if (slash < 0) continue;
    const type = name.slice(0, slash);
    const base = name.slice(slash + 1);
    if (!FUNCTION_CALL_METRICS.includes(base)) continue;
    const row = types.get(type) ?? { "scenario type": type, cases: suite.cases.filter((c) => c.tags.scenarioType === type).length };
    row[base] = metric.value;
    types.set(type, row);
  }
  if (!types.size) return [];
  const rows = [...types.values()];
  const bars = rows.flatMap((row) => [
    {
      label: `${row["scenario type"]} precision`,
      value: Number(row.precision_fn ?? 0),
      text: formatValue((row.precision_fn as number) ?? null, "ratio"),
      className: "bar series-0",
    },
    {
      label: `${row["scenario type"]} recall`,
      value: Number(row.recall_fn ?? 0),
      text: formatValue((row.recall_fn as number) ?? null, "ratio"),
      className: "bar series-1",
    },
  ]);
  return [
    section(
      "Precision and recall per scenario type",
      barChart(bars, { max: 1, title: "Precision and recall per scenario type" }) + objectTable(rows, "scenario type"),
    ),
  ];
}

/** The criterion an instruction id belongs to: from the breakdown's own mapping, else its prefix. */
function criterionOf(instruction: string, mapping: Map<string, string>): string {
  return mapping.get(instruction) ?? instruction.replace(/^no_/, "").replace(/_(correct|incorrect|present|missing|wrong)$/, "");
}

function sgiViews(suite: SuiteResults, handled: Set<string>): string[] {
  const perCriterion = suite.breakdowns?.missed_instructions_per_criterion;
  const mapping = new Map<string, string>();
  if (isRecord(perCriterion)) {
    handled.add("missed_instructions_per_criterion");
    for (const [criterion, instructions] of Object.entries(perCriterion)) {
      if (isRecord(instructions)) for (const instruction of Object.keys(instructions)) mapping.set(instruction, criterion);
    }
  }
  // Detection per criterion: of the faults introduced (diff_instructions), the share the feedback flagged.
  const counts = new Map<string, { introduced: number; detected: number; missed: number }>();
  for (const result of suite.cases) {
    const details = result.details as
      | { diff_instructions?: string[]; missing_instructions?: string[]; expected_instructions?: string[] }
      | undefined;
    if (result.status !== "scored" || !details) continue;
    const missing = new Set(details.missing_instructions ?? []);
    const entryFor = (instruction: string) => {
      const criterion = criterionOf(instruction, mapping);
      const entry = counts.get(criterion) ?? { introduced: 0, detected: 0, missed: 0 };
      counts.set(criterion, entry);
      return entry;
    };
    for (const instruction of details.expected_instructions ?? []) if (missing.has(instruction)) entryFor(instruction).missed++;
    for (const instruction of details.diff_instructions ?? []) {
      const entry = entryFor(instruction);
      entry.introduced++;
      if (!missing.has(instruction)) entry.detected++;
    }
  }
  const views: string[] = [];
  if (counts.size) {
    const rows = [...counts]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([criterion, c]) => ({
        criterion,
        "faults introduced": c.introduced,
        detected: c.detected,
        "detection rate": c.introduced ? c.detected / c.introduced : null,
        "instructions missed": c.missed,
      }));
    const bars = rows
      .filter((r) => r["faults introduced"] > 0)
      .map((r) => ({ label: r.criterion, value: r["detection rate"] ?? 0, text: `${r.detected}/${r["faults introduced"]}` }));
    views.push(
      section(
        "Detection per criterion",
        (bars.length ? barChart(bars, { max: 1, title: "Detection per criterion" }) : "") + objectTable(rows, "criterion"),
      ),
    );
  }
  if (isRecord(perCriterion)) {
    const rows = Object.entries(perCriterion).flatMap(([criterion, instructions]) =>
      isRecord(instructions)
        ? Object.entries(instructions).map(([instruction, missed]) => ({ criterion, instruction, "times missed": missed }))
        : [],
    );
    views.push(section("Missed instructions per criterion", objectTable(rows, "criterion")));
  }
  return views;
}

/** The kind's own views, then every breakdown not shown by them. */
export function kindViews(suite: SuiteResults): string {
  const handled = new Set<string>();
  const views: string[] = [];
  if (suite.kind === "judged") views.push(...judgedViews(suite, handled));
  if (suite.kind === "function-calls") views.push(...functionCallViews(suite));
  if (suite.kind === "sgi") views.push(...sgiViews(suite, handled));
  for (const [name, value] of Object.entries(suite.breakdowns ?? {})) {
    if (handled.has(name)) continue;
    views.push(section(name.replace(/[_-]+/g, " "), genericBreakdown(value)));
  }
  return views.join("");
}

/** Used by the case table: the tag values worth a column (agent, scenario type, role, criterion...). */
export function caseGroup(result: CaseResult): string {
  return Object.values(result.tags).slice(0, 2).join(" · ");
}
