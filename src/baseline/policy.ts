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
  const unfit = unfitForBaseline(question, config["store-failed"] ?? false);
  if (unfit) return skip(unfit.reason);
  return { store: true, reason: `the results become the baseline of ${code(branch)}` };
}

export const partialRunReason = (partial: string[]) => `a partial run (${partial.join("; ")}) is never a baseline`;

/**
 * Why a finished run may not become a baseline, or null when it may: the action's store and
 * `evalgate baseline save` apply the same rules. Only a failed gate can be let through
 * (`storeFailed`: `baseline.store-failed`, or `baseline save --force`); a run with infrastructure
 * errors, a partial run and a run with an unmeasured suite never can: the baseline stays whole.
 */
export function unfitForBaseline(
  question: Pick<StoreQuestion, "verdict" | "partial">,
  storeFailed: boolean,
): { reason: string; forcible: boolean } | null {
  const { verdict } = question;
  if (verdict.verdict === "error")
    return { reason: `the run had infrastructure errors${verdict.errors?.length ? ` (${verdict.errors[0]})` : ""}`, forcible: false };
  if (question.partial?.length) return { reason: partialRunReason(question.partial), forcible: false };
  const unmeasured = verdict.suites.filter((suite) => suite.counts.scored === 0).map((suite) => suite.suite);
  if (unmeasured.length) return { reason: `no case was scored in ${unmeasured.join(", ")}`, forcible: false };
  if (verdict.verdict === "fail" && !storeFailed)
    return { reason: "the gate failed (set `baseline.store-failed: true` to store failed runs too)", forcible: true };
  return null;
}

/**
 * The branches whose baseline a run is compared with, in order: its own (a PR's base branch), then
 * the default branch, so a new release branch is gated against main until it has its own baseline.
 */
export function baselineCandidates(target: string | undefined, defaultBranch: string | undefined): string[] {
  return [...new Set([target, defaultBranch].filter((branch): branch is string => Boolean(branch)))];
}
