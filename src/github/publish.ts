// Everything the action leaves behind, for a verdict or for a run that could not reach one: the
// report files, the job summary (written before the comment and check run, as it needs no
// permission), the PR comment, the check run and the step outputs. The comment's hidden marker goes
// into the comment only.
import path from "node:path";
import * as core from "@actions/core";
import type { ConfigError } from "../config/errors.ts";
import type { LoadedConfig } from "../config/load.ts";
import { writeOutputFile } from "../config/output-file.ts";
import { readResultsFile } from "../engine/results-file.ts";
import type { RunOutcome } from "../engine/run.ts";
import type { GateVerdict } from "../gate/types.ts";
import { renderJUnit } from "../report/junit.ts";
import {
  CHECK_SUMMARY_MAX_CHARS,
  COMMENT_MAX_CHARS,
  renderErrorReport,
  renderMarkdownReport,
  SUMMARY_MAX_BYTES,
} from "../report/markdown.ts";
import { writeSqliteResults } from "../report/sqlite.ts";
import type { Results } from "../results/types.ts";
import { targetBranch } from "./baseline.ts";
import { type Annotation, annotationsFor } from "./checks.ts";
import type { GitHubClient } from "./client.ts";
import { COMMENT_MARKER } from "./comment.ts";
import type { RunContext } from "./context.ts";
import type { ActionInputs } from "./inputs.ts";
import { actionReportExtras } from "./report-extras.ts";
import type { GitHubReporter } from "./reporter.ts";
import { writeJobSummary } from "./summary.ts";

type Conclusion = "success" | "failure" | "neutral";

/** The check run's conclusion: `fail-on-gate` softens a failed gate, `on-error` an infrastructure error. */
export function checkConclusion(verdict: GateVerdict["verdict"], inputs: Pick<ActionInputs, "failOnGate" | "onError">): Conclusion {
  if (verdict === "pass") return "success";
  if (verdict === "fail") return inputs.failOnGate ? "failure" : "neutral";
  return inputs.onError === "neutral" ? "neutral" : "failure";
}

function checkTitle(verdict: GateVerdict): string {
  if (verdict.verdict === "pass") return "Gate passed";
  if (verdict.verdict === "error") return `Infrastructure error: ${verdict.errors[0] ?? "no verdict"}`;
  return `Gate failed: ${verdict.failures.length} failure${verdict.failures.length === 1 ? "" : "s"}`;
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
}

/** SQLite results at the `sqlite` input's path: an extra, so a failure is a warning, never the verdict. */
async function writeSqliteOutput(outcome: RunOutcome, file: string | undefined): Promise<void> {
  if (!file) return;
  try {
    await writeSqliteResults(file, await readResultsFile(outcome.resultsPath));
    core.setOutput("sqlite-path", path.resolve(file));
  } catch (error) {
    core.warning(`evalgate could not write the SQLite results to ${file}: ${(error as Error).message}`);
  }
}

export async function publishVerdict(
  report: VerdictReport,
  reporter: GitHubReporter,
  inputs: ActionInputs,
  context: RunContext,
  env: NodeJS.ProcessEnv,
): Promise<void> {
  const { outcome, verdict, notes } = report;
  const extras = await actionReportExtras({
    client: report.client,
    repo: context.repo ?? undefined,
    config: outcome.config,
    branch: targetBranch(context),
    results: outcome.results,
    resultsPath: outcome.resultsPath,
    verdict,
    baseline: report.baseline ?? null,
    ...(inputs.htmlPath ? { htmlPath: inputs.htmlPath } : {}),
  });
  for (const warning of extras.warnings) core.warning(warning);
  if (extras.htmlPath) core.setOutput("html-path", path.resolve(extras.htmlPath));
  await writeSqliteOutput(outcome, inputs.sqlitePath);
  const links = {
    runUrl: context.runUrl,
    repoUrl: context.repoUrl,
    commit: context.headSha,
    notes,
    trends: extras.trends,
    htmlReport: Boolean(extras.htmlPath),
    answers: extras.answers,
  };
  const outDir = path.dirname(outcome.resultsPath);
  const reportPath = path.join(outDir, "report.md");
  const junitPath = path.join(outDir, "junit.xml");
  const summary = renderMarkdownReport(outcome.results, verdict, { ...links, maxLength: SUMMARY_MAX_BYTES - 1024, measure: "bytes" });
  await writeOutputFile(reportPath, summary);
  await writeOutputFile(junitPath, renderJUnit(outcome.results, verdict));
  await writeJobSummary(summary, env);
  await reporter.finish({
    comment: renderMarkdownReport(outcome.results, verdict, { ...links, marker: COMMENT_MARKER, maxLength: COMMENT_MAX_CHARS }),
    checkTitle: checkTitle(verdict),
    checkSummary: renderMarkdownReport(outcome.results, verdict, { ...links, maxLength: CHECK_SUMMARY_MAX_CHARS }),
    conclusion: checkConclusion(verdict.verdict, inputs),
    annotations: annotationsFor(verdict, configAnnotations(verdict, report.loaded, outcome.rootDir)),
  });
  core.setOutput("verdict", verdict.verdict);
  core.setOutput("results-path", outcome.resultsPath);
  core.setOutput("report-path", reportPath);
  core.setOutput("junit-path", junitPath);
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
