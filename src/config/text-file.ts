// Reading a text input (config, CSV, JSONL, YAML) without surprises: a directory, a missing,
// huge or binary file is a clear problem; invalid UTF-8 and NUL bytes are warnings naming the line.
import { readFile, stat } from "node:fs/promises";

export interface TextFileProblem {
  line?: number;
  message: string;
}

export type TextFileRead = { text: string; warnings: TextFileProblem[] } | { problem: TextFileProblem };

/** Data files larger than this are refused (the whole file is held in memory). */
export const MAX_DATA_FILE_BYTES = 512 * 1024 * 1024;
/** Lines named one by one in warnings; the rest are counted. */
const LISTED_LINES = 3;

export async function readTextFile(file: string, options: { maxBytes?: number; what?: string } = {}): Promise<TextFileRead> {
  const maxBytes = options.maxBytes ?? MAX_DATA_FILE_BYTES;
  let bytes: Buffer;
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

export function describeReadError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOENT") return "file not found";
  if (code === "EISDIR") return "is a directory; expected a file";
  if (code === "EACCES" || code === "EPERM") return "cannot be read (permission denied)";
  return `cannot be read (${code ?? (error instanceof Error ? error.message : String(error))})`;
}

/** UTF-8 text (a BOM dropped); bad bytes become U+FFFD and are reported by line; mostly-binary content is a problem. */
export function decodeText(bytes: Buffer): TextFileRead {
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  if (looksBinary(body)) return { problem: { line: 1, message: "is not a text file (binary content)" } };
  const text = body.toString("utf8");
  if (!text.includes("\uFFFD") && !text.includes("\u0000")) return { text, warnings: [] };

  const badLines: { line: number; reason: string }[] = [];
  let start = 0;
  for (let line = 1; start <= body.length; line++) {
    let end = body.indexOf(0x0a, start);
    if (end === -1) end = body.length;
    const slice = body.subarray(start, end);
    const reasons: string[] = [];
    if (slice.includes(0)) reasons.push("NUL bytes");
    if (!isValidUtf8(slice)) reasons.push("invalid UTF-8");
    if (reasons.length) badLines.push({ line, reason: reasons.join(" and ") });
    start = end + 1;
  }
  const warnings = badLines.slice(0, LISTED_LINES).map(({ line, reason }) => ({ line, message: `${reason} (replaced by U+FFFD)` }));
  if (badLines.length > LISTED_LINES) {
    const more = badLines.length - LISTED_LINES;
    warnings.push({
      line: badLines[LISTED_LINES]!.line,
      message: `and ${more} more ${more === 1 ? "line" : "lines"} with NUL bytes or invalid UTF-8`,
    });
  }
  return { text: text.replace(/\u0000/g, "\uFFFD"), warnings };
}

function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** More than a tenth of the first 8 KiB are control bytes text never has (or invalid UTF-8): not text. */
function looksBinary(bytes: Buffer): boolean {
  const sample = bytes.subarray(0, 8192);
  if (sample.length === 0) return false;
  let control = 0;
  for (const byte of sample) if (byte < 0x09 || (byte > 0x0d && byte < 0x20 && byte !== 0x1b)) control++;
  if (control / sample.length > 0.1) return true;
  const decoded = sample.toString("utf8");
  let replaced = 0;
  for (const char of decoded) if (char === "\uFFFD") replaced++;
  return replaced / Math.max(1, decoded.length) > 0.1;
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}
