// The action: inputs → engine → gate → reports on GitHub. The job summary is written first (it
// needs no permission); the comment and check run degrade to warnings on a read-only token; the
// baseline is stored on push to a gated branch. The single core.setFailed lives here.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import * as core from "@actions/core";
import { ConfigError } from "./config/errors.ts";
import { type LoadedConfig, loadConfig } from "./config/load.ts";
import type { EvalgateConfig } from "./config/schema.ts";
import { type RunOptions, type RunOutcome, runEvaluation } from "./engine/run.ts";
import type { Results, RunSelection } from "./engine/types.ts";
import { evaluateGate } from "./gate/evaluate.ts";
import type { GateVerdict } from "./gate/types.ts";
import { mergeIntoBaseline, readBranchBaseline, readFileBaseline, writeBranchBaseline } from "./github/baseline-store.ts";
import { type Annotation, annotationsFor } from "./github/checks.ts";
import { createClient, describeError, type GitHubClient } from "./github/client.ts";
import { COMMENT_MARKER } from "./github/comment.ts";
import { isGatedPush, type RunContext, readRunContext } from "./github/context.ts";
import { GitHubReporter } from "./github/reporter.ts";
import { writeJobSummary } from "./github/summary.ts";
import { renderJUnit } from "./report/junit.ts";
import {
  CHECK_SUMMARY_MAX_CHARS,
  COMMENT_MAX_CHARS,
  renderErrorReport,
  renderMarkdownReport,
  renderRunningReport,
  SUMMARY_MAX_BYTES,
} from "./report/markdown.ts";
import { redact, redactStreams, registerSecret } from "./util/redact.ts";

export interface ActionInputs {
  config: string;
  selection: RunSelection;
  storeBaseline: "auto" | "true" | "false";
  token: string;
  failOnGate: boolean;
  comment: boolean;
  checkRun: boolean;
  checkName: string;
}

export interface ActionDeps {
  env: NodeJS.ProcessEnv;
  /** The engine; tests of the GitHub wiring may pass one that returns prepared results. */
  runEngine: (options: RunOptions) => Promise<RunOutcome>;
}

export interface ActionOutcome {
  verdict: "pass" | "fail" | "error";
  resultsPath?: string;
  reportPath?: string;
  baselineStored?: boolean;
}

class InputError extends Error {}

/** Same naming rule as core.getInput, but read from the given environment. */
function input(env: NodeJS.ProcessEnv, name: string): string {
  return (env[`INPUT_${name.replace(/ /g, "_").toUpperCase()}`] ?? "").trim();
}

function booleanInput(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const value = input(env, name).toLowerCase();
  if (value === "") return fallback;
  if (["true", "yes", "1"].includes(value)) return true;
  if (["false", "no", "0"].includes(value)) return false;
  throw new InputError(`input ${name}: expected true or false, got "${value}"`);
}

function integer(name: string, value: string | undefined, min: number): number | undefined {
  if (value === undefined || value === "") return undefined;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min) throw new InputError(`input ${name}: expected a whole number ≥ ${min}, got "${value}"`);
  return parsed;
}

/** Action inputs; on workflow_dispatch the event's inputs fill what the workflow left empty. */
export function readInputs(env: NodeJS.ProcessEnv, context: RunContext): ActionInputs {
  const pick = (name: keyof RunContext["dispatchInputs"]) => input(env, name) || context.dispatchInputs[name] || "";
  const suites = pick("suites")
    .split(/[\s,]+/)
    .filter(Boolean);
  const filter = pick("filter");
  const sample = integer("sample", pick("sample"), 1);
  const seed = integer("seed", pick("seed"), 0);
  const repeat = integer("repeat", pick("repeat"), 1) ?? 1;
  const store = (pick("store-baseline") || "auto").toLowerCase();
  if (!["auto", "true", "false"].includes(store))
    throw new InputError(`input store-baseline: expected auto, true or false, got "${store}"`);
  return {
    config: input(env, "config") || "evals/evalgate.yml",
    selection: {
      repeat,
      ...(suites.length ? { suites } : {}),
      ...(filter ? { filter } : {}),
      ...(sample !== undefined ? { sample } : {}),
      ...(seed !== undefined ? { seed } : {}),
    },
    storeBaseline: store as ActionInputs["storeBaseline"],
    token: input(env, "github-token"),
    failOnGate: booleanInput(env, "fail-on-gate", true),
    comment: booleanInput(env, "comment", true),
    checkRun: booleanInput(env, "check-run", true),
    checkName: input(env, "check-name") || "evalgate",
  };
}

/** The branch whose baseline and profile apply: a PR's base branch, else the branch itself. */
function targetBranch(context: RunContext): string | undefined {
  return context.prNumber !== undefined ? context.baseRef : context.branch;
}

async function readBaseline(
  client: GitHubClient | null,
  context: RunContext,
  config: EvalgateConfig,
  rootDir: string,
): Promise<{ baseline: Results | null; note: string }> {
  const store = config.baseline;
  if (store.store === "none") return { baseline: null, note: "baseline store: none (thresholds only)" };
  const branch = targetBranch(context);
  try {
    if (store.store === "branch") {
      if (!client || !context.repo || !branch) return { baseline: null, note: "baseline not read: no GitHub token or branch" };
      const baseline = await readBranchBaseline(client, context.repo, { dataBranch: store.branch, branch });
      return {
        baseline,
        note: baseline ? `baseline: ${store.branch}:baselines/${branch}` : `no baseline for ${branch} yet on ${store.branch}`,
      };
    }
    const ref = context.prNumber !== undefined ? context.baseSha : context.headSha;
    if (client && context.repo && ref) {
      const baseline = await readFileBaseline(client, context.repo, { path: store.path, ref });
      return { baseline, note: baseline ? `baseline: ${store.path} at ${ref.slice(0, 7)}` : `no ${store.path} at ${ref.slice(0, 7)}` };
    }
    // No API: the checked-out copy (right for local runs and pushes, not for a PR's merge commit).
    const text = await readFile(path.resolve(rootDir, store.path), "utf8").catch(() => null);
    return text
      ? { baseline: JSON.parse(text) as Results, note: `baseline: ${store.path} from the checkout` }
      : { baseline: null, note: `no ${store.path} in the checkout` };
  } catch (error) {
    core.warning(redact(`evalgate could not read the baseline (${describeError(error)}); gating on thresholds only.`));
    return { baseline: null, note: "baseline unavailable" };
  }
}

function shouldStoreBaseline(inputs: ActionInputs, context: RunContext, config: EvalgateConfig): boolean {
  if (config.baseline.store !== "branch" || context.prNumber !== undefined) return false;
  if (inputs.storeBaseline === "false") return false;
  if (inputs.storeBaseline === "true") return context.event === "push" || context.event === "workflow_dispatch";
  return isGatedPush(context, config.baseline["gated-branches"]);
}

async function storeBaseline(
  client: GitHubClient | null,
  context: RunContext,
  config: EvalgateConfig,
  results: Results,
  previous: Results | null,
  verdict: GateVerdict,
): Promise<boolean> {
  const unmeasured = verdict.suites.filter((suite) => suite.counts.scored === 0).map((suite) => suite.suite);
  if (unmeasured.length) {
    core.warning(`evalgate did not store the baseline: no case was scored in ${unmeasured.join(", ")}.`);
    return false;
  }
  if (!client || !context.repo || !context.branch) {
    core.warning("evalgate did not store the baseline: no GitHub token or branch.");
    return false;
  }
  try {
    const { commitSha, attempts } = await writeBranchBaseline(client, context.repo, {
      dataBranch: config.baseline.branch,
      branch: context.branch,
      results: mergeIntoBaseline(previous, results),
      historySize: config.baseline["history-size"],
    });
    core.info(
      `evalgate: stored the baseline for ${context.branch} on ${config.baseline.branch} (${commitSha.slice(0, 7)}, ${attempts} attempt${attempts === 1 ? "" : "s"})`,
    );
    return true;
  } catch (error) {
    core.warning(redact(`evalgate could not store the baseline: ${describeError(error)}`));
    return false;
  }
}

/** Failing metrics also point at the suite in evalgate.yml, where its thresholds are configured. */
function configAnnotations(verdict: GateVerdict, loaded: LoadedConfig, rootDir: string): Annotation[] {
  const file = path.relative(rootDir, loaded.path).split(path.sep).join("/");
  return verdict.suites
    .filter((suite) => suite.status === "fail")
    .map((suite) => {
      const line = loaded.lineOf(["suites", suite.suite]) ?? 1;
      return {
        path: file,
        start_line: line,
        end_line: line,
        annotation_level: "failure" as const,
        title: `evalgate: ${suite.suite} failed the gate`,
        message: suite.reasons.join("\n"),
      };
    });
}

function reportProblems(error: ConfigError): void {
  for (const problem of error.problems) {
    const properties = {
      file: problem.file,
      ...(problem.line ? { startLine: problem.line } : {}),
      ...(problem.column ? { startColumn: problem.column } : {}),
      title: "evalgate config",
    };
    const message = `${problem.field ? `${problem.field}: ` : ""}${problem.message}`;
    if (problem.severity === "warning") core.warning(message, properties);
    else core.error(message, properties);
  }
}

export async function run(overrides: Partial<ActionDeps> = {}): Promise<ActionOutcome> {
  const env = overrides.env ?? process.env;
  redactStreams(process.stdout, process.stderr);
  const runEngine = overrides.runEngine ?? runEvaluation;
  const context = readRunContext(env);
  let reporter: GitHubReporter | null = null;
  try {
    const inputs = readInputs(env, context);
    if (inputs.token) {
      core.setSecret(inputs.token);
      registerSecret(inputs.token);
    }
    const client = inputs.token && context.repo ? createClient(inputs.token, env) : null;
    if (!client) core.warning("evalgate has no github-token: no PR comment, check run or baseline store.");
    if (context.isFork)
      core.warning(
        "This pull request comes from a fork: its token is read-only, so the comment and check run may be skipped (see docs/github.md).",
      );
    reporter = new GitHubReporter(client, context, { comment: inputs.comment, checkRun: inputs.checkRun, checkName: inputs.checkName });
    await reporter.running(
      renderRunningReport({ suites: inputs.selection.suites, commit: context.headSha, runUrl: context.runUrl, marker: COMMENT_MARKER }),
    );

    const loaded = await loadConfig(inputs.config);
    const { baseline, note } = await readBaseline(client, context, loaded.config, path.dirname(loaded.path));
    core.info(`evalgate: ${note}`);
    const gateContext = { branch: targetBranch(context), seed: inputs.selection.seed ?? 1 };
    let verdict: GateVerdict | null = null;
    const outcome = await runEngine({
      configPath: inputs.config,
      selection: inputs.selection,
      env,
      progress: "lines",
      git: { commit: context.headSha, branch: context.branch, event: context.event },
      decide: (results, { config }) => (verdict = evaluateGate(results, baseline, config.gate, gateContext)),
    });
    const finalVerdict: GateVerdict = verdict ?? evaluateGate(outcome.results, baseline, outcome.config.gate, gateContext);
    const links = { runUrl: context.runUrl, repoUrl: context.repoUrl, commit: context.headSha };

    // Reports on disk next to results.json, then the job summary, then the API calls.
    const outDir = path.dirname(outcome.resultsPath);
    const reportPath = path.join(outDir, "report.md");
    const junitPath = path.join(outDir, "junit.xml");
    const summary = renderMarkdownReport(outcome.results, finalVerdict, {
      ...links,
      maxLength: SUMMARY_MAX_BYTES - 1024,
      measure: "bytes",
    });
    await mkdir(outDir, { recursive: true });
    await writeFile(reportPath, redact(summary));
    await writeFile(junitPath, redact(renderJUnit(outcome.results, finalVerdict)));
    await writeJobSummary(summary, env);

    const failed = finalVerdict.verdict === "fail";
    await reporter.finish({
      comment: renderMarkdownReport(outcome.results, finalVerdict, { ...links, marker: COMMENT_MARKER, maxLength: COMMENT_MAX_CHARS }),
      checkTitle: failed
        ? `Gate failed: ${finalVerdict.failures.length} failure${finalVerdict.failures.length === 1 ? "" : "s"}`
        : "Gate passed",
      checkSummary: renderMarkdownReport(outcome.results, finalVerdict, { ...links, maxLength: CHECK_SUMMARY_MAX_CHARS }),
      conclusion: failed ? (inputs.failOnGate ? "failure" : "neutral") : "success",
      annotations: annotationsFor(finalVerdict, configAnnotations(finalVerdict, loaded, outcome.rootDir)),
    });

    core.setOutput("verdict", finalVerdict.verdict);
    core.setOutput("results-path", outcome.resultsPath);
    core.setOutput("report-path", reportPath);
    core.setOutput("junit-path", junitPath);

    let baselineStored = false;
    if (shouldStoreBaseline(inputs, context, outcome.config)) {
      baselineStored = await storeBaseline(client, context, outcome.config, outcome.results, baseline, finalVerdict);
    }
    if (failed) {
      const message = `evalgate: the gate failed\n${finalVerdict.failures.map((line) => `  ${line}`).join("\n")}`;
      if (inputs.failOnGate) core.setFailed(redact(message));
      else core.warning(redact(message));
    }
    return { verdict: finalVerdict.verdict, resultsPath: outcome.resultsPath, reportPath, baselineStored };
  } catch (error) {
    // Fatal: bad input or a crash. Still leave a summary, a comment and a check run behind.
    if (error instanceof ConfigError) reportProblems(error);
    const message = redact(
      error instanceof ConfigError ? error.format() : error instanceof Error ? (error.stack ?? error.message) : String(error),
    );
    const short = redact(error instanceof Error ? error.message : String(error));
    const body = renderErrorReport({ message: short, runUrl: context.runUrl, marker: COMMENT_MARKER });
    await writeJobSummary(body, env).catch(() => false);
    await reporter?.finish({
      comment: body,
      checkTitle: "evalgate could not run",
      checkSummary: body,
      conclusion: "failure",
      annotations: [],
    });
    core.setOutput("verdict", "error");
    core.setFailed(`evalgate: ${message}`);
    return { verdict: "error" };
  }
}
