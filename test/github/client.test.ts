// The one GitHub client against the scripted GitHub on 127.0.0.1: what is retried, and how what
// still fails is classified and described (status and message, never a body).
import assert from "node:assert/strict";
import { after, afterEach, before, test } from "node:test";
import { createClient, type GitHubClient, GitHubError } from "../../src/github/client.ts";
import { BAD_GATEWAY, type FakeGitHub, FORBIDDEN, SECONDARY_RATE_LIMIT, startGitHubServer } from "../servers/github.ts";

let server: FakeGitHub;
let client: GitHubClient;
const repo = { owner: "acme", repo: "bot" };
const CHECKS = /\/check-runs$/;

before(async () => {
  server = await startGitHubServer();
  client = createClient("ghs_test", { GITHUB_API_URL: server.url }, { retryBaseMs: 1, spaceWrites: false, requestTimeoutMs: 1000 });
});
after(() => server.close());
afterEach(() => {
  server.faults = [];
});

async function failure(operation: () => Promise<unknown>): Promise<GitHubError> {
  try {
    await operation();
  } catch (error) {
    return new GitHubError("create the check run", error, "checks: write");
  }
  assert.fail("expected the call to fail");
}

const createCheck = () => client.rest.checks.create({ ...repo, name: "evalgate", head_sha: "a".repeat(40) });

test("a 502 page is retried three times, then an infrastructure error that says only the status", async () => {
  const fault = server.fault("POST", CHECKS, BAD_GATEWAY, Number.POSITIVE_INFINITY);
  const error = await failure(createCheck);
  assert.equal(fault.hits, 4);
  assert.equal(error.kind, "infrastructure");
  assert.equal(error.message, "could not create the check run: HTTP 502");
});

test("a 5xx once is invisible", async () => {
  const fault = server.fault("POST", CHECKS, { status: 503, body: { message: "Service Unavailable" } });
  await createCheck();
  assert.equal(fault.hits, 1);
  assert.equal(server.requests.at(-1)!.method, "POST");
});

test("secondary rate limits (403 or 429 with retry-after) are waited out", async () => {
  const secondary = server.fault("POST", CHECKS, SECONDARY_RATE_LIMIT, 2);
  const tooMany = server.fault("POST", CHECKS, { status: 429, body: { message: "Too many requests" }, headers: { "retry-after": "1" } });
  await createCheck();
  assert.deepEqual([secondary.hits, tooMany.hits], [2, 1]);
});

test("a primary rate limit that resets much later is an infrastructure error, not a permission", async () => {
  const reset = String(Math.floor(Date.now() / 1000) + 3600);
  server.fault("POST", CHECKS, {
    status: 403,
    body: { message: "API rate limit exceeded for installation." },
    headers: { "x-ratelimit-remaining": "0", "x-ratelimit-reset": reset },
  });
  const error = await failure(createCheck);
  assert.equal(error.kind, "infrastructure");
  assert.doesNotMatch(error.message, /checks: write/);
});

test("401 and a plain 403 are permission errors that name the permission, never retried; 404 is absent", async () => {
  const forbidden = server.fault("POST", CHECKS, FORBIDDEN, Number.POSITIVE_INFINITY);
  const denied = await failure(createCheck);
  assert.equal(forbidden.hits, 1);
  assert.equal(denied.kind, "permission");
  assert.equal(
    denied.message,
    "could not create the check run: HTTP 403: Resource not accessible by integration (the token needs `checks: write`)",
  );
  server.faults = [];
  server.fault("POST", CHECKS, { status: 401, body: { message: "Bad credentials" } });
  assert.equal((await failure(createCheck)).kind, "permission");
  const absent = await failure(() => client.rest.repos.getContent({ ...repo, path: "nope.json", ref: "main" }));
  assert.equal(absent.kind, "absent");
});
