// Every process evalgate starts (a command target's workers, a service under `start:`) runs here: in a
// process group of its own, its output in the model's log (redacted), and ended with its whole group
// (SIGTERM, then SIGKILL after 5 s), so nothing it started outlives the run. Two safety nets cover the
// paths that never reach a stop: an `exit` handler that kills every group still alive (synchronously:
// nothing else runs in `exit`), and, while a group is alive, a SIGINT/SIGTERM/SIGHUP listener that
// does the same and exits 130 when nothing else handles the signal (the action; a second Ctrl-C).
// What leaves its group (setsid, a double fork) is found on Linux by the mark every process carries
// in its environment (./escaped.ts) and ended with the run too.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import type { Readable, Writable } from "node:stream";
import { clipText } from "../../util/escape.ts";
import { endEscapedSync, markOf } from "./escaped.ts";
import type { ProcessLog } from "./log.ts";

/** How long a group has between SIGTERM and SIGKILL. */
export const STOP_GRACE_MS = 5000;

export interface GroupSpec {
  /** A string run by the shell (`sh -c`), or an argv list run as it is. */
  command: string | string[];
  cwd: string;
  /** The whole environment of the process. */
  env: NodeJS.ProcessEnv;
  /** "pipe": the caller writes stdin and reads stdout; "log": stdin is closed and stdout goes to the log too. */
  io: "pipe" | "log";
  log: ProcessLog;
  /** How the process is named in the log and in messages ("worker 2", "service"). */
  label: string;
}

/** How a process ended: its exit code or signal, or why it could not be started. */
export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The spawn error (a command or folder that does not exist). */
  error?: string;
}

export interface GroupProcess {
  readonly pid: number | undefined;
  /** The process's stdin and stdout when started with io "pipe". */
  readonly stdin: Writable | null;
  readonly stdout: Readable | null;
  /** Resolves when the process exited, or failed to start. */
  readonly exited: Promise<Exit>;
  /**
   * Resolves when its stdout and stderr have ended: everything it wrote has been read. Later than
   * `exited` (the pipes drain after the exit), or never while a process it started holds them.
   */
  readonly outputEnded: Promise<void>;
  /** How it ended; null while it runs. */
  exit(): Exit | null;
  /** Ends the group: stdin closed and SIGTERM, SIGKILL after 5 s; resolves when none of its processes is left. */
  stop(): Promise<void>;
}

/** The groups started and not yet known to be gone, by process group id. */
const liveGroups = new Set<number>();

export function startGroup(spec: GroupSpec): GroupProcess {
  const options = {
    cwd: spec.cwd,
    env: { ...spec.env, ...markOf(spec.log, spec.label) },
    // A group of its own (setsid): the whole tree is signalled at once, and a terminal's Ctrl-C reaches evalgate only.
    detached: process.platform !== "win32",
    stdio: [spec.io === "pipe" ? "pipe" : "ignore", "pipe", "pipe"] as ("pipe" | "ignore")[],
    windowsHide: true,
  };
  // A string runs in the shell (/bin/sh -c; cmd.exe on Windows), an argv list as it is.
  const child =
    typeof spec.command === "string"
      ? spawn(spec.command, { ...options, shell: true })
      : spawn(spec.command[0]!, spec.command.slice(1), options);
  const pid = child.pid;
  if (pid !== undefined) track(pid);
  spec.log.note(`${spec.label}${pid !== undefined ? ` (pid ${pid})` : ""} started: ${commandText(spec.command)}`);
  const stderr = spec.log.stream(spec.label);
  child.stderr!.on("data", (chunk: Buffer) => stderr.write(chunk));
  if (spec.io === "log") {
    const stdout = spec.log.stream(spec.label);
    child.stdout!.on("data", (chunk: Buffer) => stdout.write(chunk));
    child.stdout!.on("end", () => stdout.end());
  }
  child.stderr!.on("end", () => stderr.end());
  // An EPIPE on a process that died is reported through `exited`, never as an uncaught error.
  child.stdin?.on("error", () => {});
  const ended = (stream: NodeJS.ReadableStream) => new Promise<void>((resolve) => stream.once("close", resolve));
  const outputEnded = Promise.all([ended(child.stdout!), ended(child.stderr!)]).then(() => {});

  let exit: Exit | null = null;
  let stopping: Promise<void> | null = null;
  const exited = new Promise<Exit>((resolve) => {
    const settle = (ended: Exit) => {
      if (exit) return;
      exit = ended;
      spec.log.note(`${spec.label}${pid !== undefined ? ` (pid ${pid})` : ""} ${describeExit(ended)}`);
      resolve(ended);
      // What the process started may still run: the group goes with it.
      if (pid !== undefined) stop();
    };
    child.once("exit", (code, signal) => settle({ code, signal }));
    child.once("error", (error) => settle({ code: null, signal: null, error: error.message }));
  });
  const stop = () => {
    stopping ??= pid === undefined ? Promise.resolve() : stopGroup(pid, child, Promise.all([exited, outputEnded]));
    return stopping;
  };
  return {
    pid,
    stdin: child.stdin,
    stdout: spec.io === "pipe" ? child.stdout : null,
    exited,
    outputEnded,
    exit: () => exit,
    stop,
  };
}

/** "exited with code 1", "was killed by SIGKILL", "could not be started: spawn nope ENOENT". */
export function describeExit(exit: Exit): string {
  if (exit.error) return `could not be started: ${exit.error}`;
  if (exit.signal) return `was killed by ${exit.signal}`;
  return `exited with code ${exit.code}`;
}

/** A command as the log shows it: the shell string, or the argv list joined (quoted where it has spaces). */
export function commandText(command: string | string[]): string {
  if (typeof command === "string") return command;
  return command.map((arg) => (/[\s"'\\$`]/.test(arg) || arg === "" ? JSON.stringify(arg) : arg)).join(" ");
}

/** How much of a command a message shows (the log names it whole). */
const SHOWN_COMMAND_CHARS = 60;

/** A command as a message names it: `python agent.py`, its start when it is long. */
export function shownCommand(command: string | string[]): string {
  return `\`${clipText(commandText(command), SHOWN_COMMAND_CHARS)}\``;
}

/** `done`: the leader exited and its output was read to the end. */
async function stopGroup(pgid: number, child: ChildProcess, done: Promise<unknown>): Promise<void> {
  child.stdin?.end(); // a worker that reads stdin sees the end of it and may exit by itself
  signalGroup(pgid, child, "SIGTERM");
  const killAt = Date.now() + STOP_GRACE_MS;
  // While the leader runs the group is alive: /proc is read only once it has exited (a scan per poll per group is costly),
  // and its exit ends the wait at once rather than at the next poll.
  const leaderRuns = () => child.exitCode === null && child.signalCode === null;
  const leaderExited = new Promise<void>((resolve) => (leaderRuns() ? child.once("exit", () => resolve()) : resolve()));
  const alive = () => leaderRuns() || groupAlive(pgid);
  for (let wait = 10; alive() && Date.now() < killAt; wait = Math.min(wait * 2, 100))
    await (leaderRuns() ? settledWithin(leaderExited, wait) : sleep(wait));
  if (alive()) signalGroup(pgid, child, "SIGKILL");
  // What it wrote last is read before the pipes close; a process outside the group holding them must not keep us waiting.
  await settledWithin(done, 1000);
  child.stdout?.destroy();
  child.stderr?.destroy();
  child.stdin?.destroy();
  liveGroups.delete(pgid);
  if (liveGroups.size === 0) removeSignalNet();
}

/** Whether any process of the group is left running. */
function groupAlive(pgid: number): boolean {
  if (process.platform === "win32") return false;
  try {
    process.kill(-pgid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  // A zombie counts for kill(0) until its parent reaps it, and an orphan's new parent may never do
  // so (PID 1 in a container without an init): on Linux, only a process that is not one counts.
  return process.platform !== "linux" || groupHasRunningProcess(pgid);
}

function groupHasRunningProcess(pgid: number): boolean {
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return true;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // it ended while we looked
    }
    // After the command's name in parentheses: state, parent, process group.
    const [state, , group] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(group) === pgid && state !== "Z") return true;
  }
  return false;
}

function signalGroup(pgid: number, child: ChildProcess | null, signal: NodeJS.Signals): void {
  try {
    if (process.platform === "win32") {
      // No process groups: taskkill ends the tree.
      spawnSync("taskkill", ["/pid", String(pgid), "/T", "/F"], { stdio: "ignore", windowsHide: true });
    } else process.kill(-pgid, signal);
  } catch {
    child?.kill(signal); // the group is gone; the leader may not be reaped yet
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Waits for `promise`, `ms` at most (the timer is cleared as soon as it settles: nothing is left to hold the process). */
export function settledWithin(promise: Promise<unknown>, ms: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    void promise.finally(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

// --- The safety nets -------------------------------------------------------------------------------

const NET_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
let exitHandlerInstalled = false;
let signalNetInstalled = false;

function track(pgid: number): void {
  liveGroups.add(pgid);
  if (!exitHandlerInstalled) {
    exitHandlerInstalled = true;
    process.on("exit", killAllGroups);
  }
  if (!signalNetInstalled) {
    signalNetInstalled = true;
    for (const signal of NET_SIGNALS) process.prependListener(signal, onSignal);
  }
}

/** SIGKILL to every group still alive: the last resort, when there is no time left to ask nicely. */
function killAllGroups(): void {
  for (const pgid of liveGroups) signalGroup(pgid, null, "SIGKILL");
  liveGroups.clear();
  endEscapedSync();
}

/**
 * A signal while groups are alive. When the run listens for it too (the CLI's run ends cleanly on the
 * first Ctrl-C, and stops its processes), nothing to do here; when nothing else does (the action, a
 * second Ctrl-C), Node would die without running `exit` handlers: end every group and exit as the run does.
 */
function onSignal(signal: NodeJS.Signals): void {
  if (process.listenerCount(signal) > 1) return;
  killAllGroups();
  process.exit(signal === "SIGHUP" ? 129 : 130);
}

function removeSignalNet(): void {
  if (!signalNetInstalled) return;
  signalNetInstalled = false;
  for (const signal of NET_SIGNALS) process.off(signal, onSignal);
}
