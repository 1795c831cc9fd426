// The HTML report: one self-contained file that works offline. Everything visible is rendered here
// with escaped text; the inline script only searches, filters, sorts and opens a case (built with
// textContent from an inert JSON block). A strict Content-Security-Policy allows exactly the inline
// script and style by their sha256 hashes and nothing from any network.
import { createHash } from "node:crypto";
import { answerText, type CaseAnswer } from "../../baseline/case-answer.ts";
import { caseScore, mainScoreMetrics } from "../../gate/case-scores.ts";
import type { CaseChange, CaseChangeKind, GateVerdict, MetricRow, RowStatus, SuiteVerdict } from "../../gate/types.ts";
import { failedChecksOf, failedChecksSentence } from "../../results/failed-checks.ts";
import type { CaseResult, FailedCheck, Results, SuiteResults } from "../../results/types.ts";
import { escapeHtml } from "../../util/escape.ts";
import { formatCost } from "../../util/format-cost.ts";
import { type AnswerPair, answerKey, answerPairs } from "../answer-pairs.ts";
import {
  cachedAnswers,
  cacheSentence,
  errorTally,
  formatCacheUse,
  formatCostTotal,
  formatDelta,
  formatDuration,
  formatValue,
  runSpending,
  shortSha,
  suiteTally,
} from "../format.ts";
import type { TrendSeries } from "../trends.ts";
import { type DiffPart, wordDiff } from "../word-diff.ts";
import { CLIENT_SCRIPT } from "./client.ts";
import { detectableList } from "./detectable.ts";
import { analysisHtml } from "./failure-analysis.ts";
import { caseGroup, kindViews } from "./kinds.ts";
import { sideBySideView } from "./side-by-side.ts";
import { REPORT_STYLE } from "./style.ts";
import { lineChart } from "./svg.ts";

export interface HtmlReportOptions {
  /** Gated metrics over earlier baselines (src/report/trends.ts), this run last. */
  trends?: TrendSeries[];
  /** Where the baseline came from, in words ("the baseline stored for main at a6304e8"). */
  baselineNote?: string;
  /** The baseline compared with (with its details or their cut-down view): its answers go beside the new ones. */
  baseline?: Results | null;
  /** Characters of case details (prompts, answers, transcripts) the page embeds at most; default DETAILS_BUDGET_CHARS. */
  detailsBudgetChars?: number;
}

/**
 * The case details a page embeds at most (as JSON characters): a browser still opens a page this
 * size quickly, and rendering it holds a few times this in memory. Cases that need a look come
 * first and keep theirs; the others' are left out with a note. results.json always has everything.
 */
export const DETAILS_BUDGET_CHARS = 24 * 1024 * 1024;

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/** The page's policy: nothing loads from anywhere, only the two inline blocks run. */
export function contentSecurityPolicy(script: string, style: string): string {
  return [
    "default-src 'none'",
    `script-src ${sha256(script)}`,
    `style-src ${sha256(style)}`,
    "img-src data:",
    "base-uri 'none'",
    "form-action 'none'",
  ].join("; ");
}

/** The order cases are listed in: what needs a look first. */
const STATE_ORDER = ["errored", "regressed", "low", "disappeared", "appeared", "changed", "recovered", "improved", "unchanged"] as const;
type CaseState = (typeof STATE_ORDER)[number];

const STATE_LABEL: Record<CaseState, string> = {
  errored: "error",
  regressed: "regressed",
  low: "low score",
  disappeared: "gone",
  appeared: "new",
  changed: "changed (not compared)",
  recovered: "recovered",
  improved: "improved",
  unchanged: "unchanged",
};

/** Words, not emoji: the report must read the same without an emoji font. */
const ROW_STATUS: Record<RowStatus, string> = {
  pass: "✓ pass",
  fail: "✗ FAIL",
  new: "new",
  noise: "inconclusive (within noise)",
  info: "reported only",
  error: "✗ ERROR",
  accepted: "accepted",
};

/**
 * A table's status column is last on a wide screen and first on a narrow one, where the table
 * scrolls inside its box and its last column starts off-screen: rows carry the cell twice and the
 * stylesheet shows one (the hidden one is display: none, so a screen reader reads it once).
 */
const statusHeader = (where: "narrow" | "wide", inner = "Status") => `<th class="status ${where}-only">${inner}</th>`;

const caseKey = (suite: string, caseId: string, repeat: number) => [suite, caseId, String(repeat)].map(encodeURIComponent).join("/");

interface ClientCase {
  suite: string;
  kind: string;
  id: string;
  repeat: number;
  title: string;
  state: CaseState;
  score: number | null;
  source: string;
  tags: Record<string, string>;
  metrics: Record<string, number>;
  error?: string;
  /** The checks the answer failed, with their reasons. */
  failedChecks?: FailedCheck[];
  costUsd: number | null;
  latencyMs: number;
  details?: unknown;
  /** A regressed, improved or changed case: the baseline's answer and the word diff to this run's, for its dialog. */
  baseline?: { score: number | null; answer: CaseAnswer; diff?: DiffPart[] };
  /** Its details did not fit in the page's budget (DETAILS_BUDGET_CHARS). */
  detailsLeftOut?: true;
  /** Said beside its judge's votes: the judge voted at its default temperature, and why. */
  judgeTemperature?: string;
}

/** What is said beside a suite's judge votes when its judge voted at its default temperature. */
function judgeTemperatureOf(suite: SuiteResults): Pick<ClientCase, "judgeTemperature"> {
  const judge = suite.judge;
  if (!judge?.defaultTemperature) return {};
  return { judgeTemperature: `judge "${judge.name}" voted at its default temperature: ${judge.defaultTemperature}` };
}

function clientBaseline(pair: AnswerPair): ClientCase["baseline"] {
  if (!pair.before) return undefined;
  const before = answerText(pair.before);
  const after = answerText(pair.after);
  return {
    score: pair.change.before,
    answer: pair.before,
    ...(before !== undefined && after !== undefined ? { diff: wordDiff(before, after) } : {}),
  };
}

/**
 * Measures each case's details (and the baseline's answer beside them) as JSON, in list order, and
 * keeps them while the budget lasts: the cases listed last lose theirs once it is spent. Returns the
 * details' JSON kept, which the page embeds as is.
 */
function keepDetailsWithin(cases: ClientCase[], budgetChars: number): Map<ClientCase, string> {
  const kept = new Map<ClientCase, string>();
  let used = 0;
  for (const c of cases) {
    if (c.details === undefined && c.baseline === undefined) continue;
    const json = c.details === undefined ? undefined : JSON.stringify(c.details);
    const size = (json?.length ?? 0) + (c.baseline ? JSON.stringify(c.baseline).length : 0);
    if (used + size <= budgetChars) {
      used += size;
      if (json !== undefined) kept.set(c, json);
      continue;
    }
    delete c.details;
    delete c.baseline;
    c.detailsLeftOut = true;
  }
  return kept;
}

/** The page's data, `{ cases }`, as JSON: each case's details are the JSON measured for the budget, not stringified again. */
function pageDataJson(cases: ClientCase[], detailsJson: Map<ClientCase, string>): string {
  const listed = cases.map((c) => {
    const details = detailsJson.get(c);
    if (details === undefined) return JSON.stringify(c);
    const { details: _measured, ...rest } = c;
    return `${JSON.stringify(rest).slice(0, -1)},"details":${details}}`; // appended last, as the case lists it
  });
  return `{"cases":[${listed.join(",")}]}`;
}

/** JSON text inside <script type="application/json">: "<" escaped so no text can close the element. */
function inertJson(json: string): string {
  return json
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

function sourceText(result: Pick<CaseResult, "source">): string {
  return `${result.source.file}${result.source.line ? `:${result.source.line}` : ""}`;
}

export function renderHtmlReport(results: Results, verdict: GateVerdict, options: HtmlReportOptions = {}): string {
  const changes = new Map<string, CaseChange>();
  for (const suite of verdict.suites)
    for (const change of suite.changes) changes.set(caseKey(change.suite, change.caseId, change.repeat), change);
  for (const suite of verdict.suites)
    for (const change of suite.failingCases)
      if (!changes.has(caseKey(change.suite, change.caseId, change.repeat)))
        changes.set(caseKey(change.suite, change.caseId, change.repeat), change);

  const pairs = answerPairs(verdict, results, options.baseline);
  const cases: ClientCase[] = [];
  for (const [name, suite] of Object.entries(results.suites)) {
    const main = mainScoreMetrics(suite);
    const judgeTemperature = judgeTemperatureOf(suite);
    for (const result of suite.cases) {
      const change = changes.get(caseKey(name, result.caseId, result.repeat));
      const state: CaseState = (change?.kind as CaseChangeKind | undefined) ?? (result.status === "error" ? "errored" : "unchanged");
      cases.push({
        suite: name,
        kind: suite.kind,
        id: result.caseId,
        repeat: result.repeat,
        title: result.title || result.caseId,
        state,
        score: caseScore(result, main),
        source: sourceText(result),
        tags: result.tags,
        metrics: result.metrics,
        ...(result.error ? { error: `${result.error.kind}: ${result.error.message}` } : {}),
        ...(failedChecksOf(result).length ? { failedChecks: failedChecksOf(result) } : {}),
        costUsd: result.costUsd,
        latencyMs: result.latencyMs,
        ...(result.details !== undefined ? { details: result.details } : {}),
        ...judgeTemperature,
      });
      const pair = pairs.get(answerKey(name, result.caseId, result.repeat));
      const baseline = pair && clientBaseline(pair);
      if (baseline) cases.at(-1)!.baseline = baseline;
    }
  }
  cases.sort((a, b) => STATE_ORDER.indexOf(a.state) - STATE_ORDER.indexOf(b.state));
  const detailsJson = keepDetailsWithin(cases, options.detailsBudgetChars ?? DETAILS_BUDGET_CHARS);
  const detailsLeftOut = cases.filter((c) => c.detailsLeftOut).length;

  const title = `evalgate report: ${verdict.verdict === "pass" ? "passed" : "failed"}`;
  const body = [
    renderHeader(results, verdict, options),
    renderCards(results, verdict, cases),
    ...[analysisHtml(results.analysis, results.run.finishedAt, (ref) => caseKey(ref.suite, ref.caseId, 0))].filter(Boolean),
    // failing suites first: what needs a look comes before what passed
    ...[...verdict.suites]
      .sort((a, b) => Number(b.status === "fail") - Number(a.status === "fail"))
      .map((suite) => renderSuite(suite, results.suites[suite.suite], verdict, options.trends ?? [], results.run.finishedAt, pairs)),
    renderCaseTable(cases, verdict, detailsLeftOut),
    `<dialog id="case-dialog" aria-labelledby="case-title"><button class="close" id="case-close" aria-label="Close">×</button><div id="case-body"></div></dialog>`,
    `<footer>evalgate ${escapeHtml(results.run.evalgateVersion)} · run ${escapeHtml(results.run.id)} · ${escapeHtml(results.run.finishedAt)}</footer>`,
  ].join("\n");
  return [
    "<!doctype html>",
    '<html lang="en"><head><meta charset="utf-8"><meta name="generator" content="evalgate">',
    `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(contentSecurityPolicy(CLIENT_SCRIPT, REPORT_STYLE))}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="referrer" content="no-referrer">',
    '<link rel="icon" href="data:,">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${REPORT_STYLE}</style>`,
    "</head><body>",
    body,
    `<script type="application/json" id="evalgate-data">${inertJson(pageDataJson(cases, detailsJson))}</script>`,
    `<script>${CLIENT_SCRIPT}</script>`,
    "</body></html>",
    "",
  ].join("\n");
}

function baselineText(results: Results, verdict: GateVerdict, note: string | undefined): string {
  if (note) return note;
  if (!verdict.baseline.found) return "No baseline yet: the gate applied its thresholds only.";
  const where = [
    verdict.baseline.branch ? `stored for ${verdict.baseline.branch}` : "given",
    shortSha(verdict.baseline.commit) ? `at ${shortSha(verdict.baseline.commit)}` : "",
  ]
    .filter(Boolean)
    .join(" ");
  return `Compared with the baseline ${where}${verdict.baseline.finishedAt ? ` (${verdict.baseline.finishedAt.slice(0, 10)})` : ""}${results.run.commit ? `; this run is ${shortSha(results.run.commit)}` : ""}.`;
}

function renderHeader(results: Results, verdict: GateVerdict, options: HtmlReportOptions): string {
  const headline =
    verdict.verdict === "pass" ? `Gate passed: ${suiteTally(verdict, "passed")}` : `Gate failed: ${suiteTally(verdict, "failed")}`;
  const failures = verdict.failures.length
    ? `<ul class="failures">${verdict.failures.map((f) => `<li>${escapeHtml(f)}</li>`).join("")}</ul>`
    : "";
  const profile = verdict.profile ? ` Gate profile <code>${escapeHtml(verdict.profile)}</code>.` : "";
  const cache = cacheSentence(results.run);
  const cacheLine = cache ? `<p class="cache">${escapeHtml(cache)}</p>` : "";
  const notes = verdict.notes.map((note) => `<p class="note">Note: ${escapeHtml(note)}</p>`).join("");
  return `<header class="verdict ${verdict.verdict}"><h1>${verdict.verdict === "pass" ? "✓" : "✗"} ${escapeHtml(headline)}</h1><p>${escapeHtml(baselineText(results, verdict, options.baselineNote))}${profile}</p>${cacheLine}${notes}${failures}${detectableList(verdict)}</header>`;
}

function card(label: string, value: string, className = ""): string {
  return `<div class="card ${className}"><div class="label">${escapeHtml(label)}</div><div class="value">${escapeHtml(value)}</div></div>`;
}

function renderCards(results: Results, verdict: GateVerdict, cases: ClientCase[]): string {
  const passed = verdict.suites.filter((s) => s.status === "pass").length;
  const measured = verdict.suites.filter((s) => s.status !== "carried").length;
  const carried = verdict.suites.length - measured;
  const scored = cases.filter((c) => c.state !== "errored").length;
  const errors = verdict.suites.reduce((n, s) => n + s.counts.errors, 0);
  const regressions = cases.filter((c) => c.state === "regressed").length;
  return `<section class="cards">${[
    card("Verdict", verdict.verdict === "pass" ? "passed" : "failed", verdict.verdict),
    card("Suites passed", `${passed} / ${measured}`),
    ...(carried ? [card("Suites carried (not run)", String(carried))] : []),
    card("Cases scored", `${scored} / ${cases.length}`),
    card("Regressed cases", String(regressions), regressions ? "warn" : ""),
    card("Errors", String(errors), errors ? "warn" : ""),
    // partial when some cases have no price, as the console says it ("≥ $0.0120, 49 cases unpriced")
    card("Cost", formatCostTotal(runSpending(results))),
    card("Duration", formatDuration(results.run.durationMs)),
    ...(results.run.cache ? [card("Answers from the cache", String(cachedAnswers(results.run.cache)))] : []),
  ].join("")}</section>`;
}

function metricRow(row: MetricRow): string {
  const status = row.gated ? ROW_STATUS[row.status] : "reported only";
  const title = row.reason ? ` title="${escapeHtml(row.reason)}"` : "";
  const cell = (where: "narrow" | "wide") => `<td class="status ${where}-only"${title}>${escapeHtml(status)}</td>`;
  return `<tr class="row-${row.status}${row.gated ? "" : " reported"}">${cell("narrow")}<td>${escapeHtml(row.metric)}${row.direction === "lower" ? ' <span class="muted">(lower is better)</span>' : ""}</td><td class="num">${escapeHtml(formatValue(row.baseline, row.unit))}</td><td class="num">${escapeHtml(formatValue(row.now, row.unit))}${row.n ? ` <span class="muted">n=${row.n}</span>` : ""}</td><td class="num">${escapeHtml(formatDelta(row))}</td>${cell("wide")}</tr>`;
}

/** The metrics the verdict stands on first, the reported-only ones after them. */
function gatedFirst(rows: MetricRow[]): MetricRow[] {
  return [...rows].sort((a, b) => Number(b.gated) - Number(a.gated));
}

function regressionsTable(suite: SuiteVerdict): string {
  const worst = [
    ...suite.changes.filter((c) => c.kind === "errored" || c.kind === "regressed"),
    ...suite.failingCases.filter((c) => c.kind === "low"),
  ];
  if (!worst.length) return "";
  const withChecks = worst.some((c) => c.failedChecks?.length);
  const checkCell = (c: CaseChange) => (withChecks ? `<td>${escapeHtml(failedChecksSentence(c.failedChecks ?? []))}</td>` : "");
  const rows = worst
    .slice(0, 50)
    .map(
      (c) =>
        `<tr><td><button class="link open-case" data-key="${escapeHtml(caseKey(c.suite, c.caseId, c.repeat))}">${escapeHtml(c.title || c.caseId)}</button></td><td>${escapeHtml(STATE_LABEL[c.kind])}</td><td class="num">${escapeHtml(formatValue(c.before, "ratio"))} → ${escapeHtml(formatValue(c.after, "ratio"))}</td><td>${escapeHtml(sourceText(c))}</td><td>${escapeHtml(c.error ?? "")}</td>${checkCell(c)}</tr>`,
    )
    .join("");
  const more = worst.length > 50 ? `<p class="muted">and ${worst.length - 50} more in the case table below</p>` : "";
  return `<h3>Cases that need a look</h3><div class="scroll"><table class="data"><thead><tr><th>Case</th><th>Change</th><th>Score</th><th>Source</th><th>Error</th>${withChecks ? "<th>Failing check</th>" : ""}</tr></thead><tbody>${rows}</tbody></table></div>${more}`;
}

function renderSuite(
  suite: SuiteVerdict,
  results: SuiteResults | undefined,
  verdict: GateVerdict,
  trends: TrendSeries[],
  runFinishedAt: string,
  pairs: Map<string, AnswerPair>,
): string {
  const meta = [
    suite.carried ? `${suite.carried}: the baseline's numbers` : "",
    suite.baselineFrom?.text ?? "",
    `${suite.counts.scored}/${suite.counts.cases} cases scored${suite.carried ? " (in the baseline)" : ""}`,
    suite.counts.errors ? `${errorTally(suite)}, max-error-rate ${Math.round(suite.maxErrorRate * 100)}%` : "no errors",
    formatCost(suite.costUsd, suite.unpricedCases),
    formatDuration(suite.durationMs),
    formatCacheUse(results?.cache, runFinishedAt),
    suite.hasBaseline ? "" : "no baseline for this suite",
  ].filter(Boolean);
  const reasons = suite.reasons.length ? `<ul class="failures">${suite.reasons.map((r) => `<li>${escapeHtml(r)}</li>`).join("")}</ul>` : "";
  const table = `<div class="scroll"><table class="data metrics"><thead><tr>${statusHeader("narrow")}<th>Metric</th><th>${suite.baselineFrom?.kind === "paired" ? "Base (run now)" : "Baseline"}</th><th>Now</th><th>Change</th>${statusHeader("wide")}</tr></thead><tbody>${gatedFirst(suite.rows).map(metricRow).join("")}</tbody></table></div>`;
  const suiteTrends = trends.filter((t) => t.suite === suite.suite);
  const trendHtml = suiteTrends.length
    ? `<h3>Trend over the last ${suiteTrends[0]!.points.length - 1} baselines</h3><div class="trends">${suiteTrends
        .map(
          (t) =>
            `<figure>${lineChart(t.points, { title: `${t.suite}/${t.metric}`, format: (n) => formatValue(n, t.unit) })}<figcaption>${escapeHtml(t.metric)}</figcaption></figure>`,
        )
        .join("")}</div>`
    : "";
  const views = results ? kindViews(results) : "";
  const warnings = results?.warnings.length
    ? `<ul class="warnings">${results.warnings.map((w) => `<li>${escapeHtml(w)}</li>`).join("")}</ul>`
    : "";
  const reportedOnly = suite.rows.some((r) => !r.gated)
    ? `<p class="muted">Metrics marked “reported only” are shown for information and never fail the gate.</p>`
    : "";
  return `<section class="suite ${suite.status}" id="suite-${escapeHtml(suite.suite)}"><h2>${suite.status === "pass" ? "✓" : suite.status === "carried" ? "–" : "✗"} ${escapeHtml(suite.suite)} <small>${escapeHtml(suite.kind)}</small></h2><p class="muted">${escapeHtml(meta.join(" · "))}${verdict.repeated ? " · repeated runs" : ""}</p>${reasons}${table}${reportedOnly}${regressionsTable(suite)}${sideBySideView(suite, pairs)}${views}${trendHtml}${warnings}</section>`;
}

function renderCaseTable(cases: ClientCase[], verdict: GateVerdict, detailsLeftOut: number): string {
  const suiteOptions = verdict.suites.map((s) => `<option value="${escapeHtml(s.suite)}">${escapeHtml(s.suite)}</option>`).join("");
  const present = STATE_ORDER.filter((state) => cases.some((c) => c.state === state));
  const stateOptions = present.map((s) => `<option value="${s}">${escapeHtml(STATE_LABEL[s])}</option>`).join("");
  const rows = cases
    .map((c, i) => {
      const checks = (c.failedChecks ?? []).map((check) => `${check.name} ${check.reason}`);
      const text = [c.title, c.id, c.suite, c.source, c.error ?? "", ...checks, ...Object.values(c.tags)].join(" ").toLowerCase();
      const stateCell = (where: "narrow" | "wide") =>
        `<td class="state-${c.state} status ${where}-only">${escapeHtml(STATE_LABEL[c.state])}</td>`;
      return `<tr tabindex="0" data-index="${i}" data-key="${escapeHtml(caseKey(c.suite, c.id, c.repeat))}" data-suite="${escapeHtml(c.suite)}" data-state="${c.state}" data-rank="${STATE_ORDER.indexOf(c.state)}" data-score="${c.score ?? -1}" data-latency="${c.latencyMs}" data-cost="${c.costUsd ?? -1}" data-text="${escapeHtml(text)}">${stateCell("narrow")}<td>${escapeHtml(c.title)}${c.repeat ? ` <span class="muted">(repeat ${c.repeat})</span>` : ""}</td><td>${escapeHtml(c.suite)}</td><td>${escapeHtml(caseGroupOf(c))}</td>${stateCell("wide")}<td class="num">${escapeHtml(formatValue(c.score, "ratio"))}</td><td class="num">${escapeHtml(formatDuration(c.latencyMs))}</td><td class="num">${escapeHtml(c.costUsd === null ? "—" : formatCost(c.costUsd))}</td><td class="muted">${escapeHtml(c.source)}</td></tr>`;
    })
    .join("");
  const sortable = (key: string, label: string, className = "") =>
    `<th aria-sort="none"${className ? ` class="${className}"` : ""}><button class="sort" data-sort="${key}">${label}</button></th>`;
  const header = [
    sortable("rank", "State", "status narrow-only"),
    sortable("title", "Case"),
    sortable("suite", "Suite"),
    sortable("group", "Group"),
    sortable("rank", "State", "status wide-only"),
    sortable("score", "Score"),
    sortable("latency", "Latency"),
    sortable("cost", "Cost"),
    sortable("source", "Source"),
  ].join("");
  return `<section id="cases"><h2>All cases</h2><div class="controls"><input type="search" id="case-search" placeholder="Search title, id, tag, error…" aria-label="Search cases"><select id="case-suite" aria-label="Suite"><option value="">all suites</option>${suiteOptions}</select><select id="case-state" aria-label="State"><option value="">all states</option>${stateOptions}</select><span id="case-count" class="muted">${cases.length} cases</span></div><p class="muted">Click a case (or press Enter on it) to open its prompt, answer, votes, calls or transcript.</p>${
    detailsLeftOut
      ? `<p class="muted" id="details-left-out">The prompts, answers and transcripts of ${detailsLeftOut} of the cases listed last are left out to keep this page small; results.json has them.</p>`
      : ""
  }<div class="scroll"><table class="data" id="case-table"><thead><tr>${header}</tr></thead><tbody>${rows}</tbody></table></div></section>`;
}

function caseGroupOf(c: ClientCase): string {
  return caseGroup({ tags: c.tags } as CaseResult);
}
