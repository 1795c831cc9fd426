// A scripted GitHub REST API on 127.0.0.1: issue comments (paginated), check runs (created, updated,
// read, and listed by commit with GitHub's filters), pull requests (and the merged pull request of a
// commit), collaborators' permissions, a tiny git object store (refs, commits, flat trees, blobs) and
// the contents and blobs APIs. Every request is recorded; a test can inject faults (a 502 page once or
// always, a secondary rate limit, a 403) on matching requests, or intercept any request to answer it itself.
//
// Tokens are told apart as GitHub does: each belongs to a GitHub App (by default GitHub Actions, the
// app of GITHUB_TOKEN) and has the permissions a workflow's `permissions:` gave it (by default all).
// A token with `contents: read` is refused data-branch writes (403), one with `checks: read` check-run
// writes, and a check run can only be modified by the app that created it (403 "Invalid app_id").
//
// Sizes are GitHub's (docs.github.com/rest/repos/contents, /rest/git/blobs): the contents API sends a
// file's content up to 1 MB; from 1 to 100 MB it lists the file with `content: ""` and `encoding:
// "none"`; past 100 MB it refuses (403 too_large). The blobs API sends up to 100 MB, base64 with a
// line break every 60 characters as GitHub does. A check run's output.summary and output.text are
// refused past 65,535 BYTES (422 "summary exceeds a maximum bytesize of 65535"), whatever the docs
// say of characters (github/docs#35252).
import { createHash } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface GitHubRequest {
  method: string;
  /** Decoded path without the query string. */
  path: string;
  query: URLSearchParams;
  /** The token of the Authorization header ("" without one). */
  token: string;
  // biome-ignore lint/suspicious/noExplicitAny: request bodies are whatever Octokit sent; routes read their fields
  body: any;
}

export interface Reply {
  status: number;
  body?: unknown;
  /** Sent as it is (an HTML error page) instead of JSON. */
  text?: string;
  /** Never answer (the connection is dropped when the server closes). */
  hang?: boolean;
  headers?: Record<string, string>;
}

export interface Fault {
  method: string;
  path: RegExp;
  reply: Reply;
  /** How many matching requests get the fault (default 1; Infinity = always). */
  times?: number;
  /** Matching requests answered with the fault so far. */
  hits: number;
}

/** What GitHub's load balancer sends on a 502: a whole HTML page, which must never reach a log. */
export const BAD_GATEWAY: Reply = {
  status: 502,
  text: "<!DOCTYPE html>\n<html><head><title>Unicorn! · GitHub</title></head><body><p>We had issues producing the response to your request.</p></body></html>\n",
  headers: { "content-type": "text/html; charset=utf-8" },
};

/** A secondary rate limit as GitHub answers it: 403, retry-after, and this message. */
export const SECONDARY_RATE_LIMIT: Reply = {
  status: 403,
  body: { message: "You have exceeded a secondary rate limit. Please wait a few minutes before you try again." },
  headers: { "retry-after": "1" },
};

/** A request GitHub never answers. */
export const HANG: Reply = { status: 0, hang: true };

/** A token without the permission for a write. */
export const FORBIDDEN: Reply = { status: 403, body: { message: "Resource not accessible by integration" } };

export interface IssueComment {
  id: number;
  body: string;
  user: { login: string; type: string };
}

/** A GitHub App as a check run names it. */
export interface GitHubApp {
  id: number;
  slug: string;
  name: string;
}

/** The app behind GITHUB_TOKEN: every check run a workflow creates with it is this app's. */
export const GITHUB_ACTIONS_APP: GitHubApp = { id: 15368, slug: "github-actions", name: "GitHub Actions" };

/** What a token may do: its app, and the permissions a workflow's `permissions:` gave it (absent: write). */
export interface TokenGrant {
  app?: GitHubApp;
  contents?: "read" | "write";
  checks?: "read" | "write";
}

export interface CheckRun {
  id: number;
  name: string;
  head_sha: string;
  status: string;
  conclusion?: string;
  /** The app whose token created it: only that app may update it. */
  app: GitHubApp;
  output?: { title?: string; summary?: string; text?: string };
  annotations: Array<{ path: string; start_line: number; end_line: number; annotation_level: string; title?: string; message: string }>;
}

/** A pull request as GET /pulls/{n} and GET /commits/{sha}/pulls return it (the fields evalgate reads). */
export interface PullRequest {
  number: number;
  state: "open" | "closed";
  head: { sha: string; ref: string };
  base: { sha: string; ref: string };
  /** Set once merged, with the commit the base branch was moved to (a merge, squash or the last rebased commit). */
  merged_at: string | null;
  merge_commit_sha: string | null;
  user: { login: string };
}

/** A role as GitHub names it; `permission` in the answer maps maintain to write and triage to read. */
export type RepositoryRole = "admin" | "maintain" | "write" | "triage" | "read" | "none";

interface Commit {
  sha: string;
  tree: string;
  parents: string[];
  message: string;
}

export interface FakeGitHub {
  url: string;
  requests: GitHubRequest[];
  comments: Map<number, IssueComment[]>;
  checkRuns: CheckRun[];
  /** Answer a request before the default routes; return undefined to fall through (a promise: hold the request until then). */
  intercept: ((request: GitHubRequest, server: FakeGitHub) => Reply | undefined | Promise<Reply | undefined>) | null;
  /** Faults answered before everything else, each to `times` matching requests. */
  faults: Fault[];
  /** Adds a fault; returns it so a test can read its hits. */
  fault(method: string, path: RegExp, reply: Reply, times?: number): Fault;
  /** Login that comments are created with (the token's bot). */
  botLogin: string;
  /** Pull requests by number. */
  pulls: Map<number, PullRequest>;
  /** Each login's role on acme/bot (the collaborator permission API); anyone else reads a public repository. */
  roles: Map<string, RepositoryRole>;
  /** What each token may do; a token not listed is GitHub Actions' with every permission. */
  tokens: Map<string, TokenGrant>;
  addPull(pull: Partial<PullRequest> & { number: number; head: PullRequest["head"] }): PullRequest;
  addComment(issue: number, body: string, login: string): IssueComment;
  /** Commits files on top of `branch` (created when missing); returns the commit sha. */
  commitFiles(branch: string | null, files: Record<string, string | null>, message?: string): string;
  readFile(ref: string, path: string): string | undefined;
  listFiles(ref: string): string[];
  refSha(branch: string): string | undefined;
  close(): Promise<void>;
}

function sha1(text: string): string {
  return createHash("sha1").update(text).digest("hex");
}

/** Files past this come from the contents API without their content (GitHub: 1 MB). */
export const CONTENTS_INLINE_MAX_BYTES = 1024 * 1024;
/** Files past this are refused by the contents and the blobs APIs (GitHub: 100 MB). */
export const BLOB_MAX_BYTES = 100 * 1024 * 1024;
/** A check run's output.summary and output.text, in UTF-8 bytes. */
export const CHECK_OUTPUT_MAX_BYTES = 65_535;

/** GitHub's answer for a file or blob past 100 MB. */
export const TOO_LARGE: Reply = {
  status: 403,
  body: {
    message:
      "This API returns blobs up to 100 MB in size. The requested blob is too large to fetch via the API, but you can always clone the repository via Git to obtain it.",
    errors: [{ resource: "Blob", field: "data", code: "too_large" }],
  },
};

/** What GitHub answers when a check run's summary or text is over its size, in bytes: null when both fit. */
function checkOutputTooLarge(output: { summary?: unknown; text?: unknown } | undefined): Reply | null {
  for (const field of ["summary", "text"] as const) {
    const value = output?.[field];
    if (typeof value === "string" && Buffer.byteLength(value, "utf8") > CHECK_OUTPUT_MAX_BYTES)
      return {
        status: 422,
        body: {
          message: "Validation Failed",
          errors: [
            { resource: "CheckRun", code: "custom", field, message: `${field} exceeds a maximum bytesize of ${CHECK_OUTPUT_MAX_BYTES}` },
          ],
          status: "422",
        },
      };
  }
  return null;
}

/** Base64 as GitHub's blobs API sends it: a line break after every 60 characters. */
function githubBase64(bytes: Buffer): string {
  return (bytes.toString("base64").match(/.{1,60}/g) ?? []).join("\n");
}

export async function startGitHubServer(options: { pageSize?: number } = {}): Promise<FakeGitHub> {
  const blobs = new Map<string, string>();
  const trees = new Map<string, Map<string, string>>();
  const commits = new Map<string, Commit>();
  const refs = new Map<string, string>();
  let nextId = 1000;
  const pageSize = options.pageSize ?? 30;

  const storeTree = (entries: Map<string, string>): string => {
    const sha = sha1(`tree ${JSON.stringify([...entries].sort())}`);
    trees.set(sha, entries);
    return sha;
  };
  const storeBlob = (content: string): string => {
    const sha = sha1(`blob ${content}`);
    blobs.set(sha, content);
    return sha;
  };
  const storeCommit = (tree: string, parents: string[], message: string): Commit => {
    const commit = { sha: sha1(`commit ${tree} ${parents.join(",")} ${message} ${nextId++}`), tree, parents, message };
    commits.set(commit.sha, commit);
    return commit;
  };
  const resolve = (ref: string): Commit | undefined => commits.get(refs.get(ref.replace(/^(refs\/)?heads\//, "")) ?? ref);

  const fake: FakeGitHub = {
    url: "",
    requests: [],
    comments: new Map(),
    checkRuns: [],
    intercept: null,
    faults: [],
    fault(method, path, reply, times = 1) {
      const fault = { method, path, reply, times, hits: 0 };
      fake.faults.push(fault);
      return fault;
    },
    botLogin: "github-actions[bot]",
    pulls: new Map(),
    roles: new Map(),
    tokens: new Map(),
    addPull(pull) {
      const full: PullRequest = {
        state: "open",
        base: { sha: "1111111111111111111111111111111111111111", ref: "main" },
        merged_at: null,
        merge_commit_sha: null,
        user: { login: "contributor" },
        ...pull,
      };
      fake.pulls.set(full.number, full);
      return full;
    },
    addComment(issue, body, login) {
      const comment = { id: nextId++, body, user: { login, type: login.endsWith("[bot]") ? "Bot" : "User" } };
      const list = fake.comments.get(issue) ?? [];
      list.push(comment);
      fake.comments.set(issue, list);
      return comment;
    },
    commitFiles(branch, files, message = "test commit") {
      const parent = branch ? refs.get(branch) : undefined;
      const entries = new Map(parent ? trees.get(commits.get(parent)!.tree) : []);
      for (const [path, content] of Object.entries(files)) {
        if (content === null) entries.delete(path);
        else entries.set(path, storeBlob(content));
      }
      const commit = storeCommit(storeTree(entries), parent ? [parent] : [], message);
      if (branch) refs.set(branch, commit.sha);
      return commit.sha;
    },
    readFile(ref, path) {
      const commit = resolve(ref);
      const blob = commit ? trees.get(commit.tree)?.get(path) : undefined;
      return blob ? blobs.get(blob) : undefined;
    },
    listFiles(ref) {
      const commit = resolve(ref);
      return commit ? [...trees.get(commit.tree)!.keys()].sort() : [];
    },
    refSha: (branch) => refs.get(branch),
    close: async () => {},
  };

  const legacyPermission: Record<RepositoryRole, string> = {
    admin: "admin",
    maintain: "write",
    write: "write",
    triage: "read",
    read: "read",
    none: "none",
  };
  const notFound: Reply = { status: 404, body: { message: "Not Found" } };
  const grantOf = (token: string): TokenGrant => fake.tokens.get(token) ?? {};
  const appOf = (token: string): GitHubApp => grantOf(token).app ?? GITHUB_ACTIONS_APP;
  /** A check run as the API returns it: the output's annotations are counted, not listed. */
  const checkRunBody = (run: CheckRun) => ({
    id: run.id,
    name: run.name,
    head_sha: run.head_sha,
    status: run.status,
    conclusion: run.conclusion ?? null,
    app: { ...run.app, owner: null },
    output: {
      title: run.output?.title ?? null,
      summary: run.output?.summary ?? null,
      text: run.output?.text ?? null,
      annotations_count: run.annotations.length,
    },
  });
  /** A write through the git data API (the data branch) by a token with `contents: read`: refused. */
  const contentsWriteRefused = (r: GitHubRequest) => r.method !== "GET" && /\/git\//.test(r.path) && grantOf(r.token).contents === "read";
  const routes: Array<[string, RegExp, (m: RegExpExecArray, r: GitHubRequest) => Reply]> = [
    ["GET", /^\/user$/, () => ({ status: 403, body: { message: "Resource not accessible by integration" } })],
    [
      "GET",
      /^\/repos\/[^/]+\/[^/]+\/pulls\/(\d+)$/,
      (m) => {
        const pull = fake.pulls.get(Number(m[1]));
        return pull ? { status: 200, body: pull } : notFound;
      },
    ],
    [
      // The merged pull request that brought a commit into its branch; for a commit not merged yet, the open ones whose head it is.
      "GET",
      /^\/repos\/[^/]+\/[^/]+\/commits\/([0-9a-f]{40})\/pulls$/,
      (m) => {
        const all = [...fake.pulls.values()];
        const merged = all.filter((pull) => pull.merge_commit_sha === m[1]);
        return { status: 200, body: merged.length ? merged : all.filter((pull) => pull.state === "open" && pull.head.sha === m[1]) };
      },
    ],
    [
      "GET",
      /^\/repos\/[^/]+\/[^/]+\/collaborators\/([^/]+)\/permission$/,
      (m) => {
        const role = fake.roles.get(m[1]!) ?? "read";
        return { status: 200, body: { permission: legacyPermission[role], role_name: role, user: { login: m[1] } } };
      },
    ],
    [
      // Newest first. filter=latest (GitHub's default) keeps the most recent check run of each name and app.
      "GET",
      /^\/repos\/[^/]+\/[^/]+\/commits\/([^/]+)\/check-runs$/,
      (m, r) => {
        const name = r.query.get("check_name");
        const status = r.query.get("status");
        const appId = r.query.get("app_id");
        const matching = fake.checkRuns
          .filter((run) => run.head_sha === m[1] && (!name || run.name === name) && (!status || run.status === status))
          .filter((run) => !appId || String(run.app.id) === appId)
          .reverse();
        const seen = new Set<string>();
        const runs =
          (r.query.get("filter") ?? "latest") === "all"
            ? matching
            : matching.filter((run) => !seen.has(`${run.app.id} ${run.name}`) && seen.add(`${run.app.id} ${run.name}`));
        return { status: 200, body: { total_count: runs.length, check_runs: runs.map(checkRunBody) } };
      },
    ],
    [
      "GET",
      /^\/repos\/[^/]+\/[^/]+\/check-runs\/(\d+)$/,
      (m) => {
        const run = fake.checkRuns.find((c) => c.id === Number(m[1]));
        return run ? { status: 200, body: checkRunBody(run) } : notFound;
      },
    ],
    [
      "GET",
      /^\/repos\/[^/]+\/[^/]+\/issues\/(\d+)\/comments$/,
      (m, r) => {
        const all = fake.comments.get(Number(m[1])) ?? [];
        const perPage = Math.min(Number(r.query.get("per_page") ?? pageSize), pageSize);
        const page = Number(r.query.get("page") ?? 1);
        const slice = all.slice((page - 1) * perPage, page * perPage);
        const headers: Record<string, string> = {};
        if (page * perPage < all.length) {
          const next = new URL(`${fake.url}${r.path}`);
          next.searchParams.set("per_page", String(perPage));
          next.searchParams.set("page", String(page + 1));
          headers.link = `<${next}>; rel="next"`;
        }
        return { status: 200, body: slice, headers };
      },
    ],
    [
      "POST",
      /^\/repos\/[^/]+\/[^/]+\/issues\/(\d+)\/comments$/,
      (m, r) => ({ status: 201, body: fake.addComment(Number(m[1]), r.body.body, fake.botLogin) }),
    ],
    [
      "PATCH",
      /^\/repos\/[^/]+\/[^/]+\/issues\/comments\/(\d+)$/,
      (m, r) => {
        for (const list of fake.comments.values()) {
          const comment = list.find((c) => c.id === Number(m[1]));
          if (comment) {
            comment.body = r.body.body;
            return { status: 200, body: comment };
          }
        }
        return { status: 404, body: { message: "Not Found" } };
      },
    ],
    [
      "DELETE",
      /^\/repos\/[^/]+\/[^/]+\/issues\/comments\/(\d+)$/,
      (m) => {
        for (const list of fake.comments.values()) {
          const index = list.findIndex((c) => c.id === Number(m[1]));
          if (index >= 0) {
            list.splice(index, 1);
            return { status: 204 };
          }
        }
        return { status: 404, body: { message: "Not Found" } };
      },
    ],
    [
      "POST",
      /^\/repos\/[^/]+\/[^/]+\/check-runs$/,
      (_m, r) => {
        if (grantOf(r.token).checks === "read") return FORBIDDEN;
        const tooLarge = checkOutputTooLarge(r.body.output);
        if (tooLarge) return tooLarge;
        const run: CheckRun = {
          id: nextId++,
          name: r.body.name,
          head_sha: r.body.head_sha,
          status: r.body.status ?? "queued",
          ...(r.body.conclusion ? { conclusion: r.body.conclusion } : {}),
          app: appOf(r.token),
          annotations: [],
        };
        if (r.body.output) run.output = { title: r.body.output.title, summary: r.body.output.summary, text: r.body.output.text };
        fake.checkRuns.push(run);
        return { status: 201, body: checkRunBody(run) };
      },
    ],
    [
      "PATCH",
      /^\/repos\/[^/]+\/[^/]+\/check-runs\/(\d+)$/,
      (m, r) => {
        const run = fake.checkRuns.find((c) => c.id === Number(m[1]));
        if (!run) return { status: 404, body: { message: "Not Found" } };
        if (grantOf(r.token).checks === "read") return FORBIDDEN;
        const app = appOf(r.token);
        if (app.id !== run.app.id)
          return {
            status: 403,
            body: { message: `Invalid app_id \`${app.id}\` - check run can only be modified by the GitHub App that created it.` },
          };
        if ((r.body.output?.annotations?.length ?? 0) > 50) return { status: 422, body: { message: "Only 50 annotations per request" } };
        const tooLarge = checkOutputTooLarge(r.body.output);
        if (tooLarge) return tooLarge;
        if (r.body.status) run.status = r.body.status;
        if (r.body.conclusion) run.conclusion = r.body.conclusion;
        if (r.body.output) {
          // GitHub's docs do not say whether an output without `text` keeps the old one: the strict reading
          // (it is replaced) catches an update that forgets it. evalgate sends it with every output.
          run.output = { title: r.body.output.title, summary: r.body.output.summary, text: r.body.output.text };
          run.annotations.push(...(r.body.output.annotations ?? []));
        }
        return { status: 200, body: checkRunBody(run) };
      },
    ],
    [
      "GET",
      /^\/repos\/[^/]+\/[^/]+\/git\/ref\/heads\/(.+)$/,
      (m) => {
        const sha = refs.get(m[1]!);
        return sha
          ? { status: 200, body: { ref: `refs/heads/${m[1]}`, object: { sha, type: "commit" } } }
          : { status: 404, body: { message: "Not Found" } };
      },
    ],
    [
      "POST",
      /^\/repos\/[^/]+\/[^/]+\/git\/refs$/,
      (_m, r) => {
        const name = String(r.body.ref).replace(/^refs\/heads\//, "");
        if (refs.has(name)) return { status: 422, body: { message: "Reference already exists" } };
        if (!commits.has(r.body.sha)) return { status: 422, body: { message: "Object does not exist" } };
        refs.set(name, r.body.sha);
        return { status: 201, body: { ref: `refs/heads/${name}`, object: { sha: r.body.sha, type: "commit" } } };
      },
    ],
    [
      "PATCH",
      /^\/repos\/[^/]+\/[^/]+\/git\/refs\/heads\/(.+)$/,
      (m, r) => {
        const current = refs.get(m[1]!);
        const commit = commits.get(r.body.sha);
        if (!current || !commit) return { status: 422, body: { message: "Reference does not exist" } };
        if (!r.body.force && !commit.parents.includes(current)) return { status: 422, body: { message: "Update is not a fast forward" } };
        refs.set(m[1]!, commit.sha);
        return { status: 200, body: { ref: `refs/heads/${m[1]}`, object: { sha: commit.sha, type: "commit" } } };
      },
    ],
    [
      "GET",
      /^\/repos\/[^/]+\/[^/]+\/git\/commits\/([0-9a-f]+)$/,
      (m) => {
        const commit = commits.get(m[1]!);
        return commit
          ? {
              status: 200,
              body: {
                sha: commit.sha,
                tree: { sha: commit.tree },
                parents: commit.parents.map((sha) => ({ sha })),
                message: commit.message,
              },
            }
          : { status: 404, body: { message: "Not Found" } };
      },
    ],
    [
      "POST",
      /^\/repos\/[^/]+\/[^/]+\/git\/commits$/,
      (_m, r) => {
        if (!trees.has(r.body.tree)) return { status: 422, body: { message: "Tree does not exist" } };
        const commit = storeCommit(r.body.tree, r.body.parents ?? [], r.body.message);
        return { status: 201, body: { sha: commit.sha, tree: { sha: commit.tree }, parents: commit.parents.map((sha) => ({ sha })) } };
      },
    ],
    [
      "GET",
      /^\/repos\/[^/]+\/[^/]+\/git\/trees\/([0-9a-f]+)$/,
      (m) => {
        const tree = trees.get(m[1]!);
        if (!tree) return { status: 404, body: { message: "Not Found" } };
        const entries = [...tree].map(([path, sha]) => ({
          path,
          mode: "100644",
          type: "blob",
          sha,
          size: Buffer.byteLength(blobs.get(sha)!),
        }));
        return { status: 200, body: { sha: m[1], tree: entries, truncated: false } };
      },
    ],
    [
      "POST",
      /^\/repos\/[^/]+\/[^/]+\/git\/trees$/,
      (_m, r) => {
        const entries = new Map(r.body.base_tree ? (trees.get(r.body.base_tree) ?? []) : []);
        for (const entry of r.body.tree as Array<{ path: string; sha?: string | null; content?: string }>) {
          if (entry.sha === null) entries.delete(entry.path);
          else if (typeof entry.content === "string") entries.set(entry.path, storeBlob(entry.content));
          else if (entry.sha && blobs.has(entry.sha)) entries.set(entry.path, entry.sha);
          else return { status: 422, body: { message: `bad tree entry ${entry.path}` } };
        }
        const sha = storeTree(entries);
        return {
          status: 201,
          body: { sha, tree: [...entries].map(([path, blob]) => ({ path, sha: blob, type: "blob", mode: "100644" })) },
        };
      },
    ],
    [
      "GET",
      /^\/repos\/[^/]+\/[^/]+\/contents\/(.+)$/,
      (m, r) => {
        const ref = r.query.get("ref") ?? "main";
        const content = fake.readFile(ref, m[1]!);
        if (content === undefined) return { status: 404, body: { message: "Not Found" } };
        const bytes = Buffer.from(content);
        if (bytes.length > BLOB_MAX_BYTES) return TOO_LARGE;
        const inline = bytes.length <= CONTENTS_INLINE_MAX_BYTES;
        return {
          status: 200,
          body: {
            type: "file",
            path: m[1],
            size: bytes.length,
            sha: sha1(`blob ${content}`),
            // 1 to 100 MB: listed, but the content is only in the blob.
            encoding: inline ? "base64" : "none",
            content: inline ? githubBase64(bytes) : "",
          },
        };
      },
    ],
    [
      "GET",
      /^\/repos\/[^/]+\/[^/]+\/git\/blobs\/([0-9a-f]+)$/,
      (m) => {
        const content = blobs.get(m[1]!);
        if (content === undefined) return { status: 404, body: { message: "Not Found" } };
        const bytes = Buffer.from(content);
        if (bytes.length > BLOB_MAX_BYTES) return TOO_LARGE;
        return {
          status: 200,
          body: { sha: m[1], node_id: `B_${m[1]}`, size: bytes.length, encoding: "base64", content: githubBase64(bytes) },
        };
      },
    ],
  ];

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const request: GitHubRequest = {
      method: req.method ?? "GET",
      path: decodeURIComponent(url.pathname),
      query: url.searchParams,
      token: /^(?:token|bearer)\s+(\S+)$/i.exec(req.headers.authorization ?? "")?.[1] ?? "",
      body: raw ? JSON.parse(raw) : undefined,
    };
    fake.requests.push(request);
    const fault = fake.faults.find((f) => f.method === request.method && f.path.test(request.path) && f.hits < (f.times ?? 1));
    if (fault) fault.hits++;
    let reply: Reply | undefined;
    try {
      reply = fault?.reply ?? (await fake.intercept?.(request, fake));
      if (!reply && contentsWriteRefused(request)) reply = FORBIDDEN;
      if (!reply) {
        const route = routes.find(([method, pattern]) => method === request.method && pattern.test(request.path));
        reply = route
          ? route[2](route[1].exec(request.path)!, request)
          : { status: 404, body: { message: `no route ${request.method} ${request.path}` } };
      }
    } catch (error) {
      // a broken test script answers loudly instead of leaving the client waiting
      reply = { status: 599, body: { message: `scripted GitHub crashed: ${error instanceof Error ? error.message : String(error)}` } };
    }
    if (reply.hang) return;
    res.writeHead(reply.status, { "content-type": "application/json", ...reply.headers });
    res.end(reply.text ?? (reply.body === undefined ? "" : JSON.stringify(reply.body)));
  });
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((done) => {
      server.closeAllConnections();
      server.close(() => done());
    });
  return fake;
}
