// The action's extra reports, in one call for publish.ts: the trend column of the comment (from the
// data branch's history) and the HTML report at the `html` input's path (uploaded by the workflow as
// an artifact; written first, as the comment links it), and both answers of the changed cases for
// the comment's excerpt. None may fail the run: problems come back as warnings.
import type { EvalgateConfig } from "../config/schema.ts";
import { readResultsFile } from "../engine/results-file.ts";
import type { GateVerdict } from "../gate/types.ts";
import { type AnswerPair, answerPairs } from "../report/answer-pairs.ts";
import { inputFromResults, writeReportOutputs } from "../report/outputs.ts";
import { sparklines, type TrendRun, trendSeries } from "../report/trends.ts";
import type { Results } from "../results/types.ts";
import { readRegularFile } from "../util/regular-file.ts";
import type { GitHubClient, Repo } from "./client.ts";
import { type HistoryRead, readBranchHistory } from "./history.ts";

/** At most this many earlier baselines in a chart: enough to see a drift, few enough to read quickly. */
export const TREND_RUNS = 30;

export interface ReportExtrasInput {
  client: GitHubClient | null;
  repo: Repo | undefined;
  config: EvalgateConfig;
  /** The branch whose baselines make the history (the PR's base, or the pushed branch). */
  branch: string | undefined;
  /** Summaries (cases without details) as the engine returns them. */
  results: Results;
  /** results.json on disk: the HTML report reads each case's details from it. */
  resultsPath: string;
  verdict: GateVerdict;
  /** The baseline compared with: its answers go beside the new ones. */
  baseline?: Results | null;
  /** The `html` input; empty for no HTML report. */
  htmlPath?: string;
  /** The history already read before gating (readActionHistory); read here when absent. */
  history?: HistoryRead;
}

export interface ReportExtras {
  /** For renderMarkdownReport's `trends` option. */
  trends: Record<string, string>;
  /** Both answers of the changed cases, for the comment's excerpt (empty when results.json could not be read). */
  answers: Map<string, AnswerPair>;
  /** Set when the HTML report was written (the `html-path` output). */
  htmlPath?: string;
  /** The earlier baselines the trends are drawn from. */
  history: TrendRun[];
  /** results.json with every case's details, when it was read. */
  full?: Results;
  warnings: string[];
}

/**
 * The data branch's history of baselines (store: branch): enough of it for the trend charts and for
 * the flaky cases (gate.flaky.history), read once, before gating. Never fails: problems are warnings.
 */
export async function readActionHistory(input: Pick<ReportExtrasInput, "client" | "repo" | "config" | "branch">): Promise<HistoryRead> {
  if (input.config.baseline.store !== "branch" || !input.client || !input.repo || !input.branch) return { runs: [], warnings: [] };
  return readBranchHistory(input.client, input.repo, {
    dataBranch: input.config.baseline.branch,
    branch: input.branch,
    limit: Math.max(trendRuns(input.config), input.config.gate?.flaky?.history ?? 0),
  });
}

/** Earlier baselines in a trend chart: TREND_RUNS, or fewer when the data branch keeps fewer. */
function trendRuns(config: EvalgateConfig): number {
  return Math.min(TREND_RUNS, config.baseline["history-size"]);
}

export async function actionReportExtras(input: ReportExtrasInput): Promise<ReportExtras> {
  const read = input.history ?? (await readActionHistory(input));
  const warnings: string[] = [...read.warnings];
  const history: TrendRun[] = read.runs.slice(-trendRuns(input.config));
  const extras: ReportExtras = { trends: sparklines(trendSeries(history, input.results)), answers: new Map(), history, warnings };
  const regressed = input.verdict.suites.some((suite) => suite.changes.some((change) => change.kind === "regressed"));
  if (!input.htmlPath && !regressed) return extras;
  let full: Results;
  try {
    // each case's answer, votes and transcript are on disk only
    full = await readResultsFile(input.resultsPath);
    extras.full = full;
  } catch (error) {
    warnings.push(`the cases' answers could not be read back from ${input.resultsPath}: ${(error as Error).message}`);
    return extras;
  }
  extras.answers = answerPairs(input.verdict, full, input.baseline);
  if (input.htmlPath) {
    const report = inputFromResults(full, input.verdict, {
      summaries: input.results,
      resultsText: () => readRegularFile(input.resultsPath, "utf8"),
      baseline: input.baseline ?? null,
      history,
    });
    const written = await writeReportOutputs({ html: input.htmlPath }, report, (_output, error) =>
      warnings.push(`the HTML report could not be written to ${input.htmlPath}: ${(error as Error).message}`),
    );
    if (written.length) extras.htmlPath = input.htmlPath;
  }
  return extras;
}
