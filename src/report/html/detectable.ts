// The HTML report's "what this run could detect" list: per gated metric the smallest drop the gate's
// own test could tell from noise, and the inconclusive ones (the run cannot see a drop of max-drop)
// marked first, and the spread of a repeated metric split between and within cases. The sentences are
// the comment's (report/format.ts).
import { POWER } from "../../gate/power.ts";
import type { GateVerdict } from "../../gate/types.ts";
import { escapeHtml } from "../../util/escape.ts";
import { detectionSentence, inconclusiveSentence, spreadSentence } from "../format.ts";

export function detectableList(verdict: GateVerdict): string {
  const items = verdict.suites.flatMap((suite) =>
    suite.rows.flatMap((row) => {
      // What the run could detect, and where a repeated metric's spread comes from (gate/spread.ts).
      const sentences = [detectionSentence(row), spreadSentence(row)].filter((sentence) => sentence !== null);
      if (!sentences.length) return [];
      const inconclusive = inconclusiveSentence(suite.suite, row) !== null;
      const label = inconclusive ? '<strong class="inconclusive">Too few cases</strong> ' : "";
      return [
        { inconclusive, html: `<li>${label}${escapeHtml(`${suite.suite}/${row.metric}`)}: ${escapeHtml(sentences.join("; "))}</li>` },
      ];
    }),
  );
  if (items.length === 0) return "";
  items.sort((a, b) => Number(b.inconclusive) - Number(a.inconclusive));
  return `<details class="detectable"${items.some((item) => item.inconclusive) ? " open" : ""}><summary>What this run could detect (at ${POWER * 100}% power, the gate's own test)</summary><ul>${items.map((item) => item.html).join("")}</ul></details>`;
}
