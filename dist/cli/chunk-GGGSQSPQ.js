#!/usr/bin/env node
import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);
import {
  ConfigError
} from "./chunk-UZVVKZBF.js";

// src/config/text-file.ts
import { isUtf8 } from "node:buffer";
import { createReadStream } from "node:fs";
import { open, readFile, stat } from "node:fs/promises";
var MAX_DATA_FILE_BYTES = 512 * 1024 * 1024;
var LISTED_LINES = 3;
async function readTextFile(file, options = {}) {
  const maxBytes = options.maxBytes ?? MAX_DATA_FILE_BYTES;
  let bytes;
  try {
    const info = await stat(file);
    if (info.isDirectory()) return { problem: { message: `is a directory; expected ${options.what ?? "a file"}` } };
    if (!info.isFile()) return { problem: { message: `is not a regular file; expected ${options.what ?? "a file"}` } };
    if (info.size > maxBytes)
      return { problem: { message: `is ${formatBytes(info.size)}, more than the ${formatBytes(maxBytes)} allowed` } };
    bytes = await readFile(file);
  } catch (error) {
    return { problem: readProblem(error) };
  }
  return decodeText(bytes);
}
async function checkStreamedFile(file, what) {
  try {
    const info = await stat(file);
    if (info.isDirectory()) return { message: `is a directory; expected ${what}` };
    if (!info.isFile()) return { message: `is not a regular file; expected ${what}` };
    const handle = await open(file, "r");
    try {
      const head = Buffer.alloc(Math.min(8192, info.size));
      await handle.read(head, 0, head.length, 0);
      return looksBinary(head) ? { line: 1, message: "is not a text file (binary content)" } : null;
    } finally {
      await handle.close();
    }
  } catch (error) {
    return readProblem(error);
  }
}
function readProblem(error) {
  const message = describeReadError(error);
  return error.code === "ENOENT" ? { message, missing: true } : { message };
}
function describeReadError(error) {
  const code = error.code;
  if (code === "ENOENT") return "file not found";
  if (code === "EISDIR") return "is a directory; expected a file";
  if (code === "EACCES" || code === "EPERM") return "cannot be read (permission denied)";
  return `cannot be read (${code ?? (error instanceof Error ? error.message : String(error))})`;
}
function decodeText(bytes) {
  const body = bytes[0] === 239 && bytes[1] === 187 && bytes[2] === 191 ? bytes.subarray(3) : bytes;
  if (looksBinary(body)) return { problem: { line: 1, message: "is not a text file (binary content)" } };
  const checker = new TextChecker();
  const text = checker.push(bytes) + checker.end();
  return { text, warnings: checker.warnings() };
}
var TextChecker = class {
  decoder = new TextDecoder("utf-8");
  /** 1-based number of the line the held bytes belong to. */
  line = 1;
  /** The current line's bytes so far (views of the chunks, copied only when checked). */
  head = [];
  /** The current line's text so far has U+FFFD or U+0000: check its bytes once it ends. */
  suspect = false;
  /** The last byte pushed was a CR: a "\n" first in the next chunk is its CRLF's, not a line end. */
  afterCr = false;
  /** The first bad lines, one more than listed (the "and N more" names it), and how many in all. */
  listed = [];
  badLines = 0;
  push(bytes) {
    return this.take(bytes, this.decoder.decode(bytes, { stream: true }), false);
  }
  /** The text still held by the decoder (a sequence cut short by the end of the file is a bad byte). */
  end() {
    return this.take(new Uint8Array(0), this.decoder.decode(), true);
  }
  /** The bad lines as warnings: the first few by line, the rest counted. */
  warnings() {
    const warnings = this.listed.slice(0, LISTED_LINES).map(({ line, reason }) => ({ line, message: `${reason} (replaced by U+FFFD)` }));
    const next = this.listed[LISTED_LINES];
    if (next) {
      const more = this.badLines - LISTED_LINES;
      warnings.push({ line: next.line, message: `and ${more} more ${more === 1 ? "line" : "lines"} with NUL bytes or invalid UTF-8` });
    }
    return warnings;
  }
  take(bytes, text, final) {
    const skip = this.afterCr && bytes[0] === 10 ? 1 : 0;
    if (bytes.length) this.afterCr = bytes[bytes.length - 1] === 13;
    if (!hasBadChar(text) && !this.suspect) {
      const last = Math.max(bytes.lastIndexOf(10), bytes.lastIndexOf(13));
      if (last < skip) {
        if (bytes.length > skip) this.head.push(bytes.subarray(skip));
      } else {
        this.line += countLineEnds(text) - skip;
        this.head = last + 1 < bytes.length ? [bytes.subarray(last + 1)] : [];
      }
      return text;
    }
    let start = skip;
    for (let at = skip; at < bytes.length; at++) {
      const byte = bytes[at];
      if (byte !== 10 && byte !== 13) continue;
      this.head.push(bytes.subarray(start, at));
      this.checkLine();
      if (byte === 13 && bytes[at + 1] === 10) at++;
      start = at + 1;
    }
    if (start < bytes.length) this.head.push(bytes.subarray(start));
    this.suspect ||= hasBadChar(text.slice(Math.max(text.lastIndexOf("\n"), text.lastIndexOf("\r")) + 1));
    if (final) this.checkLine();
    return text.includes("\0") ? text.replace(/\u0000/g, "\uFFFD") : text;
  }
  /** Checks the held line's bytes and moves on to the next line. */
  checkLine() {
    const bytes = this.head.length === 1 ? this.head[0] : Buffer.concat(this.head);
    const reasons = [];
    if (bytes.includes(0)) reasons.push("NUL bytes");
    if (!isUtf8(bytes)) reasons.push("invalid UTF-8");
    if (reasons.length) {
      this.badLines++;
      if (this.listed.length <= LISTED_LINES) this.listed.push({ line: this.line, reason: reasons.join(" and ") });
    }
    this.line++;
    this.head = [];
    this.suspect = false;
  }
};
function countLineEnds(text) {
  let count = 0;
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) count++;
  for (let at = text.indexOf("\r"); at !== -1; at = text.indexOf("\r", at + 1)) if (text.charCodeAt(at + 1) !== 10) count++;
  return count;
}
function loneCrAsLf(text) {
  return text.includes("\r") ? text.replace(/\r(?!\n)/g, "\n") : text;
}
var BadLines = class {
  sources = [];
  /** Reads a file whole (readTextFile) and notes its bad lines; a problem is the caller's to word. */
  async readWhole(absolute, file, what) {
    const read = await readTextFile(absolute, { what });
    if (!("problem" in read)) this.sources.push({ file, source: read.warnings });
    return read;
  }
  /** A streamed file: the checker to read it through, noted before its first line is read. */
  checkerFor(file) {
    const checker = new TextChecker();
    this.sources.push({ file, source: checker });
    return checker;
  }
  /** As input problems (warnings), for the suite's warnings or a ConfigError. */
  problems() {
    return this.sources.flatMap(
      ({ file, source }) => (Array.isArray(source) ? source : source.warnings()).map((warning) => ({
        file,
        ...warning.line !== void 0 ? { line: warning.line } : {},
        message: warning.message,
        severity: "warning"
      }))
    );
  }
};
async function withLoadWarnings(load) {
  const badLines = new BadLines();
  const warnings = [];
  const noted = () => [...badLines.problems(), ...warnings];
  try {
    return { ...await load(badLines, warnings), warnings: noted() };
  } catch (error) {
    throw error instanceof ConfigError ? error.withWarnings(noted()) : error;
  }
}
function hasBadChar(text) {
  return text.includes("\uFFFD") || text.includes("\0");
}
async function* readTextChunks(file, checker = new TextChecker()) {
  const chunks = createReadStream(file, { highWaterMark: 64 * 1024 })[Symbol.asyncIterator]();
  try {
    let ready = "";
    for (let next = await chunks.next(); !next.done; ) {
      let text = checker.push(next.value);
      next = await chunks.next();
      if (next.done) text += checker.end();
      if (ready) yield ready;
      ready = text;
    }
    if (ready) yield ready;
  } finally {
    await chunks.return?.();
  }
}
function looksBinary(bytes) {
  const sample = bytes.subarray(0, 8192);
  if (sample.length === 0) return false;
  let control = 0;
  for (const byte of sample) if (byte < 9 || byte > 13 && byte < 32 && byte !== 27) control++;
  if (control / sample.length > 0.1) return true;
  const decoded = sample.toString("utf8");
  let replaced = 0;
  for (const char of decoded) if (char === "\uFFFD") replaced++;
  return replaced / Math.max(1, decoded.length) > 0.1;
}
function formatBytes(bytes) {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

export {
  readTextFile,
  checkStreamedFile,
  describeReadError,
  TextChecker,
  countLineEnds,
  loneCrAsLf,
  withLoadWarnings,
  readTextChunks
};
