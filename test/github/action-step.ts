// One step of a workflow running the action's real entry (src/action.ts) in its own process, as a
// runner does: the event file, the job summary and the outputs file in a fresh folder under `cwd`,
// the inputs as INPUT_* variables. Returns the exit code, the log and what the step wrote.
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");
/** The action the steps run: the sources, or the bundle when EVALGATE_TEST_ACTION names it (CI runs the action tests on dist/index.js too). */
const ACTION = path.resolve(ROOT, process.env.EVALGATE_TEST_ACTION ?? "src/action.ts");

export interface ActionStepRun {
  code: number;
  /** stdout and stderr, interleaved as they came. */
  log: string;
  /** The GITHUB_OUTPUT file. */
  outputs: string;
  /** The GITHUB_STEP_SUMMARY file. */
  summary: string;
}

export interface ActionStep {
  cwd: string;
  githubUrl: string;
  event: { name: string; payload: unknown };
  /** By input name as in action.yml (config, github-token, shard…). */
  inputs: Record<string, string>;
  /** More environment: a runner's own variables, the demo targets' URLs, secrets. */
  env?: Record<string, string>;
}

export async function runActionStep(step: ActionStep): Promise<ActionStepRun> {
  const files = await mkdtemp(path.join(step.cwd, "step-"));
  const paths = { event: path.join(files, "event.json"), summary: path.join(files, "summary.md"), output: path.join(files, "output.txt") };
  await writeFile(paths.event, JSON.stringify(step.event.payload));
  await writeFile(paths.summary, "");
  await writeFile(paths.output, "");
  const child = spawn(path.join(ROOT, "node_modules/.bin/node"), [ACTION], {
    cwd: step.cwd,
    env: {
      PATH: process.env.PATH ?? "",
      GITHUB_API_URL: step.githubUrl,
      GITHUB_REPOSITORY: "acme/bot",
      GITHUB_EVENT_NAME: step.event.name,
      GITHUB_EVENT_PATH: paths.event,
      GITHUB_STEP_SUMMARY: paths.summary,
      GITHUB_OUTPUT: paths.output,
      RUNNER_TEMP: path.join(files, "tmp"), // a fresh runner's temporary folder (the cache toolkit's archives)
      ...Object.fromEntries(Object.entries(step.inputs).map(([name, value]) => [`INPUT_${name.toUpperCase()}`, value])),
      ...step.env,
    },
  });
  let log = "";
  child.stdout.on("data", (chunk) => (log += chunk));
  child.stderr.on("data", (chunk) => (log += chunk));
  const code = await new Promise<number>((resolve) => child.on("close", (value) => resolve(value ?? -1)));
  return { code, log, outputs: await readFile(paths.output, "utf8"), summary: await readFile(paths.summary, "utf8") };
}

/** A pull request event from acme/bot into main: head at `sha`, base at `baseSha` (default: the same commit). */
export function pullRequestEvent(number: number, sha: string, headRef = "f", baseSha = sha): { name: string; payload: unknown } {
  return {
    name: "pull_request",
    payload: {
      pull_request: {
        number,
        head: { sha, ref: headRef, repo: { full_name: "acme/bot" } },
        base: { sha: baseSha, ref: "main", repo: { full_name: "acme/bot" } },
      },
    },
  };
}

/**
 * A step of a workflow on a fresh runner in a git checkout (`dir`): no output folder (and so no
 * response cache) left by the step before, the config at evals/evalgate.yml, the response cache off.
 */
export async function freshRunnerStep(
  runner: { dir: string; githubUrl: string; token: string; runId: string },
  event: { name: string; payload: unknown },
  sha: string,
  inputs: Record<string, string> = {},
): Promise<ActionStepRun> {
  await rm(path.join(runner.dir, ".evalgate"), { recursive: true, force: true });
  return runActionStep({
    cwd: runner.dir,
    githubUrl: runner.githubUrl,
    event,
    inputs: { "github-token": runner.token, config: "evals/evalgate.yml", "response-cache": "false", ...inputs },
    env: { GITHUB_ACTIONS: "true", GITHUB_WORKSPACE: runner.dir, GITHUB_RUN_ID: runner.runId, GITHUB_SHA: sha, GITHUB_REF_NAME: "main" },
  });
}
