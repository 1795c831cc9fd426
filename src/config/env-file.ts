// `.env` files: KEY=value lines the CLI reads into the environment before a command runs. The format
// is the common one (dotenv, Node's --env-file): `#` comments, an optional `export `, values bare,
// 'single-quoted' (taken as written) or "double-quoted" (\n, \t, \" and \\ escapes; may span lines).
// Nothing is expanded: `${OTHER}` in a value stays as written. A line that is none of these, or a key
// written twice, is bad input with its file:line, never skipped: a key the user thinks is set must be.
import { ConfigError, type InputProblem } from "./errors.ts";
import { readTextFile } from "./text-file.ts";

export interface EnvEntry {
  key: string;
  value: string;
  line: number;
}

/** .env files are a few lines; a larger one is not one. */
const MAX_ENV_FILE_BYTES = 1024 * 1024;
const KEY = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s?(.*)$/;
const ESCAPES: Record<string, string> = { n: "\n", r: "\r", t: "\t", '"': '"', "\\": "\\" };

/** Reads and parses one file; throws ConfigError (file:line) when it cannot be read or a line is not KEY=value. */
export async function readEnvFile(file: string, displayPath: string): Promise<EnvEntry[]> {
  const read = await readTextFile(file, { maxBytes: MAX_ENV_FILE_BYTES, what: "a .env file" });
  if ("problem" in read) {
    const { line, message } = read.problem;
    throw new ConfigError([{ file: displayPath, ...(line !== undefined ? { line } : {}), message }]);
  }
  // Bad bytes in a file of secrets are errors, not guesses: a key with U+FFFD in it would be sent as is.
  if (read.warnings.length) throw new ConfigError(read.warnings.map((warning) => ({ file: displayPath, ...warning })));
  const { entries, problems } = parseEnvText(read.text, displayPath);
  if (problems.length) throw new ConfigError(problems);
  return entries;
}

/** The entries of a .env text and a problem per line that is not an entry (with its line), every one at once. */
export function parseEnvText(text: string, file: string): { entries: EnvEntry[]; problems: InputProblem[] } {
  const lines = text.split(/\r\n|\r|\n/);
  const entries: EnvEntry[] = [];
  const problems: InputProblem[] = [];
  const seen = new Map<string, number>();
  for (let index = 0; index < lines.length; index++) {
    const raw = lines[index]!;
    const line = index + 1;
    const trimmed = raw.trim();
    if (trimmed === "" || trimmed.startsWith("#")) continue;
    const match = KEY.exec(trimmed);
    if (!match) {
      problems.push({ file, line, message: "expected KEY=value (a name of letters, digits and _, then =)" });
      continue;
    }
    const key = match[1]!;
    const value = readValue(match[2]!.trimStart(), lines, index);
    if ("problem" in value) {
      problems.push({ file, line, field: key, message: value.problem });
      continue;
    }
    index = value.lastLine;
    const earlier = seen.get(key);
    if (earlier !== undefined) problems.push({ file, line, field: key, message: `is set twice (first on line ${earlier})` });
    else seen.set(key, line);
    entries.push({ key, value: value.value, line });
  }
  return { entries, problems };
}

type ValueRead = { value: string; lastLine: number } | { problem: string };

/** A value from the text after `=`; a quoted one may continue on the lines after `index`. */
function readValue(start: string, lines: string[], index: number): ValueRead {
  const quote = start[0];
  if (quote !== '"' && quote !== "'") return { value: start.replace(/\s+#.*$/, "").trim(), lastLine: index };
  let text = start.slice(1);
  let last = index;
  let close = closingQuote(text, quote);
  while (close < 0 && last + 1 < lines.length) {
    last++;
    text += `\n${lines[last]}`;
    close = closingQuote(text, quote);
  }
  if (close < 0) return { problem: `the ${quote === '"' ? "double" : "single"} quote opened here is never closed` };
  const rest = text.slice(close + 1).trim();
  // The text itself is not quoted back: it may be a secret.
  if (rest !== "" && !rest.startsWith("#")) return { problem: "unexpected text after the closing quote (quote the whole value)" };
  const body = text.slice(0, close);
  return { value: quote === '"' ? body.replace(/\\(.)/g, (whole, char: string) => ESCAPES[char] ?? whole) : body, lastLine: last };
}

/** The index of the quote that closes a value, skipping `\"` inside double quotes; -1 when none. */
function closingQuote(text: string, quote: string): number {
  for (let i = 0; i < text.length; i++) {
    if (quote === '"' && text[i] === "\\") i++;
    else if (text[i] === quote) return i;
  }
  return -1;
}

/**
 * Sets each entry that the environment lacks (unset or empty, as `${VAR:-default}` reads it); a
 * variable already set is never replaced. Returns the keys set and the keys kept.
 */
export function applyEnvEntries(entries: EnvEntry[], env: NodeJS.ProcessEnv): { set: string[]; kept: string[] } {
  const set: string[] = [];
  const kept: string[] = [];
  for (const { key, value } of entries) {
    if (env[key] !== undefined && env[key] !== "") kept.push(key);
    else {
      env[key] = value;
      set.push(key);
    }
  }
  return { set, kept };
}
