// A model's process log: what the processes it starts print (a command's workers, a started
// service), redacted line by line into <output-dir>/logs/<model>.log, with its last lines kept in
// memory for the messages that quote them. A stream is redacted across its lines and writes (a line
// whose end may begin a secret waits for the next write), a line is redacted whole before it is cut,
// so a secret is never left half-recognisable, and the file is never written through a symbolic link.
import { closeSync, constants, mkdirSync, openSync, writeSync } from "node:fs";
import path from "node:path";
import { StringDecoder } from "node:string_decoder";
import { plainText } from "../../util/escape.ts";
import { redact, redactAcrossLines, secretPrefixStart } from "../../util/redact.ts";

/** A longer line is cut in the log (its first 64 KiB kept) and in messages. */
const MAX_LINE_CHARS = 64 * 1024;
/** Lines kept for messages, and how much of each a message quotes. */
const TAIL_LINES = 50;
const TAIL_LINE_CHARS = 300;

export interface ProcessLog {
  /** The log file's path. */
  readonly file: string;
  /** A writer for one stream of one process: bytes in, whole lines out, each marked with `label` ("worker 2"). */
  stream(label: string): LineSink;
  /** One line of evalgate's own about the model's processes ("worker 2 (pid 41) exited with code 1"). */
  note(text: string): void;
  /**
   * The last lines written, redacted and cleaned for a message (control characters and colours
   * removed); with `label`, only that process's lines, without their "[label] " mark.
   */
  tail(lines?: number, label?: string): string[];
  close(): void;
}

export interface LineSink {
  write(chunk: Buffer | string): void;
  /** Writes what is left of an unfinished last line. */
  end(): void;
}

/** The log of model `model` under `logDir`; the file is created (emptied) when the first line comes. */
export function createProcessLog(logDir: string, model: string): ProcessLog {
  const file = path.join(logDir, `${model.replace(/[^A-Za-z0-9._-]/g, "_")}.log`);
  const tail: string[] = [];
  let fd: number | null = null;
  let failed = false;
  const writeLine = (line: string) => {
    const shown = redact(line.length > MAX_LINE_CHARS ? cutLine(line) : line);
    tail.push(shown);
    if (tail.length > TAIL_LINES) tail.shift();
    if (failed) return;
    try {
      fd ??= openLogFile(file);
      writeSync(fd, `${shown}\n`);
    } catch {
      failed = true; // a log that cannot be written (disk full, a link in its place) never stops the run; the tail still works
    }
  };
  return {
    file,
    stream(label) {
      const decoder = new StringDecoder("utf8");
      let pending = "";
      const writeLines = (text: string) => {
        for (const line of text.split("\n")) writeLine(`[${label}] ${line.replace(/\r$/, "")}`);
      };
      const emit = (text: string) => {
        // Redacted across lines first: a program may print a secret over two writes with a line break inside.
        pending = redactAcrossLines(pending + text);
        // Whole lines go out, except those whose end may be the start of a secret the next write finishes.
        const ready = pending.lastIndexOf("\n", secretPrefixStart(pending) - 1);
        if (ready >= 0) {
          writeLines(pending.slice(0, ready));
          pending = pending.slice(ready + 1);
        }
        // A line without an end is cut once it is too long, so a runaway writer cannot fill the memory.
        if (pending.length > MAX_LINE_CHARS * 2) {
          writeLines(pending);
          pending = "";
        }
      };
      return {
        write: (chunk) => emit(typeof chunk === "string" ? chunk : decoder.write(chunk)),
        end() {
          const rest = redactAcrossLines(pending + decoder.end()).replace(/\r?\n$/, "");
          pending = "";
          if (rest !== "") writeLines(rest);
        },
      };
    },
    note: (text) => writeLine(`[evalgate] ${text}`),
    tail(lines = TAIL_LINES, label) {
      const mark = label === undefined ? "" : `[${label}] `;
      const chosen = mark ? tail.filter((line) => line.startsWith(mark)).map((line) => line.slice(mark.length)) : tail;
      return chosen.slice(-lines).map((line) => plainText(line, TAIL_LINE_CHARS));
    },
    close() {
      if (fd !== null) closeSync(fd);
      fd = null;
    },
  };
}

/**
 * "<log file> ends: <the last lines of process `label`>" (or of any of the model's processes), for a
 * message saying why a process failed; evalgate's own lines are left out (the message says what they say).
 */
export function logEnding(log: ProcessLog, label?: string): string {
  const file = path.relative(process.cwd(), log.file) || log.file;
  const lines = log.tail(TAIL_LINES, label).filter((line) => !line.startsWith("[evalgate]"));
  if (lines.length === 0) return `${file} holds no output of ${label ?? "the program"}`;
  return `${file} ends: ${lines
    .slice(-3)
    .map((line) => JSON.stringify(line))
    .join(" ")}`;
}

/** A line past the cap: redacted with some text beyond the cut (a secret straddling it is caught whole), then cut. */
function cutLine(line: string): string {
  const kept = redact(line.slice(0, MAX_LINE_CHARS + 1024)).slice(0, MAX_LINE_CHARS);
  return `${kept} … (${line.length - MAX_LINE_CHARS} more characters not logged)`;
}

function openLogFile(file: string): number {
  mkdirSync(path.dirname(file), { recursive: true });
  // Truncated: the log holds this run's lines. O_NOFOLLOW: never written through a link planted in its place.
  return openSync(file, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW, 0o644);
}
