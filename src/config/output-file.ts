// The one way evalgate writes an output file (results, reports, exports): only as a regular file.
// Whatever else sits at the path (a FIFO, a device, a socket, a folder, a symlink) is refused and
// left untouched (exit 2): the text goes to a new file in the same folder, which then replaces the
// path by rename, so a symlink is never followed and a FIFO is never opened. "-" is stdout.
import { randomBytes } from "node:crypto";
import { constants, createWriteStream } from "node:fs";
import { type FileHandle, lstat, mkdir, open, rename, unlink } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { ConfigError } from "./errors.ts";

/** The path that means standard output. */
export const STDOUT = "-";

type Found = "a file" | "a symbolic link" | "a folder" | "a FIFO" | "a socket" | "a device" | "under a file";

/** What is at `target` (lstat: a symlink is itself), or null when nothing is. */
async function whatIsAt(target: string): Promise<Found | null> {
  let stats: Awaited<ReturnType<typeof lstat>>;
  try {
    stats = await lstat(target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return null;
    if (code === "ENOTDIR") return "under a file"; // a folder on the way is a file: nothing can be made here
    throw error;
  }
  if (stats.isFile()) return "a file";
  if (stats.isSymbolicLink()) return "a symbolic link";
  if (stats.isDirectory()) return "a folder";
  if (stats.isFIFO()) return "a FIFO";
  if (stats.isSocket()) return "a socket";
  return "a device";
}

/** What is at `file` when it is not a regular file (null when absent or regular). */
async function notRegular(file: string): Promise<string | null> {
  const found = await whatIsAt(file);
  return found === null || found === "a file" ? null : found;
}

/**
 * Refuses (ConfigError, exit 2) every folder evalgate writes into (the output folder, the response
 * cache, the journal) that holds something other than a folder: a file, a FIFO, a symlink (which
 * would send what is written elsewhere). Absent is fine: it is made when first written.
 */
export async function checkOutputFolders(folders: { path: string; what: string }[]): Promise<void> {
  const problems = [];
  for (const folder of folders) {
    const found = await whatIsAt(folder.path);
    if (found === null || found === "a folder") continue;
    problems.push({ file: folder.path, message: `is ${found}: the ${folder.what} is a folder evalgate writes into; left untouched` });
  }
  if (problems.length) throw new ConfigError(problems);
}

/** Refuses (ConfigError, exit 2) any path that holds something other than a regular file; "-" passes. */
export async function checkOutputPaths(files: (string | undefined)[], what = "output"): Promise<void> {
  const problems = [];
  for (const file of files) {
    if (file === undefined || file === STDOUT) continue;
    const found = await notRegular(file);
    if (found) problems.push({ file, message: `is ${found}: evalgate writes its ${what} only as a regular file, and left it untouched` });
  }
  if (problems.length) throw new ConfigError(problems);
}

/**
 * The first `bytes` of a regular file, to tell whose it is; null when nothing is there. A symlink is
 * not followed and a FIFO not waited on (checkOutputPaths refuses those anyway).
 */
export async function readFileHead(file: string, bytes = 64 * 1024): Promise<Buffer | null> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    const head = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(head, 0, bytes, 0);
    return head.subarray(0, bytesRead);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  } finally {
    await handle?.close().catch(() => {});
  }
}

/** Writes `content` (text, or chunks streamed in order) to `file` as a new regular file, or to stdout for "-". */
export async function writeOutputFile(file: string, content: string | AsyncIterable<string>): Promise<void> {
  if (file === STDOUT) {
    await pipeline(toStream(content), process.stdout, { end: false });
    return;
  }
  await checkOutputPaths([file]);
  const dir = path.dirname(path.resolve(file));
  await mkdir(dir, { recursive: true });
  // "wx": created new (O_EXCL), so nothing already there, not even a symlink, is opened.
  const temporary = path.join(dir, `.${path.basename(file)}.${randomBytes(6).toString("hex")}.tmp`);
  try {
    await pipeline(toStream(content), createWriteStream(temporary, { flags: "wx" }));
    await checkOutputPaths([file]); // something put there while the text was written is not replaced either
    await rename(temporary, file);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
}

function toStream(content: string | AsyncIterable<string>): Readable {
  return typeof content === "string" ? Readable.from([content]) : Readable.from(content);
}
