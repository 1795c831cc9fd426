// The processes that leave their group. A group kill ends everything a worker or service starts,
// except what starts a session of its own (setsid, a daemon's double fork). Every process evalgate
// starts carries a mark in its environment (EVALGATE_PROCESS_MARK: this evalgate's id and the
// group's number), which setsid and fork keep; when the run ends, every process that still carries
// it is ended by pid and named in its model's log. Linux only (the environments are read from
// /proc); elsewhere such a process outlives the run, the limit docs/command-targets.md states.
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { clipText } from "../../util/escape.ts";
import type { ProcessLog } from "./log.ts";

/** The variable that marks every process evalgate starts, and everything those start. */
export const PROCESS_MARK = "EVALGATE_PROCESS_MARK";
/** Whose processes: this evalgate's (a pid alone could be reused by a later evalgate). */
const OWNER = `${process.pid}-${randomBytes(6).toString("hex")}`;
/** How long an escaped process has between SIGTERM and SIGKILL. */
const ESCAPED_GRACE_MS = 1000;

interface MarkedGroup {
  log: ProcessLog;
  label: string;
}

const groups = new Map<string, MarkedGroup>();

/** The variable to add to a new group's environment; the group's log is where escaped processes are named. */
export function markOf(log: ProcessLog, label: string): Record<string, string> {
  const mark = `${OWNER}.${groups.size + 1}`;
  groups.set(mark, { log, label });
  return { [PROCESS_MARK]: mark };
}

interface Escaped {
  pid: number;
  mark: string;
  command: string;
}

/** Every live process carrying one of this evalgate's marks (none off Linux, or when none was started). */
function findEscaped(): Escaped[] {
  if (process.platform !== "linux" || groups.size === 0) return [];
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return [];
  }
  const prefix = `\0${PROCESS_MARK}=${OWNER}.`;
  const found: Escaped[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    const mark = markIn(entry, prefix);
    if (mark) found.push({ pid: Number(entry), mark, command: commandOf(entry) });
  }
  return found;
}

/** The mark in process `pid`'s environment, when it carries one of ours (another user's, or a process gone: none). */
function markIn(pid: string, prefix: string): string | undefined {
  let environ: string;
  try {
    environ = `\0${readFileSync(`/proc/${pid}/environ`, "latin1")}`;
  } catch {
    return undefined;
  }
  const at = environ.indexOf(prefix);
  if (at < 0) return undefined;
  const end = environ.indexOf("\0", at + 1);
  return environ.slice(at + 1 + PROCESS_MARK.length + 1, end < 0 ? undefined : end);
}

function commandOf(pid: string): string {
  try {
    // One line in the log, whatever the arguments hold.
    return clipText(
      readFileSync(`/proc/${pid}/cmdline`, "utf8")
        .replace(/[\0\s]+/g, " ")
        .trim(),
      80,
    );
  } catch {
    return "?";
  }
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // it ended meanwhile
  }
}

/**
 * Ends every process that left its group and still runs (SIGTERM, SIGKILL after 1 s), each named in
 * its model's log. Called when the run ends, after the groups were stopped.
 */
export async function endEscaped(): Promise<void> {
  const escaped = findEscaped();
  if (escaped.length === 0) return;
  for (const { pid, mark, command } of escaped) {
    const group = groups.get(mark);
    group?.log.note(`${group.label}: pid ${pid} (${command}) left its process group and still ran when the run ended: ended`);
    signal(pid, "SIGTERM");
  }
  const killAt = Date.now() + ESCAPED_GRACE_MS;
  let left = escaped;
  while (left.length && Date.now() < killAt) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const alive = new Set(findEscaped().map((process) => process.pid));
    left = left.filter((process) => alive.has(process.pid));
  }
  for (const { pid } of left) signal(pid, "SIGKILL");
}

/** SIGKILL to every escaped process at once: the exit handler's and the signal net's last resort. */
export function endEscapedSync(): void {
  for (const { pid } of findEscaped()) signal(pid, "SIGKILL");
}
