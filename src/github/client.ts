// The one Octokit every GitHub call goes through, and the one place its failures are classified.
// Retries come from @octokit/plugin-retry (5xx and other transient statuses, a bounded number of
// times) and @octokit/plugin-throttling (secondary and primary rate limits, honouring retry-after),
// wired as actions/create-pull-request does. What is still failing afterwards is classified once:
// 404 = absent, 401 or a 403 without a rate-limit signal = permission, anything else = infrastructure.
import * as core from "@actions/core";
import { getOctokit } from "@actions/github";
import { retry } from "@octokit/plugin-retry";
import { throttling } from "@octokit/plugin-throttling";
import { clipText } from "../util/escape.ts";
import { registerSecret } from "../util/redact.ts";

export type GitHubClient = ReturnType<typeof getOctokit>;

export interface Repo {
  owner: string;
  repo: string;
}

/** The token permission each kind of write needs, named in permission errors. */
export type Permission =
  | "contents: write"
  | "contents: read"
  | "pull-requests: write"
  | "pull-requests: read"
  | "checks: write"
  | "checks: read";

/** How long retries wait; tests make them short. Production uses the plugins' defaults. */
export interface ClientTiming {
  /** Unit of the retry backoff (1, 4, 9 × this) and of retry-after seconds; default 1000 ms. */
  retryBaseMs?: number;
  /** Space writes 1 s apart as GitHub recommends (default true); tests turn it off. */
  spaceWrites?: boolean;
  /** A call without an answer after this long is aborted and retried like a 5xx; default 30 s. */
  requestTimeoutMs?: number;
}

/** Attempts after the first, for 5xx and for rate limits. */
export const GITHUB_RETRIES = 3;
/** A primary rate limit is waited out only when it resets within this many seconds. */
const MAX_RATE_LIMIT_WAIT_S = 120;

const noWait = {
  key: () => ({ schedule: (_options: unknown, task: (...args: unknown[]) => unknown, ...args: unknown[]) => task(...args) }),
};

/** Each attempt gets its own timeout: registered before the retry plugin, so it runs inside it. */
function requestTimeout(timeoutMs: number) {
  return (octokit: { hook: { before: (name: "request", hook: (options: { request?: object }) => void) => void } }) => {
    octokit.hook.before("request", (options) => {
      options.request = { ...options.request, signal: AbortSignal.timeout(timeoutMs) };
    });
  };
}

/** GITHUB_API_URL is read now, not when @actions/github was first imported (GHES, tests). */
export function createClient(token: string, env: NodeJS.ProcessEnv = process.env, timing: ClientTiming = {}): GitHubClient {
  const base = timing.retryBaseMs ?? 1000;
  const throttle = {
    retryAfterBaseValue: base,
    onSecondaryRateLimit: (_after: number, _options: unknown, _octokit: unknown, retryCount: number) => retryCount < GITHUB_RETRIES,
    onRateLimit: (after: number, _options: unknown, _octokit: unknown, retryCount: number) =>
      retryCount < 1 && after <= MAX_RATE_LIMIT_WAIT_S,
    ...(timing.spaceWrites === false ? { write: noWait, notifications: noWait } : {}),
  };
  return getOctokit(
    token,
    {
      baseUrl: (env.GITHUB_API_URL || "https://api.github.com").replace(/\/$/, ""),
      // 409 is a race on the data branch: baseline-store.ts rebuilds the commit instead of resending it.
      retry: { retries: GITHUB_RETRIES, retryAfterBaseValue: base, doNotRetry: [400, 401, 403, 404, 409, 410, 422, 451] },
      throttle: throttle as never,
      log: { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
    },
    requestTimeout(timing.requestTimeoutMs ?? 30_000) as never,
    retry,
    throttling,
  );
}

/** The client for the action's token, masked in the log and redacted everywhere first; null without one. */
export function connect(token: string, repo: Repo | null, env: NodeJS.ProcessEnv, timing?: ClientTiming): GitHubClient | null {
  if (token) {
    core.setSecret(token);
    registerSecret(token);
  }
  if (token && repo) return createClient(token, env, timing);
  core.warning(`evalgate has no ${token ? "GITHUB_REPOSITORY" : "github-token"}: no PR comment, check run or baseline branch.`);
  return null;
}

export function httpStatus(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === "number" ? status : undefined;
}

interface ErrorResponse {
  headers?: Record<string, string | undefined>;
  data?: unknown;
}

const responseOf = (error: unknown): ErrorResponse => (error as { response?: ErrorResponse } | null)?.response ?? {};

/** GitHub's own message (JSON `message`), never an HTML error page or a whole body. */
function serverMessage(error: unknown): string {
  const data = responseOf(error).data;
  if (data && typeof data === "object" && typeof (data as { message?: unknown }).message === "string")
    return (data as { message: string }).message;
  const text = typeof data === "string" ? data : error instanceof Error ? error.message : String(error);
  if (/^\s*</.test(text)) return ""; // an HTML page (a 502 from the load balancer): the status says it all
  return text.split("\n")[0]!;
}

/** "HTTP 502" or "HTTP 403: Resource not accessible by integration": status and message, one line. */
export function describeError(error: unknown): string {
  const status = httpStatus(error);
  const message = clipText(serverMessage(error), 200);
  if (status === undefined) return message || "unknown error";
  return message ? `HTTP ${status}: ${message}` : `HTTP ${status}`;
}

function isRateLimited(error: unknown): boolean {
  const status = httpStatus(error);
  if (status === 429) return true;
  if (status !== 403) return false;
  const headers = responseOf(error).headers ?? {};
  return headers["retry-after"] !== undefined || headers["x-ratelimit-remaining"] === "0" || /rate limit/i.test(serverMessage(error));
}

export type FailureKind = "absent" | "permission" | "infrastructure";

export function classifyError(error: unknown): FailureKind {
  const status = httpStatus(error);
  if (status === 404) return "absent";
  if (status === 401 || (status === 403 && !isRateLimited(error))) return "permission";
  return "infrastructure";
}

/** A GitHub call that failed after retries, with a one-line message fit for the log and the report. */
export class GitHubError extends Error {
  override readonly name = "GitHubError";
  readonly kind: FailureKind;
  readonly status: number | undefined;

  constructor(operation: string, error: unknown, permission?: Permission) {
    const kind = classifyError(error);
    const needs = kind === "permission" && permission ? ` (the token needs \`${permission}\`)` : "";
    super(`could not ${operation}: ${describeError(error)}${needs}`);
    this.kind = kind;
    this.status = httpStatus(error);
  }
}
