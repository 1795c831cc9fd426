// Set-up for the tests of command targets and started services through the real CLI: a judged
// suite in a temp folder whose agent and judge are programs (test/fixtures/commands/worker.mjs run
// by this Node), and a look at which processes of a run's groups are still alive afterwards.
import { execFileSync } from "node:child_process";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

export const WORKER = path.resolve(import.meta.dirname, "../fixtures/commands/worker.mjs");

/** A command (argv list) running the scripted worker with `flags`, as YAML. */
export function workerCommand(...flags: string[]): string {
  return JSON.stringify([process.execPath, WORKER, ...flags]);
}

export interface CommandProject {
  dir: string;
  config: string;
  /** The model's log (out/logs/<model>.log). */
  log(model: string): Promise<string>;
}

/**
 * A judged suite of `prompts` questions ("Question n"), its agent and judge under `models` (YAML
 * lines, indented two spaces), output in out/. `extra` is appended to the config.
 */
export async function commandProject(prompts: number, models: string, extra = ""): Promise<CommandProject> {
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-command-"));
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
${models}
suites:
  qa: { kind: judged, prompts: prompts.csv, agents: [agent], judge: judge, judge-runs: 1, scale: 0-3 }
gate: { min-score: 0.5 }
${extra}`,
  );
  return { dir, config, log: (model) => readFile(path.join(dir, "out", "logs", `${model}.log`), "utf8") };
}

/** The process ids the log says were started ("worker 2 (pid 41) started"): each leads its own group. */
export function startedGroups(log: string): number[] {
  return [...log.matchAll(/\(pid (\d+)\) started/g)].map((match) => Number(match[1]));
}

/** What the tests' programs run as: a process of a finished group's id that runs something else reused the id. */
const OUR_PROGRAMS = /worker\.mjs|server\.mjs|server\.py|service\.mjs|group-owner|agent\.py|agent\.mjs|app\.py|sleep 300/;

/**
 * The processes of the tests' programs still running in any of `groups` (zombies left out: a zombie
 * has ended, and in a container whose PID 1 is no init nobody reaps the orphans evalgate killed;
 * others' processes left out: on a busy machine a finished group's id is soon another process's).
 * Waits up to `ms` for them to go.
 */
export async function survivors(groups: number[], ms = 2000): Promise<string[]> {
  const end = Date.now() + ms;
  for (;;) {
    const table = execFileSync("ps", ["-eo", "pid=,pgid=,stat=,args="], { encoding: "utf8" });
    const alive = table
      .split("\n")
      .map((line) => line.trim().split(/\s+/))
      .filter(([, pgid, stat]) => pgid !== undefined && groups.includes(Number(pgid)) && !stat?.startsWith("Z"))
      .map((fields) => fields.join(" "))
      .filter((line) => OUR_PROGRAMS.test(line));
    if (alive.length === 0 || Date.now() > end) return alive;
    await sleep(50);
  }
}

/** Waits until `condition` holds (polling), failing after `ms`. */
export async function until(condition: () => boolean | Promise<boolean>, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}
