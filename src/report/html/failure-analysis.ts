// The HTML report's "What the failures have in common": the analysis model's patterns, each case a
// button that opens it. The model's text is escaped like every other text on the page.
import type { CaseRef } from "../../results/types.ts";
import { escapeHtml } from "../../util/escape.ts";
import { ANALYSIS_TITLE, analysisSource, caseName, readAnalysis } from "../failure-analysis.ts";

/** The section; empty without an analysis. `keyOf` gives the case table's key of a case (its first repeat). */
export function analysisHtml(value: unknown, runFinishedAt: string, keyOf: (ref: CaseRef) => string): string {
  const analysis = readAnalysis(value);
  if (!analysis) return "";
  const head = `<h2>${escapeHtml(ANALYSIS_TITLE)}</h2><p class="muted">${escapeHtml(analysisSource(analysis, runFinishedAt))}</p>`;
  let body: string;
  if (analysis.warning) {
    body = `<ul class="warnings"><li>Failure analysis failed: ${escapeHtml(analysis.warning)}. The verdict does not depend on it.</li></ul>`;
  } else if (!analysis.patterns.length) {
    body = `<p class="muted">The model named no pattern that covers the cases sent.</p>`;
  } else {
    const items = analysis.patterns.map((pattern) => {
      const cases = pattern.cases
        .map((ref) => `<button class="link open-case" data-key="${escapeHtml(keyOf(ref))}">${escapeHtml(caseName(ref))}</button>`)
        .join(", ");
      return `<li><p>${escapeHtml(pattern.pattern)}</p><p class="muted">Cases: ${cases}</p></li>`;
    });
    body = `<ol class="patterns">${items.join("")}</ol>`;
  }
  return `<section class="suite analysis" id="failure-analysis">${head}${body}</section>`;
}
