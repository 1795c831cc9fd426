// Reading a file that must be a regular file, without ever waiting on one that is not. Opening a FIFO
// for reading blocks until something writes to it (forever, in a CI job), and the libuv thread that
// waits holds no deadline and hears no Ctrl-C; reading a device may never end. So the file is opened
// non-blocking and checked on the opened descriptor (no race between a check and the open): anything
// but a regular file is refused at once with code ENOTREG, before a byte is read.
import { closeSync, constants, fstatSync, openSync, readFileSync } from "node:fs";
import { type FileHandle, open } from "node:fs/promises";

/** The error for a path that is not a regular file (a FIFO, a socket, a device, a directory). */
export class NotRegularFileError extends Error {
  readonly code = "ENOTREG";
  /** What it is instead: "a FIFO (named pipe)", "a directory"… */
  readonly kind: string;
  constructor(file: string, what: string) {
    super(`${file} is ${what}, not a regular file`);
    this.kind = what;
  }
}

const NON_BLOCKING_READ = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

function kindOf(stats: { isDirectory(): boolean; isFIFO(): boolean; isSocket(): boolean; isCharacterDevice(): boolean }): string {
  if (stats.isDirectory()) return "a directory";
  if (stats.isFIFO()) return "a FIFO (named pipe)";
  if (stats.isSocket()) return "a socket";
  if (stats.isCharacterDevice()) return "a device";
  return "not a file";
}

/** Opens `file` for reading when it is a regular file; rejects with NotRegularFileError (or the open's own error) otherwise. */
export async function openRegularFile(file: string): Promise<FileHandle> {
  const handle = await open(file, NON_BLOCKING_READ);
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) throw new NotRegularFileError(file, kindOf(stats));
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** The whole of a regular file; a FIFO, device, socket or folder is refused before anything is read. */
export async function readRegularFile(file: string): Promise<Buffer>;
export async function readRegularFile(file: string, encoding: "utf8"): Promise<string>;
export async function readRegularFile(file: string, encoding?: "utf8"): Promise<Buffer | string> {
  const handle = await openRegularFile(file);
  try {
    const bytes = await handle.readFile();
    return encoding ? bytes.toString(encoding) : bytes;
  } finally {
    await handle.close();
  }
}

/** readRegularFile for the few readers that must stay synchronous. */
export function readRegularFileSync(file: string): Buffer;
export function readRegularFileSync(file: string, encoding: "utf8"): string;
export function readRegularFileSync(file: string, encoding?: "utf8"): Buffer | string {
  const fd = openSync(file, NON_BLOCKING_READ);
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw new NotRegularFileError(file, kindOf(stats));
    return encoding ? readFileSync(fd, encoding) : readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** A read stream of a regular file, opened and checked as openRegularFile does; the stream closes the file. */
export async function openRegularReadStream(
  file: string,
  options: { encoding?: BufferEncoding; highWaterMark?: number; start?: number; end?: number } = {},
): Promise<NodeJS.ReadableStream & AsyncIterable<string | Buffer>> {
  const handle = await openRegularFile(file);
  return handle.createReadStream({ ...options, autoClose: true });
}
