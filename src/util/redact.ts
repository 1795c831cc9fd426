// The one redactor. Every secret evalgate reads is registered here, and everything it prints,
// writes or posts passes through it, so a key never reaches a log, a report or a result file.
//
// Sinks call one of two functions, as the very last step before the bytes leave:
//   redact(text)       for text: stdout/stderr, markdown, JUnit, CSV, HTML, comment, check run, summary
//   redactDeep(value)  for JSON-like values: results, journal lines, cached bodies, SQLite rows
// (stdout and stderr of the CLI and the action are wrapped once by redactStreams()).
//
// Secrets are the values of every variable a config names for credentials (`api-key-env`,
// `secret-env`) and of every `${VAR}` interpolated into a URL or a header, unless the model lists
// the variable under `public-vars`. Each is matched in every form it takes in an output: raw,
// JSON-escaped (once and twice), URL-encoded, HTML/XML/markdown-escaped, and base64 (an
// `Authorization: Basic` header or a `user:pass@` URL encodes it at any byte alignment).
// All forms are compiled into one pattern, rebuilt only when a secret is added.
import { escapeHtml, escapeMarkdownChars, escapeXml, oneLine } from "./escape-chars.ts";

/** What a secret becomes in any output. */
export const REDACTED = "***";
// Very short values would redact ordinary words; real keys are longer.
const MIN_SECRET_LENGTH = 6;

const secrets = new Set<string>();
let pattern: RegExp | null = null;
// The secrets written with HTML character references (`&#115;`, `&#x73;`, `&amp;`, any mix with
// plain characters): a browser or GitHub's markdown shows them as the secret. Tried only on text
// holding "&", so the common case costs one scan.
let entityPattern: RegExp | null = null;
// For streams (a program's output): every form with a line break allowed between any two characters,
// and the forms themselves, to tell whether a stream's unfinished end may be the start of a secret.
let brokenPattern: RegExp | null = null;
let formList: string[] | null = null;

export function registerSecret(value: string | undefined): void {
  if (!value || value.length < MIN_SECRET_LENGTH || secrets.has(value)) return;
  secrets.add(value);
  pattern = null;
  entityPattern = null;
  brokenPattern = null;
  formList = null;
}

/** Whether any secret is registered (a sink may skip work when none is). */
export function hasSecrets(): boolean {
  return secrets.size > 0;
}

export function redact(text: string): string {
  if (secrets.size === 0 || text.length < MIN_SECRET_LENGTH - 2) return text;
  pattern ??= compile();
  const plain = text.replace(pattern, REDACTED);
  if (!plain.includes("&")) return plain;
  entityPattern ??= compileEntities();
  return plain.replace(entityPattern, REDACTED);
}

/** A line break a program may print inside a secret: LF or CRLF, one between any two characters. */
const LINE_BREAK = "(?:\\r?\\n)?";

/**
 * `text` (several lines of a stream) with every secret redacted, also where a line break splits it:
 * the match becomes *** followed by the line breaks it held, so the lines stay where they were.
 */
export function redactAcrossLines(text: string): string {
  if (secrets.size === 0) return text;
  brokenPattern ??= new RegExp(
    allForms()
      .map((form) => [...form].map(escapeForPattern).join(LINE_BREAK))
      .join("|"),
    "g",
  );
  return redact(text.replace(brokenPattern, (match) => REDACTED + match.replace(/[^\r\n]/g, "")));
}

/**
 * Where the end of a stream's `text` may be the start of a secret still being written (a proper
 * prefix of one of its forms, a line break allowed between characters): the index to hold text back
 * from until more comes, or `text.length` when nothing needs to wait.
 */
export function secretPrefixStart(text: string): number {
  if (secrets.size === 0) return text.length;
  const forms = allForms();
  const longest = forms[0]?.length ?? 0;
  for (let start = Math.max(0, text.length - 3 * longest); start < text.length; start++) {
    const joined = withoutLineBreaks(text, start);
    if (joined && joined.length < longest && forms.some((form) => form.length > joined.length && form.startsWith(joined))) return start;
  }
  return text.length;
}

/** A secret's piece shorter than this at a line's edge is left as it is (any text ends in some key's first letters). */
const MIN_EDGE_PIECE = MIN_SECRET_LENGTH - 2;

/**
 * A line read on its own from a stream that may carry a secret over two lines (a program's stdout):
 * a start that may end a secret begun on the line before, and an end that may begin one finished on
 * the next, become *** (pieces of 4 characters or more).
 */
export function maskSecretEdges(line: string): string {
  if (secrets.size === 0) return line;
  const forms = allForms();
  let head = 0;
  for (const form of forms) {
    for (let length = Math.min(form.length - 1, line.length); length >= Math.max(MIN_EDGE_PIECE, head + 1); length--) {
      if (form.endsWith(line.slice(0, length))) head = length;
    }
  }
  const tail = secretPrefixStart(line);
  const masked = line.length - tail >= MIN_EDGE_PIECE && tail >= head ? `${line.slice(0, tail)}${REDACTED}` : line;
  return head > 0 ? `${REDACTED}${masked.slice(head)}` : masked;
}

/** text[start..] without the single line breaks between its characters; null when it starts with one or holds two in a row. */
function withoutLineBreaks(text: string, start: number): string | null {
  const tail = text.slice(start);
  if (/^[\r\n]/.test(tail) || /\r?\n\r?\n/.test(tail) || /\r(?!\n)/.test(tail)) return null;
  return tail.replace(/\r?\n/g, "");
}

/** Every form of every secret, longest first. */
function allForms(): string[] {
  formList ??= [...new Set([...secrets].flatMap(formsOf))].sort((a, b) => b.length - a.length);
  return formList;
}

/** Every string inside a JSON-like value redacted, keys included; a new value, the input is not changed. */
export function redactDeep<T>(value: T): T {
  if (secrets.size === 0) return value;
  return walk(value) as T;
}

function walk(value: unknown): unknown {
  if (typeof value === "string") return redact(value);
  if (Array.isArray(value)) return value.map(walk);
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) out[redact(key)] = walk(inner);
    return out;
  }
  return value;
}

/** Wraps a stream's write so every string or buffer written to it is redacted (the CLI's and the action's stdout and stderr). */
export function redactStreams(...streams: NodeJS.WriteStream[]): void {
  for (const stream of streams) {
    const marked = stream as NodeJS.WriteStream & { evalgateRedacted?: boolean };
    if (marked.evalgateRedacted) continue;
    marked.evalgateRedacted = true;
    const write = stream.write.bind(stream) as (chunk: unknown, ...rest: unknown[]) => boolean;
    stream.write = ((chunk: unknown, ...rest: unknown[]) => {
      if (secrets.size > 0) {
        if (typeof chunk === "string") chunk = redact(chunk);
        else if (chunk instanceof Uint8Array) chunk = redact(Buffer.from(chunk).toString("utf8"));
      }
      return write(chunk, ...rest);
    }) as typeof stream.write;
  }
}

/** The forms a secret can take in an output. */
export function formsOf(secret: string): string[] {
  const json = JSON.stringify(secret).slice(1, -1);
  const forms = [
    secret,
    json,
    JSON.stringify(json).slice(1, -1),
    encodeURIComponent(secret),
    encodeURI(secret),
    escapeHtml(secret),
    escapeXml(secret),
    escapeMarkdownChars(oneLine(secret)),
    ...base64Cores(secret),
  ];
  return [...new Set(forms)].filter((form) => form.length >= MIN_SECRET_LENGTH - 2);
}

/**
 * The part of the secret's base64 that does not depend on its neighbours, for each of the three byte
 * alignments it can start at (inside `user:secret` it rarely starts on a 3-byte boundary); also base64url.
 */
function base64Cores(secret: string): string[] {
  const bytes = Buffer.from(secret, "utf8");
  const cores: string[] = [];
  for (let offset = 0; offset < 3; offset++) {
    const total = offset + bytes.length;
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString("base64");
    const start = Math.ceil((offset * 8) / 6);
    const end = Math.floor((total * 8) / 6);
    const core = encoded.slice(start, end);
    if (core.length >= MIN_SECRET_LENGTH) cores.push(core, core.replace(/\+/g, "-").replace(/\//g, "_"));
  }
  return cores;
}

const NAMED_REFERENCES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** One character as a pattern: itself, or any character reference to it (decimal, hex in either case, zero-padded, named). */
function characterForms(char: string): string {
  const code = char.codePointAt(0)!;
  const hex = [...code.toString(16)].map((digit) => (/[a-f]/.test(digit) ? `[${digit}${digit.toUpperCase()}]` : digit)).join("");
  const named = NAMED_REFERENCES[char];
  return `(?:${escapeForPattern(char)}|&#0*${code};?|&#[xX]0*${hex};?${named ? `|${named}` : ""})`;
}

function compileEntities(): RegExp {
  const forms = [...secrets].map((secret) => [...secret].map(characterForms).join("")).sort((a, b) => b.length - a.length);
  return new RegExp(forms.join("|"), "g");
}

function escapeForPattern(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function compile(): RegExp {
  return new RegExp(allForms().map(escapeForPattern).join("|"), "g");
}
