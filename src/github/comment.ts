// One sticky PR comment: found by a hidden marker among comments written by this token's own
// account (never someone else's comment that quotes the marker), created once, then edited.
// Two runs on one PR may race (a push while the previous run still goes): each comment records the
// run and attempt that wrote it, a run never overwrites a newer run's comment, and a run that
// created a comment removes the younger duplicates, so the oldest one stays and holds the newest text.
import { redact } from "../util/redact.ts";
import { type GitHubClient, httpStatus, type Repo } from "./client.ts";

export const COMMENT_MARKER = "<!-- evalgate:report -->";

/** The workflow run that writes a comment: GITHUB_RUN_ID grows with each new run, the attempt with each re-run. */
export interface RunStamp {
  id: number;
  attempt: number;
}

const STAMP = /<!-- evalgate:run (\d+)\.(\d+) -->/;

export function stampOf(body: string): RunStamp | null {
  const found = STAMP.exec(body);
  return found ? { id: Number(found[1]), attempt: Number(found[2]) } : null;
}

/** Whether `a` is a later run (or a later attempt of the same run) than `b`. */
function isNewer(a: RunStamp, b: RunStamp): boolean {
  return a.id !== b.id ? a.id > b.id : a.attempt > b.attempt;
}

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

interface MarkedComment {
  id: number;
  body: string;
}

/** This account's comments that bear the marker, oldest first. */
export async function listStickyComments(
  octokit: GitHubClient,
  repo: Repo,
  issueNumber: number,
  ownLogin: string,
  marker = COMMENT_MARKER,
): Promise<MarkedComment[]> {
  const found: MarkedComment[] = [];
  const pages = octokit.paginate.iterator(octokit.rest.issues.listComments, { ...repo, issue_number: issueNumber, per_page: 100 });
  for await (const page of pages) {
    for (const comment of page.data) {
      if (comment.user && normalise(comment.user.login) === normalise(ownLogin) && comment.body?.includes(marker)) {
        found.push({ id: comment.id, body: comment.body });
      }
    }
  }
  return found.sort((a, b) => a.id - b.id);
}

export type UpsertAction = "created" | "updated" | "left to a newer run";

export class StickyComment {
  private ownLogin: string | null = null;
  private readonly octokit: GitHubClient;
  private readonly repo: Repo;
  private readonly issueNumber: number;
  private readonly run: RunStamp | null;
  private readonly marker: string;

  constructor(octokit: GitHubClient, repo: Repo, issueNumber: number, run: RunStamp | null = null, marker = COMMENT_MARKER) {
    this.octokit = octokit;
    this.repo = repo;
    this.issueNumber = issueNumber;
    this.run = run;
    this.marker = marker;
  }

  /** Creates the comment, or edits the oldest one unless a newer run wrote it; the body must contain the marker. */
  async upsert(body: string): Promise<{ id: number; action: UpsertAction }> {
    const stamp = this.run ? `\n<!-- evalgate:run ${this.run.id}.${this.run.attempt} -->` : "";
    const text = redact(`${body.includes(this.marker) ? body : `${this.marker}\n${body}`}${stamp}`);
    const oldest = (await this.list())[0];
    if (oldest) {
      const edited = await this.editUnlessNewer(oldest, text);
      if (edited) return edited;
    }
    const { data } = await this.octokit.rest.issues.createComment({ ...this.repo, issue_number: this.issueNumber, body: text });
    return this.removeYoungerDuplicates(data.id, text);
  }

  private async list(): Promise<MarkedComment[]> {
    this.ownLogin ??= await resolveOwnLogin(this.octokit);
    return listStickyComments(this.octokit, this.repo, this.issueNumber, this.ownLogin, this.marker);
  }

  /** Edits `comment` unless a newer run wrote it; null when it was deleted meanwhile (write a new one rather than lose the verdict). */
  private async editUnlessNewer(comment: MarkedComment, text: string): Promise<{ id: number; action: UpsertAction } | null> {
    const writer = stampOf(comment.body);
    if (this.run && writer && isNewer(writer, this.run)) return { id: comment.id, action: "left to a newer run" };
    try {
      await this.octokit.rest.issues.updateComment({ ...this.repo, comment_id: comment.id, body: text });
      return { id: comment.id, action: "updated" };
    } catch (error) {
      if (httpStatus(error) !== 404) throw error;
      return null;
    }
  }

  /** Another run may have created one too: the oldest stays (with this text unless a newer run wrote it), the rest go. */
  private async removeYoungerDuplicates(created: number, text: string): Promise<{ id: number; action: UpsertAction }> {
    const comments = await this.list();
    const oldest = comments[0];
    let kept: { id: number; action: UpsertAction } = { id: created, action: "created" };
    if (oldest && oldest.id !== created) kept = (await this.editUnlessNewer(oldest, text)) ?? kept;
    for (const duplicate of comments) {
      if (duplicate.id === kept.id) continue;
      await this.octokit.rest.issues.deleteComment({ ...this.repo, comment_id: duplicate.id }).catch((error: unknown) => {
        if (httpStatus(error) !== 404) throw error; // the other run removed it first
      });
    }
    return kept;
  }
}
