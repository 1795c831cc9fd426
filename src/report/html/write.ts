// Writes the HTML report alone, for callers with the results in memory (the API, tests): the same
// output as `--html`, through the one table of outputs.

import type { GateVerdict } from "../../gate/types.ts";
import type { Results } from "../../results/types.ts";
import { inputFromResults, writeReportOutputs } from "../outputs.ts";
import type { TrendRun } from "../trends.ts";

export interface WriteHtmlOptions {
  /** Earlier baselines, oldest first (src/github/history.ts or --history). */
  history?: TrendRun[];
  baselineNote?: string;
  /** The baseline compared with: its answers are shown beside the new ones. */
  baseline?: Results | null;
  /** See HtmlReportOptions.detailsBudgetChars. */
  detailsBudgetChars?: number;
}

/** Renders and writes the report through the table of outputs (report/outputs.ts); returns the path written. */
export async function writeHtmlReport(
  file: string,
  results: Results,
  verdict: GateVerdict,
  options: WriteHtmlOptions = {},
): Promise<string> {
  const input = inputFromResults(results, verdict, {
    history: options.history ?? [],
    baseline: options.baseline ?? null,
    ...(options.baselineNote ? { baselineNote: options.baselineNote } : {}),
    ...(options.detailsBudgetChars !== undefined ? { detailsBudgetChars: options.detailsBudgetChars } : {}),
  });
  await writeReportOutputs({ html: file }, input);
  return file;
}
