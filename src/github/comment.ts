// One sticky PR comment: found by a hidden marker among comments written by this token's own
// account (never someone else's comment that quotes the marker), created once, then edited.
import { redact } from "../util/redact.ts";
import { type GitHubClient, httpStatus, type Repo } from "./client.ts";

export const COMMENT_MARKER = "<!-- evalgate:report -->";

/** GITHUB_TOKEN comments as github-actions[bot]; a PAT or app token may be someone else. */
export async function resolveOwnLogin(octokit: GitHubClient, fallback = "github-actions[bot]"): Promise<string> {
  try {
    const { data } = await octokit.rest.users.getAuthenticated();
    return data.login;
  } catch {
    return fallback; // installation tokens cannot read /user
  }
}

const normalise = (login: string) => login.toLowerCase().replace(/\[bot\]$/, "");

export async function findStickyComment(
  octokit: GitHubClient,
  repo: Repo,
  issueNumber: number,
  ownLogin: string,
  marker = COMMENT_MARKER,
): Promise<{ id: number; body: string } | null> {
  const pages = octokit.paginate.iterator(octokit.rest.issues.listComments, { ...repo, issue_number: issueNumber, per_page: 100 });
  for await (const page of pages) {
    for (const comment of page.data) {
      if (comment.user && normalise(comment.user.login) === normalise(ownLogin) && comment.body?.includes(marker)) {
        return { id: comment.id, body: comment.body };
      }
    }
  }
  return null;
}

export class StickyComment {
  private id: number | null = null;
  private ownLogin: string | null = null;
  private readonly octokit: GitHubClient;
  private readonly repo: Repo;
  private readonly issueNumber: number;
  private readonly marker: string;

  constructor(octokit: GitHubClient, repo: Repo, issueNumber: number, marker = COMMENT_MARKER) {
    this.octokit = octokit;
    this.repo = repo;
    this.issueNumber = issueNumber;
    this.marker = marker;
  }

  /** Creates the comment the first time, edits it afterwards; the body must contain the marker. */
  async upsert(body: string): Promise<{ id: number; action: "created" | "updated" }> {
    const text = redact(body.includes(this.marker) ? body : `${this.marker}\n${body}`);
    if (this.id === null) {
      this.ownLogin ??= await resolveOwnLogin(this.octokit);
      this.id = (await findStickyComment(this.octokit, this.repo, this.issueNumber, this.ownLogin, this.marker))?.id ?? null;
    }
    if (this.id !== null) {
      try {
        await this.octokit.rest.issues.updateComment({ ...this.repo, comment_id: this.id, body: text });
        return { id: this.id, action: "updated" };
      } catch (error) {
        if (httpStatus(error) !== 404) throw error;
        // deleted while the evals ran: write a new one rather than lose the verdict
      }
    }
    const { data } = await this.octokit.rest.issues.createComment({ ...this.repo, issue_number: this.issueNumber, body: text });
    this.id = data.id;
    return { id: data.id, action: "created" };
  }
}
