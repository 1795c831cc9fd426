#!/usr/bin/env node
import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);

// src/config/text-file.ts
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
    return { problem: { message: describeReadError(error) } };
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
    return { message: describeReadError(error) };
  }
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
  const text = body.toString("utf8");
  if (!text.includes("\uFFFD") && !text.includes("\0")) return { text, warnings: [] };
  const badLines = [];
  let start = 0;
  for (let line = 1; start <= body.length; line++) {
    let end = body.indexOf(10, start);
    if (end === -1) end = body.length;
    const slice = body.subarray(start, end);
    const reasons = [];
    if (slice.includes(0)) reasons.push("NUL bytes");
    if (!isValidUtf8(slice)) reasons.push("invalid UTF-8");
    if (reasons.length) badLines.push({ line, reason: reasons.join(" and ") });
    start = end + 1;
  }
  const warnings = badLines.slice(0, LISTED_LINES).map(({ line, reason }) => ({ line, message: `${reason} (replaced by U+FFFD)` }));
  if (badLines.length > LISTED_LINES) {
    const more = badLines.length - LISTED_LINES;
    warnings.push({
      line: badLines[LISTED_LINES].line,
      message: `and ${more} more ${more === 1 ? "line" : "lines"} with NUL bytes or invalid UTF-8`
    });
  }
  return { text: text.replace(/\u0000/g, "\uFFFD"), warnings };
}
function isValidUtf8(bytes) {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
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
  describeReadError
};
