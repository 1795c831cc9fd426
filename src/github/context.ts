// What the workflow run is about, read from the event payload each time (not cached at import).

import { readRegularFileSync } from "../util/regular-file.ts";
import type { Repo } from "./client.ts";

export interface DispatchInputs {
  suites?: string;
  filter?: string;
  sample?: string;
  repeat?: string;
  seed?: string;
  "store-baseline"?: string;
  deadline?: string;
  "budget-usd"?: string;
}

/** The workflow_dispatch inputs evalgate reads from the event when the step leaves them empty. */
export const DISPATCH_INPUTS = ["suites", "filter", "sample", "repeat", "seed", "store-baseline", "deadline", "budget-usd"] as const;

export interface RunContext {
  event: string;
  repo: Repo | null;
  prNumber?: number;
  /** The branch a PR merges into: its baseline and gate profile. */
  baseRef?: string;
  baseSha?: string;
  /** The commit under test: a PR's head (not the merge commit), else GITHUB_SHA. */
  headSha?: string;
  /** The branch under test: a PR's head branch, else the pushed or dispatched branch. */
  branch?: string;
  isFork: boolean;
  /** The repository's default branch: the fallback baseline of a branch that has none yet. */
  defaultBranch?: string;
  dispatchInputs: DispatchInputs;
  runUrl?: string;
  repoUrl?: string;
  /** This workflow run (GITHUB_RUN_ID) and its attempt: which of two runs on one PR is the newer. */
  run?: { id: number; attempt: number };
  /** What a maintainer did on a pull request that may accept a regression (the accept path, github/accept.ts). */
  trigger?: AcceptTrigger;
}

/** A label added to a pull request, or a comment written on one (its author, its text). */
export type AcceptTrigger = { via: "label"; actor: string; label: string } | { via: "comment"; actor: string; body: string };

interface Payload {
  /** labeled, created, synchronize…: what happened to the pull request or comment. */
  action?: string;
  label?: { name?: string };
  sender?: { login?: string };
  /** issue_comment: the issue, which is a pull request when `pull_request` is set. */
  issue?: { number: number; pull_request?: unknown };
  comment?: { body?: string; user?: { login?: string } | null };
  pull_request?: {
    number: number;
    head: { sha: string; ref: string; repo?: { full_name?: string } | null };
    base: { sha: string; ref: string; repo?: { full_name?: string } };
  };
  inputs?: Record<string, unknown>;
  after?: string;
  repository?: { default_branch?: string; full_name?: string };
  /** The finished run a workflow_run event is about; `pull_requests` is empty when the PR is from a fork. */
  workflow_run?: {
    head_sha: string;
    head_branch: string | null;
    head_repository?: { full_name?: string } | null;
    pull_requests?: { number: number; base: { ref: string; sha: string } }[];
  };
}

function readPayload(env: NodeJS.ProcessEnv): Payload {
  if (!env.GITHUB_EVENT_PATH) return {};
  try {
    return JSON.parse(readRegularFileSync(env.GITHUB_EVENT_PATH, "utf8")) as Payload;
  } catch {
    return {};
  }
}

export function readRunContext(env: NodeJS.ProcessEnv = process.env): RunContext {
  const payload = readPayload(env);
  const event = env.GITHUB_EVENT_NAME ?? "local";
  const [owner, name] = (env.GITHUB_REPOSITORY ?? "").split("/");
  const repo = owner && name ? { owner, repo: name } : null;
  const serverUrl = (env.GITHUB_SERVER_URL || "https://github.com").replace(/\/$/, "");
  const context: RunContext = {
    event,
    repo,
    isFork: false,
    dispatchInputs: {},
    headSha: env.GITHUB_SHA || payload.after,
    branch: env.GITHUB_REF_NAME || env.GITHUB_REF?.replace(/^refs\/(heads|tags)\//, ""),
  };
  if (payload.repository?.default_branch) context.defaultBranch = payload.repository.default_branch;
  if (repo) context.repoUrl = `${serverUrl}/${repo.owner}/${repo.repo}`;
  if (repo && env.GITHUB_RUN_ID)
    context.runUrl = `${context.repoUrl}/actions/runs/${env.GITHUB_RUN_ID}${env.GITHUB_RUN_ATTEMPT && env.GITHUB_RUN_ATTEMPT !== "1" ? `/attempts/${env.GITHUB_RUN_ATTEMPT}` : ""}`;
  const runId = Number(env.GITHUB_RUN_ID);
  if (Number.isSafeInteger(runId) && runId > 0) context.run = { id: runId, attempt: Math.max(1, Number(env.GITHUB_RUN_ATTEMPT) || 1) };
  const pr = payload.pull_request;
  if (pr) {
    context.prNumber = pr.number;
    context.baseRef = pr.base.ref;
    context.baseSha = pr.base.sha;
    context.headSha = pr.head.sha;
    context.branch = pr.head.ref;
    const baseRepo = pr.base.repo?.full_name ?? (repo ? `${repo.owner}/${repo.repo}` : undefined);
    // A deleted fork has head.repo null: still a fork.
    context.isFork = pr.head.repo === null || (pr.head.repo?.full_name !== undefined && pr.head.repo.full_name !== baseRepo);
  }
  if (event === "workflow_run" && payload.workflow_run) readFinishedRun(context, payload);
  readTrigger(context, payload);
  if (event === "workflow_dispatch" && payload.inputs) {
    for (const key of DISPATCH_INPUTS) {
      const value = payload.inputs[key];
      if (value !== undefined && value !== null && String(value) !== "") context.dispatchInputs[key] = String(value);
    }
  }
  return context;
}

/** workflow_run: the commit and branch the finished run was on, and its pull request when GitHub names one. */
function readFinishedRun(context: RunContext, payload: Payload): void {
  const run = payload.workflow_run!;
  context.headSha = run.head_sha;
  if (run.head_branch) context.branch = run.head_branch;
  const baseRepo = payload.repository?.full_name;
  context.isFork =
    run.head_repository === null || (run.head_repository?.full_name !== undefined && run.head_repository.full_name !== baseRepo);
  const pr = run.pull_requests?.[0];
  if (pr) {
    context.prNumber = pr.number;
    context.baseRef = pr.base.ref;
    context.baseSha = pr.base.sha;
  }
}

/**
 * A label added to a pull request (pull_request or pull_request_target, action labeled) or a comment
 * created on one (issue_comment): who did it and what. The comment's pull request is the issue's
 * number; its head commit is read from the API, since the event names none.
 */
function readTrigger(context: RunContext, payload: Payload): void {
  const actor = payload.sender?.login;
  if ((context.event === "pull_request" || context.event === "pull_request_target") && payload.action === "labeled") {
    if (actor && payload.label?.name) context.trigger = { via: "label", actor, label: payload.label.name };
    return;
  }
  if (context.event !== "issue_comment" || payload.action !== "created" || !payload.issue?.pull_request) return;
  context.prNumber = payload.issue.number;
  const author = payload.comment?.user?.login ?? actor;
  if (author) context.trigger = { via: "comment", actor: author, body: payload.comment?.body ?? "" };
}
