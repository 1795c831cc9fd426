// Who may accept a regression: someone with write, maintain or admin permission on the repository,
// as the collaborator permission API says (its `permission` maps maintain to write and triage to
// read; a custom role reports its base). Anything that keeps us from knowing (a 5xx after the
// retries, a 403, a timeout) is an error, never a yes: an acceptance nobody checked is not one.
import { type GitHubClient, GitHubError, httpStatus, type Repo } from "./client.ts";

export interface ActorPermission {
  allowed: boolean;
  /** The role GitHub names (admin, maintain, write, triage, read, a custom role), or "none". */
  role: string;
}

const ALLOWED = new Set(["admin", "write"]);

/** The actor's permission; throws GitHubError when it cannot be known. A login GitHub does not know has none. */
export async function actorPermission(client: GitHubClient, repo: Repo, login: string): Promise<ActorPermission> {
  try {
    const { data } = await client.rest.repos.getCollaboratorPermissionLevel({ ...repo, username: login });
    return { allowed: ALLOWED.has(data.permission), role: data.role_name || data.permission };
  } catch (error) {
    if (httpStatus(error) === 404) return { allowed: false, role: "none" };
    throw new GitHubError(`check @${login}'s permission on ${repo.owner}/${repo.repo}`, error);
  }
}
