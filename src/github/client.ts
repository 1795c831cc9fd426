// The Octokit every GitHub call goes through, and how its errors are read.
import { getOctokit } from "@actions/github";

export type GitHubClient = ReturnType<typeof getOctokit>;

export interface Repo {
  owner: string;
  repo: string;
}

/** GITHUB_API_URL is read now, not when @actions/github was first imported (GHES, tests). */
export function createClient(token: string, env: NodeJS.ProcessEnv = process.env): GitHubClient {
  return getOctokit(token, { baseUrl: (env.GITHUB_API_URL || "https://api.github.com").replace(/\/$/, "") });
}

export function httpStatus(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === "number" ? status : undefined;
}

/** 401/403/404 on a write: a read-only token (fork PR, missing `permissions:`), not a bug. */
export function isPermissionError(error: unknown): boolean {
  const status = httpStatus(error);
  return status === 401 || status === 403 || status === 404;
}

export function describeError(error: unknown): string {
  const status = httpStatus(error);
  const message = error instanceof Error ? error.message : String(error);
  return status ? `HTTP ${status}: ${message}` : message;
}
