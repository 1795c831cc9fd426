// A check run on the commit under test: in progress while the evals run, then the conclusion, a
// summary within GitHub's limits, annotations on the eval files behind failing cases, and on a pull
// request the record `/evalgate accept` reads (output.text, github/run-record.ts).
import type { GateVerdict } from "../gate/types.ts";
import { CHECK_SUMMARY_MAX_BYTES } from "../report/markdown.ts";
import { failedChecksList } from "../results/failed-checks.ts";
import { clipBytes, plainText } from "../util/escape.ts";
import { redact, redactDeep } from "../util/redact.ts";
import type { GitHubClient, Repo } from "./client.ts";

export const ANNOTATIONS_PER_REQUEST = 50;
/** More than this is noise in the diff view; the rest is in the report. */
export const MAX_ANNOTATIONS = 500;
const ANNOTATION_MESSAGE_MAX = 64 * 1024 - 1;

export interface Annotation {
  path: string;
  start_line: number;
  end_line: number;
  annotation_level: "notice" | "warning" | "failure";
  title: string;
  message: string;
}

// Annotations and titles are plain text on GitHub: no control characters, never half a character.
const clip = (text: string, max: number) => plainText(text, max, { keepLines: true });

/** Annotations for failing cases (errors, regressions, low scores), failures first. */
export function annotationsFor(verdict: GateVerdict, extra: Annotation[] = []): Annotation[] {
  const out: Annotation[] = [...extra];
  for (const suite of verdict.suites) {
    for (const change of suite.failingCases) {
      const line = Math.max(1, change.source.line ?? 1);
      const score = (value: number | null) => (value === null ? "—" : value.toFixed(3));
      const message =
        change.kind === "errored"
          ? `${change.errorSide === "scorer" ? "Not scored (the judge, simulator, grader or moderation endpoint failed)" : "Error (the system under test)"}: ${change.error ?? "unknown"}`
          : change.kind === "regressed"
            ? `Score dropped from ${score(change.before)} to ${score(change.after)}.`
            : `Score ${score(change.after)} is under the suite's min-score.`;
      const checks = change.failedChecks?.length ? `\nFailing checks: ${failedChecksList(change.failedChecks)}` : "";
      out.push({
        path: change.source.file.replace(/^\.\//, ""),
        start_line: line,
        end_line: line,
        annotation_level: change.kind === "errored" || suite.status === "fail" ? "failure" : "warning",
        title: clip(
          `evalgate ${suite.suite}: ${change.title || change.caseId} ${change.kind}${change.repeat ? ` (repeat ${change.repeat})` : ""}`,
          255,
        ),
        message: clip(message + checks, ANNOTATION_MESSAGE_MAX),
      });
    }
  }
  const rank = { failure: 0, warning: 1, notice: 2 };
  return out.sort((a, b) => rank[a.annotation_level] - rank[b.annotation_level]).slice(0, MAX_ANNOTATIONS);
}

export async function startCheckRun(
  octokit: GitHubClient,
  repo: Repo,
  options: { name: string; headSha: string; detailsUrl?: string },
): Promise<number> {
  const { data } = await octokit.rest.checks.create({
    ...repo,
    name: options.name,
    head_sha: options.headSha,
    status: "in_progress",
    started_at: new Date().toISOString(),
    ...(options.detailsUrl ? { details_url: options.detailsUrl } : {}),
    output: { title: "Running evals…", summary: "evalgate is running the eval suites." },
  });
  return data.id;
}

/** Completes the run, then appends the remaining annotations 50 at a time. Returns the number of requests. */
export async function completeCheckRun(
  octokit: GitHubClient,
  repo: Repo,
  checkRunId: number,
  result: {
    conclusion: "success" | "failure" | "neutral";
    title: string;
    summary: string;
    /** output.text: the run's record (a hidden marker), sent with every output so that no update drops it. */
    text?: string;
    annotations: Annotation[];
  },
): Promise<number> {
  // Cut in bytes, as GitHub counts them, after the redaction that could change its length.
  const summary = clipBytes(redact(clip(result.summary, Number.POSITIVE_INFINITY)), CHECK_SUMMARY_MAX_BYTES);
  const title = redact(clip(result.title, 255));
  const text = result.text === undefined ? {} : { text: clipBytes(redact(result.text), CHECK_SUMMARY_MAX_BYTES) };
  const batches: Annotation[][] = [];
  for (let i = 0; i < result.annotations.length; i += ANNOTATIONS_PER_REQUEST)
    batches.push(result.annotations.slice(i, i + ANNOTATIONS_PER_REQUEST));
  await octokit.rest.checks.update({
    ...repo,
    check_run_id: checkRunId,
    status: "completed",
    conclusion: result.conclusion,
    completed_at: new Date().toISOString(),
    output: { title, summary, ...text, annotations: redactDeep(batches[0] ?? []) },
  });
  for (const batch of batches.slice(1)) {
    await octokit.rest.checks.update({
      ...repo,
      check_run_id: checkRunId,
      output: { title, summary, ...text, annotations: redactDeep(batch) },
    });
  }
  return Math.max(1, batches.length);
}
