// Which runs become a baseline, and which baseline a branch is compared with. Pure: the action and
// the CLI ask the same questions and get the same answers (and the same reasons, for the report).
import type { BaselineConfig } from "../config/schema.ts";
import { matchFilters } from "../util/glob.ts";

export type StoreRequest = "auto" | "true" | "false";

export interface StoreQuestion {
  /** push, workflow_dispatch, pull_request, local… */
  event: string;
  /** The branch the run belongs to (the pushed or dispatched branch). */
  branch: string | undefined;
  isPullRequest: boolean;
  /** The `store-baseline` input: auto = gated pushes only, true = also dispatch, false = never. */
  request: StoreRequest;
  config: Pick<BaselineConfig, "store" | "gated-branches" | "branch"> & { "store-failed"?: boolean };
  verdict: { verdict: "pass" | "fail" | "error"; errors?: string[]; suites: Array<{ suite: string; counts: { scored: number } }> };
  /** results.run.partial: why the run is not the whole suite (sample, filter, shard, deadline…). */
  partial?: string[];
}

export interface StoreDecision {
  store: boolean;
  /** One sentence for the summary and the comment: why it is (or is not) stored. */
  reason: string;
}

const skip = (reason: string): StoreDecision => ({ store: false, reason });
/** A branch name as inline code (git allows backticks in names; markdown would not survive them). */
const code = (name: string) => `\`${name.replace(/`/g, "")}\``;

/** Whether this run's results become the branch's baseline. Only whole, measured runs are stored. */
export function decideStore(question: StoreQuestion): StoreDecision {
  const { config, branch, request } = question;
  if (config.store !== "branch")
    return skip(
      config.store === "file" ? "`baseline.store` is `file`: commit a new results file to update it" : "`baseline.store` is `none`",
    );
  if (question.isPullRequest) return skip("a pull request never stores a baseline");
  if (request === "false") return skip("`store-baseline` is `false`");
  if (!branch) return skip("the run has no branch");
  const gated = matchFilters(config["gated-branches"], branch);
  const wanted =
    (question.event === "push" && (request === "true" || gated)) || (question.event === "workflow_dispatch" && request === "true");
  if (!wanted) {
    if (question.event === "push") return skip(`${code(branch)} is not in \`baseline.gated-branches\``);
    if (question.event === "workflow_dispatch") return skip("a manual run stores only with `store-baseline: true`");
    return skip(`a ${code(question.event)} run never stores a baseline`);
  }
  if (question.verdict.verdict === "error")
    return skip(`the run had infrastructure errors${question.verdict.errors?.length ? ` (${question.verdict.errors[0]})` : ""}`);
  if (question.partial?.length) return skip(`a partial run (${question.partial.join("; ")}) is never a baseline`);
  const unmeasured = question.verdict.suites.filter((suite) => suite.counts.scored === 0).map((suite) => suite.suite);
  if (unmeasured.length) return skip(`no case was scored in ${unmeasured.join(", ")}`);
  if (question.verdict.verdict === "fail" && !config["store-failed"])
    return skip("the gate failed (set `baseline.store-failed: true` to store failed runs too)");
  return { store: true, reason: `the results become the baseline of ${code(branch)}` };
}

/**
 * The branches whose baseline a run is compared with, in order: its own (a PR's base branch), then
 * the default branch, so a new release branch is gated against main until it has its own baseline.
 */
export function baselineCandidates(target: string | undefined, defaultBranch: string | undefined): string[] {
  return [...new Set([target, defaultBranch].filter((branch): branch is string => Boolean(branch)))];
}
