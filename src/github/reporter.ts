// The PR comment and the check run, each tried and, when it still fails after the client's retries,
// turned into a warning: the job summary already holds the report. Only a real permission error
// (401, or a 403 that is not a rate limit) stops further writes of the same kind, and its warning
// names the permission the workflow must grant.
import * as core from "@actions/core";
import { redact } from "../util/redact.ts";
import { type Annotation, completeCheckRun, startCheckRun } from "./checks.ts";
import { type GitHubClient, GitHubError, type Permission } from "./client.ts";
import { StickyComment } from "./comment.ts";
import type { RunContext } from "./context.ts";

export interface ReporterOptions {
  comment: boolean;
  checkRun: boolean;
  checkName: string;
}

export interface FinalReport {
  comment: string;
  checkTitle: string;
  checkSummary: string;
  /** The check run's output.text: a pull request's record for `/evalgate accept` (github/run-record.ts). */
  checkText?: string;
  conclusion: "success" | "failure" | "neutral";
  annotations: Annotation[];
}

const FORK_HINT = "A fork's pull request gets a read-only token: see docs/github.md for the workflow_run pattern.";
const PERMISSIONS_HINT = "Grant it under `permissions:` in the workflow (see docs/github.md).";

export class GitHubReporter {
  private readonly client: GitHubClient | null;
  private readonly context: RunContext;
  private readonly options: ReporterOptions;
  private readonly sticky: StickyComment | null;
  private checkRunId: number | null = null;
  /** After a permission error the same kind of write is not retried. */
  private commentDenied = false;
  private checkDenied = false;

  constructor(client: GitHubClient | null, context: RunContext, options: ReporterOptions) {
    this.client = client;
    this.context = context;
    this.options = options;
    this.sticky =
      client && context.repo && context.prNumber !== undefined && options.comment
        ? new StickyComment(client, context.repo, context.prNumber, context.run ?? null)
        : null;
  }

  /** Runs one write; false when the token lacks the permission (so the same write is not tried again). */
  private async attempt(what: string, permission: Permission, action: () => Promise<void>): Promise<boolean> {
    try {
      await action();
      return true;
    } catch (error) {
      const failure = new GitHubError(what, error, permission);
      const hint = failure.kind === "permission" ? ` ${this.context.isFork ? FORK_HINT : PERMISSIONS_HINT}` : "";
      core.warning(redact(`evalgate ${failure.message}.${hint}`));
      return failure.kind !== "permission";
    }
  }

  async running(body: string): Promise<void> {
    if (this.sticky && !this.commentDenied) {
      this.commentDenied = !(await this.attempt(
        "post the PR comment",
        "pull-requests: write",
        async () => void (await this.sticky!.upsert(body)),
      ));
    }
    const { client, context } = this;
    if (client && context.repo && context.headSha && this.options.checkRun && !this.checkDenied) {
      this.checkDenied = !(await this.attempt("create the check run", "checks: write", async () => {
        this.checkRunId = await startCheckRun(client, context.repo!, {
          name: this.options.checkName,
          headSha: context.headSha!,
          ...(context.runUrl ? { detailsUrl: context.runUrl } : {}),
        });
      }));
    }
  }

  /** Updates this check run instead of creating one (the accept path: the evals run's, which holds the record). */
  useCheckRun(checkRunId: number): void {
    this.checkRunId = checkRunId;
  }

  async finish(report: FinalReport): Promise<void> {
    if (this.sticky && !this.commentDenied) {
      await this.attempt("update the PR comment", "pull-requests: write", async () => {
        const { action, id } = await this.sticky!.upsert(report.comment);
        core.info(`evalgate: PR comment ${action} (id ${id})`);
      });
    }
    const { client, context } = this;
    if (client && context.repo && context.headSha && this.options.checkRun && !this.checkDenied) {
      await this.attempt("complete the check run", "checks: write", async () => {
        this.checkRunId ??= await startCheckRun(client, context.repo!, { name: this.options.checkName, headSha: context.headSha! });
        const requests = await completeCheckRun(client, context.repo!, this.checkRunId, {
          conclusion: report.conclusion,
          title: report.checkTitle,
          summary: report.checkSummary,
          ...(report.checkText === undefined ? {} : { text: report.checkText }),
          annotations: report.annotations,
        });
        core.info(
          `evalgate: check run ${this.checkRunId} completed (${report.conclusion}, ${report.annotations.length} annotations in ${requests} requests)`,
        );
      });
    }
  }
}
