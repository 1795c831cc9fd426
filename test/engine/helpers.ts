// Shared set-up for engine tests: a judged suite in a temp folder pointing at a scripted
// OpenAI-compatible server on 127.0.0.1, and a way to run the real CLI as a process.
import { spawn } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { chatCompletion, type ScriptedServer, startScriptedServer } from "../servers/scripted.ts";

/** The CLI the process tests run: the sources, or the built bundle when EVALGATE_TEST_CLI names it (.ci/run on Node 22). */
export const CLI = path.resolve(process.env.EVALGATE_TEST_CLI ?? path.join(import.meta.dirname, "../../src/cli.ts"));

/** The question a request carries: the agent sees it as the user message; the judge quotes it. */
export function questionOf(body: unknown): string {
  const messages = (body as { messages: { content: string }[] }).messages;
  const text = messages.map((m) => m.content).join("\n");
  return /Question (\d+)/.exec(text)?.[0] ?? "?";
}

export function isJudgeRequest(body: unknown): boolean {
  return (body as { model: string }).model === "judge-model";
}

/**
 * Agent answers "Answer to Question n"; the judge gives SCORE 3 to even questions and 1 to odd ones.
 */
export async function startEvalServer(options: { delayMs?: number } = {}): Promise<ScriptedServer> {
  return startScriptedServer((request) => {
    const question = questionOf(request.body);
    const n = Number(question.split(" ")[1]);
    const content = isJudgeRequest(request.body) ? `Looks fine.\nSCORE: ${n % 2 === 0 ? 3 : 1}` : `Answer to ${question}`;
    return { body: chatCompletion(content), ...(options.delayMs ? { delayMs: options.delayMs } : {}) };
  });
}

export async function writeSuite(serverUrl: string, prompts: number, extra = ""): Promise<{ dir: string; config: string }> {
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-engine-"));
  const rows = [
    "prompt,judge_prompt",
    ...Array.from({ length: prompts }, (_, i) => `"Question ${i + 1}: what is ${i + 1} + 1?","The answer is ${i + 2}."`),
  ];
  await writeFile(path.join(dir, "prompts.csv"), `${rows.join("\n")}\n`);
  const config = path.join(dir, "evalgate.yml");
  await writeFile(
    config,
    `version: 1
concurrency: 4
output-dir: out
models:
  agent: { provider: openai, base-url: "${serverUrl}/v1", model: agent-model, retry-backoff: 1ms, max-retries: 1 }
  judge: { provider: openai, base-url: "${serverUrl}/v1", model: judge-model, retry-backoff: 1ms, max-retries: 1 }
suites:
  qa: { kind: judged, prompts: prompts.csv, agents: [agent], judge: judge, judge-runs: 1, scale: 0-3 }
gate: { min-score: 0.5 }
${extra}`,
  );
  return { dir, config };
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(
  args: string[],
  options: { cwd: string; env?: Record<string, string>; cli?: string },
): Promise<CliResult> & { child: ReturnType<typeof spawn> } {
  const child = spawn(process.execPath, [options.cli ?? CLI, ...args], {
    cwd: options.cwd,
    // FORCE_COLOR: the test runner sets it on a terminal; a test that wants colour says so.
    env: { ...process.env, FORCE_COLOR: undefined, ...options.env, CI: "true" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk) => {
    stdout += chunk;
  });
  child.stderr!.on("data", (chunk) => {
    stderr += chunk;
  });
  const done = new Promise<CliResult>((resolve) => child.on("close", (code) => resolve({ code, stdout, stderr })));
  return Object.assign(done, { child });
}
