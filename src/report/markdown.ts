// The PR comment, the check-run summary and the job summary: one markdown renderer with a size
// budget. Every piece of text that did not come from evalgate itself passes through escape.ts.
import { markdownTable } from "markdown-table";
import { answerText } from "../baseline/case-answer.ts";
import { acceptedLine } from "../gate/acceptance.ts";
import { formatAge, formatNumber } from "../gate/format.ts";
import { adjustedWords, clusterWords, formatP } from "../gate/methods.ts";
import { POWER } from "../gate/power.ts";
import type { CaseChange, GateVerdict, MetricRow, SuiteVerdict } from "../gate/types.ts";
import { failedChecksSentence } from "../results/failed-checks.ts";
import type { Results, SuiteResults } from "../results/types.ts";
import { escapeHtml, escapeMarkdownText, escapeTableCell, safeUrl } from "../util/escape.ts";
import { formatCost } from "../util/format-cost.ts";
import { redact } from "../util/redact.ts";
import { type AnswerPair, answerKey } from "./answer-pairs.ts";
import { analysisMarkdown } from "./failure-analysis.ts";
import {
  cachedAnswers,
  cacheSentence,
  detectionSentence,
  errorTally,
  formatCacheUse,
  formatCostTotal,
  formatDelta,
  formatDuration,
  formatTokens,
  formatValue,
  repeatCount,
  resolutionSentence,
  runSpending,
  STATUS_LABEL,
  shortSha,
  skippedVotes,
  spreadSentence,
  suiteTally,
} from "./format.ts";
import { roleTableRows } from "./role-table.ts";

/** GitHub's limit for an issue comment body (characters). */
export const COMMENT_MAX_CHARS = 65_536;
/**
 * GitHub's limit for a check run's output.summary and output.text: 65,535 "characters" in its docs,
 * counted in UTF-8 bytes by the API (a summary of multi-byte text under 65,535 characters is refused
 * with a 422 "summary exceeds a maximum bytesize of 65535").
 */
export const CHECK_SUMMARY_MAX_BYTES = 65_535;
/** The job summary's limit per step (bytes). */
export const SUMMARY_MAX_BYTES = 1024 * 1024;

export interface ReportLinks {
  /** The workflow run, e.g. https://github.com/o/r/actions/runs/1. */
  runUrl?: string;
  /** https://github.com/o/r, to link case sources at `commit`. */
  repoUrl?: string;
  commit?: string;
  /** The run has an HTML report among its artifacts: the footer links them. */
  htmlReport?: boolean;
}

export interface MarkdownOptions extends ReportLinks {
  /** Size budget; the report is cut at a section boundary with a visible note. */
  maxLength?: number;
  /** How the budget is counted: characters (comments, checks) or UTF-8 bytes (job summary). */
  measure?: "chars" | "bytes";
  /** Prepended verbatim (the sticky comment's hidden marker). */
  marker?: string;
  /** Worst cases listed per suite. */
  worstCases?: number;
  /** Markdown lines evalgate wrote (which baseline, whether it was stored), shown under the header. */
  notes?: string[];
  /** "suite/metric" -> a sparkline over the last baselines (report/trends.ts `sparklines`): a Trend column. */
  trends?: Record<string, string>;
  /** Both answers of the changed cases (report/answer-pairs.ts): the worst regressed get a folded excerpt. */
  answers?: Map<string, AnswerPair>;
}

/** Regressed cases per suite whose answers the comment quotes, and the characters quoted per answer. */
const EXCERPT_CASES = 3;
const EXCERPT_CHARS = 400;

const CASE_KIND_LABEL: Record<CaseChange["kind"], string> = {
  errored: "⚠️ error",
  regressed: "🔻 regressed",
  low: "🔻 low score",
  disappeared: "➖ gone",
  appeared: "➕ new",
  recovered: "🔺 recovered",
  improved: "🔺 improved",
  changed: "✏️ changed (not compared)",
};

export function renderMarkdownReport(results: Results, verdict: GateVerdict, options: MarkdownOptions = {}): string {
  const head = [renderHeader(results, verdict), ...(options.notes?.length ? [options.notes.join("\n\n")] : [])].join("\n\n");
  const analysis = analysisMarkdown(results.analysis, results.run.finishedAt);
  const sections = [
    ...(analysis ? [analysis] : []),
    ...verdict.suites.map((suite) => renderSuiteSection(suite, verdict, options, results.suites[suite.suite], results.run.finishedAt)),
  ];
  const footer = renderFooter(results, options);
  return assemble(options.marker, head, sections, footer, options);
}

function verdictLine(verdict: GateVerdict): string {
  if (verdict.verdict === "error") {
    const first = verdict.errors[0] ? `: ${escapeMarkdownText(verdict.errors[0], 200)}` : "";
    return `### ⚠️ evalgate: could not decide${first}`;
  }
  if (verdict.verdict === "pass") {
    const accepted = verdict.accepted?.length ?? 0;
    const withAccepted = accepted ? ` with ${accepted} accepted regression${accepted === 1 ? "" : "s"}` : "";
    return `### ✅ evalgate: gate passed${withAccepted} — ${suiteTally(verdict, "passed")}`;
  }
  return `### ❌ evalgate: gate failed — ${suiteTally(verdict, "failed")}`;
}

function baselineLine(results: Results, verdict: GateVerdict): string {
  const parts: string[] = [];
  if (verdict.baseline.found) {
    const where = [verdict.baseline.branch ? `\`${escapeMarkdownText(verdict.baseline.branch).replace(/`/g, "")}\`` : "the baseline"];
    const sha = shortSha(verdict.baseline.commit);
    if (sha) where.push(`@ ${sha}`);
    if (verdict.baseline.ageMs !== undefined) where.push(`(${formatAge(verdict.baseline.ageMs)} old)`);
    parts.push(`Compared with ${where.join(" ")}`);
  } else {
    parts.push("No baseline yet: thresholds only");
  }
  if (verdict.profile) parts.push(`profile \`${verdict.profile.replace(/`/g, "")}\``);
  const sha = shortSha(results.run.commit);
  if (sha) parts.push(`commit ${sha}`);
  if (verdict.repeated) parts.push(`${repeatCount(results)}× repeated`);
  const cache = cacheSentence(results.run);
  return parts.join(" · ") + (cache ? `\n\n🗄️ ${escapeMarkdownText(cache, 300)}` : "");
}

const SUITE_ICON: Record<SuiteVerdict["status"], string> = { pass: "✅", fail: "❌", error: "⚠️", carried: "⏭️" };

function suiteLine(suite: SuiteVerdict): string {
  const icon = SUITE_ICON[suite.status];
  if (suite.status === "error") {
    return `- ${icon} **${escapeMarkdownText(suite.suite)}** — could not decide: ${suite.errors.map((error) => escapeMarkdownText(error, 200)).join("; ")}`;
  }
  if (suite.status === "carried") {
    return `- ${icon} **${escapeMarkdownText(suite.suite)}** — ${escapeMarkdownText(suite.carried ?? "", 300)}; the baseline's numbers, not measured now`;
  }
  const counts = `${suite.counts.scored}/${suite.counts.cases} cases scored`;
  const changes: string[] = [];
  if (suite.changeCounts.regressed) changes.push(`${suite.changeCounts.regressed} regressed`);
  if (suite.changeCounts.improved) changes.push(`${suite.changeCounts.improved} improved`);
  if (suite.changeCounts.errored) changes.push(`${suite.changeCounts.errored} ${suite.changeCounts.errored === 1 ? "error" : "errors"}`);
  if (suite.changeCounts.changed) changes.push(`${suite.changeCounts.changed} changed (not compared)`);
  const shown = suite.reasons.slice(0, 3).map((reason) => escapeMarkdownText(reason, 200));
  if (suite.reasons.length > 3) shown.push(`and ${suite.reasons.length - 3} more`);
  const accepted = suite.accepted?.length ? ` · ${suite.accepted.length} accepted` : "";
  const detail = suite.status === "fail" ? shown.join("; ") : `${counts}${accepted}`;
  const extra =
    suite.status === "fail"
      ? ` (${counts}${changes.length ? `, ${changes.join(", ")}` : ""})`
      : changes.length
        ? ` · ${changes.join(", ")}`
        : "";
  return `- ${icon} **${escapeMarkdownText(suite.suite)}** — ${detail}${extra}`;
}

/** Infrastructure errors and notes: said plainly, never as a regression. */
function errorAndNoteLines(results: Results, verdict: GateVerdict): string[] {
  const lines: string[] = [];
  if (verdict.errors.length) {
    lines.push(
      "> [!CAUTION]",
      "> **Could not decide** (an infrastructure error, not a regression; exit code 3):",
      ...verdict.errors.slice(0, 10).map((error) => `> - could not decide: ${escapeMarkdownText(error, 300)}`),
      "",
    );
  }
  lines.push(...acceptedLines(verdict));
  for (const note of verdict.notes) lines.push(`> [!NOTE]\n> ${escapeMarkdownText(note, 400)}`, "");
  const small = verdict.suites.flatMap((suite) => resolutionSentence(suite) ?? []);
  if (small.length) {
    const shown = small.slice(0, 10).map((note) => `> - ${escapeMarkdownText(note, 400)}`);
    if (small.length > 10) shown.push(`> - and ${small.length - 10} more`);
    lines.push(
      "> [!NOTE]",
      "> **Too few cases** to tell a drop of max-drop from noise (resolution: the cases a suite has over the cases it needs)",
      ...shown,
      "",
    );
  }
  const spend = spendLine(results);
  if (spend) lines.push(spend, "");
  return lines;
}

/** Failures a maintainer accepted on the record (gate/acceptance.ts): who, why, for which commit. Their words are escaped. */
function acceptedLines(verdict: GateVerdict): string[] {
  if (!verdict.accepted?.length) return [];
  const sha = shortSha(verdict.acceptance?.headSha);
  const shown = verdict.accepted.slice(0, 10).map((line) => `> - ${escapeMarkdownText(line, 400)}`);
  if (verdict.accepted.length > 10) shown.push(`> - and ${verdict.accepted.length - 10} more`);
  return [
    "> [!IMPORTANT]",
    `> **Accepted on the record**${sha ? ` for commit ${sha}` : ""} (a new push runs the gate again and needs a new acceptance):`,
    ...shown,
    "",
  ];
}

/** Spend against the budget, when the run had one. */
function spendLine(results: Results): string | undefined {
  const budget = results.run.limits?.budgetUsd;
  if (budget === undefined) return undefined;
  return `💰 Spent ${formatCost(results.run.limits?.spentUsd ?? results.run.costUsd ?? 0)} of the ${formatCost(budget)} budget`;
}

function renderHeader(results: Results, verdict: GateVerdict): string {
  const lines = [
    verdictLine(verdict),
    "",
    baselineLine(results, verdict),
    "",
    ...errorAndNoteLines(results, verdict),
    ...verdict.suites.map(suiteLine),
  ];
  if (verdict.suites.length === 0) lines.push("- ⚠️ no suite ran");
  if (verdict.notRun.length)
    lines.push("", `Not run this time (kept from the baseline): ${verdict.notRun.map((name) => escapeMarkdownText(name)).join(", ")}`);
  return lines.join("\n");
}

function noiseCell(row: MetricRow): string {
  if (!row.noise) return "—";
  const spread = row.noise.spread !== null ? `±${formatValue(row.noise.spread, row.unit)}` : "";
  const interval = `CI ${formatDelta({ delta: row.noise.ciLow, relDelta: null, unit: row.unit })} … ${formatDelta({ delta: row.noise.ciHigh, relDelta: null, unit: row.unit })}`;
  const test = row.noise.mcnemar
    ? `McNemar p=${formatNumber(row.noise.mcnemar.p)}`
    : row.noise.signFlip
      ? `sign-flip p=${formatP(row.noise.signFlip.p)}`
      : "";
  // The corrected p where the row has something to say (a drop over the limit), not on every passing row.
  const adjusted =
    adjustedWords(row.noise) && row.status !== "pass"
      ? `Holm p=${formatP(row.noise.adjusted!.p)} (${row.noise.adjusted!.comparisons} tests)`
      : "";
  const clusters = row.noise.clusters && row.noise.clusters.by !== "case" ? clusterWords(row.noise) : "";
  const verdict = row.noise.insideNoise && row.status !== "pass" ? "not significant" : "";
  return [spread, interval, test, adjusted, clusters, verdict].filter(Boolean).join(" · ");
}

function metricTable(suite: SuiteVerdict, shown: MetricRow[], noiseShown: boolean, trends: Record<string, string> = {}): string {
  const trendOf = (row: MetricRow) => trends[`${suite.suite}/${row.metric}`] ?? "";
  const withTrend = shown.some((row) => trendOf(row));
  const header = [
    "Metric",
    suite.baselineFrom?.kind === "paired" ? "Base (run now)" : "Baseline",
    "Now",
    "Δ",
    "Status",
    ...(noiseShown ? ["Noise"] : []),
    ...(withTrend ? ["Trend"] : []),
  ];
  const rows = shown.map((row) => [
    `${escapeTableCell(row.metric)}${row.direction === "lower" ? " ↓" : ""}`,
    formatValue(row.baseline, row.unit),
    `${formatValue(row.now, row.unit)}${row.n ? ` <sub>n=${row.n}</sub>` : ""}`,
    formatDelta(row),
    STATUS_LABEL[row.status],
    ...(noiseShown ? [noiseCell(row)] : []),
    ...(withTrend ? [trendOf(row) ? `\`${trendOf(row)}\`` : ""] : []),
  ]);
  return markdownTable([header, ...rows], { align: ["l", "r", "r", "r", "l", "l", "l"] });
}

function sourceCell(change: CaseChange, links: ReportLinks): string {
  const label = `${change.source.file}${change.source.line ? `:${change.source.line}` : ""}`;
  const base = safeUrl(links.repoUrl);
  if (base && links.commit && /^[0-9a-f]{7,40}$/i.test(links.commit)) {
    const path = change.source.file.split("/").map(encodeURIComponent).join("/");
    const url = `${base}/blob/${links.commit}/${path}${change.source.line ? `#L${change.source.line}` : ""}`;
    return `[${escapeTableCell(label)}](${url})`;
  }
  return escapeTableCell(label);
}

function casesTable(changes: CaseChange[], links: ReportLinks): string {
  // The failing check's column only when a listed case failed one: a suite without checks keeps its table.
  const withChecks = changes.some((change) => change.failedChecks?.length);
  const rows = changes.map((change) => [
    `${escapeTableCell(change.title || change.caseId, 80)}${change.group ? ` · ${escapeTableCell(change.group, 40)}` : ""}${change.repeat ? ` (repeat ${change.repeat})` : ""}`,
    change.kind === "errored" && change.errorSide === "scorer" ? "⚠️ not scored" : CASE_KIND_LABEL[change.kind],
    `${formatValue(change.before, "ratio")} → ${formatValue(change.after, "ratio")}`,
    sourceCell(change, links),
    change.error ? escapeTableCell(change.error, 160) : "",
    ...(withChecks ? [escapeTableCell(failedChecksSentence(change.failedChecks ?? []), 200)] : []),
  ]);
  return markdownTable([["Case", "Change", "Score", "Source", "Error", ...(withChecks ? ["Failing check"] : [])], ...rows]);
}

/**
 * A suite's section. A passing (or carried) suite folds into one line, its table inside: a reader's
 * eye goes to what failed. A failing suite shows the gated metrics, every reason, and folds the rest.
 */
function renderSuiteSection(
  suite: SuiteVerdict,
  verdict: GateVerdict,
  options: MarkdownOptions,
  suiteResults: SuiteResults | undefined,
  runFinishedAt: string,
): string {
  const icon = SUITE_ICON[suite.status];
  const noiseShown = verdict.repeated || suite.rows.some((row) => row.noise);
  if (suite.status === "pass" || suite.status === "carried") {
    const meta = suiteMeta(suite, suiteResults, runFinishedAt, (text) => text);
    const summary = `${icon} <b>${escapeHtml(suite.suite)}</b> <sub>${escapeHtml(suite.kind)}</sub> — ${escapeHtml(meta)}`;
    const body = [metricTable(suite, suite.rows, noiseShown, options.trends), ...suiteDetails(suite, options, suiteResults)];
    return folded(summary, body.join("\n\n"));
  }
  // Gated metrics and whatever is not a plain report stay in view; the reported-only rows fold.
  const inView = suite.rows.filter((row) => row.gated || row.status !== "info");
  const reported = suite.rows.filter((row) => !inView.includes(row));
  const parts = [
    `#### ${icon} ${escapeMarkdownText(suite.suite)} <sub>${escapeHtml(suite.kind)}</sub>`,
    "",
    suiteMeta(suite, suiteResults, runFinishedAt, (text) => escapeMarkdownText(text)),
    "",
    metricTable(suite, inView, noiseShown, options.trends),
  ];
  if (reported.length) {
    const table = metricTable(suite, reported, noiseShown, options.trends);
    parts.push("", folded(`${reported.length} more metric${reported.length === 1 ? "" : "s"}, reported only`, table));
  }
  for (const block of suiteDetails(suite, options, suiteResults)) parts.push("", block);
  return parts.join("\n");
}

/** The suite's one-line facts: cases scored, errors, cost, time, what the cache served; `quote` takes the texts not ours. */
function suiteMeta(
  suite: SuiteVerdict,
  suiteResults: SuiteResults | undefined,
  runFinishedAt: string,
  quote: (text: string) => string,
): string {
  return [
    suite.carried ? quote(`${suite.carried}: the baseline's numbers`) : "",
    `${suite.counts.scored}/${suite.counts.cases} cases scored${suite.carried ? " (in the baseline)" : ""}`,
    suite.counts.errors ? `${errorTally(suite)}, max-error-rate ${Math.round(suite.maxErrorRate * 100)}%` : "",
    formatCost(suite.costUsd, suite.unpricedCases),
    formatDuration(suite.durationMs),
    quote(formatCacheUse(suiteResults?.cache, runFinishedAt)),
    suite.hasBaseline ? "" : "no baseline for this suite",
  ]
    .filter(Boolean)
    .join(" · ");
}

/** The blocks after a suite's table: what it was compared on, errors, reasons, detection power, roles, worst cases, answers. */
function suiteDetails(suite: SuiteVerdict, options: MarkdownOptions, suiteResults: SuiteResults | undefined): string[] {
  const blocks: string[] = [];
  if (suite.comparedOn) {
    const wholes = suite.rows
      .filter((row) => row.gated && row.whole)
      .map(
        (row) =>
          `${escapeMarkdownText(row.metric)} ${formatValue(row.whole!.baseline, row.unit)} → ${formatValue(row.whole!.now, row.unit)}`,
      );
    blocks.push(`<sub>${escapeHtml(suite.comparedOn)}${wholes.length ? `. Whole-suite means: ${wholes.join(", ")}` : ""}</sub>`);
  }
  if (suite.baselineFrom) blocks.push(`<sub>${escapeHtml(suite.baselineFrom.text)}</sub>`);
  for (const error of suite.errors) blocks.push(`- ⚠️ could not decide: ${escapeMarkdownText(error, 400)}`);
  const reasons = reasonLines(suite);
  if (reasons.length) blocks.push(reasons.join("\n"));
  const detectable = suite.rows.flatMap((row) =>
    [detectionSentence(row), spreadSentence(row)].flatMap((sentence) =>
      sentence ? [`- **${escapeMarkdownText(row.metric)}**: ${escapeMarkdownText(sentence, 300)}`] : [],
    ),
  );
  if (detectable.length)
    blocks.push(folded(`What this run could detect (at ${POWER * 100}% power, the gate's own test)`, detectable.join("\n")));
  const roleRows = roleTableRows(suiteResults);
  // Metric names and roles come from the data: escaped; the numbers are ours.
  if (roleRows)
    blocks.push(folded("Per role", markdownTable(roleRows.map((row) => row.map((cell, i) => (i < 2 ? escapeTableCell(cell) : cell))))));
  const candidates = worstCaseCandidates(suite);
  const worst = candidates.slice(0, options.worstCases ?? 10);
  if (worst.length) {
    const counts = Object.entries(suite.changeCounts)
      .filter(([, count]) => count > 0)
      .map(([kind, count]) => `${count} ${kind}`);
    const summary = counts.length ? counts.join(", ") : `${worst.length} low scores`;
    const more = candidates.length - worst.length;
    const rest = more > 0 ? `\n\n+${more} more: every case is in the HTML report and results.json.` : "";
    blocks.push(folded(`Worst cases (${escapeHtml(summary)})`, casesTable(worst, options) + rest));
  }
  const excerpt = answersExcerpt(suite, options.answers);
  if (excerpt) blocks.push(excerpt);
  return blocks;
}

/** A block folded under a one-line summary (HTML: escaped by the caller). */
function folded(summary: string, body: string): string {
  return [`<details><summary>${summary}</summary>`, "", body, "", "</details>"].join("\n");
}

/** Each row's reason (why it failed, is noise, or new), and who accepted it when it was accepted. */
function reasonLines(suite: SuiteVerdict): string[] {
  const accepted = (row: MetricRow) =>
    row.accepted ? ` — ${escapeMarkdownText(acceptedLine(row.accepted, row.accepted.pullRequest), 300)}` : "";
  return suite.rows
    .filter((row) => row.reason && row.status !== "info")
    .map((row) => `- **${escapeMarkdownText(row.metric)}**: ${escapeMarkdownText(row.reason, 400)}${accepted(row)}`);
}

/** One side of the excerpt: the answer's first words, escaped (model text), or why there is none. */
function excerptLine(label: string, score: number | null, answer: AnswerPair["before"]): string {
  const text = answerText(answer);
  const shown = answer?.response === null ? "_(no answer)_" : text === undefined ? "_(not kept)_" : escapeMarkdownText(text, EXCERPT_CHARS);
  return `- **${label}** (${formatValue(score, "ratio")}): ${shown}`;
}

/** The worst regressed cases' answers, baseline and now, folded: what changed, without opening the HTML report. */
function answersExcerpt(suite: SuiteVerdict, answers: Map<string, AnswerPair> | undefined): string {
  if (!answers) return "";
  const pairs = suite.changes
    .filter((change) => change.kind === "regressed")
    .map((change) => answers.get(answerKey(change.suite, change.caseId, change.repeat)))
    .filter((pair): pair is AnswerPair => Boolean(pair && (answerText(pair.before) ?? answerText(pair.after)) !== undefined))
    .slice(0, EXCERPT_CASES);
  if (!pairs.length) return "";
  const cases = pairs.map(({ change, before, after }) =>
    [
      `**${escapeMarkdownText(change.title || change.caseId, 120)}**${change.group ? ` · ${escapeMarkdownText(change.group, 40)}` : ""}`,
      "",
      excerptLine("Baseline", change.before, before),
      excerptLine("Now", change.after, after),
    ].join("\n"),
  );
  const summary = `Answers of the ${pairs.length === 1 ? "worst regressed case" : `${pairs.length} worst regressed cases`}, baseline and now`;
  return [`<details><summary>${summary}</summary>`, "", cases.join("\n\n"), "", "</details>"].join("\n");
}

function worstCaseCandidates(suite: SuiteVerdict): CaseChange[] {
  // Edited cases are listed after the regressions, so a reader sees which inputs changed.
  const interesting = suite.changes.filter(
    (change) => change.kind === "errored" || change.kind === "regressed" || change.kind === "changed",
  );
  const low = suite.failingCases.filter((change) => change.kind === "low");
  return [...interesting, ...low];
}

function renderFooter(results: Results, options: ReportLinks): string {
  const suites = Object.values(results.suites);
  const spending = runSpending(results);
  const requests = spending.reduce((sum, item) => sum + item.requests, 0);
  const rejudged = results.run.rejudged;
  const parts = [
    `💰 ${formatCostTotal(spending)}`,
    ...(results.run.tokens ? [formatTokens(results.run.tokens)] : []),
    `⏱️ ${formatDuration(results.run.durationMs)}`,
    `${requests.toLocaleString("en-US")} requests${rejudged ? ` (${rejudged.requests.toLocaleString("en-US")} re-judging ${rejudged.answers.toLocaleString("en-US")} baseline answers)` : ""}`,
    ...(results.run.cache ? [`${cachedAnswers(results.run.cache).toLocaleString("en-US")} from the cache`] : []),
    ...pullRequestSavings(suites),
  ];
  const runUrl = safeUrl(options.runUrl);
  if (runUrl) parts.push(`[workflow run](${runUrl})`);
  if (runUrl && options.htmlReport) parts.push(`[HTML report in the artifacts](${runUrl}#artifacts)`);
  parts.push(`evalgate ${escapeHtml(results.run.evalgateVersion)}`);
  return `---\n<sub>${parts.join(" · ")}</sub>`;
}

/** What the run did not pay for: judge votes early stop skipped, suites carried because nothing they depend on changed. */
function pullRequestSavings(suites: SuiteResults[]): string[] {
  const votes = suites.reduce((sum, suite) => sum + skippedVotes(suite), 0);
  const carried = suites.filter((suite) => suite.carried).length;
  return [
    ...(votes ? [`${votes.toLocaleString("en-US")} vote${votes === 1 ? "" : "s"} skipped`] : []),
    ...(carried ? [`${carried} suite${carried === 1 ? "" : "s"} not run (carried)`] : []),
  ];
}

function lengthOf(text: string, measure: "chars" | "bytes" | undefined): number {
  return measure === "bytes" ? Buffer.byteLength(text, "utf8") : text.length;
}

/** Joins the sections, leaving out whole trailing sections (with a note) when over the budget. */
function assemble(marker: string | undefined, head: string, sections: string[], footer: string, options: MarkdownOptions): string {
  const max = options.maxLength ?? COMMENT_MAX_CHARS;
  const prefix = marker ? `${marker}\n` : "";
  const join = (parts: string[]) => prefix + parts.join("\n\n") + "\n";
  const full = join([head, ...sections, footer]);
  if (lengthOf(full, options.measure) <= max) return full;
  const kept: string[] = [];
  for (let i = 0; i < sections.length; i++) {
    const left = sections.length - i - 1;
    const note = truncationNote(left + 1);
    if (lengthOf(join([head, ...kept, sections[i]!, truncationNote(left), footer]), options.measure) > max) {
      return fit(join([head, ...kept, note, footer]), max, options.measure);
    }
    kept.push(sections[i]!);
  }
  return fit(join([head, ...kept, footer]), max, options.measure);
}

function truncationNote(left: number): string {
  if (left === 0) return "";
  return `> [!WARNING]\n> **Report truncated:** ${left} suite section${left === 1 ? "" : "s"} left out to stay within GitHub's size limit. The full report is in the job summary and in the report file (action output \`report-path\`).`;
}

/** Last resort when even the header is too long (thousands of suites): a hard cut with a note. */
function fit(whole: string, max: number, measure: "chars" | "bytes" | undefined): string {
  if (lengthOf(whole, measure) <= max) return whole;
  const text = redact(whole); // redacted whole before the cut: a cut secret is no longer recognisable
  const note = "\n\n> [!WARNING]\n> **Report truncated** to stay within GitHub's size limit.\n";
  let cut = text.slice(0, Math.max(0, max - note.length - 16));
  while (lengthOf(cut + note, measure) > max) cut = cut.slice(0, Math.floor(cut.length * 0.95));
  const lastBreak = cut.lastIndexOf("\n");
  return (lastBreak > 0 ? cut.slice(0, lastBreak) : cut) + note;
}

/** The comment while the run is in progress. */
export function renderRunningReport(info: { suites?: string[]; commit?: string; runUrl?: string; marker?: string }): string {
  const lines = ["### ⏳ evalgate: running evals…", ""];
  const parts: string[] = [];
  parts.push(info.suites?.length ? `Suites: ${info.suites.map((name) => escapeMarkdownText(name)).join(", ")}` : "All suites");
  const sha = shortSha(info.commit);
  if (sha) parts.push(`commit ${sha}`);
  const runUrl = safeUrl(info.runUrl);
  if (runUrl) parts.push(`[workflow run](${runUrl})`);
  lines.push(parts.join(" · "), "", "This comment is updated with the verdict when the run finishes.");
  return (info.marker ? `${info.marker}\n` : "") + lines.join("\n") + "\n";
}

/** The comment when the run could not produce results (bad config, crash). */
export function renderErrorReport(info: { message: string; runUrl?: string; marker?: string }): string {
  const runUrl = safeUrl(info.runUrl);
  const lines = [
    "### ⚠️ evalgate: the run failed before a verdict",
    "",
    ...info.message
      .split("\n")
      .slice(0, 30)
      .map((line) => `> ${escapeMarkdownText(line, 400)}`),
    "",
    runUrl ? `See the [workflow run](${runUrl}) for the log.` : "See the workflow log.",
  ];
  return (info.marker ? `${info.marker}\n` : "") + lines.join("\n") + "\n";
}
