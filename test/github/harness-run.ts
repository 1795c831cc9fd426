// Runs the action's run() in its own process through harness.ts (the engine replaced by one that
// returns a prepared results file), as a runner would: the event file, the job summary and the
// outputs file in a fresh folder, the inputs as INPUT_* variables. Checks what every run must keep:
// the token only in the mask command, no HTML error page, the comment's marker only in the comment.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { COMMENT_MARKER } from "../../src/github/comment.ts";
import type { Results } from "../../src/results/types.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

export interface HarnessRun {
  code: number;
  log: string;
  summary: string;
  outputs: string;
  /** The options the engine was called with; null when it never ran. */
  engine: { selection?: Record<string, unknown>; git?: Record<string, unknown> } | null;
}

export interface HarnessStep {
  /** The working directory, holding evals/evalgate.yml. */
  work: string;
  githubUrl: string;
  token: string;
  name: string;
  event: string;
  payload: unknown;
  /** What the engine returns, were it asked. */
  head: Results;
  env?: Record<string, string>;
}

/** A step output as written to GITHUB_OUTPUT (name<<delimiter, value, delimiter). */
export function outputOf(run: Pick<HarnessRun, "outputs">, name: string): string | undefined {
  return new RegExp(`^${name}<<(\\S+)\n([\\s\\S]*?)\n\\1$`, "m").exec(run.outputs)?.[2];
}

export async function runHarness(step: HarnessStep): Promise<HarnessRun> {
  const dir = await mkdtemp(path.join(step.work, `${step.name}-`));
  const files = {
    event: path.join(dir, "event.json"),
    head: path.join(dir, "head.json"),
    summary: path.join(dir, "summary.md"),
    output: path.join(dir, "output.txt"),
  };
  await writeFile(files.event, JSON.stringify(step.payload));
  await writeFile(files.head, JSON.stringify(step.head));
  await writeFile(files.summary, "");
  await writeFile(files.output, "");
  const child = spawn(path.join(ROOT, "node_modules/.bin/node"), [path.join(ROOT, "test/github/harness.ts")], {
    cwd: step.work,
    env: {
      PATH: process.env.PATH ?? "",
      GITHUB_ACTIONS: "true",
      GITHUB_API_URL: step.githubUrl,
      GITHUB_SERVER_URL: "https://github.com",
      GITHUB_REPOSITORY: "acme/bot",
      GITHUB_RUN_ID: "42",
      GITHUB_EVENT_NAME: step.event,
      GITHUB_EVENT_PATH: files.event,
      GITHUB_STEP_SUMMARY: files.summary,
      GITHUB_OUTPUT: files.output,
      GITHUB_REF_NAME: "main",
      "INPUT_GITHUB-TOKEN": step.token,
      INPUT_CONFIG: "evals/evalgate.yml",
      EVALGATE_TEST_HEAD: files.head,
      EVALGATE_TEST_OUT: dir,
      ...step.env,
    },
  });
  let log = "";
  child.stdout.on("data", (chunk) => (log += chunk));
  child.stderr.on("data", (chunk) => (log += chunk));
  const code = await new Promise<number>((resolve) => child.on("close", (value) => resolve(value ?? -1)));
  assert.ok(
    !log.split("\n").some((line) => line.includes(step.token) && !line.startsWith("::add-mask::")),
    "the token never appears in the log",
  );
  const summary = await readFile(files.summary, "utf8");
  assert.ok(!/<!DOCTYPE|<html/i.test(log + summary), "an HTML error page never reaches the log or the summary");
  assert.ok(!summary.includes(COMMENT_MARKER), "the comment's marker stays in the comment");
  const engine = await readFile(path.join(dir, "engine-options.json"), "utf8").then(
    (text) => JSON.parse(text),
    () => null,
  );
  return { code, log, summary, outputs: await readFile(files.output, "utf8"), engine };
}
