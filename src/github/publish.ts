// Everything the action leaves behind, for a verdict or for a run that could not reach one: the
// report files, the job summary (written before the comment and check run, as it needs no
// permission), the PR comment, the check run and the step outputs. The comment's hidden marker goes
// into the comment only.
import path from "node:path";
import * as core from "@actions/core";
import type { ConfigError } from "../config/errors.ts";
import type { LoadedConfig } from "../config/load.ts";
import { readResultsFile } from "../engine/results-file.ts";
import type { RunOutcome } from "../engine/run.ts";
import { acceptors } from "../gate/acceptance.ts";
import type { GateVerdict } from "../gate/types.ts";
import {
  CHECK_SUMMARY_MAX_BYTES,
  COMMENT_MAX_CHARS,
  type MarkdownOptions,
  renderErrorReport,
  renderMarkdownReport,
  SUMMARY_MAX_BYTES,
} from "../report/markdown.ts";
import { actionInputName, type ReportInput, type ReportOutputName, type ReportTargets, writeReportOutputs } from "../report/outputs.ts";
import type { Results } from "../results/types.ts";
import { readRegularFile } from "../util/regular-file.ts";
import { targetBranch } from "./baseline.ts";
import { type Annotation, annotationsFor } from "./checks.ts";
import type { GitHubClient } from "./client.ts";
import { COMMENT_MARKER } from "./comment.ts";
import type { RunContext } from "./context.ts";
import type { HistoryRead } from "./history.ts";
import type { ActionInputs } from "./inputs.ts";
import { actionReportExtras } from "./report-extras.ts";
import type { GitHubReporter } from "./reporter.ts";
import { recordText } from "./run-record.ts";
import { writeJobSummary } from "./summary.ts";

type Conclusion = "success" | "failure" | "neutral";

/** The check run's conclusion: `fail-on-gate` softens a failed gate, `on-error` an infrastructure error. */
export function checkConclusion(verdict: GateVerdict["verdict"], inputs: Pick<ActionInputs, "failOnGate" | "onError">): Conclusion {
  if (verdict === "pass") return "success";
  if (verdict === "fail") return inputs.failOnGate ? "failure" : "neutral";
  return inputs.onError === "neutral" ? "neutral" : "failure";
}

export function checkTitle(verdict: GateVerdict): string {
  const accepted = verdict.accepted?.length ?? 0;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  const by = acceptors(verdict)
    .map((login) => `@${login}`)
    .join(", ");
  if (verdict.verdict === "pass") return accepted ? `Gate passed: ${plural(accepted, "regression")} accepted by ${by}` : "Gate passed";
  if (verdict.verdict === "error") return `Infrastructure error: ${verdict.errors[0] ?? "no verdict"}`;
  return `Gate failed: ${plural(verdict.failures.length, "failure")}${accepted ? ` (${accepted} accepted by ${by})` : ""}`;
}

/** Failing suites also point at evalgate.yml, where their thresholds are configured. */
function configAnnotations(verdict: GateVerdict, loaded: LoadedConfig, rootDir: string): Annotation[] {
  const file = path.relative(rootDir, loaded.path).split(path.sep).join("/");
  return verdict.suites
    .filter((suite) => suite.status === "fail")
    .map((suite) => {
      const line = loaded.lineOf(["suites", suite.suite]) ?? 1;
      return {
        path: file,
        start_line: line,
        end_line: line,
        annotation_level: "failure" as const,
        title: `evalgate: ${suite.suite} failed the gate`,
        message: suite.reasons.join("\n"),
      };
    });
}

export interface VerdictReport {
  outcome: RunOutcome;
  verdict: GateVerdict;
  loaded: LoadedConfig;
  /** Which baseline was used and whether this run was stored. */
  notes: string[];
  /** For the trend column: the data branch's history of baselines. */
  client: GitHubClient | null;
  /** The baseline compared with: its answers go beside the new ones (HTML report, comment excerpt). */
  baseline?: Results | null;
  /** The data branch's history, read before gating (flaky cases); the trends come from it. */
  history?: HistoryRead;
  /** false: send no annotations (a verdict decided again on a check run that already has them). */
  annotate?: boolean;
  /** false: set no `verdict` step output (a note published before the step ends without a verdict). */
  verdictOutput?: boolean;
}

/**
 * The report outputs the step writes: every output whose input is set (report/outputs.ts), and
 * always the markdown report and JUnit XML, by default in the output folder.
 */
export function actionReportTargets(inputs: Pick<ActionInputs, "outputs">, outDir: string): ReportTargets {
  return { markdown: path.join(outDir, "report.md"), junit: path.join(outDir, "junit.xml"), ...inputs.outputs };
}

/** Outputs the step always writes: a failure to write one fails the step; the others asked for are extras (a warning). */
const ALWAYS_WRITTEN: readonly ReportOutputName[] = ["markdown", "junit"];

export async function publishVerdict(
  report: VerdictReport,
  reporter: GitHubReporter,
  inputs: ActionInputs,
  context: RunContext,
  env: NodeJS.ProcessEnv,
): Promise<void> {
  const { outcome, verdict, notes } = report;
  const { html, ...targets } = actionReportTargets(inputs, path.dirname(outcome.resultsPath));
  const extras = await actionReportExtras({
    client: report.client,
    repo: context.repo ?? undefined,
    config: outcome.config,
    branch: targetBranch(context),
    results: outcome.results,
    resultsPath: outcome.resultsPath,
    verdict,
    baseline: report.baseline ?? null,
    ...(html ? { htmlPath: html } : {}),
    ...(report.history ? { history: report.history } : {}),
  });
  for (const warning of extras.warnings) core.warning(warning);
  if (extras.htmlPath) core.setOutput("html-path", path.resolve(extras.htmlPath));
  const links = {
    runUrl: context.runUrl,
    repoUrl: context.repoUrl,
    commit: context.headSha,
    notes,
    trends: extras.trends,
    htmlReport: Boolean(extras.htmlPath),
    answers: extras.answers,
  };
  const bodies = reportBodies(outcome.results, verdict, links);
  await writeActionOutputs(targets, {
    summaries: outcome.results,
    full: async () => extras.full ?? (await readResultsFile(outcome.resultsPath)),
    resultsText: () => readRegularFile(outcome.resultsPath, "utf8"),
    verdict,
    baseline: report.baseline ?? null,
    history: extras.history,
    markdown: () => bodies.summaryOptions,
  });
  await writeJobSummary(bodies.summary, env);
  const checkText = pullRequestRecord(outcome.results, verdict, context, { notes, trends: extras.trends });
  await reporter.finish({
    comment: bodies.comment,
    checkTitle: checkTitle(verdict),
    checkSummary: bodies.checkSummary,
    ...(checkText ? { checkText } : {}),
    conclusion: checkConclusion(verdict.verdict, inputs),
    annotations: report.annotate === false ? [] : annotationsFor(verdict, configAnnotations(verdict, report.loaded, outcome.rootDir)),
  });
  if (report.verdictOutput !== false) core.setOutput("verdict", verdict.verdict);
  core.setOutput("results-path", outcome.resultsPath);
}

/** The one report rendered three ways: the job summary, the PR comment (with its marker) and the check run's summary. */
export function reportBodies(results: Results, verdict: GateVerdict, links: MarkdownOptions) {
  const summaryOptions = { ...links, maxLength: SUMMARY_MAX_BYTES - 1024, measure: "bytes" as const };
  return {
    summaryOptions,
    summary: renderMarkdownReport(results, verdict, summaryOptions),
    comment: renderMarkdownReport(results, verdict, { ...links, marker: COMMENT_MARKER, maxLength: COMMENT_MAX_CHARS }),
    checkSummary: renderMarkdownReport(results, verdict, { ...links, maxLength: CHECK_SUMMARY_MAX_BYTES, measure: "bytes" }),
  };
}

/**
 * A pull request's check run carries the run's record for `/evalgate accept` (github/run-record.ts):
 * the accept job reads it there, so this job never writes to the data branch. Undefined for other
 * runs, and (with a warning) for a verdict too large to record.
 */
function pullRequestRecord(
  results: Results,
  verdict: GateVerdict,
  context: RunContext,
  report: { notes: string[]; trends: Record<string, string> },
): string | undefined {
  if (context.prNumber === undefined || !context.headSha) return undefined;
  const text = recordText({
    pullRequest: context.prNumber,
    head: context.headSha,
    results,
    verdict,
    notes: report.notes,
    trends: report.trends,
    ...(context.runUrl ? { runUrl: context.runUrl } : {}),
  });
  if (text === null)
    core.warning(
      `evalgate: this run's verdict is too large to record in its check run: a regression of #${context.prNumber} at this commit cannot be accepted`,
    );
  return text ?? undefined;
}

/** Writes the outputs (secrets redacted) and sets each one's step output to its absolute path. */
async function writeActionOutputs(targets: ReportTargets, input: ReportInput): Promise<void> {
  const written = await writeReportOutputs(targets, input, (output, error) => {
    if (ALWAYS_WRITTEN.includes(output.name as ReportOutputName)) throw error;
    core.warning(
      `evalgate could not write ${actionInputName(output)} to ${targets[output.name as ReportOutputName]}: ${(error as Error).message}`,
    );
  });
  for (const { output } of written) core.setOutput(output.actionOutput, path.resolve(targets[output.name as ReportOutputName]!));
}

/** Config problems as `::error file=…,line=…` lines; returned as check-run annotations too. */
export function reportProblems(error: ConfigError): Annotation[] {
  for (const problem of error.problems) {
    const where = { file: problem.file, startLine: problem.line, startColumn: problem.column, title: "evalgate config" };
    const message = `${problem.field ? `${problem.field}: ` : ""}${problem.message}`;
    if (problem.severity === "warning") core.warning(message, where);
    else core.error(message, where);
  }
  return error.problems
    .filter((problem) => problem.file)
    .map((problem) => ({
      path: problem.file.replace(/^\.\//, ""),
      start_line: problem.line ?? 1,
      end_line: problem.line ?? 1,
      annotation_level: problem.severity === "warning" ? ("warning" as const) : ("failure" as const),
      title: "evalgate config",
      message: `${problem.field ? `${problem.field}: ` : ""}${problem.message}`,
    }));
}

export interface ErrorReport {
  /** Already redacted, one or a few lines. */
  message: string;
  kind: "input" | "infrastructure";
  annotations: Annotation[];
}

/** A run that ended without a verdict: the same report everywhere, the marker in the comment only. */
export async function publishError(
  report: ErrorReport,
  reporter: GitHubReporter | null,
  inputs: Pick<ActionInputs, "failOnGate" | "onError">,
  context: RunContext,
  env: NodeJS.ProcessEnv,
): Promise<void> {
  const body = renderErrorReport({ message: report.message, runUrl: context.runUrl });
  await writeJobSummary(body, env).catch(() => false);
  await reporter?.finish({
    comment: renderErrorReport({ message: report.message, runUrl: context.runUrl, marker: COMMENT_MARKER }),
    checkTitle: report.kind === "input" ? "evalgate: bad config or input" : "evalgate: infrastructure error, no verdict",
    checkSummary: body,
    // bad input is the workflow's own mistake: always a failure; on-error softens only infrastructure errors
    conclusion: report.kind === "input" ? "failure" : checkConclusion("error", inputs),
    annotations: report.annotations,
  });
  core.setOutput("verdict", "error");
}
