// Writes the HTML report: the one call the CLI (`--html`, `evalgate report`) and the action share.

import { writeOutputFile } from "../../config/output-file.ts";
import type { GateVerdict } from "../../gate/types.ts";
import type { Results } from "../../results/types.ts";
import { redact } from "../../util/redact.ts";
import { type TrendRun, trendSeries } from "../trends.ts";
import { renderHtmlReport } from "./page.ts";

export interface WriteHtmlOptions {
  /** Earlier baselines, oldest first (src/github/history.ts or --history). */
  history?: TrendRun[];
  baselineNote?: string;
  /** The baseline compared with: its answers are shown beside the new ones. */
  baseline?: Results | null;
  /** See HtmlReportOptions.detailsBudgetChars. */
  detailsBudgetChars?: number;
}

/** Renders and writes the report; returns the path written. */
export async function writeHtmlReport(
  file: string,
  results: Results,
  verdict: GateVerdict,
  options: WriteHtmlOptions = {},
): Promise<string> {
  const html = renderHtmlReport(results, verdict, {
    trends: trendSeries(options.history ?? [], results),
    ...(options.baselineNote ? { baselineNote: options.baselineNote } : {}),
    ...(options.baseline ? { baseline: options.baseline } : {}),
    ...(options.detailsBudgetChars !== undefined ? { detailsBudgetChars: options.detailsBudgetChars } : {}),
  });
  // every sink redacts: a key that reached a transcript never reaches the report
  await writeOutputFile(file, redact(html));
  return file;
}
