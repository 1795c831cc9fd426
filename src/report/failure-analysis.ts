// "What the failures have in common": the failure analysis's patterns (results.json `analysis`) as the
// comment's section. A results file is data from elsewhere, so the analysis is read defensively; every
// text in it is the model's and is escaped. It is a model's reading, shown apart from the verdict.

import { formatAge } from "../gate/format.ts";
import type { CaseRef, FailureAnalysis, FailurePattern } from "../results/types.ts";
import { escapeMarkdownText } from "../util/escape.ts";
import { formatCost } from "../util/format-cost.ts";

export const ANALYSIS_TITLE = "What the failures have in common";

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === "string" ? value : "");
const count = (value: unknown) => (typeof value === "number" && Number.isSafeInteger(value) && value > 0 ? value : 0);

function caseRefs(value: unknown): CaseRef[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).map((ref) => ({ suite: text(ref.suite), caseId: text(ref.caseId) }));
}

/** The analysis of a results file, its fields checked; undefined when there is none. */
export function readAnalysis(value: unknown): FailureAnalysis | undefined {
  if (!isRecord(value)) return undefined;
  const patterns: FailurePattern[] = Array.isArray(value.patterns)
    ? value.patterns.filter(isRecord).map((p) => ({ pattern: text(p.pattern), cases: caseRefs(p.cases) }))
    : [];
  return {
    model: text(value.model),
    status: value.status === "done" ? "done" : "failed",
    patterns,
    casesSent: count(value.casesSent),
    casesLeftOut: count(value.casesLeftOut),
    costUsd: typeof value.costUsd === "number" && Number.isFinite(value.costUsd) ? value.costUsd : null,
    requests: count(value.requests),
    ...(typeof value.cachedAt === "string" ? { cachedAt: value.cachedAt } : {}),
    ...(typeof value.warning === "string" ? { warning: value.warning } : {}),
  };
}

/** Where the patterns came from, in words: the model, the cases sent, the cost or the cache. */
export function analysisSource(analysis: FailureAnalysis, runFinishedAt: string): string {
  const cases = `${analysis.casesSent} failing or regressed case${analysis.casesSent === 1 ? "" : "s"}`;
  const leftOut = analysis.casesLeftOut ? ` (${analysis.casesLeftOut} more left out)` : "";
  const age = Date.parse(runFinishedAt) - Date.parse(analysis.cachedAt ?? "");
  const spend = analysis.cachedAt
    ? `from the cache (saved ${Number.isFinite(age) ? formatAge(Math.max(0, age)) : "?"} before the run)`
    : formatCost(analysis.costUsd);
  return `Patterns named by the model "${analysis.model}" in ${cases}${leftOut} · ${spend}. A model's reading of the cases: it changes no score and not the verdict.`;
}

/** The case names a pattern covers, as the reports show them: "suite/case id". */
export function caseName(ref: CaseRef): string {
  return `${ref.suite}/${ref.caseId}`;
}

/** The comment's section; empty without an analysis. */
export function analysisMarkdown(value: unknown, runFinishedAt: string): string {
  const analysis = readAnalysis(value);
  if (!analysis) return "";
  const lines = [`#### 🔎 ${ANALYSIS_TITLE}`, "", `<sub>${escapeMarkdownText(analysisSource(analysis, runFinishedAt), 400)}</sub>`, ""];
  if (analysis.warning) {
    lines.push(
      "> [!WARNING]",
      `> **Failure analysis failed**: ${escapeMarkdownText(analysis.warning, 400)}. The verdict does not depend on it.`,
    );
    return lines.join("\n");
  }
  if (!analysis.patterns.length) {
    lines.push("_The model named no pattern that covers the cases sent._");
    return lines.join("\n");
  }
  for (const [index, pattern] of analysis.patterns.entries()) {
    const cases = pattern.cases.slice(0, 20).map((ref) => escapeMarkdownText(caseName(ref), 120));
    const more = pattern.cases.length > 20 ? ` and ${pattern.cases.length - 20} more` : "";
    lines.push(`${index + 1}. ${escapeMarkdownText(pattern.pattern, 300)} — cases ${cases.join(", ")}${more}`);
  }
  return lines.join("\n");
}
