// The side-by-side view of a suite's regressed, improved and changed cases: the baseline's answer,
// votes, calls or feedback and score beside this run's, the words that differ marked (<del> only in
// the baseline, <ins> only now). Rendered on the page, escaped, so it reads without the script.
import { answerText, type CaseAnswer } from "../../baseline/case-answer.ts";
import type { SuiteVerdict } from "../../gate/types.ts";
import { escapeHtml } from "../../util/escape.ts";
import { type AnswerPair, answerKey, SIDE_BY_SIDE_KINDS } from "../answer-pairs.ts";
import { formatValue } from "../format.ts";
import { wordDiff } from "../word-diff.ts";

/** Cases shown side by side per suite at most; the case table lists the rest. */
export const SIDE_BY_SIDE_PER_SUITE = 50;
/** The worst few open by default. */
const OPEN_FIRST = 3;

const KIND_LABEL: Record<string, string> = { regressed: "regressed", improved: "improved", changed: "changed (inputs edited)" };

/** The diffed text of one side: the shared words plain, its own words marked. */
function diffedText(own: string, other: string | undefined, side: "before" | "after"): string {
  if (other === undefined) return escapeHtml(own);
  const [from, to] = side === "before" ? [own, other] : [other, own];
  return wordDiff(from, to)
    .map((part) => {
      if (part.kind === "same") return escapeHtml(part.text);
      if (side === "before" && part.kind === "removed") return `<del>${escapeHtml(part.text)}</del>`;
      if (side === "after" && part.kind === "added") return `<ins>${escapeHtml(part.text)}</ins>`;
      return "";
    })
    .join("");
}

function notes(answer: CaseAnswer, diffed: string | undefined): string {
  const parts: string[] = [];
  if (answer.votes?.length) {
    const final = answer.finalScore === undefined ? "" : ` (final ${answer.finalScore})`;
    const votes = answer.votes
      .map(
        (v) =>
          `<li><strong>${v.score === null ? "no score" : `score ${v.score}`}</strong>${v.text ? `<div class="reasoning">${escapeHtml(v.text)}</div>` : ""}</li>`,
      )
      .join("");
    parts.push(`<h5>Judge votes${final}</h5><ol class="votes">${votes}</ol>`);
  }
  if (answer.calls !== undefined && answer.calls !== diffed) parts.push(`<h5>Calls</h5><pre>${escapeHtml(answer.calls)}</pre>`);
  if (answer.feedback?.length && typeof answer.response === "string") {
    const items = answer.feedback.map(
      (f) => `<li><strong>${escapeHtml(f.title ?? "feedback")}</strong> ${escapeHtml(f.description ?? "")}</li>`,
    );
    parts.push(`<h5>Feedback</h5><ul class="feedback">${items.join("")}</ul>`);
  }
  return parts.join("");
}

function side(
  label: string,
  score: number | null,
  own: CaseAnswer | undefined,
  other: CaseAnswer | undefined,
  which: "before" | "after",
): string {
  const heading = `<h4>${escapeHtml(label)} <span class="muted">score ${escapeHtml(formatValue(score, "ratio"))}${own?.agent ? ` · ${escapeHtml(own.agent)}` : ""}</span></h4>`;
  if (!own) {
    const why = which === "before" ? "The baseline kept no answer for this case." : "This run's answer is not in the results.";
    return `<div class="side ${which}">${heading}<p class="muted">${escapeHtml(why)}</p></div>`;
  }
  const text = answerText(own);
  const answer =
    own.response === null
      ? `<p class="muted">(no answer)</p>`
      : text === undefined
        ? ""
        : `<pre class="answer">${diffedText(text, answerText(other), which)}</pre>`;
  return `<div class="side ${which}">${heading}${answer}${notes(own, text)}</div>`;
}

function pairView(pair: AnswerPair, open: boolean): string {
  const { change } = pair;
  const title = `${change.title || change.caseId}${change.group ? ` · ${change.group}` : ""}${change.repeat ? ` (repeat ${change.repeat})` : ""}`;
  const scores = `${formatValue(change.before, "ratio")} → ${formatValue(change.after, "ratio")}`;
  return `<details class="pair" data-kind="${change.kind}"${open ? " open" : ""}><summary>${escapeHtml(title)} <span class="muted">${escapeHtml(KIND_LABEL[change.kind] ?? change.kind)} ${escapeHtml(scores)}</span></summary><div class="side-by-side">${side("Baseline", change.before, pair.before, pair.after, "before")}${side("Now", change.after, pair.after, pair.before, "after")}</div></details>`;
}

/** The suite's changed cases side by side, worst first; "" when none changed. */
export function sideBySideView(suite: SuiteVerdict, pairs: Map<string, AnswerPair>): string {
  const listed = suite.changes
    .filter((change) => SIDE_BY_SIDE_KINDS.includes(change.kind))
    .map((change) => pairs.get(answerKey(change.suite, change.caseId, change.repeat)))
    .filter((pair): pair is AnswerPair => pair !== undefined);
  if (!listed.length) return "";
  if (listed.every((pair) => pair.before === undefined))
    return `<p class="muted">The baseline kept no answers to show beside the new ones (a baseline stored before evalgate kept them, or a report made without --baseline).</p>`;
  const shown = listed.slice(0, SIDE_BY_SIDE_PER_SUITE);
  const more = listed.length > shown.length ? `<p class="muted">and ${listed.length - shown.length} more in the case table below</p>` : "";
  return `<h3>Baseline and now, side by side</h3><p class="muted">Words only in the baseline's answer are <del>struck</del>; words only in the new one are <ins>marked</ins>.</p>${shown.map((pair, i) => pairView(pair, i < OPEN_FIRST && pair.change.kind === "regressed")).join("")}${more}`;
}
