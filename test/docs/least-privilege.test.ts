// A job that runs on a pull request and checks its code out runs that code (prompt files, command
// targets, services started from the checkout): no workflow we show or ship gives such a job `contents: write`
// (issue 33's promise, and what docs/github.md's per-job table says). Every whole workflow of the
// docs, the workflows init writes being tested in test/cli/init.test.ts, and .github/workflows/.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { parse } from "yaml";
import { kindOf, yamlBlocks } from "./doc-blocks.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

interface Job {
  if?: string;
  permissions?: unknown;
  steps?: { uses?: string; with?: { ref?: string } }[];
}

interface Workflow {
  on?: unknown;
  permissions?: unknown;
  jobs?: Record<string, Job>;
}

/** Whether the workflow starts on a pull request (pull_request or pull_request_target). */
function onPullRequests(on: unknown): boolean {
  const events = typeof on === "string" ? [on] : Array.isArray(on) ? on : on && typeof on === "object" ? Object.keys(on) : [];
  return events.some((event) => event === "pull_request" || event === "pull_request_target");
}

/** Whether a job's `if:` keeps it off pull requests (`!= 'pull_request'`, or `==` another event). */
function skipsPullRequests(condition: string | undefined): boolean {
  if (!condition) return false;
  if (/github\.event_name\s*!=\s*'pull_request'/.test(condition)) return true;
  const only = /github\.event_name\s*==\s*'([a-z_]+)'/.exec(condition);
  return only !== null && !only[1]!.startsWith("pull_request");
}

/** Whether a job checks out the pull request's code: an actions/checkout step not pinned to the default branch. */
function checksOutPullRequest(job: Job): boolean {
  return (job.steps ?? []).some((step) => step.uses?.startsWith("actions/checkout") && !/default_branch/.test(step.with?.ref ?? ""));
}

function contentsWrite(permissions: unknown): boolean {
  if (permissions === "write-all") return true;
  return !!permissions && typeof permissions === "object" && (permissions as Record<string, unknown>).contents === "write";
}

/** The jobs of a workflow that run on a pull request with `contents: write`, as "where: job". */
function writingPullRequestJobs(where: string, workflow: Workflow): string[] {
  if (!onPullRequests(workflow.on)) return [];
  return Object.entries(workflow.jobs ?? {}).flatMap(([name, job]) => {
    const permissions = job.permissions ?? workflow.permissions;
    const risky = contentsWrite(permissions) && !skipsPullRequests(job.if) && checksOutPullRequest(job);
    return risky ? [`${where}: job ${name}`] : [];
  });
}

test("no job that runs on a pull request gets contents: write, in the docs or in this repository's workflows", () => {
  const found: string[] = [];
  let workflows = 0;
  for (const block of yamlBlocks(ROOT).filter((candidate) => kindOf(candidate) === "workflow")) {
    workflows++;
    found.push(...writingPullRequestJobs(`${block.file}:${block.line}`, parse(block.text) as Workflow));
  }
  const dir = path.join(ROOT, ".github", "workflows");
  for (const file of readdirSync(dir).filter((name) => name.endsWith(".yml"))) {
    workflows++;
    found.push(...writingPullRequestJobs(`.github/workflows/${file}`, parse(readFileSync(path.join(dir, file), "utf8")) as Workflow));
  }
  assert.ok(workflows >= 6, `found ${workflows} workflows`);
  assert.deepEqual(found, []);
});

test("the check sees a pull-request job with contents: write; not one kept off pull requests, nor one that checks out the default branch", () => {
  const checkout = [{ uses: "actions/checkout@v5" }];
  const workflow = (job: Job): Workflow => ({ on: { pull_request: null, push: null }, jobs: { evals: { steps: checkout, ...job } } });
  assert.deepEqual(writingPullRequestJobs("w", workflow({ permissions: { contents: "write" } })), ["w: job evals"]);
  assert.deepEqual(writingPullRequestJobs("w", { ...workflow({}), permissions: "write-all" }), ["w: job evals"]);
  assert.deepEqual(writingPullRequestJobs("w", workflow({ if: "github.event_name == 'push'", permissions: { contents: "write" } })), []);
  assert.deepEqual(
    writingPullRequestJobs("w", workflow({ if: "github.event_name != 'pull_request'", permissions: { contents: "write" } })),
    [],
  );
  assert.deepEqual(writingPullRequestJobs("w", workflow({ permissions: { contents: "read" } })), []);
  // The accept job: it checks out the default branch's config, never the pull request's code.
  const base = [{ uses: "actions/checkout@v5", with: { ref: "${{ github.event.repository.default_branch }}" } }];
  assert.deepEqual(writingPullRequestJobs("w", workflow({ permissions: { contents: "write" }, steps: base })), []);
});
